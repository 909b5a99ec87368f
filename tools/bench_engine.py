"""Engine benchmarks (issue 2, 3 and 20): random-bot games per second, scripted commands replayed per
second, `clank-story --help` and `run` of a one-command script (whole process, wall and CPU), and
shipped-content load time cold and warm.
Prints medians of 5 runs (--repeats). Usage: python tools/bench_engine.py [--games N] [--bots-only]
[--startup-only] [--replay-only]

Process timings need byte-code caches: PYTHONDONTWRITEBYTECODE is taken out of the children's
environment, and one unmeasured run comes first.

Random-bot figures are given in wall-clock time and in this process's CPU time: on a machine busy with
other work the CPU figure is the steadier one."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clank_story.bots import make_bot
from clank_story.content.scenario import load_scenario
from clank_story.rules.engine import apply
from clank_story.rules.setup import setup_game
from clank_story.table.session import Session

SEATS = [{"name": f"P{i}", "bot": "random"} for i in range(4)]


def bot_games(ruleset: str, games: int, first_seed: int, clock=time.perf_counter) -> tuple[float, float]:
    """Random-bot games per second (and the mean number of rounds) on the ruleset's shipped board.
    `clock=time.process_time` counts this process's CPU time only, steadier on a busy machine."""
    pos = load_scenario(ruleset=ruleset, seats=SEATS)
    rounds = 0
    start = clock()
    for seed in range(first_seed, first_seed + games):
        game = setup_game(pos.ruleset, seed, pos.scenario)
        bots = {p.name: make_bot("random") for p in game.players}
        while not game.over:
            apply(game, bots[game.me.name].choose(game))
        rounds += game.turn_number
    return games / (clock() - start), rounds / games


def recorded_script(ruleset: str, seed: int) -> tuple[str, int]:
    """A whole game's commands, as text, from random choices for four human seats."""
    humans = [{"name": f"P{i}"} for i in range(4)]
    pos = load_scenario(ruleset=ruleset, seats=humans, seed=seed)
    session = Session.start(pos)
    game = session.game
    bot = make_bot("random")
    side = random.Random(seed)  # choices must not consume the game's RNG, or the replay would differ
    lines = []
    while not game.over:
        game_rng, game.rng = game.rng, side
        command = bot.choose(game)
        game.rng = game_rng
        session.do(str(command))
        lines.append(str(command))
    return "\n".join(lines) + "\n", len(lines)


def replay_rate(ruleset: str, seed: int, recorded: tuple[str, int] | None = None) -> float:
    from clank_story.table.opening import table_for_session
    from clank_story.table.scripts import run_script

    text, count = recorded or recorded_script(ruleset, seed)
    humans = [{"name": f"P{i}"} for i in range(4)]
    pos = load_scenario(ruleset=ruleset, seats=humans, seed=seed)
    session = Session.start(pos)
    start = time.process_time()  # this process's CPU time: steadier than the wall clock on a shared machine
    outcome = run_script(table_for_session(session), text, "bench", lambda line: None)
    elapsed = time.process_time() - start
    assert outcome.status == 0, outcome.message
    return count / elapsed


def parse_apply_rate(ruleset: str, seed: int, recorded: tuple[str, int] | None = None) -> float:
    """The same replay without narration: parse + rules only."""
    text, count = recorded or recorded_script(ruleset, seed)
    humans = [{"name": f"P{i}"} for i in range(4)]
    session = Session.start(load_scenario(ruleset=ruleset, seats=humans, seed=seed))
    start = time.process_time()
    for line in text.splitlines():
        session.do(line)
    return count / (time.process_time() - start)


def replay_figures(ruleset: str, repeats: int, seeds: int = 5) -> tuple[float, float]:
    """Commands per CPU second over the recorded games of `seeds` seeds (each game's rate, the median
    of all games and repeats), with narration through the table as `run` does, and parse + rules only."""
    recorded = {seed: recorded_script(ruleset, seed) for seed in range(seeds)}
    told = [replay_rate(ruleset, seed, recorded[seed]) for _ in range(repeats) for seed in recorded]
    bare = [parse_apply_rate(ruleset, seed, recorded[seed]) for _ in range(repeats) for seed in recorded]
    return statistics.median(told), statistics.median(bare)


def wall(cmd: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True, check=True, env=env)
    return time.perf_counter() - start


def process_times(cmd: list[str], repeats: int, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Median wall and CPU (user + system) seconds of a whole process, after one warming run."""
    import resource

    env = dict(env or os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(cmd, capture_output=True, check=True, env=env)
    walls, cpus = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        walls.append(wall(cmd, env))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


ONE_COMMAND_SCENARIO = Path(__file__).resolve().parents[1] / "tests" / "data" / "scenarios" / "tiny-two.yaml"


def run_one_command(repeats: int) -> tuple[float, float]:
    """`clank-story run` of a one-command script (`play all`) on a classic scenario: start-up, the
    scenario, one command and its narration, exit (issue 20: 196 ms, target <= 120 ms)."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "one.txt"
        script.write_text("play all\n", encoding="utf-8")
        cmd = [sys.executable, "-m", "clank_story", "run", str(script), "--scenario", str(ONE_COMMAND_SCENARIO)]
        return process_times(cmd, repeats, {**os.environ, "CLANK_STORY_CACHE": str(Path(tmp) / "cache")})


def load_time(cache: str) -> float:
    code = ("import time; t=time.perf_counter(); from clank_story.content.library import catalog, build_ruleset;"
            "c=catalog(); build_ruleset(c,'classic'); build_ruleset(c,'legacy'); print(time.perf_counter()-t)")
    env = {**os.environ, "CLANK_STORY_CACHE": cache}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (the median is shown)")
    parser.add_argument("--bots-only", action="store_true", help="only the random-bot games/s figures")
    parser.add_argument("--startup-only", action="store_true", help="only the whole-process figures")
    parser.add_argument("--replay-only", action="store_true", help="only the scripted replay figures")
    args = parser.parse_args()
    for ruleset in ("classic", "legacy"):
        if args.startup_only:
            break
        if not args.replay_only:
            bot_games(ruleset, 2, 10**6)  # content loaded and caches warm before timing
            runs = [bot_games(ruleset, args.games, 1000 * i) for i in range(args.repeats)]
            cpu = [bot_games(ruleset, args.games, 1000 * i, time.process_time)[0] for i in range(args.repeats)]
            print(f"{ruleset}: random-bot games/s (4 players, one process): "
                  f"{statistics.median(r[0] for r in runs):.1f} wall, {statistics.median(cpu):.1f} CPU; "
                  f"mean rounds {statistics.mean(r[1] for r in runs):.1f}")
        if args.bots_only:
            continue
        told, bare = replay_figures(ruleset, args.repeats)
        print(f"{ruleset}: scripted commands/s replayed by run (with narration, CPU time): {told:.0f}")
        print(f"{ruleset}: scripted commands/s, parse + rules only (CPU time): {bare:.0f}")
    if args.bots_only or args.replay_only:
        return
    repeats = max(args.repeats, 11)
    one = run_one_command(repeats)
    helps = process_times([sys.executable, "-m", "clank_story", "--help"], repeats)
    bare = process_times([sys.executable, "-c", "pass"], repeats)
    print(f"run of a one-command script, classic scenario (median of {repeats}): {one[0] * 1000:.0f} ms wall, "
          f"{one[1] * 1000:.0f} ms CPU")
    print(f"clank-story --help: {helps[0] * 1000:.0f} ms wall, {helps[1] * 1000:.0f} ms CPU "
          f"(python -c pass: {bare[0] * 1000:.0f} ms wall, {bare[1] * 1000:.0f} ms CPU)")
    if args.startup_only:
        return
    with tempfile.TemporaryDirectory() as tmp:
        cold = [load_time("off") for _ in range(5)]
        load_time(tmp)
        warm = [load_time(tmp) for _ in range(5)]
    print(f"shipped content load: cold {statistics.median(cold) * 1000:.0f} ms, "
          f"warm cache {statistics.median(warm) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
