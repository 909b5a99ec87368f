"""`clank-story play`: the options; the prompt itself lives in clank_story/repl (imported on use)."""

from __future__ import annotations

import sys

import click

from clank_story.cli import options


@click.command()
@options.game()
@click.option("--no-color", is_flag=True, help="No colour (NO_COLOR in the environment does the same).")
@click.option("--plain", is_flag=True,
              help="Plain lines for screen readers and braille displays: no colour, no toolbar (TERM=dumb too).")
@click.option("--tutorial", is_flag=True, help="A short guided practice game for a first-time player.")
def play(ruleset: str | None, board: str | None, rivals: int | None, bot: str | None, seed: int | None,
         name: str | None, resume: str | None, new: bool, no_color: bool, verbose: bool, scenario: str | None,
         campaign: str | None, solo: bool, plain: bool, tutorial: bool) -> None:
    """Play at the prompt: with no options, the next game of your legacy campaign (or its game in
    progress); with game options (--ruleset, --board, --rivals, --bot, --solo), a new one-shot game in
    a save slot of its own; with --resume, a saved one."""
    from clank_story.repl.start import PlayOptions, main

    sys.exit(main(PlayOptions(ruleset, board, rivals, bot, seed, name, scenario, resume, new, no_color, verbose,
                              campaign, solo, plain, tutorial, options.lang_given())))
