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
    campaign: str | None = None  # a campaign file (default: the user's campaign)
    solo: bool = False

    @property
    def one_shot(self) -> bool:
        """Options that make a one-shot game; without them `play` plays the campaign's next game."""
        return self.campaign is None and (self.solo or any(
            v is not None for v in (self.ruleset, self.board, self.rivals, self.bot, self.name, self.scenario)))

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

    rivals = (0 if options.solo else DEFAULT_RIVALS) if options.rivals is None else options.rivals
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
    if options.solo:
        attach_solo(session)
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


def attach_solo(session) -> None:
    """`play --solo`: the solo director acts between your turns (its state lives in the game)."""
    from clank_story.bots.solo import SoloDirector, SoloError

    try:
        SoloDirector.attach(session)
    except SoloError as e:
        raise StartError(f"--solo: {e}") from None


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
    if "solo" in game.notes:  # a solo game goes on with its director
        attach_solo(session)
    verbose = options.verbose or bool(saved.options.get("verbose"))
    narrator = ProseNarrator(saved.setup.seed, verbose=verbose)
    narrator.restore(saved.narration)
    loop = PlayLoop(session, saved.setup, narrator, save_path, verbose=verbose)
    return loop, loop.resumed()


def campaign_save_path() -> Path:
    return saves.data_dir() / "saves" / "campaign.json"


def campaign_game(options: Options, save_path: Path) -> tuple[PlayLoop, list[Line]]:
    """The campaign's next game (the default campaign, created on first use, or --campaign FILE),
    resumed from its save when one is waiting for the same campaign and game."""
    from clank_story.campaign.model import CampaignError
    from clank_story.campaign_table import open_table
    from clank_story.content.diagnostics import ContentError
    from clank_story.rules.state import Game

    saved = None
    if save_path.exists() and not options.new:
        try:
            saved = saves.read_save(save_path)
        except saves.SaveError:
            saved = None
    seed = options.seed if options.seed is not None else (
        saved.setup.seed if saved is not None else random.SystemRandom().randrange(1, 100_000))
    try:
        table = open_table(options.campaign, seed=seed)
    except (CampaignError, ContentError) as e:
        raise StartError(str(e)) from None
    session = table.session
    same = saved is not None and saved.options.get("campaign") == str(table.file.path) and \
        saved.options.get("game_number") == table.setup.game_number and options.seed in (None, saved.setup.seed)
    setup = saves.Setup(table.setup.ruleset, table.setup.board, None, None, seed)
    verbose = options.verbose or bool(same and saved.options.get("verbose"))
    narrator = ProseNarrator(seed, verbose=verbose)
    loop = PlayLoop(session, setup, narrator, save_path, verbose=verbose)
    loop.campaign = table
    if same:
        session.game = Game.from_dict(saved.game, session.game.ruleset)
        loop.restore_story(saved.story)
        narrator.restore(saved.narration)
        return loop, loop.resumed()
    first = loop.opening()
    if not session.game.over:
        loop._autosave()
    return loop, first


def start(options: Options, save_path: Path | None = None) -> tuple[PlayLoop, list[Line]]:
    """Without game options: the campaign's next game (resumed if it was saved). With them: resume
    with --resume, or automatically when a save exists and no option describes a new game;
    otherwise start a new game (an unfinished save is kept aside as previous.json)."""
    if not options.one_shot and not options.resume:
        return campaign_game(options, save_path or campaign_save_path())
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
