"""Benchmark: `book lint` of the shipped content and of a generated book of N passages, cold (a fresh
process, an empty cache folder each run) and unchanged (a fresh process, the cache of an earlier run
of the same files). Prints medians of wall-clock and CPU time.

    python tools/bench_lint.py [--passages 2000] [--files 20] [--repeat 5]

Child processes run with Python's bytecode cache on (PYTHONDONTWRITEBYTECODE is dropped), as an
installed program runs; an import compiled again on every run would be measured otherwise.

The generated book lints clean (every flag and counter is set and read, every passage is reached from
a board's waypoint), so the figure is that of the common case: everything checked, nothing to report.
Times are of `lint()` in the child process (imports excluded), and separately of the whole
`clank-story book lint` command (interpreter start and imports included)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

PASSAGE = '''\
  "{pid}":
    title: Room {pid} of the Ledger Caverns
    text: |
      You stand in room {pid}. The ledger on the lectern hums a little tune about compound interest.
      {{% if campaign.flags.saw_{prev} %}}You remember room {prev}.{{% endif %}}
      {{% if me.gold >= 3 %}}Your purse jingles: {{{{ me.gold | plural('coin') }}}}.{{% else %}}Your purse is light.{{% endif %}}
      {{% for p in players %}}{{{{ p.name }}}}{{% if not loop.last %}}, {{% endif %}}{{% endfor %}} stand about, looking billable.
      {{% if campaign.counters.audits > 3 %}}The auditors know your name.{{% endif %}}
    effects: [{{gold: 1}}, {{flag: saw_{pid}}}]
    choices:
      - text: Audit the ledger
        if: me.health_left > 2
        effects: [{{damage: 1}}, {{counter: {{audits: 1}}}}]
        goto: "{next}"
      - text: Pocket a paperclip
        if: me.gold >= 1
        effects: [{{clank: 1}}]
        goto: "{next}"
      - text: Walk on
        goto: "{next}"
'''

BOARD = """\
id: bench-board
name: The Benchmark Annex
ruleset: legacy
start: hq
spaces:
  hq: {name: Head Office}
  door: {name: The First Door, waypoint: "1000"}
paths:
  - {from: hq, to: door}
"""

CHILD = r"""
import json, os, sys, time
def cpu():  # this process and its finished worker processes
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
from clank_story.authoring.lint import lint
t0, c0 = time.perf_counter(), cpu()
result = lint(sys.argv[1:])
t1, c1 = time.perf_counter(), cpu()
print(json.dumps({"lint": t1 - t0, "cpu": c1 - c0, "files": result.files,
                  "diagnostics": [str(d) for d in result.diagnostics[:3]], "count": len(result.diagnostics)}))
"""


def generate(folder: Path, passages: int, files: int) -> None:
    (folder / "boards").mkdir(parents=True)
    (folder / "boards" / "bench.yaml").write_text(BOARD, encoding="utf-8")
    (folder / "book").mkdir()
    per = passages // files
    for f in range(files):
        body = ["passages:"]
        for i in range(f * per, (f + 1) * per):
            body.append(PASSAGE.format(pid=1000 + i, prev=1000 + (i - 1) % passages, next=1000 + (i + 1) % passages))
        (folder / "book" / f"part-{f:03}.yaml").write_text("\n".join(body), encoding="utf-8")


def child(args: list[str], env: dict[str, str]) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout)


def command(args: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "clank_story", "book", "lint", *args], capture_output=True, env=env,
                   check=False)
    return time.perf_counter() - t


def environ(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "CLANK_STORY_CACHE": str(cache)}


def measure(args: list[str], repeat: int, tmp: Path) -> tuple[list[dict], list[float]]:
    """Cold runs: each in a fresh process with an empty cache folder."""
    runs, commands = [], []
    for i in range(repeat):
        runs.append(child(args, environ(tmp / f"cache-{len(args)}-{i}")))  # cold: nothing cached
        commands.append(command(args, environ(tmp / f"cache-cmd-{len(args)}-{i}")))
    return runs, commands


def measure_unchanged(args: list[str], repeat: int, tmp: Path) -> tuple[list[dict], list[float]]:
    """Runs over files that did not change since the last lint: a fresh process, a filled cache."""
    env = environ(tmp / f"cache-warm-{len(args)}")
    child(args, env)  # fills the cache
    runs, commands = [], []
    for _ in range(repeat):
        runs.append(child(args, env))
        commands.append(command(args, env))
    return runs, commands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passages", type=int, default=2000)
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        generate(tmp / "gen", args.passages, args.files)
        shipped, shipped_cmd = measure([], args.repeat, tmp)
        generated, generated_cmd = measure([str(tmp / "gen")], args.repeat, tmp)
        warm, warm_cmd = measure_unchanged([str(tmp / "gen")], args.repeat, tmp)
    if generated[0]["count"]:
        print("warning: the generated book is not clean:", generated[0]["diagnostics"], file=sys.stderr)

    def med(rows: list[dict], key: str) -> float:
        return statistics.median(r[key] for r in rows)

    print(textwrap.dedent(f"""\
        book lint benchmark, {args.repeat} runs each (medians; wall-clock, CPU in brackets incl. workers)
          shipped content ({shipped[0]['files']} files, {shipped[0]['count']} diagnostics):
            lint():                 {med(shipped, 'lint'):.3f} s [{med(shipped, 'cpu'):.3f} s]
            clank-story book lint:  {statistics.median(shipped_cmd):.3f} s
          generated book ({args.passages} passages in {args.files} files, {generated[0]['count']} diagnostics), cold:
            lint():                 {med(generated, 'lint'):.3f} s [{med(generated, 'cpu'):.3f} s]
            clank-story book lint:  {statistics.median(generated_cmd):.3f} s
          the same book, no file changed since the last lint:
            lint():                 {med(warm, 'lint'):.3f} s [{med(warm, 'cpu'):.3f} s]
            clank-story book lint:  {statistics.median(warm_cmd):.3f} s"""))


if __name__ == "__main__":
    main()
