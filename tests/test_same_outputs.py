"""Same seed, same output, byte for byte, across the speed work (issue 20): sim reports (classic, legacy
with the book, planners, in one process and in two), a story-coverage report of whole campaigns with
narration, and whole games told by `run` (bots, and hot-seat scripts) in both rulesets.

The pinned files under tests/data/same/pinned/ were written by main *before* the speed changes (from a
worktree of main without them: bf1bf22, then bd8db34, 2a793bc and 00941ad as main was merged in, since main's own changes
to the words retell the hot-seat games), so this test proves the faster engine, bots and sim play the
very same games. A change that is meant to alter one of these outputs rewrites them with

    UPDATE_SAME=1 python -m pytest tests/test_same_outputs.py

and says why in its commit (the goldens under tests/golden/ stay as they are).

Every output comes from a fresh `python -m clank_story` process, as the goldens run it (fixed hash
seed, English, no cache); the processes are started together, so the module takes the time of the
slowest few rather than of all of them."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "tests" / "data" / "same"
PINNED = HERE / "pinned"
UPDATE = os.environ.get("UPDATE_SAME") == "1"
EMPTY = HERE / "empty.txt"

SIMS = {
    "sim-classic.json": ["sim", "--games", "24", "--seed", "3", "--json"],
    "sim-classic-planners.txt": ["sim", "--games", "8", "--players", "planner,planner,planner,planner",
                                 "--seed", "9"],
    "sim-legacy.json": ["sim", "--games", "8", "--board", "brackenmoor", "--players",
                        "random,planner,greedy,storyteller", "--seed", "5", "--json"],
    "sim-legacy-random.txt": ["sim", "--games", "12", "--board", "brackenmoor", "--players",
                              "random,random,random,random", "--seed", "7", "--jobs", "2"],
    "coverage.json": ["sim", "--campaign", "gilt-and-gristle", "--campaigns", "1", "--seed", "1", "--narration",
                      "--json"],
}

GAMES = {
    "classic-bots.out": (EMPTY, "classic-bots.yaml"),
    "legacy-bots.out": (EMPTY, "legacy-bots.yaml"),
    "classic-hotseat.out": (HERE / "classic-hotseat.txt", "classic-hotseat.yaml"),
    "legacy-hotseat.out": (HERE / "legacy-hotseat.txt", "legacy-hotseat.yaml"),
}

COMMANDS = {**SIMS, **{name: ["run", str(script), "--scenario", str(HERE / scenario)]
                       for name, (script, scenario) in GAMES.items()}}


@functools.cache
def started() -> dict[str, subprocess.Popen[bytes]]:
    """Every command's process, started at once (the slowest first)."""
    env = {**os.environ, "CLANK_STORY_CACHE": "off", "PYTHONHASHSEED": "0", "CLANK_STORY_LANG": "en"}
    return {name: subprocess.Popen([sys.executable, "-m", "clank_story", *args], cwd=ROOT, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for name, args in COMMANDS.items()}


def output(name: str) -> bytes:
    out, err = started()[name].communicate(timeout=600)
    assert started()[name].returncode == 0, err.decode()
    return out


def same(name: str) -> None:
    told = output(name)
    pinned = PINNED / name
    if UPDATE:
        pinned.parent.mkdir(parents=True, exist_ok=True)
        pinned.write_bytes(told)
    assert told == pinned.read_bytes(), f"{pinned} differs from what main wrote before the speed work"


@pytest.mark.parametrize("name", SIMS)
def test_a_sim_report_is_the_same(name: str):
    same(name)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_is_told_the_same(name: str):
    same(name)


def test_the_pinned_outputs_are_whole_games_and_real_reports():
    """The pins are worth comparing: games end, reports count games and campaigns."""
    for name in GAMES:
        text = (PINNED / name).read_text(encoding="utf-8")
        assert "The game is over" in text or "And that is the end" in text, name
    assert re.search(r'"games": 24', (PINNED / "sim-classic.json").read_text(encoding="utf-8"))
    assert re.search(r'"games": 8', (PINNED / "sim-legacy.json").read_text(encoding="utf-8"))
    assert '"campaigns": 1' in (PINNED / "coverage.json").read_text(encoding="utf-8")
    assert "planner" in (PINNED / "sim-classic-planners.txt").read_text(encoding="utf-8")
    assert "12 games" in (PINNED / "sim-legacy-random.txt").read_text(encoding="utf-8")
