"""The hostile-content report (issue #18): every payload and file of the corpus (tests/data/hostile),
each way in it was tried, what it came to, and its CPU time and peak memory — medians of a few runs.
Prints Markdown tables; exit status 1 if any case broke a promise.

    python tools/hostile_report.py [--repeat 3] [--workers 1] [--only TEXT ...] [--long]

Each run is a process of its own with the test's hard limits (tests/hostile_corpus.py: 2 s of CPU,
200 MB of address space, a wall-clock stop), forked from a process that has already imported the
program, so the times are of the case's work and not of interpreter start-up. Peak memory is the
process's peak resident set, the interpreter and the program included (about 28 MB of it). CPU time
is the fair figure on a busy machine; `--long` lists every run's wall-clock time too, one row a case.
Run with --workers 1 (the default) for times that are not shared with other cases.

A cell reads `outcome CPU-seconds peak-MB`: `ok` read cleanly (a harmless payload), `BSnnn`/`CTnnn`
refused with that code (lint, preview, `expect`, or a book refused before play), `skip BSnnn` the
passage apologised in play and the game went on, `refused` a sentence without a code (scripts)."""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import hostile_corpus as hc  # the corpus runner lives beside the tests that use it


def short(result: hc.Result) -> str:
    if result.problems:
        return "FAILED: " + result.problems[0]
    codes = list(dict.fromkeys(re.findall(r"error\[([A-Z]{2}\d{3})\]", result.stderr + result.stdout)))
    if codes and result.case.surface == "play" and result.status == 0:
        return "skip " + "+".join(codes)
    if codes:
        return "+".join(codes)
    return "refused" if result.status else "ok"


def cell(results: list[hc.Result]) -> str:
    bad = next((r for r in results if r.problems), results[0])
    cpu = statistics.median(r.cpu for r in results)
    peak = statistics.median(r.peak for r in results) / hc.MB
    return f"{short(bad)} {cpu:.2f}s {peak:.0f}MB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each case (the median is shown)")
    ap.add_argument("--workers", type=int, default=1, help="cases run side by side")
    ap.add_argument("--only", nargs="*", default=[], help="only the cases whose id holds one of these")
    ap.add_argument("--long", action="store_true", help="one row a case, with wall-clock time")
    args = ap.parse_args()
    selected = [c for c in hc.cases() if not args.only or any(t in c.id for t in args.only)]
    started = time.perf_counter()
    runs: dict[str, list[hc.Result]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for results in hc.run_all(selected, Path(tmp), workers=args.workers, repeat=args.repeat):
            runs[results[0].case.id] = results
            print(f"\r{len(runs)}/{len(selected)} cases", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    every = [r for rs in runs.values() for r in rs]
    failed = [cid for cid, rs in runs.items() if any(r.problems for r in rs)]
    print(f"Hostile-content corpus: {len(runs)} cases, {args.repeat} runs each, medians. Limits per run: "
          f"{hc.CPU_SECONDS} s CPU, {hc.MEMORY_BYTES // hc.MB} MB address space, {hc.WALL_SECONDS} s wall clock. "
          f"A cell: outcome, CPU seconds, peak MB.\n")
    if args.long:
        _long(runs)
    else:
        _tables(runs)
    escapes = sum(any("ESCAPE" in p for p in r.problems) for r in every)
    print(f"\n{len(failed)} case(s) broke a promise{': ' + ', '.join(failed) if failed else ''}; {escapes} escape(s). "
          f"Slowest run: {max(r.cpu for r in every):.2f} s CPU ({max(r.wall for r in every):.2f} s wall); "
          f"largest: {max(r.peak for r in every) / hc.MB:.0f} MB. Took {time.perf_counter() - started:.0f} s.")
    return 1 if failed else 0


def _tables(runs: dict[str, list[hc.Result]]) -> None:
    payloads: dict[str, dict[str, list[hc.Result]]] = {}
    files: dict[str, dict[str, list[hc.Result]]] = {}
    kinds: dict[str, str] = {}
    for cid, results in runs.items():
        group, name, surface = cid.split("/")
        (payloads if group == "payload" else files).setdefault(name, {})[surface] = results
        kinds[name] = results[0].case.kind
    if payloads:
        print("| payload | kind | " + " | ".join(hc.SURFACES) + " |")
        print("|---|---|" + "---|" * len(hc.SURFACES))
        for name, by in payloads.items():
            print(f"| {name} | {kinds[name]} | " + " | ".join(cell(by[s]) if s in by else "—" for s in hc.SURFACES)
                  + " |")
    if files:
        print("\n| file | kind | ways in |")
        print("|---|---|---|")
        for name, by in files.items():
            print(f"| {name} | {kinds[name]} | " + "; ".join(f"{s}: {cell(rs)}" for s, rs in by.items()) + " |")


def _long(runs: dict[str, list[hc.Result]]) -> None:
    print("| case | kind | outcome | CPU s | wall s | peak MB |")
    print("|---|---|---|--:|--:|--:|")
    for cid, results in runs.items():
        cpu = statistics.median(r.cpu for r in results)
        wall = statistics.median(r.wall for r in results)
        peak = statistics.median(r.peak for r in results) / hc.MB
        print(f"| {cid} | {results[0].case.kind} | {short(next((r for r in results if r.problems), results[0]))} | "
              f"{cpu:.2f} | {wall:.2f} | {peak:.0f} |")


if __name__ == "__main__":
    sys.exit(main())
