"""Starting `clank-story play`: what the options ask for, opened at the table, then the front end that
suits the terminal (prompt_toolkit when stdin and stdout are both terminals, plain lines otherwise)."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TextIO

from clank_story.narrate.prose import Line
from clank_story.table.opening import (
    CampaignGame,
    OneShot,
    Options,
    Resume,
    Spec,
    StartError,
    fresh_seed,
    open_game,
    play_seats,
)
from clank_story.table.table import Table
from clank_story.words import say


@dataclass
class PlayOptions:
    ruleset: str | None = None
    board: str | None = None
    rivals: int | None = None
    bot: str | None = None
    seed: int | None = None
    name: str | None = None
    scenario: str | None = None
    resume: str | None = None  # "" for the latest saved one-shot game, else a slot name
    new: bool = False
    no_color: bool = False
    verbose: bool = False
    campaign: str | None = None  # a campaign file (default: the user's campaign)
    solo: bool = False

    @property
    def one_shot(self) -> bool:
        """Options that make a one-shot game; without them `play` plays the campaign's next game."""
        return self.campaign is None and (self.solo or any(
            v is not None for v in (self.ruleset, self.board, self.rivals, self.bot, self.name, self.scenario)))


def spec_of(options: PlayOptions) -> Spec:
    """What to open. Nothing is ever overwritten: a new one-shot game takes a slot of its own, and a
    campaign's game in progress is resumed (or, with --new, set aside where the player is told)."""
    if options.resume is not None:
        if options.one_shot or options.campaign or options.new or options.seed is not None:
            raise StartError(say("table.resume.alone"))
        return Resume(options.resume or None)
    if options.one_shot:
        seed = options.seed if options.seed is not None else (None if options.scenario else fresh_seed())
        seats = None if options.scenario else play_seats(options.name, options.rivals, options.bot, options.solo)
        ruleset = options.ruleset or (None if options.board or options.scenario else "legacy")
        return OneShot(ruleset, options.board, seed, options.solo, options.scenario, seats=seats)
    return CampaignGame(options.campaign, options.seed, new=options.new)


def start(options: PlayOptions) -> tuple[Table, list[Line]]:
    table = open_game(spec_of(options), Options(interactive=True, verbose=options.verbose))
    try:
        return table, table.resumed() if table.restored else table.opening()
    except BaseException:
        table.close()
        raise


def wants_color(options: PlayOptions) -> bool:
    """NO_COLOR (any value but empty), --no-color and TERM=dumb all turn colour off."""
    return not options.no_color and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def main(options: PlayOptions, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    try:
        table, first = start(options)
    except StartError as e:
        print(e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C while the content loads: nothing started, nothing to save
        return 130
    from clank_story.repl.plain import run_plain

    try:
        if _is_tty(stdin) and _is_tty(stdout):
            try:
                from clank_story.repl.terminal import run_terminal

                return run_terminal(table, first, color=wants_color(options))
            except Exception as e:  # a terminal prompt_toolkit cannot drive: carry on with plain lines
                print(say("play.no_terminal", error=f"{type(e).__name__}: {e}"), file=sys.stderr)
                return run_plain(table, [], stdin, stdout)
        return run_plain(table, first, stdin, stdout)
    finally:
        table.close()


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # a closed stream
        return False
