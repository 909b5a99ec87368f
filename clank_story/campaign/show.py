"""`campaign show`: the franchise's status, mission reports and franchise board as lines of text (every
word from locale/<lang>/campaign.yaml or the definition), or as JSON-ready data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clank_story.campaign.definition import Definition
from clank_story.campaign.model import NO_LEVEL, Campaign
from clank_story.words import has, say


def status_lines(campaign: Campaign, definition: Definition | None = None,
                 card_name: Callable[[str], str] = str, board_name: Callable[[str], str] = str) -> list[str]:
    name = definition.name if definition else campaign.definition
    lines = [say("campaign.show.title", franchise=campaign.franchise, name=name, definition=campaign.definition)]
    total = len(definition.games) if definition else None
    game = definition.game(campaign.game_number) if definition else None
    if definition and game is None:
        lines.append(say("campaign.show.complete", total=total))
    elif game is not None:
        lines.append(say("campaign.show.next", game=campaign.game_number, total=total, board=board_name(game.board)))
    else:
        lines.append(say("campaign.show.next_unknown", game=campaign.game_number))
    if campaign.in_progress is not None:
        lines.append(say("campaign.show.in_progress"))

    lines.append(say("campaign.show.employees"))
    people = [e.name for e in campaign.players if not e.bot]
    for e in campaign.players:
        level = (definition.level_name(e.status.level) if definition and e.status.level != NO_LEVEL
                 else say("campaign.level.none") if e.status.level == NO_LEVEL else e.status.level)
        key = "campaign.show.employee_bot" if e.bot else "campaign.show.employee"
        colour = say(f"campaign.colour.{e.colour}") if has(f"campaign.colour.{e.colour}") else e.colour
        lines.append(say(key, name=e.name, colour=colour, characters=_list(e.characters), level=level,
                         checkmarks=e.status.checkmarks, ticked=len(e.goals.ticked), rows=len(e.goals.rows_done),
                         you=people == [e.name]))  # the one person at the keyboard is "you"

    lines.append(say("campaign.show.reports"))
    if not campaign.mission_reports:
        lines.append(say("campaign.show.none_yet"))
    for r in campaign.mission_reports:
        scores = say("words.list.sep").join(say(f"campaign.show.score.{_outcome(r, n)}", name=n, score=s) for n, s in r.scores.items())
        key = "campaign.show.report" if r.winner else "campaign.show.report_no_mvp"
        lines.append(say(key, game=r.game, board=board_name(r.board), winner=r.winner, scores=scores))
        if r.notes:
            lines.append(say("campaign.show.notes", notes=r.notes))

    lines.append(say("campaign.show.board"))
    stickers = [definition.stickers[s.id].name if definition and s.id in definition.stickers else s.id
                for s in campaign.stickers]
    boxes = len(definition.dran_track) if definition else len(campaign.dran_track)
    rules = [definition.rules[r].name if definition and r in definition.rules else r for r in campaign.unlocked_rules]
    contracts = [definition.contracts[c].name if definition and c in definition.contracts else c
                 for c in campaign.contract_row]
    for key, value in (
        ("stickers", _list(stickers)),
        ("dran", say("campaign.show.dran_marks", marks=_track(len(campaign.dran_track), boxes),
                     n=len(campaign.dran_track)) if boxes or campaign.dran_track else _list([])),
        ("contracts", _list(contracts)),
        ("destroyed", _list([card_name(c) for c in campaign.destroyed_cards])),
        ("cardporium", _list([card_name(c) for c in campaign.cardporium_cards])),
        ("rules", _list(rules)),
        ("flags", _list([k if v is True else f"{k}={v}" for k, v in campaign.flags.items()])),
        ("counters", _list([f"{k}={v}" for k, v in campaign.counters.items()])),
    ):
        lines.append(say(f"campaign.show.{key}", value=value))
    return lines


def _outcome(r: Any, name: str) -> str:
    return "escaped" if name in r.escaped else "knocked_out" if name in r.knocked_out else "plain"


def _list(items: list[str]) -> str:
    return say("words.list.sep").join(items) if items else say("campaign.show.nothing")


def _track(marks: int, boxes: int) -> str:
    return " ".join(["X"] * marks + ["_"] * max(0, boxes - marks))


def as_json(campaign: Campaign) -> dict[str, Any]:
    """The campaign as JSON-ready data (the saved game as data, not as its JSON text)."""
    return campaign.to_dict()
