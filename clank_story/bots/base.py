"""What every bot offers: the next command for the active seat."""

from __future__ import annotations

import functools
from collections import deque

from clank_story.rules.commands import Command
from clank_story.rules.model import Board
from clank_story.rules.state import Game


class Bot:
    name = "bot"

    def choose(self, game: Game) -> Command:
        raise NotImplementedError


@functools.lru_cache(maxsize=32)
def distances_to(board: Board, target: str) -> dict[str, int]:
    """Paths (not Boots) from every space to `target`, respecting one-way paths and ignoring
    locked and water paths, which a bot may not be able to use."""
    back: dict[str, list[str]] = {}
    for p in board.paths:
        if p.needs:  # a lock or water: not every bot can pass
            continue
        back.setdefault(p.b, []).append(p.a)
        if not p.one_way:
            back.setdefault(p.a, []).append(p.b)
    dist = {target: 0}
    todo = deque([target])
    while todo:
        here = todo.popleft()
        for prev in back.get(here, ()):
            if prev not in dist:
                dist[prev] = dist[here] + 1
                todo.append(prev)
    return dist
