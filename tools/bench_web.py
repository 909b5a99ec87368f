"""Benchmark the browser table (`clank-story serve`): the first page load in headless Chromium (from
navigation to the first state drawn, as the page's own performance marks measure it), the time per
command in the browser (click to new state drawn) and over the bare WebSocket (send to answer).

    python tools/bench_web.py             # prints medians; --loads N, --commands N, --json

Uses the system Chromium (/usr/bin/chromium, from the OS packages) through Playwright, on a classic
one-shot game with two bot rivals (their turns are part of `end`). Nothing here runs in the tests."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))

from webtools import CHROMIUM, CHROMIUM_ARGS, Page, Server

GAME = ("--ruleset", "classic", "--board", "cinder-halls", "--rivals", "2", "--bot", "greedy", "--seed", "11")


def _ms(values: list[float]) -> float:
    return round(statistics.median(values), 1) if values else float("nan")


def page_loads(context, url: str, loads: int) -> list[float]:
    out = []
    for _ in range(loads):
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector('#table[aria-busy="false"][data-seq]')
        out.append(page.evaluate("performance.getEntriesByName('state-drawn')[0].startTime"))
        page.close()
    return out


def browser_commands(context, url: str, most: int, shots: Path) -> tuple[list[float], list[str]]:
    page = Page(context.new_page(), shots, "bench")
    page.open(url)
    times, done = [], []
    while len(done) < most and not page.state()["over"]:
        done.append(page.step())
        times.append(page.page.evaluate("""(() => {
            const sent = performance.getEntriesByName('command-sent').pop();
            const drawn = performance.getEntriesByName('state-drawn').pop();
            return drawn.startTime - sent.startTime; })()"""))
    return times, done


def socket_commands(server: Server, most: int) -> list[float]:
    from websockets.sync.client import connect

    times = []
    with connect(server.ws_url, origin=server.origin) as ws:
        state = json.loads(ws.recv())["state"]
        for line in ["look", "hand", "row", "status", "map", "score"] * (most // 6 + 1):
            t0 = time.perf_counter()
            ws.send(json.dumps({"type": "command", "text": line, "seq": state["seq"]}))
            state = json.loads(ws.recv())["state"]
            times.append((time.perf_counter() - t0) * 1000)
            if len(times) >= most:
                break
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=7)
    parser.add_argument("--commands", type=int, default=80)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"no Chromium at {CHROMIUM}: apt-get install chromium chromium-driver", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    home = tempfile.mkdtemp(prefix="bench-web-")
    os.environ.update(HOME=home, XDG_DATA_HOME=f"{home}/data", CLANK_STORY_CACHE=f"{home}/cache",
                      CLANK_STORY_LANG="en")
    os.environ.pop("DISPLAY", None)
    server = Server(*GAME)
    try:
        with sync_playwright() as api:
            context = api.chromium.launch_persistent_context(
                f"{home}/profile", executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
                viewport={"width": 1400, "height": 1000})
            page_loads(context, server.url, 1)  # warm: the first load compiles the script
            loads = page_loads(context, server.url, args.loads)
            clicks, _done = browser_commands(context, server.url, args.commands, Path(home))
            context.close()
        plain = socket_commands(server, args.commands)
    finally:
        server.stop()
    result = {"first_page_load_ms": _ms(loads), "loads": len(loads),
              "command_in_browser_ms": _ms(clicks), "commands": len(clicks),
              "command_over_websocket_ms": _ms(plain), "websocket_commands": len(plain)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"first page load (navigation to first state drawn): median {result['first_page_load_ms']} ms "
              f"of {len(loads)}")
        print(f"one command in the browser (click to new state drawn, rivals' turns included): median "
              f"{result['command_in_browser_ms']} ms of {len(clicks)}")
        print(f"one looking command over the WebSocket (send to answer): median "
              f"{result['command_over_websocket_ms']} ms of {len(plain)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
