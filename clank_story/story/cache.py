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

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from clank_story import digests
from clank_story.content import cachefile

FORMAT = 7  # 7: diagnostics keep their sentence (id and parameters); 6: templates over MAX_SOURCE refused, ...


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

    vocabulary = digests.sha1(",".join([*sorted(REGISTRY), *sorted(HELPERS)]).encode()).hexdigest()[:12]
    ident = "|".join(map(str, (FORMAT, __version__, jinja2.__version__, importlib.util.MAGIC_NUMBER.hex(),
                                sys.implementation.cache_tag, vocabulary, path.resolve(), st.st_mtime_ns,
                                st.st_size)))
    return folder / (digests.sha1(ident.encode()).hexdigest() + ".json"), ident


def load(path: Path, well_formed: Callable[[Any], bool]) -> dict[str, Any] | None:
    """The cached entry of `path`, if there is one to trust and `well_formed` accepts its shape
    (passages.py knows the shape; a file of any other shape is a cache miss, never a crash later)."""
    key = _key(path)
    if key is None:
        return None
    file, ident = key
    found, entry = cachefile.load(file, ident, plain=True)
    if not found or not well_formed(entry):
        return None
    _repath(entry, str(path))
    return entry


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
