"""Perft for the rules engine: count legal commands to depth 1 and 2 from the fixed positions of
tests/data/perft/positions.yaml, and compare with (or, with --write, record) the counts stored there.

    python tools/perft.py            # print each position's counts and whether they match
    python tools/perft.py --write    # store the counts in the file (after an intended rules change)
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from clank_story.content.scenario import load_scenario
from clank_story.rules.engine import apply
from clank_story.rules.legal import legal_commands
from clank_story.rules.parse import parse
from clank_story.rules.setup import setup_game
from clank_story.rules.state import Game

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "tests" / "data" / "perft" / "positions.yaml"
ANCHOR = ROOT / "tests" / "data" / "scenarios" / "inline.yaml"  # test boards and cards are found from here


def position(entry: dict[str, Any]) -> Game:
    pos = load_scenario(ANCHOR, data=dict(entry["scenario"]))
    game = setup_game(pos.ruleset, pos.seed, pos.scenario)
    for text in entry.get("moves", []):
        apply(game, parse(text, game), text)
    return game


def perft(game: Game, depth: int) -> int:
    """Leaf count at `depth`: every legal command applied to a copy of the game, recursively."""
    commands = legal_commands(game)
    if depth <= 1:
        return len(commands)
    total = 0
    data = game.to_dict()
    for command in commands:
        child = Game.from_dict(data, game.ruleset)
        apply(child, command)
        total += perft(child, depth - 1)
    return total


def load() -> list[dict[str, Any]]:
    from clank_story.content.yamlio import load_file, plain

    return plain(load_file(FILE).value)["positions"]


def write_counts(counts: dict[str, tuple[int, int]]) -> None:
    """Store the counts in the file by editing its text, so its layout and comments stay as written:
    each entry's `depth1:` and `depth2:` lines are replaced, at the end of the entry."""
    blocks = re.split(r"(?m)^(?=  - id: )", FILE.read_text(encoding="utf-8"))
    for i, block in enumerate(blocks):
        m = re.match(r"  - id: (\S+)", block)
        if m is None or m[1] not in counts:
            continue
        lines = [line for line in block.split("\n") if not re.match(r"    depth[12]: \d+$", line)]
        last = max(j for j, line in enumerate(lines) if line.startswith("    ") or line.startswith("  - id:"))
        one, two = counts[m[1]]
        lines[last + 1:last + 1] = [f"    depth1: {one}", f"    depth2: {two}"]
        blocks[i] = "\n".join(lines)
    FILE.write_text("".join(blocks), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="store the counts in the positions file")
    args = ap.parse_args(argv)
    wrong = 0
    counts: dict[str, tuple[int, int]] = {}
    for entry in load():
        game = position(entry)
        counts[entry["id"]] = found = (perft(game, 1), perft(game, 2))
        stored = entry.get("depth1"), entry.get("depth2")
        wrong += found != stored
        print(f"{entry['id']:32} depth1 {found[0]:4}  depth2 {found[1]:6}  "
              f"{'ok' if found == stored else f'stored {stored}'}")
    if args.write:
        write_counts(counts)
    return 1 if wrong and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
