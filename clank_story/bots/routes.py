"""Shortest routes in Boots: the cost of every space to a target, for one kind of traveller.

A traveller is described by what it may use (Master Key, Canoe, coaches) and how it prices monsters
and exhausting spaces; results are cached per board, so asking again on the next action is cheap.
"""

from __future__ import annotations

import functools
import heapq
from typing import NamedTuple

from clank_story.rules.model import Board

INF = float("inf")


class Traveller(NamedTuple):
    """Who walks: what it may use and how it prices a road (a named tuple: part of the key of every
    remembered road, hashed and compared in C)."""

    kinds: frozenset[str] = frozenset()  # token kinds held: a Master Key opens locks, a Canoe crosses water
    monster: float = 1.0  # Boots-equivalent of one monster on a path
    exhaust: float = 1.0  # Boots-equivalent of being stopped by an exhausting space
    coach: float | None = None  # Boots-equivalent of one Gold of coach fare; None: no coaches
    gold: int = 0  # coaches whose fare is more than this are out of reach


@functools.lru_cache(maxsize=512)
def costs_to(board: Board, target: str, who: Traveller) -> dict[str, float]:
    """Cost from every space to `target`. Paths into the start are only for reaching the start."""
    back: dict[str, list[tuple[str, float]]] = {}
    for a in board.spaces:
        for b, path in board.exits(a):
            if not path.passable(who.kinds):
                continue
            if b == board.start and target != board.start:
                continue
            cost = path.boots + path.monsters * who.monster
            if board.spaces[b].exhausting:
                cost += who.exhaust
            back.setdefault(b, []).append((a, cost))
    if who.coach is not None:
        stops = [s for s in board.spaces.values() if s.coach is not None]
        for a in stops:
            for b in stops:
                fare = (a.coach or 0) + (b.coach or 0)
                if a.id != b.id and fare <= who.gold and (b.id != board.start or target == board.start):
                    back.setdefault(b.id, []).append((a.id, 1 + who.coach * fare))
    dist = {target: 0.0}
    todo = [(0.0, target)]
    while todo:
        d, here = heapq.heappop(todo)
        if d > dist.get(here, INF):
            continue
        for prev, cost in back.get(here, ()):
            nd = d + cost
            if nd < dist.get(prev, INF):
                dist[prev] = nd
                heapq.heappush(todo, (nd, prev))
    return dist

