"""`clank-story play` in real pseudo-terminals of 60, 80 and 120 columns, read back from a terminal
emulator (pyte) as a person would see the screen: no word is ever broken across two lines, and the
bottom toolbar keeps Clank, Health and Rage however narrow. And the tutorial, played to its end."""

from __future__ import annotations

import itertools
import os
import re
import sys
from pathlib import Path

import pexpect
import pyte
import pytest

from clank_story.table.verbs import VERBS

CPR_REQUEST = "\x1b[6n"
ROWS = 50


class Screen:
    """A pty running `clank-story play ...`, fed into a pyte screen of the same size."""

    def __init__(self, home: Path, columns: int, *args: str) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache"),
               "XDG_CONFIG_HOME": str(home / "config"), "HOME": str(home), "TERM": "xterm", "NO_COLOR": "1"}
        self.screen = pyte.HistoryScreen(columns, ROWS, history=5000)
        self.stream = pyte.Stream(self.screen)
        self.child = pexpect.spawn(sys.executable, ["-m", "clank_story", "play", *args], env=env,
                                   encoding="utf-8", timeout=30, dimensions=(ROWS, columns))
        self.columns = columns
        self.seen = ""

    def _feed(self, text: str) -> None:
        if CPR_REQUEST in text:  # prompt_toolkit asks where the cursor is; a terminal answers
            self.child.send(f"\x1b[{self.screen.cursor.y + 1};{self.screen.cursor.x + 1}R")
        self.stream.feed(text)
        self.seen += text

    def wait_for(self, pattern: str) -> None:
        """Read until the screen shows `pattern` (a regex) on its visible lines."""
        while not re.search(pattern, "\n".join(self.screen.display)):
            try:
                self._feed(self.child.read_nonblocking(4096, timeout=30))
            except pexpect.EOF:
                break

    def prompt(self) -> None:
        """Read until the prompt is drawn again and the program falls quiet (it waits for a key)."""
        self.wait_for(r"Rage|The game is over")
        while True:
            try:
                self._feed(self.child.read_nonblocking(4096, timeout=1.0))
            except pexpect.TIMEOUT:
                return
            except pexpect.EOF:
                return

    def line(self, text: str) -> None:
        self.child.send(text + "\r")
        self.wait_for(re.escape(text[-8:]) if text else "")

    def all_lines(self) -> list[str]:
        """Everything that scrolled past, then what is on screen now."""
        width = self.screen.columns
        past = ["".join(row[x].data for x in range(width)).rstrip() for row in self.screen.history.top]
        return past + [row.rstrip() for row in self.screen.display]

    def toolbar(self) -> str:
        """The row drawn in reverse video: the bottom toolbar."""
        for y in range(self.screen.lines - 1, -1, -1):
            row = self.screen.buffer[y]
            if any(row[x].reverse for x in row):
                return self.screen.display[y]
        return ""

    def close(self) -> None:
        self.child.sendcontrol("d")
        try:
            while True:
                self._feed(self.child.read_nonblocking(4096, timeout=10))
        except (pexpect.EOF, pexpect.TIMEOUT):
            pass
        self.child.close()


def words_of_the_game() -> set[str]:
    """Every word the game prints that a broken line would cut: card, space and verb names."""
    from clank_story.content.library import build_ruleset, catalog

    c = catalog()
    words: set[str] = {v.name for v in VERBS}
    for ruleset in ("classic", "legacy"):
        rs = build_ruleset(c, ruleset)
        for card in rs.cards.values():
            words |= set(re.findall(r"[A-Za-z]{4,}", card.name))
    for board in c.boards.values():
        for space in board.spaces.values():
            words |= set(re.findall(r"[A-Za-z]{4,}", space.name))
    return {w for w in words if len(w) >= 4}


def broken_words(lines: list[str], known: set[str]) -> list[str]:
    """Pairs of lines where a known word was split: the end of one line and the start of the next
    make a word the game knows, though neither half is a word."""
    broken = []
    for a, b in itertools.pairwise(lines):
        tail, head = re.search(r"([A-Za-z]+)$", a), re.match(r"^([A-Za-z]+)", b)
        if tail and head and len(a) >= len(b.strip()) // 4:
            whole = tail.group(1) + head.group(1)
            if whole in known and tail.group(1) not in known and head.group(1) not in known:
                broken.append(f"{a!r} / {b!r}")
    return broken


COMMANDS = ["row", "reserve", "play all", "look", "map", "status", "hand", "help", "help rules", "card explore",
            "move tollbury"]


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_no_word_is_broken_and_the_toolbar_keeps_its_numbers(tmp_path: Path, columns: int):
    term = Screen(tmp_path, columns, "--ruleset", "legacy", "--seed", "3")
    term.prompt()
    for command in COMMANDS:
        term.line(command)
        term.prompt()
        bar = term.toolbar()
        for word in ("Clank", "Health", "Rage"):
            assert word in bar, (columns, bar)
        assert re.search(r"Health \d+/10", bar) and re.search(r"Clank \d+", bar) and re.search(r"Rage \d \(\d\)", bar)
    lines = term.all_lines()
    term.close()
    text = "\n".join(lines)
    assert "Tollbury" in text and "Turn 1" in text
    assert broken_words(lines, words_of_the_game()) == []
    assert max(len(line) for line in lines) <= columns
    # the first lines are wrapped to this terminal: a long sentence uses its width
    if columns == 120:
        assert any(len(line) > 90 for line in lines)


def test_the_toolbar_follows_a_resized_window(tmp_path: Path):
    term = Screen(tmp_path, 120, "--ruleset", "legacy", "--seed", "3")
    term.prompt()
    assert "Turn 1 · Gilt & Gristle" in term.toolbar()
    term.child.setwinsize(ROWS, 60)
    term.screen.resize(ROWS, 60)
    term.line("look")
    term.prompt()
    assert all(w in term.toolbar() for w in ("Clank", "Health", "Rage"))
    assert len(term.toolbar().rstrip()) <= 60
    term.line("help rules")
    term.prompt()
    lines = [line for line in term.all_lines() if line]
    assert max(len(line) for line in lines[-12:]) <= 60  # text after the resize fits the new width
    term.close()


def test_the_tutorial_is_played_to_its_end(tmp_path: Path):
    term = Screen(tmp_path, 80, "--tutorial")
    term.wait_for("Practice Vault")
    steps = [("play bur", "play all"), ("play all", "buy explore"), ("buy explore", "fight paper"),
             ("fight paper", "move hall"), ("move hall", "Type `end`"), ("end", "play all"),
             ("play all", "move vault"), ("move vault", r"Swords \(0-1\)"), ("", "take artifact"),
             ("take artifact", "move door"), ("move door", "You escaped with the loot")]
    for typed, guide_says in steps:
        term.line(typed)
        term.wait_for(guide_says)
    screen = "\n".join(term.all_lines())
    assert "The game is over" in screen and "You win." in screen
    assert "Traceback" not in screen
    term.line("quit")
    term.wait_for("Goodbye")
    term.child.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 0


def test_the_broken_word_check_catches_a_word_cut_in_two():
    known = {"Mercenary", "Clank", "leaves"}
    assert broken_words(["  Merc", "enary — item, 2 Skill"], known) == ["'  Merc' / 'enary — item, 2 Skill'"]
    assert broken_words(["Health 10/10 · Cla", "nk 2"], known)
    assert broken_words(["You hire a Mercenary", "and go"], known) == []
