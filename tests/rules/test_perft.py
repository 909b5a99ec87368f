"""Perft: the exact number of legal commands at depth 1 and 2 from fixed positions of both rulesets
(tests/data/perft/positions.yaml). A count that moves is a change in what the rules allow: if it was
meant, recount with `python tools/perft.py --write` and say why in the commit."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from perft import load, perft, position

POSITIONS = load()


def test_the_perft_file_has_at_least_thirty_positions_of_both_rulesets():
    assert len(POSITIONS) >= 30
    assert {p["scenario"]["ruleset"] for p in POSITIONS} == {"classic", "legacy"}
    assert len({p["id"] for p in POSITIONS}) == len(POSITIONS)


@pytest.mark.parametrize("entry", POSITIONS, ids=[p["id"] for p in POSITIONS])
def test_legal_command_counts_at_depth_one_and_two(entry):
    game = position(entry)
    assert (perft(game, 1), perft(game, 2)) == (entry["depth1"], entry["depth2"])
