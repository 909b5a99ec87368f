"""Campaign definitions: `campaigns/<id>/campaign.yaml` says what each game of a campaign is (prologue,
board, patron, contracts, epilogue) and holds the campaign's tables: the Associate Status track and its
promotion passages, the Dran Enterprises track, Personal Goals rows, stickers, unlockable rules,
contracts' end-of-game passages, the Cardporium and the names bot rivals take.

Passage ids may name passages not written yet: given a book (the set of its passage ids), the loader
reports each missing one as a warning; without a book it does not look.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_story.campaign.abilities import parse_ability, references, seat_ability
from clank_story.campaign.model import CampaignError
from clank_story.campaign.translation import translate
from clank_story.content.diagnostics import ContentError, Diagnostic, Report, Said, said, sentence
from clank_story.content.schema import Field, check_fields, hint
from clank_story.content.yamlio import Node, load_file, load_text, plain
from clank_story.paths import shipped
from clank_story.words import language, say

DEFINITION_FILE = "campaign.yaml"
DEFAULT_DEFINITION = "gilt-and-gristle"
GOAL_CHECKS = {
    "escaped": "bool", "knocked_out": "bool", "won": "bool",
    "score": "int", "artifact": "int", "gold": "int",
}


@dataclass(frozen=True)
class GameDef:
    """One game of the campaign: its board, prologue, patron and contracts."""

    number: int
    board: str
    prologue: str | None = None
    patron: str | None = None
    contracts: tuple[str, ...] = ()
    epilogue: str | None = None
    waypoints: tuple[tuple[str, str], ...] = ()  # board waypoint id -> this game's passage id


@dataclass(frozen=True)
class Section:
    """A section of the Associate Status track, entered at `checkmarks`; entering it is a promotion."""

    level: str
    checkmarks: int
    passage: str | None = None
    name: str = ""
    perk: Mapping[str, Any] | None = None  # a seat ability its employee keeps in every later game
    text: str = ""


@dataclass(frozen=True)
class Goal:
    """A personal goal an employee can tick, and the check on a game's result that ticks it."""

    id: str
    text: str = ""
    when: Mapping[str, Any] = field(default_factory=dict)  # a check on the player's result


@dataclass(frozen=True)
class StickerDef:
    """A sticker the campaign can place, and the ability it gives."""

    id: str
    name: str
    ability: Mapping[str, Any]
    text: str = ""


@dataclass(frozen=True)
class RuleDef:
    """A rule the campaign can unlock: its text, ability and reading."""

    id: str
    name: str
    text: str = ""
    ability: Mapping[str, Any] | None = None
    passage: str | None = None  # read before every game once the rule is unlocked, after the prologue


@dataclass(frozen=True)
class ContractDef:
    """A contract the campaign's games can put in the row."""

    id: str
    name: str
    end_of_game: str | None = None  # passage read at the end of a game while it is in the row


@dataclass(frozen=True)
class Rival:
    """A rival employee the campaign seats."""

    name: str
    character: str = ""


@dataclass(frozen=True)
class Definition:
    """A campaign as its definition file describes it: games, rules, stickers, goals, rivals."""

    id: str
    name: str
    ruleset: str
    folder: Path
    games: tuple[GameDef, ...]
    status_track: tuple[Section, ...] = ()
    dran_track: tuple[str, ...] = ()  # passage of the 1st, 2nd, ... X
    personal_goals: tuple[tuple[Goal, ...], ...] = ()  # rows
    stickers: Mapping[str, StickerDef] = field(default_factory=dict)
    rules: Mapping[str, RuleDef] = field(default_factory=dict)
    contracts: Mapping[str, ContractDef] = field(default_factory=dict)
    cardporium: tuple[str, ...] = ()
    rivals: tuple[Rival, ...] = ()
    book: Path | None = None  # the Book of Secrets folder; None: the shipped book
    dragon: str = ""  # the dragon's name, for passages (`campaign.dragon`) and narration
    company: str = ""  # the franchise's company, for passages (`campaign.company`) and narration

    def game(self, number: int) -> GameDef | None:
        for g in self.games:
            if g.number == number:
                return g
        return None

    def content_roots(self) -> list[Path]:
        """The definition folder adds boards/ and cards/ of its own to the core content, if it has them."""
        return [self.folder] if (self.folder / "boards").is_dir() or (self.folder / "cards").is_dir() else []

    def goal(self, goal_id: str) -> Goal | None:
        for row in self.personal_goals:
            for g in row:
                if g.id == goal_id:
                    return g
        return None

    def starting_deck(self) -> tuple[str, ...]:
        """Every employee's starting deck, as the content defines it."""
        return _starting_deck(self.folder, self.ruleset, self.games[0].board if self.games else None)

    def starting_cards(self) -> frozenset[str]:
        """The ids of the starting deck's cards: destroying one takes it out of its owner's deck box."""
        return frozenset(self.starting_deck())

    def level_name(self, level: str) -> str:
        for s in self.status_track:
            if s.level == level:
                return s.name or level
        return level


DEFINITION = {
    "id": Field("id", "the definition id (its folder's name)", True),
    "name": Field("str", "the campaign's name", True),
    "ruleset": Field("str", "the ruleset its games use", choices=("classic", "legacy")),
    "games": Field("list", "the games, in order", True),
    "status_track": Field("list", "sections of the Associate Status track"),
    "dran_track": Field("strlist", "passage read for the 1st, 2nd, ... X on the Dran Enterprises track"),
    "personal_goals": Field("list", "rows of Personal Goals"),
    "stickers": Field("map", "stickers passages may place: id -> name, text, ability"),
    "rules": Field("map", "rules the campaign may unlock (setup step 10): id -> name, text, ability"),
    "contracts": Field("map", "contracts: id -> name, end_of_game passage"),
    "cardporium": Field("strlist", "card ids passages may add from the Cardporium"),
    "rivals": Field("list", "names bot rivals take, in order"),
    "book": Field("str", "the Book of Secrets folder, relative to this file (default: book/ beside it if "
                         "there is one, else the shipped book)"),
    "dragon": Field("str", "the dragon's name: passages say `{{ campaign.dragon }}`, never the name itself"),
    "company": Field("str", "the company's name: passages say `{{ campaign.company }}`"),
}
GAME = {
    "number": Field("int", "the game's number (1, 2, ...)", True),
    "board": Field("id", "the board (side) played", True),
    "prologue": Field("id", "passage read aloud before setup"),
    "patron": Field("id", "the patron card placed in the Reserve"),
    "contracts": Field("strlist", "contracts this game adds to the row"),
    "epilogue": Field("id", "passage read at the end of the game"),
    "waypoints": Field("map", "this game's passage for each board waypoint number (\"101\": g2-well)"),
}
SECTION = {
    "level": Field("id", "the promotion level: copper, silver, gold", True),
    "checkmarks": Field("int", "checkmarks at which the section begins", True),
    "passage": Field("id", "passage read on promotion"),
    "name": Field("str", "the title, e.g. Copper Associate"),
    "perk": Field("map", "an ability for the promoted employee's own seat in every later game ({starting_gold: 1})"),
    "text": Field("str", "what the perk is, in words"),
}
GOAL_ROW = {"goals": Field("list", "the row's goals, left to right", True)}
GOAL = {
    "id": Field("id", "goal id", True),
    "text": Field("str", "what the deck box says"),
    "when": Field("map", f"ticked at the end of a game when this holds: {', '.join(GOAL_CHECKS)}"),
}
STICKER = {
    "name": Field("str", "the sticker's name", True),
    "text": Field("str", "what it says"),
    "ability": Field("map", "the permanent ability it names", True),
}
RULE = {
    "name": Field("str", "the rule's name", True),
    "text": Field("str", "what it says"),
    "ability": Field("map", "an ability the rule brings, if any"),
    "passage": Field("id", "a passage read before every game once the rule is unlocked (after the prologue)"),
}
CONTRACT = {
    "name": Field("str", "the contract's name", True),
    "end_of_game": Field("id", "passage read at the end of a game while it is in the row"),
}
RIVAL = {
    "name": Field("str", "the rival's name", True),
    "character": Field("str", "the character on the rival's deck box"),
}


@functools.lru_cache(maxsize=8)
def _starting_deck(folder: Path, ruleset: str, board: str | None) -> tuple[str, ...]:
    from clank_story.content.library import build_ruleset, catalog

    roots = [folder] if (folder / "boards").is_dir() or (folder / "cards").is_dir() else []
    return tuple(build_ruleset(catalog(roots), ruleset, board).starting)


def definitions_root() -> Path:
    return shipped("campaigns")


def available_definitions() -> list[str]:
    root = definitions_root()
    return sorted(d.name for d in root.iterdir() if (d / DEFINITION_FILE).is_file()) if root.is_dir() else []


def is_shipped(definition: Definition) -> bool:
    """A definition that comes with clank-story: a campaign file names it by id alone."""
    shipped_file = definitions_root() / definition.id / DEFINITION_FILE
    try:
        return shipped_file.is_file() and shipped_file.resolve().parent == definition.folder.resolve()
    except OSError:
        return False


def folder_ref(definition: Definition, campaign_file: str | Path) -> str | None:
    """What a campaign file at `campaign_file` writes as `definition_folder` so that it finds this
    definition again from any working folder: None for a shipped one (its id is enough); a path
    relative to the campaign file's folder when the definition lies below it (the two move together);
    else an absolute path."""
    if is_shipped(definition):
        return None
    folder = definition.folder.resolve()
    home = Path(campaign_file).expanduser().resolve().parent
    try:
        return folder.relative_to(home).as_posix() or "."
    except ValueError:
        return str(folder)


def campaign_definition(definition_id: str, folder: str | None, campaign_file: str | Path,
                        book: Collection[str] | None = None) -> tuple[Definition, list[Diagnostic]]:
    """The definition a campaign file names: its `definition_folder` (relative to the file), else the
    shipped definition of that id, else (files written before `definition_folder` existed) a folder of
    that name beside the campaign file or in the working folder. CampaignError says what was looked
    for and where when none holds it, or when the folder holds another definition."""
    home = Path(campaign_file).expanduser().parent
    if folder:
        where = Path(folder).expanduser()
        where = where if where.is_absolute() else home / where
        if not (where / DEFINITION_FILE).is_file():
            raise CampaignError.of(sentence("authoring.definition.moved", id=definition_id, folder=where,
                                            file=campaign_file))
        candidates = [where]
    else:
        candidates = [definitions_root() / definition_id, home / definition_id, Path(definition_id)]
    for where in candidates:
        if (where / DEFINITION_FILE).is_file():
            definition, warnings = load_definition(where / DEFINITION_FILE, book)
            if definition.id != definition_id:
                raise CampaignError.of(sentence("authoring.definition.other", folder=where, found=definition.id,
                                                id=definition_id, file=campaign_file))
            return definition, warnings
    raise CampaignError.of(sentence("authoring.definition.lost", id=definition_id, file=campaign_file, home=home,
                                    known=", ".join(available_definitions()) or "-"))


def definition_file(ref: str | Path) -> Path:
    """A definition id (a folder under campaigns/), a folder, or a campaign.yaml file."""
    p = Path(ref)
    if p.is_file():
        return p
    if p.is_dir():
        return p / DEFINITION_FILE
    candidate = definitions_root() / str(ref) / DEFINITION_FILE
    if not candidate.is_file():
        known = available_definitions()
        raise CampaignError(say("campaign.no_definition", ref=ref, known=", ".join(known) or "-")
                            + str(hint(str(ref), known)))
    return candidate


def load_definition(ref: str | Path, book: Collection[str] | None = None,
                    text: str | None = None) -> tuple[Definition, list[Diagnostic]]:
    """Read and check a definition; errors raise CampaignError, warnings (missing passages) return.
    Without a book to check against, a clean definition comes from the parsed-content cache. `text`
    stands in for the file's text (the linter's mended copy)."""
    path = definition_file(ref)
    if book is None and text is None:
        from clank_story.content.cache import cached

        definition, warnings = cached(path.parent, lambda: _load_definition(path, None),
                                      kind=f"definition:{path.name}")
        return translate(definition, language()), warnings  # the player's language over the English
    return _load_definition(path, book, text)


def _load_definition(path: Path, book: Collection[str] | None,
                     text: str | None = None) -> tuple[Definition, list[Diagnostic]]:
    try:
        node = load_file(path) if text is None else load_text(text, str(path))
    except ContentError as e:
        raise CampaignError(say("campaign.bad_definition", path=path), e.diagnostics) from None
    report = Report()
    definition = _build(node, path, report)
    if definition is not None:
        _check_content(node, definition, report)
        if book is not None:
            _check_passages(node, book, report)
    if report.errors or definition is None:
        raise CampaignError(say("campaign.bad_definition", path=path), sorted(report.errors))
    return definition, sorted(d for d in report.diagnostics if d.severity == "warning")


def _build(node: Node, path: Path, report: Report) -> Definition | None:
    if not check_fields(node, DEFINITION, report, said("what.definition")):
        return None
    games: list[GameDef] = []
    for child in node.child("games").elements() if isinstance(node.value.get("games"), list) else ():
        if check_fields(child, GAME, report, said("what.game")):
            d = plain(child.value)
            games.append(GameDef(d["number"], d["board"], d.get("prologue"), d.get("patron"),
                                 tuple(d.get("contracts") or ()), d.get("epilogue"),
                                 tuple((str(k), str(v)) for k, v in (d.get("waypoints") or {}).items())))
    numbers = [g.number for g in games]
    if numbers != list(range(1, len(numbers) + 1)) and not report.errors:
        gnode = node.child("games")
        report.error(gnode.path, gnode.line, gnode.col, "CD001",
                     said("definition.game_numbers", found=", ".join(map(str, numbers))))
    sections = _records(node, "status_track", SECTION, said("what.section"), report)
    track = tuple(Section(d["level"], d["checkmarks"], d.get("passage"), d.get("name", ""), d.get("perk"),
                          d.get("text", "")) for d in sections)
    if [s.checkmarks for s in track] != sorted(s.checkmarks for s in track) or len({s.level for s in track}) != len(track):
        snode = node.child("status_track")
        report.error(snode.path, snode.line, snode.col, "CD002",
                     said("definition.status_track"))
    rows: list[tuple[Goal, ...]] = []
    seen_goals: set[str] = set()
    for row in node.child("personal_goals").elements() if isinstance(node.value.get("personal_goals"), list) else ():
        if not check_fields(row, GOAL_ROW, report, said("what.goal_row")) or not isinstance(row.value["goals"], list):
            continue
        goals = []
        for g in row.child("goals").elements():
            if check_fields(g, GOAL, report, said("what.goal")):
                d = plain(g.value)
                if d["id"] in seen_goals:
                    line, col = g.value_pos("id")
                    report.error(g.path, line, col, "CD003", said("definition.goal_twice", goal=d["id"]))
                seen_goals.add(d["id"])
                _check_when(g, report)
                goals.append(Goal(d["id"], d.get("text", ""), d.get("when") or {}))
        rows.append(tuple(goals))
    stickers = {k: StickerDef(k, d["name"], d["ability"], d.get("text", ""))
                for k, d in _table(node, "stickers", STICKER, said("what.sticker"), report).items()}
    rules = {k: RuleDef(k, d["name"], d.get("text", ""), d.get("ability"), d.get("passage"))
             for k, d in _table(node, "rules", RULE, said("what.rule"), report).items()}
    contracts = {k: ContractDef(k, d["name"], d.get("end_of_game"))
                 for k, d in _table(node, "contracts", CONTRACT, said("what.contract"), report).items()}
    rivals = tuple(Rival(d["name"], d.get("character", "")) for d in _records(node, "rivals", RIVAL, said("what.rival"), report))
    if isinstance(node.value.get("status_track"), list):
        for item in node.child("status_track").elements():
            if isinstance(item.value, dict) and item.value.get("perk") is not None:
                problem = parse_ability(plain(item.value["perk"]))
                if isinstance(problem, str) or (not isinstance(problem, str) and not seat_ability(problem[0])):
                    line, col = item.value_pos("perk")
                    report.error(item.path, line, col, "CD004", said(
                        "definition.ability", item=item.value.get("level"),
                        problem=problem if isinstance(problem, str) else said("definition.perk_on_a_seat")))
    for key in ("stickers", "rules"):
        if isinstance(node.value.get(key), dict):
            for item_id, item in node.child(key).items():
                if isinstance(item.value, dict) and item.value.get("ability") is not None:
                    problem = parse_ability(plain(item.value["ability"]))
                    if isinstance(problem, str):
                        line, col = item.value_pos("ability")
                        report.error(item.path, line, col, "CD004", said("definition.ability", item=item_id,
                                                                         problem=problem))
    d = plain(node.value)
    return Definition(
        id=d["id"], name=d["name"], ruleset=d.get("ruleset", "legacy"), folder=path.parent, games=tuple(games),
        status_track=track, dran_track=tuple(d.get("dran_track") or ()), personal_goals=tuple(rows),
        stickers=stickers, rules=rules, contracts=contracts, cardporium=tuple(d.get("cardporium") or ()),
        rivals=rivals, book=_book_folder(path.parent, d.get("book")), dragon=str(d.get("dragon") or ""),
        company=str(d.get("company") or d["name"]))


def _book_folder(folder: Path, named: str | None) -> Path | None:
    if named:
        return folder / named
    return folder / "book" if (folder / "book").is_dir() else None


def _records(node: Node, key: str, fields: Mapping[str, Field], what: Said, report: Report) -> list[dict[str, Any]]:
    if not isinstance(node.value.get(key), list):
        return []
    return [plain(c.value) for c in node.child(key).elements() if check_fields(c, fields, report, what)]


def _table(node: Node, key: str, fields: Mapping[str, Field], what: Said, report: Report) -> dict[str, dict[str, Any]]:
    if not isinstance(node.value.get(key), dict):
        return {}
    return {str(k): plain(c.value) for k, c in node.child(key).items() if check_fields(c, fields, report, what)}


def _check_when(goal: Node, report: Report) -> None:
    if not isinstance(goal.value.get("when"), dict):
        return
    when = goal.child("when")
    for key, value in when.items():
        kind = GOAL_CHECKS.get(key)
        ok = kind is not None and (isinstance(value.value, bool) if kind == "bool" else
                                   isinstance(value.value, int) and not isinstance(value.value, bool))
        if not ok:
            line, col = when.key_pos(key)
            report.error(when.path, line, col, "CD005", said(
                "definition.goal_check", checks=", ".join(f"{k} ({v})" for k, v in GOAL_CHECKS.items()),
                given=f"{key}: {value.value}"))


def _check_content(node: Node, definition: Definition, report: Report) -> None:
    """Boards, cards, spaces and market items the definition names must exist."""
    from clank_story.content.library import build_ruleset, catalog

    try:
        cat = catalog(definition.content_roots())
    except ContentError as e:
        report.diagnostics.extend(e.diagnostics)
        return
    games = node.child("games")
    spaces: set[str] = set()
    for i, g in enumerate(definition.games):
        if g.board not in cat.boards:
            line, col = games.child(i).value_pos("board")
            report.error(node.path, line, col, "CD010", said("definition.no_board", board=g.board,
                                                                 hint=hint(g.board, list(cat.boards))))
            continue
        spaces.update(cat.boards[g.board].spaces)
        _check_waypoints(games.child(i), g, cat.boards[g.board], report)
    if report.errors:
        return
    board = definition.games[0].board if definition.games else None
    rules = build_ruleset(cat, definition.ruleset, board)
    items = {m.id for m in rules.market}
    if "cardporium" in node.value:
        listing = node.child("cardporium")
        for i, card in enumerate(definition.cardporium):
            if card not in rules.cards:
                line, col = listing.value_pos(i)
                report.error(node.path, line, col, "CD011", said("content.no_card", card=card,
                                                                     hint=hint(card, list(rules.cards))))
    known = {"space": spaces, "card": set(rules.cards), "item": items}
    for key, table in (("stickers", definition.stickers), ("rules", definition.rules)):
        for item_id, item in table.items():
            for kind, ref in references(item.ability or {}):
                if ref not in known[kind]:
                    holder = node.child(key).child(item_id)
                    line, col = holder.value_pos("ability")
                    report.error(node.path, line, col, "CD012", said(f"definition.no_{kind}", item=item_id, name=ref,
                                                                     hint=hint(ref, sorted(known[kind]))))


def _check_waypoints(game: Node, g: GameDef, board: Any, report: Report) -> None:
    """A game's `waypoints:` maps the waypoints its board has; any other key would never be read."""
    if not isinstance(game.value, dict) or not isinstance(game.value.get("waypoints"), dict):
        return
    known = sorted({s.waypoint for s in board.spaces.values() if s.waypoint})
    wnode = game.child("waypoints")
    for waypoint, _ in g.waypoints:
        if waypoint not in known:
            line, col = wnode.key_pos(waypoint)
            report.error(game.path, line, col, "CD013", said(
                "definition.no_waypoint", game=g.number, board=board.id, waypoint=waypoint,
                known=", ".join(known) or said("words.none"), hint=hint(waypoint, known)))


def _check_passages(node: Node, book: Collection[str], report: Report) -> None:
    def need(holder: Node, key: Any, passage: Any) -> None:
        if isinstance(passage, str) and passage not in book:
            line, col = holder.value_pos(key)
            report.warning(node.path, line, col, "CD020", said("definition.no_passage_yet", passage=passage))

    for key in ("games", "status_track"):
        if isinstance(node.value.get(key), list):
            for child in node.child(key).elements():
                for field_name in ("prologue", "epilogue", "passage"):
                    if isinstance(child.value, dict) and field_name in child.value:
                        need(child, field_name, child.value[field_name])
                if isinstance(child.value, dict) and isinstance(child.value.get("waypoints"), dict):
                    wnode = child.child("waypoints")
                    for number, passage in wnode.value.items():
                        need(wnode, number, passage)
    if isinstance(node.value.get("dran_track"), list):
        listing = node.child("dran_track")
        for i, passage in enumerate(listing.value):
            need(listing, i, passage)
    if isinstance(node.value.get("contracts"), dict):
        for _, child in node.child("contracts").items():
            if isinstance(child.value, dict) and "end_of_game" in child.value:
                need(child, "end_of_game", child.value["end_of_game"])
    if isinstance(node.value.get("rules"), dict):
        for _, child in node.child("rules").items():
            if isinstance(child.value, dict) and "passage" in child.value:
                need(child, "passage", child.value["passage"])
