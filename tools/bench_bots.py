"""Games per second for bot-only games: 4 random bots and 4 planners, in one process and with --jobs 2.

    python tools/bench_bots.py [--games 200] [--repeats 5] [--board cinder-halls] [--profile]

Each figure is the median of --repeats runs. The target is at least 35 games/s per process for four
random bots on the classic board. With --profile, a cProfile of four planners in one process shows
which functions (engine or bot) are hot.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time

from clank_story.authoring.sim import SimSpec, board_ruleset, run_games

TARGET = 35.0


def rate(spec: SimSpec, jobs: int) -> float:
    start = time.perf_counter()
    run_games(spec, jobs)
    return spec.games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--board", default="cinder-halls")
    ap.add_argument("--profile", action="store_true", help="profile four planners in one process")
    args = ap.parse_args(argv)
    board_ruleset(args.board)  # load content once, outside the timings
    if args.profile:
        spec = SimSpec(players=("planner",) * 4, board=args.board, seed=1, games=args.games)
        profiler = cProfile.Profile()
        profiler.runcall(run_games, spec)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return 0
    print(f"board {args.board}, {args.games} games per run, median of {args.repeats} runs")
    slow = False
    for bots in ("random", "planner"):
        for jobs in (1, 2):
            rates = [rate(SimSpec(players=(bots,) * 4, board=args.board, seed=run, games=args.games), jobs)
                     for run in range(args.repeats)]
            median = statistics.median(rates)
            per_process = median / jobs
            print(f"  4 x {bots:8} jobs {jobs}: {median:6.1f} games/s ({per_process:5.1f} per process)")
            if bots == "random" and jobs == 1 and per_process < TARGET:
                slow = True
    if slow:
        print(f"below the target of {TARGET:.0f} games/s per process for random bots", file=sys.stderr)
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
