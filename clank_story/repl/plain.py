"""The plain-lines front end: for pipes, files and CI. No prompt_toolkit; end of input (or a closed
stdin) saves and quits, so it never waits forever."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from clank_story.narrate.prose import Line
from clank_story.table.table import Table


def run_plain(table: Table, first: Iterable[Line], stdin: TextIO | None, stdout: TextIO) -> int:
    """Read a line, answer it, until `quit` or the end of input. When the input is not a terminal the
    commands are echoed after the prompt, so the output reads as a transcript."""
    echo = not _is_tty(stdin)
    show(first, stdout)
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
            show(table.quit().lines, stdout)
            return 0
        if echo:
            stdout.write(prompt + raw.rstrip("\r\n") + "\n")
        reply = table.handle(raw)  # Ctrl-C while it works: the table takes the command back and saves
        try:
            show(reply.lines, stdout)
        except KeyboardInterrupt:
            reply.quit = True
            show(table.quit().lines, stdout)
        if reply.quit:
            return 0


def show(lines: Iterable[Line], stdout: TextIO) -> None:
    for line in lines:
        stdout.write(line.text + "\n")
    stdout.flush()


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):
        return False
