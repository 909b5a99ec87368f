"""`clank-story play`: the options; the REPL itself lives in clank_story/repl (imported on use)."""

from __future__ import annotations

import sys

import click


@click.command()
@click.option("--ruleset", type=click.Choice(["classic", "legacy"]), help="Which game: classic or legacy (default).")
@click.option("--board", metavar="ID", help="A board id (brackenmoor, cinder-halls, ...).")
@click.option("--rivals", type=int, metavar="N", help="How many bot rivals (0-3, default 2).")
@click.option("--bot", metavar="ID", help="The rivals' strategy (a bot id; default random).")
@click.option("--seed", type=int, help="The random seed (default: a new one, shown at the start).")
@click.option("--name", help="Your name at the table.")
@click.option("--resume", is_flag=True, help="Continue the saved game (done anyway when no game option is given).")
@click.option("--new", "new", is_flag=True, help="Start a new game even if one is saved (the save is kept aside).")
@click.option("--no-color", is_flag=True, help="No colour (NO_COLOR in the environment does the same).")
@click.option("--verbose", is_flag=True, help="Tell the rivals' turns event by event, not as a summary.")
@click.option("--scenario", type=click.Path(dir_okay=False), hidden=True, help="Start from a scenario file.")
@click.option("--campaign", type=click.Path(dir_okay=False),
              help="A campaign file to play the next game of (default: your campaign, created on first use).")
@click.option("--solo", is_flag=True, help="A one-shot game alone against the solo director.")
def play(ruleset: str | None, board: str | None, rivals: int | None, bot: str | None, seed: int | None,
         name: str | None, resume: bool, new: bool, no_color: bool, verbose: bool, scenario: str | None,
         campaign: str | None, solo: bool) -> None:
    """Play at the prompt: with no options, the next game of your legacy campaign; with game options
    (--ruleset, --board, --rivals, --bot, --solo), a one-shot game. The game answers in prose."""
    from clank_story.repl.start import Options, main

    sys.exit(main(Options(ruleset, board, rivals, bot, seed, name, scenario, resume, new, no_color, verbose,
                          campaign, solo)))
