"""A disk cache of parsed and checked Book of Secrets files, so a warm start skips YAML parsing and
validation (Jinja's code for a template is generated on first use in each process).

One file per source file, keyed by its resolved path, mtime, size and the versions that shape the
result (this format, the package, Jinja, Python, and the effect and helper vocabulary; bump FORMAT
when the checks change). Entries are plain data in JSON with a checksum (content/cachefile.py),
written atomically: nothing in a cache file can run code, and a file that is unreadable, damaged,
made for another key or of the wrong shape is ignored and rebuilt. The folder is `book/` in
the user's cache dir (platformdirs) or in $CLANK_STORY_CACHE; CLANK_STORY_CACHE=off turns it off
(the same convention as the content cache)."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

from clank_story.content import cachefile

FORMAT = 6  # 6: templates over MAX_SOURCE refused, at most MAX_FILE_ERRORS errors a file


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
    return folder / (hashlib.sha1(ident.encode()).hexdigest() + ".json"), ident


def load(path: Path) -> dict[str, Any] | None:
    key = _key(path)
    if key is None:
        return None
    file, ident = key
    found, entry = cachefile.load(file, ident, plain=True)
    if not found or not _well_formed(entry):
        return None
    _repath(entry, str(path))
    return entry


def _well_formed(entry: Any) -> bool:
    """The shape load_entry makes, as far as loading the book relies on it: a file of any other shape
    is a cache miss, never a crash later. (A file that passes is plain data, read like a book file's.)"""
    from dataclasses import MISSING, fields

    from clank_story.story.contracts import Contract

    try:
        for _path, line, col, code, message, severity, pid in entry["diags"]:
            if not (type(line) is int and type(col) is int and type(code) is str and type(message) is str
                    and type(severity) is str and (pid is None or type(pid) is str)):
                return False
        for item in entry["passages"]:
            data = item["data"]
            if not (type(data["id"]) is str and type(data["line"]) is int and type(data["col"]) is int):
                return False
            for v in item["sources"].values():
                if type(v) is not str:
                    return False
            for ref in data["refs"]:
                if len(ref) != 4:
                    return False
            for pos in data["pos"].values():
                if len(pos) != 2:
                    return False
            for x in (*data.get("choices", ()), *data.get("effects", ())):
                if type(x) is not dict:
                    return False
        names = {f.name for f in fields(Contract)}
        required = {f.name for f in fields(Contract) if f.default is MISSING and f.default_factory is MISSING}
        return all(type(c) is dict and required <= c.keys() <= names for c in entry["contracts"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return False


def _repath(entry: dict[str, Any], path: str) -> None:
    """Diagnostics name the file as the caller spelled it (relative or absolute)."""
    entry["diags"] = [[path, *d[1:]] for d in entry["diags"]]
    for item in entry["passages"]:
        item["data"]["path"] = path
    for c in entry["contracts"]:
        c["path"] = path


def store(path: Path, entry: dict[str, Any]) -> None:
    key = _key(path)
    if key is not None:
        cachefile.write(key[0], key[1], entry, plain=True)  # a cache that cannot be written only costs time
