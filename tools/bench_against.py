"""Issue 20's figures side by side: this tree against the tree the issue measured, on this machine.

    python tools/bench_against.py [--base bf1bf22] [--rounds 5] [--only NAME ...]

Issue 20 gave its "today" figures from one machine, measured side by side (paired medians), and asked
for each to be made at least twice as fast; its targets are absolute numbers on that machine. This
machine is another one, shared and bursty (the same command takes 125 ms one minute and 290 ms the
next), so absolute figures from it say little. This benchmark repeats the issue's own method here: the
base tree (default 35cb5a9, `main` when the issue was filed: the table package, 9606e9b, and the first
change made for the issue, bf7067e, both start from it) is checked out in a temporary git
worktree, every figure is measured in both trees in turn, round after round (the order alternating),
and each figure's medians give a ratio, this tree against the base. The issue's own figure scaled by
that ratio is what this tree would measure on the issue's machine, and is compared with the target.

Each figure runs in a fresh process in the tree's folder (`PYTHONPATH` is the tree), with its own
cache folder and home per tree, byte-code caches on, and counts that process's CPU time (user +
system), which other work on the machine disturbs less than the wall clock (the lint excepted). The
figures still move from one run to the next on a busy machine: run it more than once, and compare the
ratios with instruction counts (`valgrind --tool=callgrind`) where they disagree. The base tree must be
importable with this environment's packages (35cb5a9 also needs `filelock`).

  random    4 random bots, classic board (cinder-halls), games per CPU second
  legacy    4 random bots, legacy board (brackenmoor) with the book, games per CPU second
  planner   4 planners, classic board, games per CPU second
  run       `clank-story run` of a one-command script on a classic scenario, CPU seconds of the process
  prompt    `clank-story play --new` in a pty to the first prompt, CPU seconds the process used by then
  replay    a whole recorded game replayed by the script runner with narration, commands per CPU second
  lint      `lint()` of a generated book of 2,000 passages with an empty cache, wall-clock seconds (it
            spreads the book over worker processes, so its CPU time is not what an author waits)

Not here: `sim --campaign` (no "today" figure; `bench_bots.py --campaigns`) and the campaign file's
load (`bench_campaign.py`; the base is 400 times slower than the target allows, no ratio needed)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

SIM = r"""
import json, sys, time
try:
    from clank_story.authoring.sim import SimSpec, run_games
except ImportError:  # the issue's tree: sim was a module of its own
    from clank_story.sim import SimSpec, run_games
bots, board, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
run_games(SimSpec(players=(bots,) * 4, board=board, seed=10_000, games=2))  # what a sim loads once
start = time.process_time()
run_games(SimSpec(players=(bots,) * 4, board=board, seed=1, games=games))
print(json.dumps(games / (time.process_time() - start)))
"""

REPLAY = r"""
import json, random, sys, time
from clank_story.bots import make_bot
from clank_story.content.scenario import load_scenario
try:
    from clank_story.table.opening import table_for_session
    from clank_story.table.scripts import run_script
    from clank_story.table.session import Session
except ImportError:  # the issue's tree: no table yet, scripts ran on the session
    from clank_story.script import run_script
    from clank_story.session import Session
    def table_for_session(session):
        return session
humans = [{"name": f"P{i}"} for i in range(4)]
def recorded(seed):
    session = Session.start(load_scenario(ruleset="classic", seats=humans, seed=seed))
    game, bot, side, lines = session.game, make_bot("random"), random.Random(seed), []
    while not game.over:
        game_rng, game.rng = game.rng, side  # the choices must not draw on the game's RNG
        command = str(bot.choose(game))
        game.rng = game_rng
        session.do(command)
        lines.append(command)
    return "\n".join(lines) + "\n", len(lines)
scripts = {seed: recorded(seed) for seed in range(int(sys.argv[1]))}
tables = {seed: table_for_session(Session.start(load_scenario(ruleset="classic", seats=humans, seed=seed)))
          for seed in scripts}
start = time.process_time()
for seed, (text, _) in scripts.items():
    assert run_script(tables[seed], text, "bench", lambda line: None).status == 0
print(json.dumps(sum(n for _, n in scripts.values()) / (time.process_time() - start)))
"""

LINT = r"""
import json, sys, time
from clank_story.authoring.lint import lint
start = time.perf_counter()  # the wall clock: a lint spreads a big book over worker processes
lint(sys.argv[1:])
print(json.dumps(time.perf_counter() - start))
"""


@dataclass(frozen=True)
class Figure:
    name: str
    what: str
    issue: float  # the issue's "today", on its machine
    target: float
    unit: str
    higher_is_better: bool

    def scaled(self, base: float, now: float) -> float:
        """The issue's figure moved by this tree's ratio to the base (a rate up, a time down)."""
        return self.issue * now / base

    def met(self, value: float) -> bool:
        return value >= self.target if self.higher_is_better else value <= self.target


FIGURES = [
    Figure("random", "random bots, classic", 76, 150, "games/s", True),
    Figure("legacy", "random bots, legacy with the book", 45, 100, "games/s", True),
    Figure("planner", "planners, classic", 31, 60, "games/s", True),
    Figure("run", "`run` of a one-command script", 196, 120, "ms", False),
    Figure("prompt", "first prompt, default campaign", 432, 300, "ms", False),
    Figure("replay", "replay with narration", 8400, 20000, "cmd/s", True),
    Figure("lint", "`book lint`, 2,000 passages, cold", 3.2, 1.5, "s", False),
]


class Tree:
    """One checkout: where it is, and the environment its processes get (own caches, own home)."""

    def __init__(self, label: str, path: Path, scratch: Path) -> None:
        self.label, self.path = label, path
        home = scratch / label
        self.cache = home / "cache"
        self.env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "NO_COLOR")}
        self.env.update(PYTHONPATH=str(path), HOME=str(home), XDG_DATA_HOME=str(home / "data"),
                        XDG_CONFIG_HOME=str(home / "config"), XDG_CACHE_HOME=str(home / "xdg-cache"),
                        CLANK_STORY_CACHE=str(self.cache))

    def child(self, code: str, *args: str, env: dict[str, str] | None = None) -> float:
        out = subprocess.run([sys.executable, "-c", code, *args], cwd=self.path, env=env or self.env,
                             capture_output=True, text=True)
        if out.returncode:
            raise SystemExit(f"{self.label} ({self.path}) failed:\n{out.stderr[-2000:]}")
        return float(json.loads(out.stdout.strip().splitlines()[-1]))

    def process_cpu(self, args: list[str]) -> float:
        import resource

        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([sys.executable, "-m", "clank_story", *args], cwd=self.path, env=self.env,
                             capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if out.returncode:
            raise SystemExit(f"{self.label}: clank-story {' '.join(args)} failed:\n{out.stdout[-1000:]}{out.stderr[-1000:]}")
        return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime

    def prompt_cpu(self, seed: int) -> float:
        import pexpect
        from bench_repl import CPR, TOOLBAR, _cpu_seconds

        child = pexpect.spawn(sys.executable, ["-m", "clank_story", "play", "--new", "--seed", str(seed)],
                              cwd=str(self.path), env=self.env, encoding="utf-8", timeout=60, dimensions=(40, 160))
        child.delaybeforesend = None
        while child.expect([CPR, TOOLBAR]) == 0:
            child.send("\x1b[40;1R")
        used = _cpu_seconds(child.pid)
        child.close(force=True)
        if used is None:
            raise SystemExit("the first prompt's CPU time is read from /proc: Linux only")
        return used

    def warm_prompt(self) -> None:
        """One game started and quit as a player quits (Ctrl-D), so the caches a start keeps are kept."""
        import pexpect
        from bench_repl import CPR, TOOLBAR

        child = pexpect.spawn(sys.executable, ["-m", "clank_story", "play", "--new", "--seed", "99"],
                              cwd=str(self.path), env=self.env, encoding="utf-8", timeout=120, dimensions=(40, 160))
        while child.expect([CPR, TOOLBAR]) == 0:
            child.send("\x1b[40;1R")
        child.send("choose 1\r")
        while child.expect([CPR, TOOLBAR]) == 0:
            child.send("\x1b[40;1R")
        time.sleep(0.5)
        child.sendcontrol("d")
        while child.expect([CPR, pexpect.EOF]) == 0:
            child.send("\x1b[40;1R")


def measurements(book: Path, sizes: argparse.Namespace) -> dict[str, Callable[[Tree, int], float]]:
    """Each figure's one measurement in a tree, in the figure's unit."""
    script = book.parent / "one.txt"
    script.write_text("play all\n", encoding="utf-8")

    def lint_cold(tree: Tree, i: int) -> float:
        env = {**tree.env, "CLANK_STORY_CACHE": str(tree.cache.parent / f"lint-cold-{i}")}
        return tree.child(LINT, str(book), env=env)

    return {
        "random": lambda tree, i: tree.child(SIM, "random", "cinder-halls", str(sizes.games)),
        "legacy": lambda tree, i: tree.child(SIM, "random", "brackenmoor", str(sizes.games // 2)),
        "planner": lambda tree, i: tree.child(SIM, "planner", "cinder-halls", str(sizes.games // 2)),
        "run": lambda tree, i: 1000 * tree.process_cpu(
            ["run", str(script), "--scenario", "tests/data/scenarios/tiny-two.yaml"]),
        "prompt": lambda tree, i: 1000 * tree.prompt_cpu(100 + i),
        "replay": lambda tree, i: tree.child(REPLAY, str(sizes.replays)),
        "lint": lint_cold,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="35cb5a9", help="the tree to compare with (a git revision)")
    ap.add_argument("--rounds", type=int, default=5, help="measurements of each figure in each tree")
    ap.add_argument("--only", nargs="*", choices=[f.name for f in FIGURES], help="these figures only")
    ap.add_argument("--games", type=int, default=100, help="random-bot games per measurement (half for the others)")
    ap.add_argument("--replays", type=int, default=5, help="recorded games per replay measurement")
    args = ap.parse_args()
    figures = [f for f in FIGURES if not args.only or f.name in args.only]
    with tempfile.TemporaryDirectory(prefix="bench-against-") as name:
        scratch = Path(name)
        base_path = scratch / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(base_path), args.base], cwd=ROOT,
                       check=True)
        try:
            trees = [Tree("base", base_path, scratch), Tree("now", ROOT, scratch)]
            from bench_lint import generate

            generate(scratch / "book", 2000, 20)
            measure = measurements(scratch / "book", args)
            if any(f.name == "prompt" for f in figures):
                for tree in trees:
                    tree.warm_prompt()
            for tree in trees:  # one unmeasured run of each figure: byte code and caches written
                for f in figures:
                    measure[f.name](tree, -1)
            results: dict[tuple[str, str], list[float]] = {}
            for r in range(args.rounds):
                for f in figures:
                    for tree in trees if r % 2 == 0 else trees[::-1]:
                        results.setdefault((f.name, tree.label), []).append(measure[f.name](tree, r))
                print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_path)], cwd=ROOT, check=False)
    print(f"this tree against {args.base}, {args.rounds} rounds, medians on this machine (CPU time; lint: wall)")
    print(f"{'figure':36} {'base':>9} {'now':>9} {'ratio':>6} {'issue':>7} {'scaled':>8} {'target':>7}")
    for f in figures:
        base = statistics.median(results[(f.name, "base")])
        now = statistics.median(results[(f.name, "now")])
        ratio = now / base if f.higher_is_better else base / now
        scaled = f.scaled(base, now)
        verdict = "met" if f.met(scaled) else "missed"
        print(f"{f.what + ' (' + f.unit + ')':36} {base:9.4g} {now:9.4g} {ratio:5.2f}x {f.issue:7.4g} {scaled:8.4g} "
              f"{f.target:7.4g} {verdict}")


if __name__ == "__main__":
    main()
