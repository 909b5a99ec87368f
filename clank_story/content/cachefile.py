"""Cache files that cannot run code: JSON text, the key it was made for, and a checksum.

The parsed-content caches (content/cache.py, story/cache.py) live in a folder anyone with the user's
rights can write to; a planted or damaged file must be at worst a cache miss. JSON can only ever
give back plain data, so nothing in a cache file is executed, imported or called: the few values
that are not plain (tuples, sets, read-only mappings, paths, and the frozen dataclasses content is
made of) are written as tagged objects and rebuilt from an allow-list of classes, found among the
modules already imported (ALLOWED_MODULES; a cache file never causes an import). Anything that does
not read back exactly — another key, a checksum that does not match, a class not on the list, a
file over MAX_BYTES — is treated as absent and rebuilt.

File layout: one line of JSON header `{"format": 1, "ident": ..., "sha256": ...}`, then the payload.
A folder grown past FOLDER_BYTES loses its oldest files when it is next written to (`prune`)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path, PurePath
from typing import Any

from clank_story import digests

FORMAT = 1
MAX_BYTES = 256 * 1024 * 1024
FOLDER_BYTES = 256 * 1024 * 1024  # a cache folder grown past this loses its oldest files (see `prune`)
ALLOWED_MODULES = frozenset({
    "clank_story.rules.model", "clank_story.content.library", "clank_story.content.cards",
    "clank_story.content.effects_check", "clank_story.content.yamlio", "clank_story.content.diagnostics",
    "clank_story.campaign.definition",
})
TAGS = ("$tuple", "$set", "$frozenset", "$frozen", "$map", "$path", "$dc")


class Unreadable(Exception):
    """A cache file that is not exactly what was written for this key."""


# -- plain data <-> JSON ----------------------------------------------------------------------------
def encode(value: Any) -> Any:
    """`value` as JSON-ready data; raises TypeError for anything that cannot be rebuilt safely."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"$tuple": [encode(v) for v in value]}
    if isinstance(value, frozenset):
        return {"$frozenset": [encode(v) for v in sorted(value, key=repr)]}
    if isinstance(value, set):
        return {"$set": [encode(v) for v in sorted(value, key=repr)]}
    if isinstance(value, PurePath):
        return {"$path": str(value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        if cls.__module__ not in ALLOWED_MODULES:
            raise TypeError(f"{cls.__module__}.{cls.__qualname__} is not cached")
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        return {"$dc": f"{cls.__module__}:{cls.__qualname__}", "fields": fields}
    if isinstance(value, Mapping):
        tag = "$frozen" if type(value).__name__ == "FrozenDict" else None
        if tag is None and all(isinstance(k, str) and not k.startswith("$") for k in value):
            return {str(k): encode(v) for k, v in value.items()}
        return {tag or "$map": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"a {type(value).__name__} is not cached")


def _class(name: Any) -> type:
    module, _, qualname = str(name).partition(":")
    if module not in ALLOWED_MODULES or module not in sys.modules:
        raise Unreadable(f"class {name} is not allowed here")
    cls = getattr(sys.modules[module], qualname, None)
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == module):
        raise Unreadable(f"class {name} is not allowed here")
    return cls


def _hook(obj: dict[str, Any]) -> Any:
    if not obj or next(iter(obj)) not in TAGS:
        return obj
    if "$tuple" in obj:
        return tuple(obj["$tuple"])
    if "$set" in obj:
        return set(obj["$set"])
    if "$frozenset" in obj:
        return frozenset(obj["$frozenset"])
    if "$path" in obj:
        return Path(obj["$path"])
    if "$map" in obj:
        return {k: v for k, v in obj["$map"]}
    if "$frozen" in obj:
        from clank_story.rules.model import FrozenDict

        return FrozenDict({k: v for k, v in obj["$frozen"]})
    cls, names = _rebuilt(obj["$dc"])
    fields = obj.get("fields")
    if not isinstance(fields, dict) or not names.issuperset(fields):
        raise Unreadable(f"fields of {obj['$dc']} do not match")
    return cls(**fields)


_REBUILT: dict[str, tuple[type, frozenset[str]]] = {}


def _rebuilt(name: Any) -> tuple[type, frozenset[str]]:
    """An allowed class and the fields its __init__ takes, looked up once per class name: a content
    cache rebuilds two thousand values at every start (issue 20)."""
    found = _REBUILT.get(name) if isinstance(name, str) else None
    if found is None:
        cls = _class(name)
        found = cls, frozenset(f.name for f in dataclasses.fields(cls) if f.init)
        if isinstance(name, str):
            _REBUILT[name] = found
    return found


def decode(text: str | bytes) -> Any:
    return json.loads(text, object_hook=_hook)


# -- files ------------------------------------------------------------------------------------------
def read(file: Path, ident: str, plain: bool = False) -> Any:
    """The value stored in `file` for `ident`; Unreadable (or OSError) if there is none to trust.
    `plain`: JSON's own values only (lists for tuples), the fastest read."""
    with open(file, "rb") as f:
        if os.fstat(f.fileno()).st_size > MAX_BYTES:
            raise Unreadable("too big")
        data = f.read()
    head, newline, payload = data.partition(b"\n")
    try:
        header = json.loads(head)
        if not (newline and isinstance(header, dict) and header.get("format") == FORMAT
                and header.get("ident") == ident and header.get("sha256") == digests.sha256(payload).hexdigest()):
            raise Unreadable("another key, or damaged")
        return json.loads(payload) if plain else decode(payload)
    except (ValueError, TypeError, KeyError, RecursionError) as e:
        raise Unreadable(str(e)) from None


def load(file: Path, ident: str, plain: bool = False) -> tuple[bool, Any]:
    """(True, value) from a trustworthy cache file, else (False, None): absent, damaged or planted."""
    try:
        return True, read(file, ident, plain)
    except Exception:  # whatever is wrong with a cache file, it is only a cache miss
        return False, None


def write(file: Path, ident: str, value: Any, plain: bool = False) -> None:
    """Store `value` atomically; a value that cannot be encoded or a folder that cannot be written only
    costs time next run. `plain`: written as JSON has it (tuples become lists), for `read(plain=True)`."""
    try:
        payload = json.dumps(value if plain else encode(value), ensure_ascii=False, separators=(",", ":"),
                             check_circular=not plain).encode("utf-8")
    except (TypeError, ValueError, RecursionError):
        return
    header = json.dumps({"format": FORMAT, "ident": ident, "sha256": digests.sha256(payload).hexdigest()},
                        ensure_ascii=False).encode("utf-8")
    tmp = file.with_name(f".{file.name}.{os.getpid()}.tmp")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(header + b"\n" + payload)
        os.replace(tmp, file)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        return
    if file.parent not in _pruned:
        _pruned.add(file.parent)
        prune(file.parent, keep=file)


_pruned: set[Path] = set()  # folders looked at by this process (once is enough: a lint writes hundreds)


def prune(folder: Path, limit: int | None = None, keep: Path | None = None) -> None:
    """Keep a cache folder under `limit` bytes by removing its oldest entries (by the time they were
    written) until it is at three quarters of it. The book and lint caches make a new entry for every
    edit of a file, so without this an author's folder would only grow; an entry removed costs one
    reading of its file again. `keep` (the entry just written) is never removed."""
    limit = FOLDER_BYTES if limit is None else limit
    try:
        entries = []
        with os.scandir(folder) as found:
            for e in found:
                if e.name.endswith(".json") and e.is_file(follow_symlinks=False):
                    st = e.stat(follow_symlinks=False)
                    entries.append((st.st_mtime_ns, st.st_size, e.path))
    except OSError:
        return
    total = sum(size for _, size, _ in entries)
    if total <= limit:
        return
    for _, size, path in sorted(entries):
        if total <= limit * 3 // 4:
            break
        if keep is not None and path == str(keep):
            continue
        with contextlib.suppress(OSError):
            os.unlink(path)
            total -= size
