"""Benchmark: load + compile a generated Book of Secrets of N passages, cold (no cache) and warm
(parsed-content cache filled), and render one passage. Prints medians.

    python tools/bench_book.py [--passages 2000] [--files 20] [--repeat 5]

Each cold and warm load runs in a fresh Python process, so Jinja's and the loader's in-memory caches
do not help; the times are of `load_book` (and, separately, of generating every template's code),
not of interpreter start-up. CPU times are shown too: on a busy machine they are the fairer figure."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

PASSAGE = '''\
  "{pid}":
    title: Room {pid} of the Ledger Caverns
    text: |
      You stand in room {pid}. The ledger on the lectern hums a little tune about compound interest.
      {{% if campaign.flags.met_oma %}}Oma waves from behind a stack of invoices.{{% endif %}}
      {{% if me.gold >= 3 %}}Your purse jingles: {{{{ me.gold | plural('coin') }}}}.{{% else %}}Your purse is light.{{% endif %}}
      {{% for p in players %}}{{{{ p.name }}}}{{% if not loop.last %}}, {{% endif %}}{{% endfor %}} stand about, looking billable.
    effects: [{{gold: 1}}, {{flag: saw_{pid}}}]
    choices:
      - text: Audit the ledger
        if: me.health_left > 2
        effects: [{{damage: 1}}, {{counter: {{audits: 1}}}}]
        goto: "{next}"
      - text: Pocket a paperclip
        if: me.gold >= 1
        effects: [{{clank: 1}}]
      - text: Walk on
'''

CHILD = r"""
import json, os, sys, time
def cpu():  # this process and its finished worker processes
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
t0 = time.perf_counter()
from clank_story.story.passages import load_book
t1, c1 = time.perf_counter(), cpu()
book = load_book(sys.argv[1], cache=sys.argv[2] == "warm")
t2, c2 = time.perf_counter(), cpu()
book.compile_all()
t3, c3 = time.perf_counter(), cpu()
assert not book.errors, book.errors[:3]
print(json.dumps({"import": t1 - t0, "load": t2 - t1, "build": t3 - t2, "load_cpu": c2 - c1,
                  "build_cpu": c3 - c2, "passages": len(book.passages)}))
"""

RENDER = r"""
import json, sys, time, statistics
sys.path.insert(0, "tests")
from clank_story.content.scenario import load_scenario
from clank_story.table.session import Session
from clank_story.story.passages import load_book
from clank_story.story.render import render, truth
from clank_story.rules.view import views
from clank_story.story.state import StoryState
book = load_book(sys.argv[1], cache=False)
position = load_scenario(None, data={"ruleset": "legacy", "board": "brackenmoor", "seed": 1})
game = Session.start(position).game
state = StoryState(flags={"met_oma": True})
p = book.passages["1000"]
names = views(game, state.campaign_view())
render(p.compiled("text"), names)  # first use builds the template
def one():
    render(p.compiled("text"), names)
    for i in range(len(p.choices)):
        c = p.compiled(f"choice.{i}.if")
        if c is not None:
            truth(c, names)
walls, cpus = [], []
for _ in range(40):  # batches of 25: the CPU clock's steps are too coarse for one render
    t, c = time.perf_counter(), time.thread_time()
    for _ in range(25):
        one()
    walls.append((time.perf_counter() - t) / 25)
    cpus.append((time.thread_time() - c) / 25)
print(json.dumps({"render": statistics.median(walls), "render_cpu": statistics.median(cpus)}))
"""


def generate(folder: Path, passages: int, files: int) -> None:
    per = passages // files
    for f in range(files):
        body = ["passages:"]
        for i in range(f * per, (f + 1) * per):
            pid = 1000 + i
            body.append(PASSAGE.format(pid=pid, next=1000 + (i + 1) % passages))
        (folder / f"part-{f:03}.yaml").write_text("\n".join(body), encoding="utf-8")


def child(script: str, *args: str, env: dict[str, str]) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env,
                         check=True)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passages", type=int, default=2000)
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        book = Path(tmp) / "book"
        book.mkdir()
        generate(book, args.passages, args.files)
        env = {**os.environ, "CLANK_STORY_CACHE": str(Path(tmp) / "cache")}
        cold, warm = [], []
        for _ in range(args.repeat):
            cold.append(child(CHILD, str(book), "cold", env=env))
        child(CHILD, str(book), "warm", env=env)  # fill the cache
        for _ in range(args.repeat):
            warm.append(child(CHILD, str(book), "warm", env=env))
        renders = [child(RENDER, str(book), env=env) for _ in range(args.repeat)]

    def med(rows: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in rows)

    print(textwrap.dedent(f"""\
        Book of Secrets benchmark: {args.passages} passages in {args.files} files, {args.repeat} runs each (medians;
        wall-clock and, in brackets, CPU time of the loading process and its worker processes)
          cold load (no cache: YAML, validation, template checks): {med(cold, 'load'):.3f} s [{med(cold, 'load_cpu'):.3f} s]
          warm load (parsed-content cache):                       {med(warm, 'load'):.3f} s [{med(warm, 'load_cpu'):.3f} s]
          code generation for every template (in play: on first use, once): {med(cold, 'build'):.3f} s [{med(cold, 'build_cpu'):.3f} s]
          import of the story package: {med(cold, 'import'):.3f} s
          render one passage (text + choice conditions, template built): {med(renders, 'render') * 1e6:.0f} µs [{med(renders, 'render_cpu') * 1e6:.0f} µs]"""))


if __name__ == "__main__":
    main()
