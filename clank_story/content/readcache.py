"""What reading a file's exact text gave, kept under the text's SHA-256 so the next start skips the YAML.

ruamel's round-trip reader is pure Python and, with libyaml's prescan, costs tens of milliseconds to
import before it reads a byte (issue 20): a campaign file after a hundred games took 300 ms to read,
and a one-command `run` spent a fifth of its time reading a ten-line scenario. One entry per file
(by its resolved path) and kind holds the file's checked plain data as JSON; any other text, another
program version, a damaged entry or CLANK_STORY_CACHE=off reads the file itself. JSON gives back only
plain data, and only what reads back exactly is kept, so an entry can never run code (docs/security.md).
Readers still run every check that needs more than the text (references to cards, boards...)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

FORMAT = 1


def _entry(kind: str, path: Path) -> Path | None:
    from clank_story.paths import user_cache

    folder = user_cache(kind)
    if folder is None:
        return None
    where = str(path.resolve())
    return folder / (hashlib.sha1(where.encode("utf-8")).hexdigest() + ".json")


def _key(text: str, version: str) -> str:
    from clank_story import __version__

    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return f"{FORMAT}:{__version__}:{version}:{digest}"


def recall(kind: str, path: Path, text: str, version: str = "") -> Any:
    """What `remember` kept for exactly this text of this file, or None."""
    entry = _entry(kind, path)
    if entry is None:
        return None
    try:
        stored = json.loads(entry.read_bytes())
        if stored["key"] != _key(text, version):
            return None
        return stored["data"]
    except Exception:  # missing, stale or damaged: read the file itself
        return None


def remember(kind: str, path: Path, text: str, data: Any, version: str = "") -> None:
    """Keep `data` (plain JSON data) as what `text` of the file at `path` reads as."""
    entry = _entry(kind, path)
    if entry is None:
        return
    tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
    try:
        stored = json.dumps({"key": _key(text, version), "data": data}, ensure_ascii=False, separators=(",", ":"))
        if json.loads(stored)["data"] != data:  # only what JSON gives back exactly is kept
            return
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(stored, encoding="utf-8")  # no fsync: a torn entry is only a cache miss
        os.replace(tmp, entry)
    except Exception:  # a cache that cannot be written costs speed, never correctness
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def entry_file(kind: str, path: Path) -> Path | None:
    """Where the entry for `path` is kept (tests damage it on purpose)."""
    return _entry(kind, path)
