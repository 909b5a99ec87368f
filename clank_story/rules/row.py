"""The dungeon (classic) or adventure (legacy) row: first deal, refills, replacing a card.

Every card turned over into the row, at a refill or in the middle of a turn, is revealed the same
way: an Event resolves (its Arrive text) and is discarded, so the slot is dealt again; any other card
takes the slot and its Arrive text resolves. A dragon symbol among the newly revealed cards makes the
dragon attack once, when the turn ends (docs/rules.md)."""

from __future__ import annotations

from clank_story.rules import chance
from clank_story.rules import events as ev
from clank_story.rules.model import CardDef
from clank_story.rules.queue import enqueue
from clank_story.rules.state import ATTACK, Game

ROW_SIZE = 6


def _next_card(game: Game) -> str | None:
    if not game.deck:
        if not game.deck_discard:
            return None
        game.deck = game.deck_discard
        game.deck_discard = []
        chance.shuffle(game.rng, game.deck)
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
        chance.shuffle(game.rng, game.deck)


def _deal(game: Game, resolved: list[str], out: list[ev.Event]) -> list[CardDef]:
    """Turn cards over until one takes a slot (or both piles are empty). Events wait in `resolved`
    until the dealing is done, so one refill never reshuffles them back in. Returns the revealed
    cards, in order; the last one takes the slot unless it is an Event."""
    revealed: list[CardDef] = []
    while True:
        card_id = _next_card(game)
        if card_id is None:
            return revealed
        card = game.card(card_id)
        revealed.append(card)
        out.append(ev.CardRevealed(card_id, card.dragon, card.kind == "event"))
        if card.kind != "event":
            return revealed
        resolved.append(card_id)


def refill(game: Game, out: list[ev.Event]) -> bool:
    """Fill the row to six. Events resolve (Arrive) and are discarded; returns whether a newly
    revealed card shows the dragon symbol."""
    dragon = False
    me = game.players[game.active]
    resolved: list[str] = []
    while len(game.row) < ROW_SIZE:
        revealed = _deal(game, resolved, out)
        for card in revealed:
            dragon = dragon or card.dragon
            enqueue(game, me, card.block("arrive"), card.id, watch=False)
        if not revealed or revealed[-1].kind == "event":
            break
        game.row.append(revealed[-1].id)
    game.deck_discard.extend(resolved)
    return dragon


def replace_row_card(game: Game, slot: int, out: list[ev.Event]) -> None:
    """A card leaves the row for the discard pile and its slot is dealt again, mid-turn: what is
    revealed resolves now (before the rest of the effect that replaced it), and a dragon symbol makes
    the dragon attack when the turn ends rather than at once."""
    card_id = game.row.pop(slot)
    game.deck_discard.append(card_id)
    out.append(ev.RowCardRemoved(card_id))
    resolved: list[str] = []
    revealed = _deal(game, resolved, out)
    if revealed and revealed[-1].kind != "event":
        game.row.insert(slot, revealed[-1].id)
    game.deck_discard.extend(resolved)
    for card in reversed(revealed):  # each in front of the queue: they resolve in the order revealed
        enqueue(game, game.players[game.active], card.block("arrive"), card.id, front=True, watch=False)
    dragon = next((card for card in revealed if card.dragon), None)
    if dragon is not None and game.turn.ending < ATTACK:
        game.turn.dragon_due = True
        out.append(ev.DragonAlerted(dragon.id))
