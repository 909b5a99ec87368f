"""The hostile-content report (issue #18): every payload and file of the corpus (tests/data/hostile),
each way in it was tried, what it came to, and its CPU time, wall-clock time and peak memory — medians
of a few runs. Prints a Markdown table; exit status 1 if any case broke a promise.

    python tools/hostile_report.py [--repeat 3] [--workers 1] [--only TEXT ...] [--failures]

Each run is a process of its own with the test's hard limits (tests/hostile_corpus.py: 2 s of CPU,
200 MB of address space, a wall-clock stop), forked from a process that has already imported the
program, so the times are of the case's work and not of interpreter start-up. Peak memory is the
process's peak resident set, the interpreter and the program included (about 28 MB of it).
CPU time is the fairer figure on a busy machine; wall-clock time is shown beside it. Run with
--workers 1 (the default) for times that are not shared with other cases."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import hostile_corpus as hc  # the corpus runner lives beside the tests that use it


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each case (the median is shown)")
    ap.add_argument("--workers", type=int, default=1, help="cases run side by side")
    ap.add_argument("--only", nargs="*", default=[], help="only the cases whose id holds one of these")
    ap.add_argument("--failures", action="store_true", help="list only the cases that broke a promise")
    args = ap.parse_args()
    selected = [c for c in hc.cases() if not args.only or any(t in c.id for t in args.only)]
    started = time.perf_counter()
    rows: list[tuple[hc.Case, list[hc.Result]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for results in hc.run_all(selected, Path(tmp), workers=args.workers, repeat=args.repeat):
            rows.append((results[0].case, results))
            print(f"\r{len(rows)}/{len(selected)} cases", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    failed = [(c, rs) for c, rs in rows if any(r.problems for r in rs)]
    shown = failed if args.failures else rows
    print(f"Hostile-content corpus: {len(rows)} cases ({sum(c.id.startswith('payload/') for c, _ in rows)} "
          f"payload runs, {sum(c.id.startswith('file/') for c, _ in rows)} file runs), {args.repeat} runs each; "
          f"medians. Limits per run: {hc.CPU_SECONDS} s CPU, {hc.MEMORY_BYTES // hc.MB} MB address space, "
          f"{hc.WALL_SECONDS} s wall clock.\n")
    print("| payload or file | kind | way in | outcome | CPU s | wall s | peak MB |")
    print("|---|---|---|---|--:|--:|--:|")
    for case, results in shown:
        what = case.id.split("/")[1]
        outcome = next((r.outcome for r in results if r.problems), results[0].outcome)
        cpu = statistics.median(r.cpu for r in results)
        wall = statistics.median(r.wall for r in results)
        peak = statistics.median(r.peak for r in results) / hc.MB
        print(f"| {what} | {case.kind} | {case.surface} | {outcome.replace('|', '/')} | {cpu:.2f} | {wall:.2f} | "
              f"{peak:.0f} |")
    every = [r for _, rs in rows for r in rs]
    escapes = sum(any("ESCAPE" in p for p in r.problems) for r in every)
    print(f"\n{len(failed)} case(s) broke a promise; {escapes} escape(s). Slowest: "
          f"{max(r.cpu for r in every):.2f} s CPU, {max(r.wall for r in every):.2f} s wall; largest: "
          f"{max(r.peak for r in every) / hc.MB:.0f} MB. Took {time.perf_counter() - started:.0f} s.")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
