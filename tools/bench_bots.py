"""Games per second for bot-only games (issue 20's figures), each the median of several runs.

    python tools/bench_bots.py [--games 200] [--repeats 5] [--only WHAT] [--campaigns] [--jobs2] [--profile [WHAT]]

Prints, as medians of --repeats runs (seeds 0, 1, ...), wall-clock games per second in one process and
the same in this process's CPU time (steadier on a machine busy with other work):

  random    four random bots on the classic board (cinder-halls)            target >= 150 games/s
  legacy    four random bots on the legacy board (brackenmoor), with the book  target >= 100 games/s
  planner   four planners on the classic board                                target >= 60 games/s

With --campaigns, also the wall time of `clank-story sim --campaign gilt-and-gristle --campaigns 50
--jobs 2` in a fresh process (median of --campaign-repeats runs; target <= 60 s). With --jobs2, the
random and planner figures with two processes as well. With --profile random|legacy|planner, a
cProfile of that figure's games instead (cumulative and internal time).

The book and the boards are loaded before the clock starts (a sim loads them once per process); the
exit status is 1 when the random-bot figure is below its floor of 35 games/s (docs/bots.md).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from clank_story.authoring.sim import SimSpec, board_ruleset, run_games

try:  # absent before issue 20 (the book was loaded once per game): the tool also measures older trees
    from clank_story.authoring.sim import game_book
except ImportError:  # pragma: no cover
    game_book = None

FLOOR = 35.0


@dataclass(frozen=True)
class Figure:
    name: str
    bots: str
    board: str
    target: float
    what: str


FIGURES = (
    Figure("random", "random", "cinder-halls", 150, "4 random bots, classic board"),
    Figure("legacy", "random", "brackenmoor", 100, "4 random bots, legacy board with the book"),
    Figure("planner", "planner", "cinder-halls", 60, "4 planners, classic board"),
)


def rates(fig: Figure, games: int, seed: int, jobs: int = 1) -> tuple[float, float]:
    """(wall, CPU) games per second of one run; the CPU figure counts this process only (jobs 1)."""
    spec = SimSpec(players=(fig.bots,) * 4, board=fig.board, seed=seed, games=games)
    wall, cpu = time.perf_counter(), time.process_time()
    run_games(spec, jobs)
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def warm(fig: Figure) -> None:
    """What a sim loads once per process: the board, and on a legacy board the book."""
    ruleset = board_ruleset(fig.board)
    if ruleset.legacy and game_book is not None:
        game_book(fig.board, None)
    run_games(SimSpec(players=(fig.bots,) * 4, board=fig.board, seed=10_000, games=2))


def campaign_seconds() -> float:
    env = {**os.environ, "CLANK_STORY_CACHE": os.environ.get("CLANK_STORY_CACHE", "off")}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "clank_story", "sim", "--campaign", "gilt-and-gristle", "--campaigns",
                    "50", "--jobs", "2"], check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--only", choices=[f.name for f in FIGURES], action="append", help="measure only these figures")
    ap.add_argument("--jobs2", action="store_true", help="also measure random and planner bots with --jobs 2")
    ap.add_argument("--campaigns", action="store_true", help="also time 50 whole campaigns with --jobs 2")
    ap.add_argument("--campaign-repeats", type=int, default=3)
    ap.add_argument("--profile", nargs="?", const="planner", choices=[f.name for f in FIGURES],
                    help="profile one figure's games instead (planner if none is named)")
    args = ap.parse_args(argv)
    if args.profile:
        fig = next(f for f in FIGURES if f.name == args.profile)
        warm(fig)
        profiler = cProfile.Profile()
        profiler.runcall(run_games, SimSpec(players=(fig.bots,) * 4, board=fig.board, seed=1, games=args.games))
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return 0
    print(f"{args.games} games per run, median of {args.repeats} runs (games/s: wall clock, then CPU time)")
    slow = False
    for fig in FIGURES:
        if args.only and fig.name not in args.only:
            continue
        warm(fig)
        runs = [rates(fig, args.games, seed) for seed in range(args.repeats)]
        wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
        print(f"  {fig.name:8} {fig.what:44} {wall:6.1f} wall {cpu:6.1f} CPU   (target >= {fig.target:.0f})")
        if fig.name == "random" and wall < FLOOR:
            slow = True
        if args.jobs2 and fig.name != "legacy":
            two = statistics.median(rates(fig, args.games, seed, jobs=2)[0] for seed in range(args.repeats))
            print(f"  {'':8} {'the same, --jobs 2':44} {two:6.1f} wall ({two / 2:5.1f} per process)")
    if args.campaigns:
        seconds = statistics.median(campaign_seconds() for _ in range(args.campaign_repeats))
        print(f"  {'campaign':8} {'sim --campaign, 50 campaigns, --jobs 2':44} {seconds:6.1f} s   (target <= 60 s)")
    if slow:
        print(f"below the floor of {FLOOR:.0f} games/s per process for random bots", file=sys.stderr)
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
