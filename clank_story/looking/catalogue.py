"""The card catalogue and board listings behind `clank-story cards` and `clank-story board`:
plain data (JSON) and readable text, generated from the content so they never disagree with play."""

from __future__ import annotations

from typing import Any

from clank_story.content.library import ROW_DECKS, Catalog
from clank_story.narrate.lines import Narrator, describe_block
from clank_story.rules.model import TIMINGS, Board, CardDef, Ruleset
from clank_story.words import say


def card_record(card: CardDef) -> dict[str, Any]:
    """A card with the contract keys of DESIGN.md §3 (count included)."""
    record: dict[str, Any] = {
        "id": card.id, "name": card.name, "kind": card.kind, "types": list(card.types), "cost": card.cost,
        "points": card.points, "count": card.count, "dragon": card.dragon, "danger": card.danger,
    }
    if card.only:
        record["only"] = card.only
    for timing in TIMINGS:
        block = card.block(timing)
        if block:
            record[timing] = [dict(m) for m in block] if len(block) > 1 else dict(block[0])
    if card.flavor:
        record["flavor"] = card.flavor
    return record


def _sections(rules: Ruleset) -> list[tuple[str, list[CardDef]]]:
    cards = rules.cards
    start = list(dict.fromkeys(rules.starting))
    deck = list(dict.fromkeys(rules.deck))
    return [("starting", [cards[c] for c in start]), ("reserve", [cards[c] for c in rules.reserve]),
            ("deck", [cards[c] for c in deck])]


def card_records(rules: Ruleset) -> list[dict[str, Any]]:
    return [card_record(c) for _, cards in _sections(rules) for c in cards]


def cards_text(rules: Ruleset) -> str:
    narrator = Narrator()

    def name(card_id: str) -> str:
        card = rules.cards.get(card_id)
        return card.name if card else card_id

    deck_word = ROW_DECKS[rules.name]
    deck_name = say(f"catalogue.deck.{deck_word}")
    lines = [say("catalogue.cards.header", ruleset=say(f"play.ruleset.{rules.name}"), distinct=len(set(rules.deck)),
                 copies=len(rules.deck), deck=deck_name)]
    for section, cards in _sections(rules):
        lines.append("")
        lines.append(say(f"catalogue.cards.section.{section}", deck=deck_name))
        for c in cards:
            lines.append(say("catalogue.cards.line",
                name=c.name, id=c.id, kind=say(f"look.kind.{c.kind}"), cost=say(f"catalogue.cards.cost.{c.kind}", n=c.cost),
                points=say("catalogue.cards.points", n=c.points) if c.points else "",
                count=say("catalogue.cards.count", n=c.count),
                marks=(say("catalogue.cards.dragon") if c.dragon else "") + (say("catalogue.cards.danger") if c.danger else "")
                + (say("catalogue.cards.only", where=say(f"catalogue.only.{c.only}")) if c.only else "")))
            for timing in TIMINGS:
                block = c.block(timing)
                if block:
                    lines.append(say("catalogue.cards.timing", timing=say(f"catalogue.timing.{timing}"),
                                                          text=describe_block(narrator, block, name)))
            if c.flavor:
                lines.append(say("catalogue.cards.flavor", text=c.flavor))
    return "\n".join(lines)


def boards_text(cat: Catalog) -> str:
    return "\n".join(say("catalogue.board.list", id=b.id, name=b.name, ruleset=say(f"play.ruleset.{b.ruleset}"),
                         spaces=len(b.spaces), paths=len(b.paths))
                     for b in sorted(cat.boards.values(), key=lambda b: b.id))


FEATURES = ("artifact", "minor_secrets", "major_secrets", "monkey_idols", "depths", "exhausting", "market",
            "coach", "waypoint", "heal", "gold", "draw", "magic_circle", "mystic_fruit")


def _features(board: Board, space_id: str) -> list[str]:
    space = board.spaces[space_id]
    out = []
    for f in FEATURES:
        value = getattr(space, f)
        if value not in (None, 0, False, ""):
            out.append(say(f"catalogue.feature.{f}", n=value))
    return out


def _needs(path) -> list[str]:
    out = []
    if path.boots != 1:
        out.append(say("catalogue.need.boots", n=path.boots))
    if path.monsters:
        out.append(say("catalogue.need.monsters", n=path.monsters))
    for flag in ("locked", "water", "one_way"):
        if getattr(path, flag):
            out.append(say(f"catalogue.need.{flag}"))
    return out


def board_text(board: Board) -> str:
    sep = say("catalogue.board.features.sep")
    lines = [say("catalogue.board.header", name=board.name, id=board.id, ruleset=say(f"play.ruleset.{board.ruleset}"),
                 start=board.start,
                                      track=list(board.rage_track))]
    for sid, space in board.spaces.items():
        feats = _features(board, sid)
        lines.append(say("catalogue.board.space", name=space.name, id=sid, features=(": " + sep.join(feats)) if feats else ""))
        for dest, path in board.exits(sid):
            needs = _needs(path)
            lines.append(say("catalogue.board.exit", name=board.spaces[dest].name, id=dest,
                                                needs=(" (" + sep.join(needs) + ")") if needs else ""))
    return "\n".join(lines)
