"""`book watch PATHS`: lint again every time a content file is saved, and show the diagnostics — the
author edits, glances at the terminal, and plays on (`reload` at the prompt picks the edit up).

Files are polled (their size and modification time), which needs no extra library and works on every
platform and file system, network ones included; a save is seen within one interval. Editors that
save by writing a new file and renaming it over the old one are seen the same way."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from clank_story.authoring.discover import collect
from clank_story.words import say

INTERVAL = 0.5  # seconds between looks
Signature = dict[Path, tuple[int, int]]


def signature(paths: Sequence[Path]) -> Signature:
    """Every YAML file under the paths, with its modification time and size."""
    found, _ = collect(list(paths))
    out: Signature = {}
    for path, _folders in found:
        try:
            st = path.stat()
        except OSError:
            continue  # removed between the listing and the look: the next look sees it gone
        out[path] = (st.st_mtime_ns, st.st_size)
    return out


def report(paths: Sequence[Path], strict: bool = False) -> list[str]:
    """One lint of the paths, as the lines a watcher shows: a stamped heading, then the diagnostics."""
    from clank_story.authoring.lint import lint
    from clank_story.content import library

    library.forget()  # parsed content kept in this process would hide the edit
    result = lint(list(paths))
    heading = say("authoring.watch.heading", time=time.strftime("%H:%M:%S"), files=result.files,
                  errors=len(result.errors), warnings=len(result.warnings))
    if not result.diagnostics:
        heading = say("authoring.watch.clean", time=time.strftime("%H:%M:%S"), files=result.files)
    elif strict and not result.errors:
        heading += " " + say("authoring.watch.strict")
    return [heading, *result.as_text()]


def watch(paths: Sequence[Path], emit: Callable[[str], None], *, strict: bool = False,
          interval: float = INTERVAL, rounds: int | None = None,
          sleep: Callable[[float], None] = time.sleep) -> int:
    """Lint now, then again after every change, until interrupted (or `rounds` looks, for tests).
    Returns how many times it linted."""
    seen = signature(paths)
    for line in report(paths, strict):
        emit(line)
    emit(say("authoring.watch.waiting"))
    linted = 1
    looked = 0
    while rounds is None or looked < rounds:
        sleep(interval)
        looked += 1
        now = signature(paths)
        if now == seen:
            continue
        seen = now
        emit("")
        for line in report(paths, strict):
            emit(line)
        linted += 1
    return linted
