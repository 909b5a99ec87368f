"""Engine benchmarks (issue 2 and 3): random-bot games per second, scripted commands replayed per
second, `clank-story --help` wall time, and shipped-content load time cold and warm.
Prints medians of 5 runs (--repeats). Usage: python tools/bench_engine.py [--games N] [--bots-only]

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


def replay_rate(ruleset: str, seed: int) -> float:
    from clank_story.table.opening import table_for_session
    from clank_story.table.scripts import run_script

    text, count = recorded_script(ruleset, seed)
    humans = [{"name": f"P{i}"} for i in range(4)]
    pos = load_scenario(ruleset=ruleset, seats=humans, seed=seed)
    session = Session.start(pos)
    start = time.perf_counter()
    outcome = run_script(table_for_session(session), text, "bench", lambda line: None)
    elapsed = time.perf_counter() - start
    assert outcome.status == 0, outcome.message
    return count / elapsed


def parse_apply_rate(ruleset: str, seed: int) -> float:
    """The same replay without narration: parse + rules only."""
    text, count = recorded_script(ruleset, seed)
    humans = [{"name": f"P{i}"} for i in range(4)]
    session = Session.start(load_scenario(ruleset=ruleset, seats=humans, seed=seed))
    start = time.perf_counter()
    for line in text.splitlines():
        session.do(line)
    return count / (time.perf_counter() - start)


def wall(cmd: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True, check=True, env=env)
    return time.perf_counter() - start


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
    args = parser.parse_args()
    for ruleset in ("classic", "legacy"):
        bot_games(ruleset, 2, 10**6)  # content loaded and caches warm before timing
        runs = [bot_games(ruleset, args.games, 1000 * i) for i in range(args.repeats)]
        cpu = [bot_games(ruleset, args.games, 1000 * i, time.process_time)[0] for i in range(args.repeats)]
        print(f"{ruleset}: random-bot games/s (4 players, one process): "
              f"{statistics.median(r[0] for r in runs):.1f} wall, {statistics.median(cpu):.1f} CPU; "
              f"mean rounds {statistics.mean(r[1] for r in runs):.1f}")
        if args.bots_only:
            continue
        rates = [replay_rate(ruleset, seed) for seed in range(5)]
        print(f"{ruleset}: scripted commands/s replayed by run (with narration): {statistics.median(rates):.0f}")
        bare = [parse_apply_rate(ruleset, seed) for seed in range(5)]
        print(f"{ruleset}: scripted commands/s, parse + rules only: {statistics.median(bare):.0f}")
    if args.bots_only:
        return
    helps = [wall([sys.executable, "-m", "clank_story", "--help"]) for _ in range(5)]
    bare = [wall([sys.executable, "-c", "pass"]) for _ in range(5)]
    print(f"clank-story --help wall time: {statistics.median(helps) * 1000:.0f} ms "
          f"(python -c pass: {statistics.median(bare) * 1000:.0f} ms)")
    with tempfile.TemporaryDirectory() as tmp:
        cold = [load_time("off") for _ in range(5)]
        load_time(tmp)
        warm = [load_time(tmp) for _ in range(5)]
    print(f"shipped content load: cold {statistics.median(cold) * 1000:.0f} ms, "
          f"warm cache {statistics.median(warm) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
