"""`book lint` tells a file's kind partly by its top-level keys (authoring/discover.py). It looks only
at the lines that start at the margin, found by one search over the text; what it finds must be what
reading every line (as `str.splitlines` breaks them) finds, whatever the text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from clank_story.authoring import discover

PIECES = ["passages", "games", "a", ":", " ", "\t", "#", "-", "\n", "\r", "\r\n", "\x0b", "\x85", "\u2028", '"', "'",
          "---", "...", "x: y", "é", "\n\n"]


def every_line(text: str) -> set[str]:
    keys: set[str] = set()
    for line in text.splitlines():
        if not line or line[0] in " \t#-" or line.startswith("---") or line.startswith("..."):
            continue
        m = discover._TOP_KEY.match(line)
        if m:
            keys.add((m.group(1) or m.group(2) or m.group(3) or "").strip())
    return keys


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
def test_the_top_keys_are_those_of_every_line(text):
    assert discover.top_keys(text) == every_line(text)


def test_the_top_keys_of_a_book_file_and_of_a_campaign_file():
    book = "passages:\n  start:\n    title: Start\n    text: |\n      games: no\ncontracts: []\n"
    assert discover.top_keys(book) == {"passages", "contracts"}
    assert discover.top_keys('"games": [1]\r\nname: x\r\n') == {"games", "name"}
