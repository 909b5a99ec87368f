"""`clank-story play`: the options; the prompt itself lives in clank_story/repl (imported on use)."""

from __future__ import annotations

import sys

import click

from clank_story.cli import options


@click.command()
@click.option("--ruleset", type=click.Choice(["classic", "legacy"]), help="Which game: classic or legacy (default).")
@click.option("--board", metavar="ID", help="A board id (brackenmoor, cinder-halls, ...).")
@click.option("--rivals", type=int, metavar="N", help="How many bot rivals (0-3, default 2).")
@click.option("--bot", metavar="ID", help="The rivals' strategy (a bot id; default random).")
@options.seed("The random seed (default: a new one, shown at the start).")
@click.option("--name", help="Your name at the table.")
@click.option("--resume", "resume", is_flag=False, flag_value="", default=None, metavar="[NAME]",
              help="Continue a saved one-shot game: NAME from `clank-story saves`, or the latest.")
@click.option("--new", "new", is_flag=True,
              help="A campaign: set its game in progress aside (kept in a save of its own) and start afresh.")
@click.option("--no-color", is_flag=True, help="No colour (NO_COLOR in the environment does the same).")
@click.option("--plain", is_flag=True,
              help="Plain lines for screen readers and braille displays: no colour, no toolbar (TERM=dumb too).")
@click.option("--tutorial", is_flag=True, help="A short guided practice game for a first-time player.")
@click.option("--verbose", is_flag=True, help="Tell the rivals' turns event by event, not as a summary.")
@options.scenario("Start from a scenario file.", hidden=True)
@options.campaign("A campaign file to play the next game of (default: your campaign, created on first use).")
@click.option("--solo", is_flag=True, help="A one-shot game alone against the solo director.")
@options.lang()
def play(ruleset: str | None, board: str | None, rivals: int | None, bot: str | None, seed: int | None,
         name: str | None, resume: str | None, new: bool, no_color: bool, verbose: bool, scenario: str | None,
         campaign: str | None, solo: bool, plain: bool, tutorial: bool) -> None:
    """Play at the prompt: with no options, the next game of your legacy campaign (or its game in
    progress); with game options (--ruleset, --board, --rivals, --bot, --solo), a new one-shot game in
    a save slot of its own; with --resume, a saved one."""
    from clank_story.repl.start import PlayOptions, main

    lang_given = click.get_current_context().get_parameter_source("lang") not in (
        None, click.core.ParameterSource.DEFAULT)
    sys.exit(main(PlayOptions(ruleset, board, rivals, bot, seed, name, scenario, resume, new, no_color, verbose,
                              campaign, solo, plain, tutorial, lang_given)))
