"""Moving cards between a player's piles."""

from __future__ import annotations

from clank_story.rules import chance
from clank_story.rules import events as ev
from clank_story.rules.state import Game, Player


def draw(game: Game, p: Player, count: int, out: list[ev.Event]) -> None:
    """Draw from your deck; when it is empty, shuffle your discard pile to make a new one."""
    drawn = 0
    reshuffled = False
    for _ in range(count):
        if not p.deck:
            if not p.discard:
                break
            p.deck = p.discard
            p.discard = []
            chance.shuffle(game.rng, p.deck)
            reshuffled = True
        p.hand.append(p.deck.pop(0))
        drawn += 1
    if drawn or reshuffled:
        out.append(ev.CardsDrawn(p.name, drawn, reshuffled))


def draw_hand(game: Game, p: Player, out: list[ev.Event]) -> None:
    draw(game, p, 5, out)


def clear_play_area(p: Player) -> None:
    p.discard.extend(p.in_play)
    p.in_play.clear()
