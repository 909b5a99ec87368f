"""The campaign file's data (schema version 2) as typed records, and its validation with line numbers.

The file on disk is the source of truth; these records are what the lifecycle reads and returns.
`Campaign.to_dict()` gives the plain data the store merges back into the round-trip document, in the
order a new file is written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from clank_story.content.diagnostics import Diagnostic, Report, Said, said
from clank_story.content.schema import Field, check_fields
from clank_story.content.yamlio import Node

SCHEMA_VERSION = 2
COLOURS = ("red", "blue", "green", "yellow")
NO_LEVEL = "none"


class CampaignError(Exception):
    """A campaign that cannot be read, saved or advanced; `str()` is the sentence a person reads."""

    def __init__(self, message: str = "", diagnostics: list[Diagnostic] | None = None,
                 said: Said | None = None) -> None:
        self.diagnostics = list(diagnostics or [])
        self.message = message
        self.said = said  # the message as a sentence of the catalog (`book lint` says it in its language)
        lines = [str(d) for d in self.diagnostics] + ([message] if message else [])
        super().__init__("\n".join(lines))

    @classmethod
    def of(cls, message: Said) -> CampaignError:
        return cls(str(message), said=message)


@dataclass
class AssociateStatus:
    """An employee's checkmarks and level on the status track."""

    checkmarks: int = 0
    level: str = NO_LEVEL  # a section of the status track: none, copper, silver, gold


@dataclass
class PersonalGoals:
    """The personal goals an employee has ticked, and the rows whose checkmark was given."""

    ticked: list[str] = field(default_factory=list)  # goal ids ticked so far, in the order ticked
    rows_done: list[int] = field(default_factory=list)  # rows (1-based) whose checkmark was given


@dataclass
class Employee:
    """A seat of the franchise: a person or a bot rival, and what their deck box records."""

    name: str
    colour: str = ""
    characters: list[str] = field(default_factory=list)  # names written on the deck box
    bot: str | None = None  # a bot strategy id; None for a person
    status: AssociateStatus = field(default_factory=AssociateStatus)
    goals: PersonalGoals = field(default_factory=PersonalGoals)
    destroyed_cards: list[str] = field(default_factory=list)  # starting cards gone from this deck box


@dataclass
class MissionReport:
    """The record of one game played: board, scores, winner, who escaped."""

    game: int
    board: str = ""
    scores: dict[str, int] = field(default_factory=dict)
    winner: str | None = None  # the Most Valuable Employee
    escaped: list[str] = field(default_factory=list)
    knocked_out: list[str] = field(default_factory=list)
    scored_zero: list[str] = field(default_factory=list)
    notes: str = ""


@dataclass
class Sticker:
    """A sticker on the franchise board: a permanent ability (campaign/abilities.py) by name."""

    id: str
    ability: dict[str, Any] = field(default_factory=dict)


@dataclass
class Campaign:
    """The campaign file's contents: the franchise's employees, reports and everything unlocked."""

    definition: str  # the definition's id
    franchise: str
    game_number: int = 1  # the game being played, or the next one to play
    players: list[Employee] = field(default_factory=list)
    mission_reports: list[MissionReport] = field(default_factory=list)
    contract_row: list[str] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    passages_seen: list[str] = field(default_factory=list)
    destroyed_cards: list[str] = field(default_factory=list)
    cardporium_cards: list[str] = field(default_factory=list)
    stickers: list[Sticker] = field(default_factory=list)
    dran_track: list[int] = field(default_factory=list)  # one X per entry: the game it was marked in
    unlocked_rules: list[str] = field(default_factory=list)
    in_progress: dict[str, Any] | None = None  # a saved game (opaque to this layer)
    # where the definition is, relative to the campaign file's folder (or absolute); None: shipped
    definition_folder: str | None = None

    def employee(self, name: str) -> Employee:
        for e in self.players:
            if e.name == name:
                return e
        raise KeyError(name)

    # -- plain data ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "definition": self.definition,
            **({"definition_folder": self.definition_folder} if self.definition_folder else {}),
            "franchise": self.franchise,
            "game_number": self.game_number,
            "players": [_employee_dict(e) for e in self.players],
            "mission_reports": [_report_dict(r) for r in self.mission_reports],
            "contract_row": list(self.contract_row),
            "flags": dict(self.flags),
            "counters": dict(self.counters),
            "passages_seen": list(self.passages_seen),
            "destroyed_cards": list(self.destroyed_cards),
            "cardporium_cards": list(self.cardporium_cards),
            "stickers": [_sticker_dict(s) for s in self.stickers],
            "dran_track": list(self.dran_track),
            "unlocked_rules": list(self.unlocked_rules),
            "in_progress": self.in_progress,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Campaign:
        """Plain data that `validate` accepted."""
        return cls(
            definition=d["definition"],
            franchise=d["franchise"],
            game_number=d["game_number"],
            players=[_employee(p) for p in d["players"]],
            mission_reports=[MissionReport(**r) for r in d.get("mission_reports") or []],
            contract_row=list(d.get("contract_row") or []),
            flags=dict(d.get("flags") or {}),
            counters=dict(d.get("counters") or {}),
            passages_seen=list(d.get("passages_seen") or []),
            destroyed_cards=list(d.get("destroyed_cards") or []),
            cardporium_cards=list(d.get("cardporium_cards") or []),
            stickers=[Sticker(**s) for s in d.get("stickers") or []],
            dran_track=list(d.get("dran_track") or []),
            unlocked_rules=list(d.get("unlocked_rules") or []),
            in_progress=d.get("in_progress"),
            definition_folder=d.get("definition_folder") or None,
        )


def _employee_dict(e: Employee) -> dict[str, Any]:
    return {
        "name": e.name, "colour": e.colour, "characters": list(e.characters), "bot": e.bot,
        "associate_status": {"checkmarks": e.status.checkmarks, "level": e.status.level},
        "personal_goals": {"ticked": list(e.goals.ticked), "rows_done": list(e.goals.rows_done)},
        **({"destroyed_cards": list(e.destroyed_cards)} if e.destroyed_cards else {}),
    }


def _employee(d: Mapping[str, Any]) -> Employee:
    status = d.get("associate_status") or {}
    goals = d.get("personal_goals") or {}
    return Employee(
        name=d["name"], colour=d.get("colour", ""), characters=list(d.get("characters") or []),
        bot=d.get("bot"),
        status=AssociateStatus(status.get("checkmarks", 0), status.get("level", NO_LEVEL)),
        goals=PersonalGoals(list(goals.get("ticked") or []), list(goals.get("rows_done") or [])),
        destroyed_cards=list(d.get("destroyed_cards") or []),
    )


def _report_dict(r: MissionReport) -> dict[str, Any]:
    return {"game": r.game, "board": r.board, "scores": dict(r.scores), "winner": r.winner,
            "escaped": list(r.escaped), "knocked_out": list(r.knocked_out),
            "scored_zero": list(r.scored_zero), "notes": r.notes}


def _sticker_dict(s: Sticker) -> dict[str, Any]:
    return {"id": s.id, "ability": dict(s.ability)}


# -- validation ------------------------------------------------------------------------------------
CAMPAIGN = {
    "schema_version": Field("int", "the layout version of this file", True),
    "definition": Field("id", "the campaign definition's id", True),
    "definition_folder": Field("str", "the definition's folder, relative to this file (absent for a shipped definition)"),
    "franchise": Field("str", "the franchise's charter name", True),
    "game_number": Field("int", "the game being played or next to play", True),
    "players": Field("list", "the franchise's employees in seat order", True),
    "mission_reports": Field("list", "one report per finished game"),
    "contract_row": Field("strlist", "contracts in the row, carried between games"),
    "flags": Field("map", "campaign flags"),
    "counters": Field("map", "campaign counters"),
    "passages_seen": Field("strlist", "passages read so far"),
    "destroyed_cards": Field("strlist", "cards destroyed permanently (one copy each)"),
    "cardporium_cards": Field("strlist", "cards added from the Cardporium (one copy each)"),
    "stickers": Field("list", "stickers on the franchise board"),
    "dran_track": Field("list", "the Dran Enterprises track: the game of each X"),
    "unlocked_rules": Field("strlist", "rules revealed during the campaign (setup step 10)"),
    "in_progress": Field("any", "the saved game in progress, or null"),
}
EMPLOYEE = {
    "name": Field("str", "the player's name", True),
    "colour": Field("str", "cube colour"),
    "characters": Field("strlist", "character names written on the deck box"),
    "bot": Field("any", "a bot strategy id, or null for a person"),
    "associate_status": Field("map", "checkmarks and promotion level"),
    "personal_goals": Field("map", "personal goals ticked and rows completed"),
    "destroyed_cards": Field("strlist", "starting cards destroyed from this employee's deck box (one copy each)"),
}
STATUS = {
    "checkmarks": Field("int", "checkmarks of grudging approval"),
    "level": Field("id", "promotion level: none, or a status-track section (copper, silver, gold)"),
}
GOALS = {
    "ticked": Field("strlist", "goal ids ticked"),
    "rows_done": Field("list", "rows whose checkmark was given"),
}
REPORT = {
    "game": Field("int", "game number", True),
    "board": Field("id", "the board played"),
    "scores": Field("map", "player -> score"),
    "winner": Field("any", "the Most Valuable Employee, or null"),
    "escaped": Field("strlist", "players who escaped"),
    "knocked_out": Field("strlist", "players knocked out"),
    "scored_zero": Field("strlist", "players who scored 0"),
    "notes": Field("str", "anything worth remembering"),
}
STICKER = {
    "id": Field("id", "the sticker", True),
    "ability": Field("map", "the permanent ability it names", True),
}


def validate(node: Node, report: Report) -> None:
    """Check a version-2 document; every problem is reported with its line and column."""
    if not check_fields(node, CAMPAIGN, report, said("what.campaign_file")):
        return
    value = node.value
    _check_saved_game(node, report)
    if "game_number" in value and isinstance(value["game_number"], int) and value["game_number"] < 1:
        _err(report, node, "game_number", "CF020", said("campaign.game_number"))
    names: list[str] = []
    if isinstance(value.get("players"), list):
        players = node.child("players")
        if not value["players"]:
            report.error(players.path, players.line, players.col, "CF021", said("campaign.no_players"))
        for i, child in enumerate(players.elements()):
            what = said("what.player", n=i + 1)
            if not check_fields(child, EMPLOYEE, report, what):
                continue
            if isinstance(child.value.get("name"), str):
                if child.value["name"] in names:
                    _err(report, child, "name", "CF021", said("campaign.same_name", name=child.value["name"]))
                names.append(child.value["name"])
            bot = child.value.get("bot")
            if bot is not None and not isinstance(bot, str):
                _err(report, child, "bot", "CF020", said("campaign.bot"))
            if isinstance(child.value.get("associate_status"), dict):
                status = child.child("associate_status")
                check_fields(status, STATUS, report, said("what.players_part", player=what, part="associate_status"))
                n = status.value.get("checkmarks")
                if isinstance(n, int) and n < 0:
                    _err(report, status, "checkmarks", "CF020", said("campaign.checkmarks"))
            if isinstance(child.value.get("personal_goals"), dict):
                goals = child.child("personal_goals")
                if check_fields(goals, GOALS, report, said("what.players_part", player=what, part="personal_goals")):
                    _int_list(goals, "rows_done", report)
    _items(node, "mission_reports", REPORT, "what.mission_report", report)
    _items(node, "stickers", STICKER, "what.numbered_sticker", report)
    if isinstance(value.get("mission_reports"), list):
        for child in node.child("mission_reports").elements():
            if isinstance(child.value, dict) and isinstance(child.value.get("scores"), dict):
                scores = child.child("scores")
                for key, score in scores.items():
                    if not isinstance(score.value, int) or isinstance(score.value, bool):
                        report.error(score.path, score.line, score.col, "CF020", said("campaign.score", player=key))
            if isinstance(child.value, dict):
                winner = child.value.get("winner")
                if winner is not None and not isinstance(winner, str):
                    _err(report, child, "winner", "CF020", said("campaign.winner"))
    if isinstance(value.get("counters"), dict):
        counters = node.child("counters")
        for key, counter in counters.items():
            if not isinstance(counter.value, int) or isinstance(counter.value, bool):
                report.error(counter.path, counter.line, counter.col, "CF020", said("campaign.counter", counter=key))
    if isinstance(value.get("dran_track"), list):
        _int_list(node, "dran_track", report)


def _check_saved_game(node: Node, report: Report) -> None:
    """`in_progress` is null, or a saved game: JSON text (as saved) or a mapping (written by hand)."""
    game = node.value.get("in_progress")
    if game is None or isinstance(game, dict):
        return
    if isinstance(game, str):
        try:
            if isinstance(json.loads(game), dict):
                return
        except ValueError as e:
            _err(report, node, "in_progress", "CF022", said("campaign.unreadable_game", error=str(e)))
            return
    _err(report, node, "in_progress", "CF020", said("campaign.in_progress"))


def _items(node: Node, key: str, fields: Mapping[str, Field], what: str, report: Report) -> None:
    if isinstance(node.value.get(key), list):
        for i, child in enumerate(node.child(key).elements()):
            check_fields(child, fields, report, said(what, n=i + 1))


def _int_list(node: Node, key: str, report: Report) -> None:
    listing = node.child(key)
    if not isinstance(listing.value, list):
        return
    for item in listing.elements():
        if not isinstance(item.value, int) or isinstance(item.value, bool):
            report.error(item.path, item.line, item.col, "CF020", said("campaign.whole_numbers", key=key))


def _err(report: Report, node: Node, key: str, code: str, message: Said) -> None:
    line, col = node.value_pos(key)
    report.error(node.path, line, col, code, message)
