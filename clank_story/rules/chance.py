"""The game's own draws of chance, from its one seeded RNG (`game.rng`): the very numbers `random.Random`'s
`shuffle` and `randrange` give, without a call into `random.py` for every card moved (a reshuffled
discard pile made a dozen of them, issue 20). A subclass of `random.Random` that draws its own way is
asked through its own methods."""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`: Fisher-Yates from the end, each index drawn as `Random._randbelow` draws it."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:  # rejection sampling, as `_randbelow_with_getrandbits`
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for a positive `n`."""
    if type(rng) is not random.Random or n <= 0:
        return rng.randrange(n)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r
