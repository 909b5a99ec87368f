"""The game's draws of chance are the very draws `random.Random` makes: the same shuffles and numbers, and
the RNG left in the same state, so a seed plays the same game as before (rules/chance.py)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from clank_story.rules import chance


@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(0, 60), max_size=12))
def test_a_shuffle_is_the_one_random_random_makes(seed, sizes):
    theirs, ours = random.Random(seed), random.Random(seed)
    for n in sizes:
        a, b = list(range(n)), list(range(n))
        theirs.shuffle(a)
        chance.shuffle(ours, b)
        assert a == b
    assert theirs.getstate() == ours.getstate()


@given(seed=st.integers(0, 2**32), bounds=st.lists(st.integers(1, 10**6), max_size=20))
def test_a_number_below_a_bound_is_the_one_randrange_draws(seed, bounds):
    theirs, ours = random.Random(seed), random.Random(seed)
    assert [theirs.randrange(n) for n in bounds] == [chance.below(ours, n) for n in bounds]
    assert theirs.getstate() == ours.getstate()


def test_an_rng_of_another_kind_is_asked_through_its_own_methods():
    class Loaded(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

        def randrange(self, *args, **kwargs):  # type: ignore[override]
            return 0

    items = [1, 2, 3]
    chance.shuffle(Loaded(1), items)
    assert items == [3, 2, 1]
    assert chance.below(Loaded(1), 10) == 0
