"""`clank-story serve`: the same game at a browser table. The options; the server lives in
clank_story/web (imported on use, with Starlette and uvicorn)."""

from __future__ import annotations

import sys

import click

from clank_story.cli import options
from clank_story.cli.helptext import command, option


@command(help_id="cli.serve.help")
@options.game()
@option("--port", type=click.IntRange(1, 65535), metavar="N", help_id="cli.serve.port")
@option("--no-browser", "no_browser", is_flag=True, help_id="cli.serve.no-browser")
def serve(ruleset: str | None, board: str | None, rivals: int | None, bot: str | None, seed: int | None,
          name: str | None, resume: str | None, new: bool, verbose: bool, scenario: str | None,
          campaign: str | None, solo: bool, port: int | None, no_browser: bool) -> None:
    from clank_story.repl.start import PlayOptions
    from clank_story.web.start import main

    sys.exit(main(PlayOptions(ruleset, board, rivals, bot, seed, name, scenario, resume, new, False, verbose,
                              campaign, solo, lang_given=options.lang_given()), port=port, browser=not no_browser))
