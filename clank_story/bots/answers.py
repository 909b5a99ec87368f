"""Answering pending questions (`choose N`) the way a sensible player would."""

from __future__ import annotations

from clank_story.bots import knowledge as kn
from clank_story.rules.commands import Choose
from clank_story.rules.state import Game


def answer(game: Game, w: kn.Weights) -> Choose:
    pending = game.pending
    assert pending is not None
    p = game.player(pending["p"])
    options = pending["options"]
    avg = kn.deck_average(game, p, w)
    none = next((i for i, o in enumerate(options) if o.get("none")), None)
    q = pending["q"]

    def card_value(card_id: str) -> float:
        return kn.card_play_value(game, p, game.ruleset.cards.get(card_id), w, avg)

    if q == "trash":
        # Thin the deck: the weakest card goes if it is clearly below the deck's average.
        scored = [(card_value(o["card"]), i) for i, o in enumerate(options) if "card" in o]
        if scored:
            value, i = min(scored)
            if value < avg - 0.05 or none is None:
                return Choose(i + 1)
    elif q == "discard":
        gain = kn.block_value(game, p, pending.get("then"), w, avg)
        scored = [(card_value(o["card"]), i) for i, o in enumerate(options) if "card" in o]
        if scored:
            value, i = min(scored)
            if gain > value or none is None:
                return Choose(i + 1)
    elif q == "choose":
        scored = [(kn.block_value(game, p, o.get("block"), w, avg), -i) for i, o in enumerate(options)]
        return Choose(-max(scored)[1] + 1)
    elif q == "secret_adjacent":
        scored = [(kn.secret_worth(game, o["space"]), -i) for i, o in enumerate(options) if "space" in o]
        if scored:
            return Choose(-max(scored)[1] + 1)
    elif q == "replace_row":
        # Clear away a dragon-symbol card nobody can use yet; otherwise leave the row alone.
        for i, o in enumerate(options):
            card = game.ruleset.cards.get(o.get("card", ""))
            if card is not None and card.kind == "monster" and card.cost > 4 and card.dragon:
                return Choose(i + 1)
    if none is not None:
        return Choose(none + 1)
    return Choose(1)
