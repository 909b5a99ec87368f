"""Benchmark the play prompt: time from `clank-story play` to the first prompt (in a real pty, warm
caches, median of 5) and the latency of single commands (in a pty, and inside the process).

    python tools/bench_repl.py            # prints medians; --runs N, --json for machine output

Targets (issue 4, issue 20): first prompt <= 300 ms, one command <= 20 ms. Nothing here runs in the tests.
The first prompt is also given in CPU time (the process's own, read from /proc when it shows), which
a machine busy with other work disturbs less than the wall clock."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

CPR = r"\x1b\[6n"
TOOLBAR = "Rage"  # drawn with every prompt
COMMANDS = ["look", "hand", "row", "status", "map", "score", "help", "play all", "undo", "card explore"]


def _command() -> list[str]:
    exe = shutil.which("clank-story")
    return [exe] if exe else [sys.executable, "-m", "clank_story"]


def _spawn(env: dict[str, str], *args: str):
    import pexpect

    cmd = _command()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", *args], env=env, encoding="utf-8", timeout=30,
                          dimensions=(40, 160))
    child.delaybeforesend = None  # pexpect sleeps 50 ms before each send by default
    return child


def _wait(child, pattern: str) -> None:
    while child.expect([CPR, pattern]) == 0:
        child.send("\x1b[40;1R")


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds a running process has used so far (Linux /proc; else None)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def first_prompt(env: dict[str, str], runs: int, cpu: list[float] | None = None) -> list[float]:
    """Seconds from spawning `clank-story play --new` to the first prompt with its toolbar; the CPU
    seconds the process had used by then go into `cpu` (steadier than the wall clock on a busy machine)."""
    times = []
    for i in range(runs + 1):  # the first run warms the caches and is not counted
        start = time.perf_counter()
        child = _spawn(env, "--new", "--seed", str(100 + i))
        _wait(child, TOOLBAR)
        elapsed = time.perf_counter() - start
        used = _cpu_seconds(child.pid)
        if i:
            child.close(force=True)  # the next run's --new sets this game aside; nothing waits on a question
        else:  # the warming run quits as a player does, so what the program keeps at exit is kept
            import pexpect

            child.send("choose 1\r")  # the campaign's first game opens on a question (refused if not)
            _wait(child, TOOLBAR)
            time.sleep(0.5)  # the prompt is ready for keys
            child.sendcontrol("d")
            while child.expect([CPR, pexpect.EOF]) == 0:
                child.send("\x1b[40;1R")
        if i:
            times.append(elapsed)
            if cpu is not None and used is not None:
                cpu.append(used)
    return times


def pty_latency(env: dict[str, str], runs: int) -> dict[str, float]:
    """Seconds from Enter to the next prompt, per command, in the terminal front end (median)."""
    child = _spawn(env, "--new", "--seed", "7")
    _wait(child, TOOLBAR)
    out: dict[str, list[float]] = {c: [] for c in COMMANDS}
    for _ in range(runs):
        for command in COMMANDS:
            start = time.perf_counter()
            child.send(command + "\r")
            _wait(child, TOOLBAR)
            out[command].append(time.perf_counter() - start)
    child.sendcontrol("d")
    _wait(child, "saved")
    return {c: statistics.median(v) for c, v in out.items()}


def loop_latency(runs: int) -> dict[str, float]:
    """Seconds Table.handle takes per command, inside the process (median)."""
    from clank_story.table.opening import OneShot, Options, open_game, play_seats

    loop = open_game(OneShot("legacy", seed=7, seats=play_seats(None, None, None, False)), Options(save=False))
    loop.opening()
    out: dict[str, list[float]] = {c: [] for c in COMMANDS}
    for _ in range(runs):
        for command in COMMANDS:
            start = time.perf_counter()
            loop.handle(command)
            out[command].append(time.perf_counter() - start)
    return {c: statistics.median(v) for c, v in out.items()}


def piped_startup(env: dict[str, str], runs: int) -> tuple[list[float], list[float]]:
    """Seconds for `clank-story play < /dev/null` (start, save, quit) with no terminal: wall clock,
    and CPU (user + system) which a busy machine disturbs less."""
    import resource
    import subprocess

    times, cpu = [], []
    for i in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([*_command(), "play", "--new", "--seed", str(200 + i)], env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if i:
            times.append(time.perf_counter() - start)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return times, cpu


def python_floor(runs: int) -> float:
    """Wall seconds for `python -c pass`: what any command pays before it starts (median)."""
    import subprocess

    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "XDG_DATA_HOME": str(Path(tmp) / "data"), "XDG_CACHE_HOME": str(Path(tmp) / "cache"),
               "TERM": "xterm"}
        env.pop("NO_COLOR", None)
        startup_cpu: list[float] = []
        startup = first_prompt(env, args.runs, startup_cpu)
        piped, piped_cpu = piped_startup(env, args.runs)
        floor = python_floor(args.runs)
        pty = pty_latency(env, args.runs)
        os.environ["XDG_DATA_HOME"] = env["XDG_DATA_HOME"]
        inproc = loop_latency(args.runs * 4)
    result = {
        "first_prompt_ms": round(statistics.median(startup) * 1000, 1),
        "first_prompt_runs_ms": [round(t * 1000, 1) for t in startup],
        "first_prompt_cpu_ms": round(statistics.median(startup_cpu) * 1000, 1) if startup_cpu else None,
        "piped_start_and_quit_ms": round(statistics.median(piped) * 1000, 1),
        "piped_start_and_quit_cpu_ms": round(statistics.median(piped_cpu) * 1000, 1),
        "python_floor_ms": round(floor * 1000, 1),
        "command_in_pty_ms": {c: round(t * 1000, 1) for c, t in pty.items()},
        "command_in_process_ms": {c: round(t * 1000, 2) for c, t in inproc.items()},
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"first prompt (median of {args.runs}, warm): {result['first_prompt_ms']} ms  "
          f"(runs: {result['first_prompt_runs_ms']}); CPU {result['first_prompt_cpu_ms']} ms  target <= 300 ms")
    print(f"piped start + save + quit (median): {result['piped_start_and_quit_ms']} ms wall, "
          f"{result['piped_start_and_quit_cpu_ms']} ms CPU")
    print(f"`python -c pass` on this machine (median): {result['python_floor_ms']} ms")
    print("one command, Enter to next prompt in a pty (median ms):")
    for c, t in result["command_in_pty_ms"].items():
        print(f"  {c:<14} {t:>7}")
    print("one command inside the process, Table.handle (median ms):  target <= 20 ms")
    for c, t in result["command_in_process_ms"].items():
        print(f"  {c:<14} {t:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
