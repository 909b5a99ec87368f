"""A disk cache of parsed content roots (cards, boards, secrets, market) and campaign definitions, so
a warm start skips YAML parsing and validation. One file per root and kind, keyed by every file's
path, mtime and size, the package version and the effect vocabulary. The files are JSON
(content/cachefile.py): a planted or damaged one cannot run code and is simply rebuilt."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from clank_story import digests
from clank_story.content import cachefile
from clank_story.paths import user_cache

T = TypeVar("T")
FORMAT = 2


def _ident(root: Path, files: Iterable[Path] | None = None) -> str:
    from clank_story import __version__
    from clank_story.rules.effects import REGISTRY

    parts = [str(FORMAT), __version__, sys.implementation.cache_tag, ",".join(sorted(REGISTRY)), str(root)]
    for path in sorted(root.rglob("*.yaml") if files is None else files):
        st = path.stat()
        parts.append(f"{path}:{st.st_mtime_ns}:{st.st_size}")
    return "\n".join(parts)


def cached(root: Path, build: Callable[[], T], kind: str = "catalog", files: Iterable[Path] | None = None) -> T:
    """`build()`'s value for the content under `root`, from the cache while no file there changed.
    `kind` names what is built, so two kinds of value from one folder never share an entry. `files`,
    when given, are all the files `build` reads (else every YAML file under `root`): a scenario's
    folder may hold hundreds of other files that need not be looked at on every start."""
    folder = user_cache("content")
    if folder is None:
        return build()
    ident = kind + "\n" + _ident(root, files)
    file = folder / (digests.sha1(f"{kind}:{root}".encode()).hexdigest() + ".json")
    found, value = cachefile.load(file, ident)
    if found:
        return value
    value = build()
    cachefile.write(file, ident, value)
    return value
