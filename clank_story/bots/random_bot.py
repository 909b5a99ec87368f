"""A random-but-legal rival: plays all its cards, then picks among affordable actions at random,
heading for an artifact until it holds one and for the exit afterwards."""

from __future__ import annotations

import functools

from clank_story.bots.base import Bot, distances_to
from clank_story.rules.commands import Choose, Command, End, PlayAll, Take
from clank_story.rules.legal import iter_card_commands, legal_takes, legal_walks
from clank_story.rules.model import Board
from clank_story.rules.state import Game

BIG = 1_000
_WANTED = (Take("artifact"), Take("secret"), Take("idol"))  # the tokens it takes, in that preference


class RandomBot(Bot):
    name = "random"

    def choose(self, game: Game) -> Command:
        rng = game.rng
        if game.pending is not None:
            return Choose(rng.randrange(len(game.pending["options"])) + 1)
        p = game.me
        if p.hand:
            return PlayAll()
        # The parts of legal_commands(game) it weighs, each in that list's order (rules/legal.py), so
        # the seeded choices below are the ones the whole list would give.
        takes = legal_takes(game)
        for want in _WANTED:
            if want in takes:
                return want
        board = game.board
        goal = distances_to(board, board.start) if p.artifacts else _nearest_artifact(game)
        here = goal.get(p.space, BIG)
        # Only walks that come no further from the goal are ever chosen, so only those are judged.
        moves = legal_walks(game, toward=lambda dest: goal.get(dest, BIG) <= here)
        closer = [m for m in moves if goal.get(m.to, BIG) < here]
        cards = iter_card_commands(game)  # judged as drawn: often only whether there is one matters
        first = next(cards, None)
        if closer and (first is None or rng.random() < 0.6):
            return rng.choice(closer)
        buys = [] if first is None else [first, *cards]
        if buys and rng.random() < 0.8:
            return rng.choice(buys)
        sideways = [m for m in moves if goal.get(m.to, BIG) <= here and m.to != board.start]
        if sideways and not closer and rng.random() < 0.3:
            return rng.choice(sideways)
        return End()


def _nearest_artifact(game: Game) -> dict[str, int]:
    return _nearest(game.board, tuple(game.artifacts))


@functools.lru_cache(maxsize=256)
def _nearest(board: Board, spaces: tuple[str, ...]) -> dict[str, int]:
    """Paths to the nearest of the artifacts still lying at `spaces` (cached; read-only result)."""
    best: dict[str, int] = {}
    for space in spaces:
        for s, d in distances_to(board, space).items():
            if d < best.get(s, BIG):
                best[s] = d
    return best
