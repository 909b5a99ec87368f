"""Helpers of the browser-table tests: `clank-story serve` run as a person runs it (a process of its own,
stopped with Ctrl-C), headless Chromium from the OS packages, and a page driven by clicks."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path(os.environ.get("CLANK_STORY_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HOW_TO_INSTALL = (
    f"The browser tests need Chromium at {CHROMIUM} (or set CLANK_STORY_CHROMIUM). Install it from your "
    "OS packages: `sudo apt-get install -y chromium chromium-driver` on Debian and Ubuntu "
    "(`.ci/run` does this in CI). Never `playwright install`: the tests use the system browser.")
URL = re.compile(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/")
WAIT_MS = 30_000


class Server:
    """`python -m clank_story serve --no-browser ARGS` in a process of its own."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.args = args
        self.proc = subprocess.Popen([sys.executable, "-m", "clank_story", "serve", "--no-browser", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                     text=True, env={**os.environ, **(env or {})})
        self.out: list[str] = []
        self.url = ""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.out.append(line)
            found = URL.search(line)
            if found:
                self.url = found.group(0)
                break
        if not self.url:
            raise AssertionError(f"serve printed no address: {''.join(self.out)}{self.proc.stderr.read()}")  # type: ignore[union-attr]
        self._rest = threading.Thread(target=self._read, daemon=True)
        self._rest.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.out.append(line)

    @property
    def ws_url(self) -> str:
        return "ws" + self.url[len("http"):] + "ws"

    @property
    def origin(self) -> str:
        return self.url.split("/", 3)[0] + "//" + self.url.split("/", 3)[2]

    def stop(self) -> str:
        """Ctrl-C, as in the terminal; returns everything the server printed."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        self.proc.wait(timeout=60)
        self._rest.join(timeout=10)
        return "".join(self.out) + (self.proc.stderr.read() if self.proc.stderr else "")

    def wait(self) -> str:
        """The server stopping by itself (the person quit on the page)."""
        self.proc.wait(timeout=60)
        self._rest.join(timeout=10)
        return "".join(self.out)


@contextmanager
def served(*args: str) -> Iterator[Server]:
    server = Server(*args)
    try:
        yield server
    finally:
        if server.proc.poll() is None:
            server.stop()


class Page:
    """A page of the browser table, driven as a person drives it: clicks and keys."""

    def __init__(self, page: Any, shots: Path, name: str) -> None:
        self.page = page
        self.shots = shots
        self.name = name
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.settled()

    def settled(self) -> None:
        """Wait until the page has drawn the table's latest answer."""
        self.page.wait_for_selector('#table[aria-busy="false"][data-seq]', timeout=WAIT_MS)

    def seq(self) -> int:
        return int(self.page.get_attribute("#table", "data-seq"))

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.settled()

    def type(self, text: str) -> None:
        self.page.fill("#command", text)
        self.page.press("#command", "Enter")
        self.settled()

    def end_turn(self) -> None:
        """End, and say yes if the table asks first (cards left to play, Skill left to spend)."""
        self.click("#end")
        if self.count('#choices button[data-command="yes"]'):
            self.click('#choices button[data-command="yes"]')

    def count(self, selector: str) -> int:
        return self.page.locator(selector).count()

    def log(self) -> str:
        return self.page.inner_text("#log")

    def shot(self, label: str) -> Path:
        path = self.shots / f"{self.name}-{label}.png"
        self.page.screenshot(path=str(path))
        return path

    def state(self) -> dict[str, Any]:
        """What the page shows, read off the page (the tests' own summary of it)."""
        return json.loads(self.page.evaluate("""() => JSON.stringify({
            hand: [...document.querySelectorAll('#hand .card')].map(c => c.dataset.card),
            here: document.querySelector('#map .space.here') ?.dataset.space || null,
            question: !document.getElementById('question').hidden,
            over: document.body.classList.contains('over')})"""))

    def step(self) -> str:
        """One move of a simple player: answer a question, else play a card, take what lies here, acquire or
        fight the first card it can, move once a turn along the map, else end the turn. Returns what it did."""
        p = self.page
        if p.locator("#question:not([hidden]) #choices button").count():
            what = "#choices button"
        elif p.locator("#hand button.card").count():
            what = "#hand button.card"
        elif p.locator('#here button[data-command^="take"]').count():
            what = '#here button[data-command^="take"]'
        elif p.locator("#row button.card, #reserve button.card").count():
            what = "#row button.card, #reserve button.card"
        elif p.locator("#map .space.reachable").count() and not p.evaluate("window.__movedThisTurn === true"):
            what = "#map .space.reachable"
        else:
            what = "#end"
        command = p.locator(what).first.get_attribute("data-command")
        if what.startswith("#map"):
            p.evaluate("window.__movedThisTurn = true")
        if what == "#end":
            p.evaluate("window.__movedThisTurn = false")
        self.click(what)
        return command or what
