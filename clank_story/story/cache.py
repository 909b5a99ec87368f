"""A disk cache of parsed and compiled Book of Secrets files, so a warm start skips YAML parsing,
validation and Jinja's code generator.

One file per source file, keyed by its resolved path, mtime, size and the versions that shape the
result (this format, the package, Jinja, Python, and the effect and helper vocabulary; bump FORMAT
when the checks change). Entries are `marshal` data (plain values and code
objects), written atomically; anything unreadable is ignored and rebuilt. The folder is `book/` in
the user's cache dir (platformdirs) or in $CLANK_STORY_CACHE; CLANK_STORY_CACHE=off turns it off
(the same convention as the content cache)."""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import sys
from pathlib import Path
from typing import Any

FORMAT = 4


def cache_dir() -> Path | None:
    from clank_story.paths import user_cache

    return user_cache("book")


def _key(path: Path) -> tuple[Path, str] | None:
    folder = cache_dir()
    if folder is None:
        return None
    try:
        st = path.stat()
    except OSError:
        return None
    import jinja2

    from clank_story import __version__
    from clank_story.rules.effects import REGISTRY
    from clank_story.story.helpers import HELPERS

    vocabulary = hashlib.sha1(",".join([*sorted(REGISTRY), *sorted(HELPERS)]).encode()).hexdigest()[:12]
    ident = "|".join(map(str, (FORMAT, __version__, jinja2.__version__, importlib.util.MAGIC_NUMBER.hex(),
                                sys.implementation.cache_tag, vocabulary, path.resolve(), st.st_mtime_ns,
                                st.st_size)))
    return folder / (hashlib.sha1(ident.encode()).hexdigest() + ".marshal"), ident


def load(path: Path) -> dict[str, Any] | None:
    key = _key(path)
    if key is None:
        return None
    file, ident = key
    try:
        data = marshal.loads(file.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if not isinstance(data, dict) or data.get("ident") != ident:
        return None
    entry = data.get("entry")
    if isinstance(entry, dict):
        entry["path"] = str(path)
        _repath(entry, str(path))
        return entry
    return None


def _repath(entry: dict[str, Any], path: str) -> None:
    """Diagnostics name the file as the caller spelled it (relative or absolute)."""
    entry["diags"] = [(path, *d[1:]) for d in entry["diags"]]
    for item in entry["passages"]:
        item["data"]["path"] = path
    for c in entry["contracts"]:
        c["path"] = path


def store(path: Path, entry: dict[str, Any]) -> None:
    key = _key(path)
    if key is None:
        return
    file, ident = key
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(marshal.dumps({"ident": ident, "entry": entry}))
        os.replace(tmp, file)
    except (OSError, ValueError):
        pass  # a cache that cannot be written only costs time
