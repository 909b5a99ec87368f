"""A card's block of quiet effects resolves at once (queue.resolve) exactly as queueing it and running
the queue would: the same events, the same state and RNG, for cards of both boards, in positions met
all through a whole game of random bots."""

from __future__ import annotations

import random

import pytest

from clank_story.authoring.sim import board_ruleset
from clank_story.bots.random_bot import RandomBot
from clank_story.rules import engine, queue
from clank_story.rules.setup import setup_game
from clank_story.rules.state import Game

TIMINGS = ("play", "acquire", "use", "defeat")


def _positions(board: str, seed: int, every: int) -> list[Game]:
    """Snapshots of a whole game of random bots, one every `every` commands."""
    ruleset = board_ruleset(board)
    game = setup_game(ruleset, seed, {"players": [{"name": f"P{i}", "bot": "random"} for i in range(4)]})
    bot, found, n = RandomBot(), [], 0
    while not game.over and n < 2000:
        if n % every == 0 and game.pending is None and not game.queue:
            found.append(Game.from_dict(game.to_dict(), ruleset))
        engine.apply(game, bot.choose(game))
        n += 1
    return found


@pytest.mark.parametrize("board", ["cinder-halls", "brackenmoor"])
def test_a_quiet_block_resolves_as_the_queue_would_resolve_it(board: str) -> None:
    ruleset = board_ruleset(board)
    blocks = [(card.id, card.block(t)) for card in ruleset.cards.values() for t in TIMINGS if card.block(t)]
    quiet = [(src, block) for src, block in blocks if queue._plan(block) is not None]
    assert quiet and len(quiet) < len(blocks)  # both kinds are met
    pick = random.Random(7)
    for position in _positions(board, 3, 9):
        for src, block in pick.sample(blocks, 12):
            now, later = (Game.from_dict(position.to_dict(), ruleset) for _ in range(2))
            events_now: list = []
            queue.resolve(now, now.me, block, src, events_now)
            queue.run(now, events_now)
            events_later: list = []
            queue.enqueue(later, later.me, block, src)
            queue.run(later, events_later)
            assert events_now == events_later
            assert now.to_dict() == later.to_dict()
