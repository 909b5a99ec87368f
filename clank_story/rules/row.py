"""The dungeon (classic) or adventure (legacy) row: first deal, refills, replacing a card."""

from __future__ import annotations

from clank_story.rules import effects
from clank_story.rules import events as ev
from clank_story.rules.state import Game

ROW_SIZE = 6


def _next_card(game: Game) -> str | None:
    if not game.deck:
        if not game.deck_discard:
            return None
        game.deck = game.deck_discard
        game.deck_discard = []
        game.rng.shuffle(game.deck)
    return game.deck.pop(0)


def first_deal(game: Game) -> None:
    """The first deal replaces dragon-symbol cards (and legacy Events), then shuffles them back."""
    set_aside: list[str] = []
    while len(game.row) < ROW_SIZE and game.deck:
        card_id = game.deck.pop(0)
        card = game.card(card_id)
        if card.dragon or card.kind == "event":
            set_aside.append(card_id)
        else:
            game.row.append(card_id)
    if set_aside:
        game.deck.extend(set_aside)
        game.rng.shuffle(game.deck)


def refill(game: Game, out: list[ev.Event]) -> bool:
    """Fill the row to six. Events resolve (Arrive) and are discarded; returns whether a newly
    revealed card shows the dragon symbol."""
    dragon = False
    me = game.me
    resolved: list[str] = []  # events wait here so one refill never reshuffles them back in
    while len(game.row) < ROW_SIZE:
        card_id = _next_card(game)
        if card_id is None:
            break
        card = game.card(card_id)
        dragon = dragon or card.dragon
        out.append(ev.CardRevealed(card_id, card.dragon, card.kind == "event"))
        if card.kind == "event":
            resolved.append(card_id)
        else:
            game.row.append(card_id)
        effects.enqueue(game, me, card.block("arrive"), card_id, watch=False)
    game.deck_discard.extend(resolved)
    return dragon


def replace_row_card(game: Game, slot: int, out: list[ev.Event]) -> None:
    card_id = game.row.pop(slot)
    game.deck_discard.append(card_id)
    out.append(ev.RowCardRemoved(card_id))
    new = _next_card(game)
    if new is not None:
        game.row.insert(slot, new)
        card = game.card(new)
        out.append(ev.CardRevealed(new, card.dragon, card.kind == "event"))
