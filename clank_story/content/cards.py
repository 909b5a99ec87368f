"""Card files: a `cards:` list (plus the file's ruleset and which pile it builds)."""

from __future__ import annotations

from dataclasses import dataclass

from clank_story.content import schema
from clank_story.content.diagnostics import Report, said
from clank_story.content.effects_check import Refs, check_block
from clank_story.content.yamlio import Node, plain
from clank_story.rules.model import TIMINGS, CardDef, as_block


@dataclass(frozen=True)
class CardFile:
    """One card file: its ruleset, its deck and the cards in it."""

    path: str
    ruleset: str  # classic | legacy | both
    deck: str  # starting | reserve | dungeon | adventure | extra
    cards: tuple[CardDef, ...]


def card_from_node(node: Node, report: Report, refs: Refs, *, reserve: bool = False) -> CardDef | None:
    if not schema.check_fields(node, schema.CARD, report, said("what.card")):
        return None
    data = plain(node.value)
    errors = len(report.errors)
    for timing in TIMINGS:
        if timing in node.value:
            check_block(node.child(timing), report, refs, scoring=timing == "score")
    if len(report.errors) > errors:
        return None
    effects = {t: as_block(data[t]) for t in TIMINGS if data.get(t)}
    kind = data.get("kind", "item")
    return CardDef(
        id=data["id"], name=data["name"], kind=kind, types=tuple(data.get("types", ())),
        cost=data.get("cost", 0), points=data.get("points", 0), count=data.get("count", 1),
        dragon=data.get("dragon", False), danger=data.get("danger", False), only=data.get("only"),
        flavor=data.get("flavor", ""), effects=effects, reserve=reserve,
        stays=data.get("stays", reserve and kind == "monster"), ruleset=data.get("ruleset"),
    )


def load_card_file(node: Node, report: Report, refs: Refs) -> CardFile:
    cards: list[CardDef] = []
    if schema.check_fields(node, schema.CARD_FILE, report, said("what.card_file")):
        deck = node.value.get("deck", "extra")
        listing = node.child("cards")
        if isinstance(listing.value, list):
            for child in listing.elements():
                card = card_from_node(child, report, refs, reserve=deck == "reserve")
                if card is not None:
                    cards.append(card)
        return CardFile(node.path, str(node.value.get("ruleset", "both")), str(deck), tuple(cards))
    return CardFile(node.path, "both", "extra", ())
