"""Whole games of bots for tests that look at every state met: the bots draw from a side RNG, so the
states are what the game's own seed makes them, whatever the bots are."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from clank_story.bots.base import Bot
from clank_story.rules import engine
from clank_story.rules.commands import Choose
from clank_story.rules.state import Game


def played(game: Game, bots: Mapping[str, Bot], side: random.Random, steps: int) -> Iterator[Game]:
    """`game` before each of up to `steps` commands, then once more at the end (over, or out of steps);
    a question is answered at random from `side`."""
    for _ in range(steps):
        yield game
        if game.over:
            return
        real, game.rng = game.rng, side
        try:
            command = bots[game.me.name].choose(game) if game.pending is None else \
                Choose(side.randrange(len(game.pending["options"])) + 1)
        finally:
            game.rng = real
        engine.apply(game, command)
