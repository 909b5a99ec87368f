"""The plain-lines front end: for pipes, files and CI, and, in plain mode, for a person with a screen
reader or a braille display. No prompt_toolkit; end of input (or a closed stdin) saves and quits, so
it never waits forever.

Plain mode on a terminal (`--plain`, `TERM=dumb`): no colour, no toolbar, nothing redrawn in place,
lines never broken by us (one idea to a line), and the decorations sighted players skim past (box
drawing, arrows, dots between numbers, tick marks) written as plain punctuation a screen reader reads
without fuss. Piped output is left exactly as it is, so transcripts stay byte for byte the same."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TextIO

from clank_story.narrate.prose import Line
from clank_story.repl.sitting import Sitting

# Decorations and what plain mode writes instead (in order: longer patterns first).
PLAIN = (
    (re.compile(r"^— (.*) —$", re.M), r"\1"),  # a turn's header
    (re.compile(r"^((?:│  |   )*)(?:├─|└─) ", re.M), lambda m: "  " * (len(m.group(1)) // 3 + 1) + "- "),  # map
    (re.compile(r"^((?:   )*│  (?:│  |   )*)", re.M), lambda m: "  " * (len(m.group(1)) // 3)),
    (re.compile(r" → "), " to "),
    (re.compile(r"→ "), "to "),
    (re.compile(r" [—│] "), ", "),
    (re.compile(r" · "), ", "),
    (re.compile(r"✓ "), "+ "),
    (re.compile(r"▸ "), "> "),
    (re.compile(r" ×(\d+)"), r" x\1"),
    (re.compile(r"[“”]"), '"'),
    (re.compile(r"[‘’]"), "'"),
    (re.compile(r"…"), "..."),
)


def plain_text(text: str) -> str:
    for pattern, replacement in PLAIN:
        text = pattern.sub(replacement, text)
    return text


def run_plain(sitting: Sitting, first: Iterable[Line], stdin: TextIO | None, stdout: TextIO, *,
              plain: bool = False) -> int:
    """Read a line, answer it, until `quit` or the end of input. When the input is not a terminal the
    commands are echoed after the prompt, so the output reads as a transcript."""
    table = sitting.table
    sitting.plain = plain
    echo = not _is_tty(stdin)
    show(first, stdout, plain)
    while True:
        prompt = table.prompt()
        if not echo:
            stdout.write(prompt)
            stdout.flush()
        try:
            raw = stdin.readline() if stdin is not None else ""
        except KeyboardInterrupt:
            raw = ""
        except (OSError, ValueError):  # closed or unreadable: treat as the end of input
            raw = ""
        if raw == "":
            if not echo:
                stdout.write("\n")
            show(table.quit().lines, stdout, plain)
            return 0
        if echo:
            stdout.write(prompt + raw.rstrip("\r\n") + "\n")
        reply = sitting.handle(raw)  # Ctrl-C while it works: the table takes the command back and saves
        try:
            show(reply.lines, stdout, plain)
        except KeyboardInterrupt:
            reply.quit = True
            show(table.quit().lines, stdout, plain)
        if reply.quit:
            return 0


def show(lines: Iterable[Line], stdout: TextIO, plain: bool = False) -> None:
    for line in lines:
        stdout.write((plain_text(line.text) if plain else line.text) + "\n")
    stdout.flush()


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):
        return False
