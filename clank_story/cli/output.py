"""Where the program's words go, and what happens when they cannot get there.

- An output encoding that cannot show a character (cp1252 on a redirected Windows console, ASCII in a
  bare container) gets a readable stand-in (`→` as `->`, `é` as `e`) instead of an exception: the
  error handler `clank-story-fallback` is installed on stdout and stderr.
- A full disk (`/dev/full`) or a reader that went away (`clank-story run game.txt | head -1`) ends the
  program with one sentence on stderr and exit status 2, never a traceback: stdout is guarded, and
  the loss is raised as `OutputLost` (a BaseException, so the table's own `except Exception` guards
  cannot mistake it for a bug in the game)."""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import sys
import unicodedata
from typing import Any, TextIO

HANDLER = "clank-story-fallback"
# Characters our words use that have a plain stand-in (anything else: its accents dropped, else `?`).
STAND_INS = {
    "→": "->", "←": "<-", "—": "--", "–": "-", "·": "-", "×": "x", "…": "...", "✓": "+", "▸": ">",
    "│": "|", "├": "+", "└": "`", "─": "-", "“": '"', "”": '"', "‘": "'", "’": "'", "\u00a0": " ",
    "★": "*", "•": "*", "⚔": "x",
}


class OutputLost(BaseException):  # a BaseException: the way out is gone, not an error of the game
    """Standard output cannot be written any more (a full disk, a closed pipe)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


def _fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for char in error.object[error.start:error.end]:
        stand_in = STAND_INS.get(char)
        if stand_in is None:
            bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
            stand_in = bare if bare and bare.isascii() else "?"
        out.append(stand_in)
    return "".join(out), error.end


def install_fallback() -> None:
    with contextlib.suppress(LookupError):
        codecs.lookup_error(HANDLER)
        return
    codecs.register_error(HANDLER, _fallback)


class Guarded:
    """A text stream whose failures to write become OutputLost."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as e:
            raise OutputLost(e) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as e:
            raise OutputLost(e) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def prepare() -> None:
    """Make stdout and stderr safe to write any of our words to; guard a stdout that is not a terminal
    (a terminal is left to prompt_toolkit as it is)."""
    install_fallback()
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", "") or "").lower().replace("_", "-")
        if encoding not in ("utf-8", "utf8") and hasattr(stream, "reconfigure"):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors=HANDLER)
    try:
        tty = sys.stdout.isatty()
    except (ValueError, OSError):
        tty = False
    if not tty and sys.stdout is not None:
        sys.stdout = Guarded(sys.stdout)  # type: ignore[assignment]


def lost(error: OSError) -> int:
    """Say in one line that the output is gone; stop Python from trying to flush it again at exit."""
    from clank_story.words import say

    reason = {errno.ENOSPC: "full", errno.EPIPE: "closed"}.get(error.errno or 0, "other")
    with contextlib.suppress(Exception):
        sys.stderr.write(say(f"cli.output_lost.{reason}", error=error.strerror or error) + "\n")
        sys.stderr.flush()
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
    return 2
