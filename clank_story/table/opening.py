"""`open_game(spec)`: the one way every kind of game comes to the table — a new one-shot game, a
scenario, a saved game, a campaign's next game (or its game in progress), alone against the solo
director — for the prompt, scripts and the browser alike.

Opening a campaign game takes the campaign's lock for the whole sitting and changes nothing on disk:
the campaign file is written when the game is saved (its `in_progress`) and when it ends."""

from __future__ import annotations

import dataclasses
import os
import random
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clank_story.bots import BOTS, known_bot
from clank_story.content.diagnostics import ContentError
from clank_story.content.scenario import Position, load_scenario
from clank_story.narrate.prose import Line, ProseNarrator
from clank_story.rules.state import Game
from clank_story.table import saves
from clank_story.table.reply import Snapshot
from clank_story.table.saves import CAMPAIGN, Record, SaveError, Setup
from clank_story.table.session import Session, SessionError
from clank_story.table.slots import FileSlot
from clank_story.table.table import Table
from clank_story.words import say, section

if TYPE_CHECKING:
    from clank_story.campaign.definition import Definition
    from clank_story.campaign.lifecycle import GameSetup
    from clank_story.campaign.model import Campaign
    from clank_story.campaign.store import CampaignFile
    from clank_story.rules.model import Ruleset
    from clank_story.table.lock import CampaignLock

# The campaign layer, the campaign lock, the solo director and the Book of Secrets are
# imported where a game needs them: a one-shot `run` of a classic scenario uses none of them, and
# start-up time is what a person waits for (issue 20).

DEFAULT_RIVALS = 2
DEFAULT_BOT = "random"
MAX_SEATS = 4


class StartError(Exception):
    """The game could not be opened; the message is a sentence (exit status 2)."""


# -- what to open ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class OneShot:
    """A new game outside any campaign: `play` with game options, `run --scenario`, `--solo`."""

    ruleset: str | None = None
    board: str | None = None
    seed: int | None = None
    solo: bool = False
    scenario: str | None = None  # a scenario file
    book: str | None = None
    seats: tuple[dict[str, Any], ...] | None = None  # the seats (else the scenario's, else the default)


@dataclass(frozen=True)
class Resume:
    """A saved one-shot game (or a campaign game set aside), by slot name; None: the latest."""

    name: str | None = None


@dataclass(frozen=True)
class CampaignGame:
    """A campaign's game in progress, else its next game."""

    campaign: str | None = None  # the campaign file (None: $CLANK_STORY_CAMPAIGN or the default)
    seed: int | None = None
    book: str | None = None  # read the Book of Secrets from here instead of the campaign's own
    scenario: str | None = None  # lay a scenario over the campaign's setup (tests, authors)
    new: bool = False  # set the game in progress aside and start the next game afresh


Spec = OneShot | Resume | CampaignGame


@dataclass
class Options:
    """How the game is played, whatever it is: for a person or a script, told how."""

    interactive: bool = True
    verbose: bool = False
    save: bool = True  # keep the game in a slot (scripts of one-shot games keep nothing)
    notes: list[str] = field(default_factory=list)


def open_game(spec: Spec, options: Options | None = None) -> Table:
    """The game `spec` describes, at the table. Raises StartError with a sentence when it cannot."""
    options = options or Options()
    try:
        match spec:
            case CampaignGame():
                return _campaign(spec, options)
            case Resume():
                return _resume(spec, options)
            case _:
                return _one_shot(spec, options)
    except ContentError as e:
        raise StartError(str(e)) from None
    except (SaveError, SessionError) as e:
        raise StartError(str(e)) from None
    except Exception as e:
        if _campaign_problem(e):
            raise StartError(str(e)) from None
        raise


def _campaign_problem(e: Exception) -> bool:
    """A campaign file or lock that cannot be used (only a game that opened the campaign can raise one)."""
    from clank_story.campaign.model import CampaignError
    from clank_story.table.lock import CampaignLocked

    return isinstance(e, CampaignError | CampaignLocked)


def fresh_seed() -> int:
    return random.SystemRandom().randrange(1, 100_000)


# -- one-shot games --------------------------------------------------------------------------------
def rival_names(taken: str) -> list[str]:
    return [n for n in section("play").get("rivals", []) if n != taken]


def play_seats(name: str | None, rivals: int | None, bot: str | None, solo: bool) -> tuple[dict[str, Any], ...]:
    """You and your bot rivals, for a one-shot game at the prompt."""
    rivals = (0 if solo else DEFAULT_RIVALS) if rivals is None else rivals
    if not 0 <= rivals <= MAX_SEATS - 1:
        raise StartError(say("table.start.rivals", rivals=rivals, most=MAX_SEATS - 1))
    bot = bot or DEFAULT_BOT
    if not known_bot(bot):
        raise StartError(say("table.start.bot", bot=bot, bots=", ".join(BOTS)))
    name = name or say("play.default_name")
    names = rival_names(name)
    return ({"name": name}, *({"name": names[i], "bot": bot} for i in range(rivals)))


def one_shot_setup(spec: OneShot) -> Setup:
    """How to build the game: seats as given (else the scenario's, else the default two), the seed as
    given (else the scenario's, which `_one_shot` takes from its one reading of the file; else 0)."""
    scenario = str(Path(spec.scenario).resolve()) if spec.scenario else None
    seed = spec.seed if spec.seed is not None else 0
    book = str(Path(spec.book).resolve()) if spec.book else None
    seats = [dict(s) for s in spec.seats] if spec.seats is not None else None
    return Setup(spec.ruleset, spec.board, scenario, seats, seed, spec.solo, book)


def position_of(setup: Setup, own_seed: bool = False) -> Position:
    """The position `setup` describes; with `own_seed`, the scenario's own seed (else 0), not setup's."""
    return load_scenario(setup.scenario, seed=None if own_seed else setup.seed, ruleset=setup.ruleset,
                         board=setup.board, seats=setup.seats)


def session_for(setup: Setup, position: Position, game: Game | None = None, story: dict | None = None, *,
                strict: bool = False) -> Session:
    """The session of a one-shot game: the state (new, or as saved), its book, its solo director.
    `strict`: a book with any error is a content error (StartError) before a line is played."""
    try:
        session = Session(game) if game is not None else Session.start(position)
    except SessionError as e:
        raise StartError(str(e)) from None
    session.position = position
    if setup.book is not None or session.game.legacy or story is not None:
        from clank_story.story.state import StoryState  # only a game with a book has a story

        session.read_book(setup.book, StoryState.from_dict(story) if story is not None else None, strict=strict)
    if setup.solo or "solo" in session.game.notes:
        from clank_story.bots.solo import SoloDirector, SoloError

        try:
            SoloDirector.attach(session)
        except SoloError as e:
            raise StartError(say("table.start.solo", error=e)) from None
    return session


def _one_shot(spec: OneShot, options: Options) -> Table:
    setup = one_shot_setup(spec)
    position = position_of(setup, own_seed=spec.seed is None)  # the scenario file is read once
    setup.seed = position.seed
    # a book given by hand (`--book`) is refused whole when broken; a saved game resumes leniently
    session = session_for(setup, position, strict=setup.book is not None)
    slot = None
    if options.save:
        base = ("solo-" if setup.solo else "") + (Path(setup.scenario).stem if setup.scenario else position.ruleset.board.id)
        slot = FileSlot(saves.free_name(base))
    table = Table(session, ProseNarrator(setup.seed, verbose=options.verbose), setup, slot=slot,
                  verbose=options.verbose, interactive=options.interactive, rebuild=lambda: position_of(setup).ruleset)
    table.notes = [Line(n, "info") for n in options.notes]
    return table


def table_for_session(session: Session, *, interactive: bool = False, verbose: bool = False) -> Table:
    """A table around a session built by hand (tests, tools, previews): no save slot, no campaign."""
    position = session.position
    seed = position.seed if position is not None else 0
    setup = Setup(seed=seed)
    return Table(session, ProseNarrator(seed, verbose=verbose), setup, verbose=verbose, interactive=interactive)


def _resume(spec: Resume, options: Options) -> Table:
    notes = [*options.notes, *saves.migrate_old_saves()]
    name = spec.name or _latest_one_shot()
    if not saves.valid_name(name):
        raise StartError(say("table.resume.bad_name", name=name))
    path = saves.slot_path(name)
    if not path.exists():
        raise StartError(say("table.resume.none", name=name, names=", ".join(i.name for i in saves.one_shot_saves())
                             or say("table.resume.no_saves")))
    record = saves.read_record(path)
    if record.kind == CAMPAIGN:  # a campaign game set aside: back into its campaign, if it still fits
        return _adopt(record, path, options)
    setup = record.setup
    try:
        position = position_of(setup)
        game = Game.from_dict(record.game, position.ruleset)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise StartError(say("saves.damaged", where=path, error=f"{type(e).__name__}: {e}")) from None
    session = session_for(setup, position, game, record.story)
    verbose = options.verbose or bool(record.options.get("verbose"))
    table = Table(session, ProseNarrator(setup.seed, verbose=verbose), setup, slot=FileSlot(name), verbose=verbose,
                  interactive=options.interactive, rebuild=lambda: position_of(setup).ruleset)
    _restore(table, record)
    table.notes = [Line(n, "info") for n in notes]
    return table


def _latest_one_shot() -> str:
    games = [s for s in saves.one_shot_saves() if not s.problem and s.kind != CAMPAIGN]
    if not games:
        raise StartError(say("table.resume.nothing"))
    return max(games, key=lambda s: s.updated).name


def _restore(table: Table, record: Record) -> None:
    table.narrator.restore(record.narration)
    table.history = [Snapshot.from_dict(s) for s in record.undo]
    table.created = record.created
    table.restored = True


# -- campaign games --------------------------------------------------------------------------------
def _default() -> Campaign:
    from clank_story.campaign.definition import DEFAULT_DEFINITION, load_definition
    from clank_story.campaign.lifecycle import default_campaign

    definition, _ = load_definition(DEFAULT_DEFINITION)
    return default_campaign(definition)


def book_of(definition: Definition, override: str | None) -> Path:
    """A campaign reads its own Book of Secrets (`book/` beside its definition), else the shipped one;
    `--book` overrides."""
    from clank_story.story.book import shipped_book

    if override:
        return Path(override).resolve()
    return definition.book if definition.book is not None else shipped_book()


def definition_of(cf: CampaignFile) -> Definition:
    """The campaign's definition, found from the file's own folder whatever the working folder; a
    file written before `definition_folder` existed learns where its definition is (kept at the next save)."""
    from clank_story.campaign.definition import campaign_definition, folder_ref

    c = cf.campaign
    definition, _ = campaign_definition(c.definition, c.definition_folder, cf.path)
    c.definition_folder = folder_ref(definition, cf.path) if c.definition_folder is None else c.definition_folder
    return definition


def _open_file(given: str | None, remember: bool = True) -> tuple[CampaignFile, CampaignLock]:
    """The campaign file, locked for this sitting: symlinks followed to the real file (which is the
    one written), a read-only file refused before anything is played. `remember=False` (a sitting
    nobody will come back to: story coverage) leaves the list of known campaigns alone."""
    from clank_story.campaign.store import campaign_path, open_or_create
    from clank_story.table.lock import CampaignLock

    path = campaign_path(given)
    real = Path(os.path.realpath(path))
    lock = CampaignLock(real)
    real.parent.mkdir(parents=True, exist_ok=True)
    lock.acquire()
    try:
        cf = open_or_create(real, _default)
        if _read_only(real):
            raise StartError(say("table.campaign.read_only", path=path))
    except BaseException:
        lock.release()
        raise
    if remember:
        saves.remember_campaign(real)
    return cf, lock


def _read_only(path: Path) -> bool:
    """A file its owner marked read-only is not written over, whoever runs the program (root too)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not mode & stat.S_IWUSR or not os.access(path.parent, os.W_OK)


def _campaign(spec: CampaignGame, options: Options) -> Table:
    notes = [*options.notes, *(saves.migrate_old_saves() if options.save else [])]
    cf, lock = _open_file(spec.campaign, remember=options.save)
    try:
        return _campaign_table(spec, options, cf, lock, notes)
    except BaseException:
        lock.release()
        raise


def _campaign_table(spec: CampaignGame, options: Options, cf: CampaignFile, lock: CampaignLock,
                    notes: list[str]) -> Table:
    from clank_story.campaign.lifecycle import start_of_game, story_seed
    from clank_story.campaign.setup import campaign_position
    from clank_story.story.state import StoryState
    from clank_story.table.slots import CampaignSeat, CampaignSlot

    definition = definition_of(cf)
    record = _in_progress(cf, spec, notes)
    started, setup = start_of_game(cf.campaign, definition)
    seed = record.setup.seed if record is not None else (
        spec.seed if spec.seed is not None else fresh_seed() if options.interactive else 0)
    position = campaign_position(setup, definition, path=spec.scenario, seed=seed)
    seat = CampaignSeat(cf, definition, setup, lock, spec.campaign, book_of(definition, spec.book))
    if record is not None:
        try:
            game = Game.from_dict(record.game, position.ruleset)
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise StartError(say("saves.damaged", where=cf.path, error=f"{type(e).__name__}: {e}")) from None
        session = Session(game)
        story = StoryState.from_dict(record.story) if record.story is not None else \
            StoryState.for_game(**story_seed(started, definition))
    else:
        session = Session.start(position)
        story = StoryState.for_game(**story_seed(started, definition))
    session.position = position
    game_def = definition.game(setup.game_number)
    # a book given by hand (`--book`) is refused whole when broken, as for a one-shot game; the
    # campaign's own book is read leniently (a broken page apologises, the game in progress goes on)
    session.read_book(seat.book, story, prologue=setup.prologues, epilogue=game_def.epilogue if game_def else None,
                      waypoints=dict(setup.waypoints), strict=spec.book is not None)
    setup_record = Setup(setup.ruleset, setup.board, None, None, position.seed)
    verbose = options.verbose or bool(record is not None and record.options.get("verbose"))
    table = Table(session, ProseNarrator(position.seed, verbose=verbose), setup_record, slot=CampaignSlot(seat),
                  campaign=seat, verbose=verbose, interactive=options.interactive,
                  rebuild=lambda: _campaign_ruleset(seat.setup, definition))
    table.narrator.names.update({k: v for k, v in (("dragon", definition.dragon), ("company", definition.company))
                                 if v})  # the campaign's own dragon and company in the prose
    if record is not None:
        _restore(table, record)
    table.notes = [Line(n, "info") for n in notes]
    return table


def _campaign_ruleset(setup: GameSetup, definition: Definition) -> Ruleset:
    from clank_story.campaign.setup import campaign_position

    return campaign_position(setup, definition).ruleset


def _in_progress(cf: CampaignFile, spec: CampaignGame, notes: list[str]) -> Record | None:
    """The campaign's game in progress, if it is this game's and is to go on; a game set aside
    (`--new`, or a stale one) is kept in a slot of its own and the player told where."""
    data = cf.campaign.in_progress
    record = saves.parse_record(data, str(cf.path)) if data is not None else _old_save_for(cf)
    if record is None:
        return None
    stale = record.options.get("game_number") != cf.campaign.game_number
    if spec.new or stale:
        name = saves.free_name(f"{cf.campaign.franchise}-game-{record.options.get('game_number', '')}")
        saves.write_record(saves.slot_path(name), record)
        notes.append(say("table.campaign.set_aside", name=name, game=record.options.get("game_number", "?")))
        return None
    if spec.seed is not None and spec.seed != record.setup.seed:
        raise StartError(say("table.campaign.seed_in_progress", seed=record.setup.seed, path=cf.path))
    return record


def _old_save_for(cf: CampaignFile) -> Record | None:
    """A game of this campaign saved by an earlier version (moved into a slot by the migration)."""
    for info in saves.one_shot_saves():
        if info.kind != CAMPAIGN or info.problem:
            continue
        try:
            record = saves.read_record(info.where)
        except SaveError:
            continue
        if Path(str(record.options.get("campaign", ""))).expanduser() in (cf.path, Path(os.path.realpath(cf.path))) \
                and record.options.get("game_number") == cf.campaign.game_number:
            saves.remove(info.where)
            return record
    return None


def _adopt(record: Record, path: Path, options: Options) -> Table:
    """`play --resume NAME` of a campaign game that was set aside: it goes back into its campaign
    when the campaign is still at that game and has no other game in progress."""
    where = str(record.options.get("campaign", ""))
    if not where:
        raise StartError(say("table.resume.no_campaign", name=path.stem))
    cf, lock = _open_file(where)
    try:
        if cf.campaign.game_number != record.options.get("game_number"):
            raise StartError(say("table.resume.campaign_moved", name=path.stem, path=where,
                                 game=record.options.get("game_number"), now=cf.campaign.game_number))
        if cf.campaign.in_progress is not None:
            raise StartError(say("table.resume.campaign_busy", name=path.stem, path=where))
        cf.save(dataclasses.replace(cf.campaign, in_progress=record.to_dict()))
        saves.remove(path)
        return _campaign_table(CampaignGame(where), options, cf, lock, list(options.notes))
    except BaseException:
        lock.release()
        raise
