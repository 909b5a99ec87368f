"""Starting `clank-story play`: a new game or a saved one, then the front end that suits the
terminal (prompt_toolkit when stdin and stdout are both terminals, plain lines otherwise)."""

from __future__ import annotations

import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from clank_story import saves
from clank_story.narrate.prose import Line, ProseNarrator
from clank_story.repl.core import PlayLoop, play_texts, say

DEFAULT_RIVALS = 2
DEFAULT_BOT = "random"
MAX_SEATS = 4


class StartError(Exception):
    """The game could not be started; the message is a sentence (exit status 2)."""


@dataclass
class Options:
    ruleset: str | None = None
    board: str | None = None
    rivals: int | None = None
    bot: str | None = None
    seed: int | None = None
    name: str | None = None
    scenario: str | None = None
    resume: bool = False
    new: bool = False
    no_color: bool = False
    verbose: bool = False

    @property
    def shapes_a_game(self) -> bool:
        """Options that describe a new game (so a saved one is not resumed automatically)."""
        return any(v is not None for v in (self.ruleset, self.board, self.rivals, self.bot, self.seed, self.name,
                                           self.scenario)) or self.new


def seats(name: str, rivals: int, bot: str) -> list[dict[str, object]]:
    names = [n for n in play_texts()["rivals"] if n != name]
    return [{"name": name}] + [{"name": names[i], "bot": bot} for i in range(rivals)]


def new_game(options: Options, save_path: Path | None) -> tuple[PlayLoop, list[Line]]:
    from clank_story.bots import BOTS
    from clank_story.content.diagnostics import ContentError
    from clank_story.session import Session, SessionError

    rivals = DEFAULT_RIVALS if options.rivals is None else options.rivals
    if not 0 <= rivals <= MAX_SEATS - 1:
        raise StartError(f"--rivals {rivals}: a game seats you and 0 to {MAX_SEATS - 1} rivals")
    bot = options.bot or (DEFAULT_BOT if DEFAULT_BOT in BOTS else next(iter(BOTS)))
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(1, 100_000)
    if options.scenario:
        setup = saves.Setup(options.ruleset, options.board, str(Path(options.scenario).resolve()), None, seed)
        if options.seed is None:
            setup.seed = _scenario_seed(options.scenario, seed)
    else:
        name = options.name or say("default_name")
        ruleset = options.ruleset or (None if options.board else "legacy")
        setup = saves.Setup(ruleset, options.board, None, seats(name, rivals, bot), seed)
    try:
        position = setup.position()
        session = Session.start(position)
    except ContentError as e:
        raise StartError(str(e)) from None
    except SessionError as e:
        raise StartError(f"--bot {bot}: {e}") from None
    attach_story(session)
    setup.seed = position.seed
    narrator = ProseNarrator(position.seed, verbose=options.verbose)
    previous = saves.set_aside(save_path) if save_path is not None else None
    loop = PlayLoop(session, setup, narrator, save_path, verbose=options.verbose)
    first = loop.opening()
    if previous is not None:
        first.insert(0, Line(say("set_aside", path=previous), "info"))
    if not session.game.over:
        loop._autosave()
    return loop, first


def attach_story(session, state: dict | None = None) -> None:
    """A legacy game reads the shipped Book of Secrets, as `run` does (waypoints open passages)."""
    if not session.game.ruleset.legacy and state is None:
        return
    if not hasattr(session, "attach_story"):
        return
    from clank_story.story.play import attach_book
    from clank_story.story.state import StoryState

    attach_book(session, None, StoryState.from_dict(state) if state is not None else None)


def _scenario_seed(path: str, fallback: int) -> int:
    """A scenario names its own seed; keep it unless --seed says otherwise."""
    from clank_story.content.diagnostics import ContentError
    from clank_story.content.yamlio import load_file, plain

    try:
        data = plain(load_file(path).value) or {}
    except ContentError:
        return fallback
    return int(data.get("seed", fallback)) if isinstance(data, dict) else fallback


def resume_game(options: Options, save_path: Path) -> tuple[PlayLoop, list[Line]]:
    from clank_story.session import Session, SessionError

    try:
        saved = saves.read_save(save_path)
        position, game = saves.restore(saved)
        session = Session(game)
    except saves.SaveError as e:
        raise StartError(str(e)) from None
    except SessionError as e:
        raise StartError(f"{save_path}: {e}") from None
    session.position = position
    attach_story(session, saved.story)
    verbose = options.verbose or bool(saved.options.get("verbose"))
    narrator = ProseNarrator(saved.setup.seed, verbose=verbose)
    narrator.restore(saved.narration)
    loop = PlayLoop(session, saved.setup, narrator, save_path, verbose=verbose)
    return loop, loop.resumed()


def start(options: Options, save_path: Path | None = None) -> tuple[PlayLoop, list[Line]]:
    """Resume with --resume, or automatically when a save exists and no option describes a new game;
    otherwise start a new game (an unfinished save is kept aside as previous.json)."""
    save_path = save_path or saves.default_save_path()
    if options.resume:
        if options.shapes_a_game:
            raise StartError("--resume continues the saved game as it was; leave out the other game options")
        return resume_game(options, save_path)
    if not options.shapes_a_game and save_path.exists():
        try:
            return resume_game(options, save_path)
        except StartError as e:
            loop, first = new_game(options, save_path)
            return loop, [Line(str(e), "refusal"), *first]
    return new_game(options, save_path)


def wants_color(options: Options) -> bool:
    """NO_COLOR (any value but empty) and --no-color both turn colour off."""
    return not options.no_color and not os.environ.get("NO_COLOR")


def main(options: Options, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    try:
        loop, first = start(options)
    except StartError as e:
        print(e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C while the content loads: nothing started, nothing to save
        return 130
    from clank_story.repl.plain import run_plain

    if _is_tty(stdin) and _is_tty(stdout):
        try:
            from clank_story.repl.terminal import run_terminal

            return run_terminal(loop, first, color=wants_color(options))
        except Exception as e:  # a terminal prompt_toolkit cannot drive: carry on with plain lines
            print(say("no_terminal", error=f"{type(e).__name__}: {e}"), file=sys.stderr)
            return run_plain(loop, [], stdin, stdout)
    return run_plain(loop, first, stdin, stdout)


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # a closed stream
        return False
