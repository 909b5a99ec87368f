"""What a replayed command costs in Python's own terms: bytecodes executed and Python calls made.

    python tools/count_replay.py [--games 5] [--top 40] [--by line|function]

Records `--games` classic games of four people (random choices, as tools/bench_against.py does), makes
their tables, then replays them twice by the script runner with narration: the first replay, as the
benchmark measures it (templates and memos not yet known to the process), and a steady one on fresh
tables. A tracer counts every bytecode executed and every Python call, per line or per function.

CPU time follows these counts more closely than instruction counts do (issue 20, "Replay, seventh
pass" in docs/speed.md): each bytecode is an indirect jump of the interpreter, and a call pushes and
pops a frame. A change that trades bytecodes for a regular expression's scan can take more
instructions and more time, so compare with `callgrind` or `bench_against.py` before keeping one.
The counts are exact and repeatable (no timing), but the tracer makes the run slow (seconds)."""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clank_story.bots import make_bot  # noqa: E402
from clank_story.content.scenario import load_scenario  # noqa: E402
from clank_story.table.opening import table_for_session  # noqa: E402
from clank_story.table.scripts import run_script  # noqa: E402
from clank_story.table.session import Session  # noqa: E402

PEOPLE = [{"name": f"P{i}"} for i in range(4)]


def recorded(seed: int) -> str:
    session = Session.start(load_scenario(ruleset="classic", seats=PEOPLE, seed=seed))
    game, bot, side, lines = session.game, make_bot("random"), random.Random(seed), []
    while not game.over:
        game_rng, game.rng = game.rng, side  # the choices must not draw on the game's RNG
        command = str(bot.choose(game))
        game.rng = game_rng
        session.do(command)
        lines.append(command)
    return "\n".join(lines) + "\n"


def counted(scripts: dict[int, str], by_line: bool) -> tuple[collections.Counter[Any], int]:
    """Bytecodes per place, and calls, of one replay of `scripts` on fresh tables."""
    tables = {seed: table_for_session(Session.start(load_scenario(ruleset="classic", seats=PEOPLE, seed=seed)))
              for seed in scripts}
    codes: collections.Counter[Any] = collections.Counter()
    calls = [0]

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        if event == "call":
            calls[0] += 1
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            return tracer
        if event == "opcode":
            code = frame.f_code
            codes[(code.co_filename, frame.f_lineno if by_line else code.co_name)] += 1
        return tracer

    sys.settrace(tracer)
    try:
        for seed, text in scripts.items():
            run_script(tables[seed], text, "replay", lambda line: None)
    finally:
        sys.settrace(None)
    return codes, calls[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--by", choices=["line", "function"], default="function")
    args = ap.parse_args()
    scripts = {seed: recorded(seed) for seed in range(args.games)}
    commands = sum(len(text.splitlines()) for text in scripts.values())
    first, first_calls = counted(scripts, args.by == "line")
    steady, steady_calls = counted(scripts, args.by == "line")
    print(f"{commands} commands; bytecodes a command: first replay {sum(first.values()) / commands:.0f}, "
          f"steady {sum(steady.values()) / commands:.0f}; calls a command: {first_calls / commands:.0f}, "
          f"{steady_calls / commands:.0f}")
    root = str(ROOT) + "/"
    for (path, where), n in first.most_common(args.top):
        print(f"{n / commands:8.1f} {steady.get((path, where), 0) / commands:8.1f}  "
              f"{path.replace(root, '')}:{where}")


if __name__ == "__main__":
    main()
