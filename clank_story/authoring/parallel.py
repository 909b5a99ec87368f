"""Playing many seeded games (or campaigns) in several processes with the same result as in one: each
item is a pure function of its index, chunks are submitted in order and gathered back in order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

T = TypeVar("T")


def _chunk(play: Callable[[Any, int], T], spec: Any, indices: Sequence[int]) -> list[T]:
    return [play(spec, i) for i in indices]


def run_indexed(play: Callable[[Any, int], T], spec: Any, count: int, jobs: int = 1,
                progress: Callable[[int], None] | None = None, chunk: int = 1) -> list[T]:
    """`[play(spec, 0), ..., play(spec, count - 1)]`, in `jobs` processes of `chunk` items at a time;
    `progress(n)` hears of each finished batch. `play` must be a module-level function (picklable)."""
    indices = list(range(count))
    if jobs <= 1 or count < 2:
        out = []
        for i in indices:
            out.append(play(spec, i))
            if progress:
                progress(1)
        return out
    chunks = [indices[k:k + chunk] for k in range(0, len(indices), chunk)]
    results: dict[int, list[T]] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_chunk, play, spec, c): n for n, c in enumerate(chunks)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if progress:
                progress(len(chunks[futures[future]]))
    return [r for n in range(len(chunks)) for r in results[n]]
