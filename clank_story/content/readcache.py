"""What reading a file's exact text gave, kept under the text's SHA-256 so the next start skips the YAML.

ruamel's round-trip reader is pure Python and, with libyaml's prescan, costs tens of milliseconds to
import before it reads a byte (issue 20): a campaign file after a hundred games took 300 ms to read,
and a one-command `run` spent a fifth of its time reading a ten-line scenario. One entry per file
(by its resolved path) and kind holds the file's checked plain data as JSON; any other text, another
program version, a damaged entry or CLANK_STORY_CACHE=off reads the file itself. JSON gives back only
plain data, and only what reads back exactly is kept, so an entry can never run code (docs/security.md);
the files are content/cachefile.py's, with its key and checksum.
Readers still run every check that needs more than the text (references to cards, boards...)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from clank_story import digests
from clank_story.content import cachefile

FORMAT = 1


def entry_file(kind: str, path: Path) -> Path | None:
    """Where the entry for the file at `path` is kept; None when caching is off."""
    from clank_story.paths import user_cache

    folder = user_cache(kind)
    if folder is None:
        return None
    where = str(path.resolve())
    return folder / (digests.sha1(where.encode("utf-8")).hexdigest() + ".json")


def _key(text: str, version: str) -> str:
    from clank_story import __version__

    digest = digests.sha256(text.encode("utf-8")).hexdigest()
    return f"{FORMAT}:{__version__}:{version}:{digest}"


def recall(kind: str, path: Path, text: str, version: str = "") -> Any:
    """What `remember` kept for exactly this text of this file, or None."""
    entry = entry_file(kind, path)
    if entry is None:
        return None
    found, data = cachefile.load(entry, _key(text, version), plain=True)
    return data if found else None


def remember(kind: str, path: Path, text: str, data: Any, version: str = "") -> None:
    """Keep `data` (plain JSON data) as what `text` of the file at `path` reads as."""
    entry = entry_file(kind, path)
    if entry is None:
        return
    try:
        if json.loads(json.dumps(data, ensure_ascii=False)) != data:  # only what JSON gives back exactly
            return
    except (TypeError, ValueError, RecursionError):
        return
    cachefile.write(entry, _key(text, version), data, plain=True)
