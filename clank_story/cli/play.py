"""`clank-story play`: the options; the prompt itself lives in clank_story/repl (imported on use)."""

from __future__ import annotations

import sys

from clank_story.cli import options
from clank_story.cli.helptext import command, option


@command(help_id="cli.play.help")
@options.game()
@option("--no-color", is_flag=True, help_id="cli.play.no-color")
@option("--plain", is_flag=True, help_id="cli.play.plain")
@option("--tutorial", is_flag=True, help_id="cli.play.tutorial")
def play(ruleset: str | None, board: str | None, rivals: int | None, bot: str | None, seed: int | None,
         name: str | None, resume: str | None, new: bool, no_color: bool, verbose: bool, scenario: str | None,
         campaign: str | None, solo: bool, plain: bool, tutorial: bool) -> None:
    from clank_story.repl import collector

    collector.hold()  # held since the start (clank_story/__main__.py), else from here until the prompt shows
    from clank_story.repl.start import PlayOptions, main

    sys.exit(main(PlayOptions(ruleset, board, rivals, bot, seed, name, scenario, resume, new, no_color, verbose,
                              campaign, solo, plain, tutorial, options.lang_given())))
