"""The lint cache: what `book lint` learnt from one Book of Secrets file (authoring/bookload.py's
analysis: structure errors, the loader's entry, the facts of its templates), so an unchanged file is
not read, checked and parsed again on the next run.

Keyed by the file's shown path, a SHA-256 of its text, and everything else that shapes the analysis:
this FORMAT, the package and Jinja versions, Python's bytecode tag, and a stamp of the program's own
source files and English diagnostics (so an edited checker never serves an old answer). Stored like
the book cache (content/cachefile.py): JSON with a checksum, written atomically under
$CLANK_STORY_CACHE (`lint/`), so nothing in a cache file can run code; a file that is damaged,
planted, made for another key or of the wrong shape is a miss and is rebuilt. Diagnostics are kept as
their sentence's id and parameters (content/diagnostics.py), never one language's text, so the same
entry serves `--lang en`, `ja` and `pt-BR`."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

from clank_story.authoring import facts as t
from clank_story.content import cachefile
from clank_story.content.diagnostics import Diagnostic, Said

FORMAT = 2  # 2: an entry less what it says twice (`to_plain`)
_KINDS = {t.ATTR: (str, Said), t.FLAG: (str,), t.COUNTER: (str,), t.ANY_FLAG: (str,), t.ANY_COUNTER: (str,),
          t.PASSAGE: (str,), t.CARD: (str,), t.SPACE: (str,), t.CONST: (str, bool)}  # the items between kind and line


def cache_dir() -> Path | None:
    from clank_story.paths import user_cache

    return user_cache("lint")


@functools.lru_cache(maxsize=1)
def _stamp() -> str:
    """The program as it is: versions, and the size and time of every source file of the package and
    of the English diagnostics (a stat of each, a few milliseconds). Jinja is known by its own
    `__init__.py` (whose version line an upgrade rewrites), so that a lint served from the cache does
    not import it."""
    import importlib.util
    import os
    import sys

    from clank_story import __version__

    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    jinja = importlib.util.find_spec("jinja2")
    files = [os.path.join(package, "locale", "en", "diagnostics.yaml"), *((jinja.origin,) if jinja and jinja.origin else ())]
    for folder, _, names in os.walk(package):
        files.extend(os.path.join(folder, n) for n in names if n.endswith(".py"))
    parts: list[str] = [str(FORMAT), __version__, importlib.util.MAGIC_NUMBER.hex(), sys.implementation.cache_tag,
                        sys.version]
    for f in sorted(files):
        try:
            st = os.stat(f)
        except OSError:
            continue
        parts.append(f"{f}:{st.st_mtime_ns}:{st.st_size}")
    return hashlib.sha256("|".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def key(path: str, text: str) -> tuple[Path, str] | None:
    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    ident = f"{_stamp()}|{path}|{digest}"
    return folder / (hashlib.sha256(ident.encode("utf-8", "surrogatepass")).hexdigest()[:40] + ".json"), ident


# -- to and from plain data ---------------------------------------------------------------------------
# An entry is kept as the loader made it (story/passages.py) less what it says twice: a passage's path
# (its file's), its `text` and `again` (the same strings as its sources), and its facts, kept beside
# each passage in the order of its sources instead of under the sources' text again. A cache file is
# read on every lint of an unchanged book, so it costs what its size and its number of values cost:
# this is a third of the size and a quarter fewer values.
_COPIED = ("text", "again")  # data keys whose value is also the source of that key


def _plain_fact(fact: tuple[Any, ...]) -> list[Any]:
    return [{"$said": x.plain()} if isinstance(x, Said) else x for x in fact]


def _fact(items: Any) -> tuple[Any, ...] | list[Any]:
    """A fact back from plain data; ValueError for any other shape."""
    if type(items) is list and len(items) == 3 and type(items[1]) is str and type(items[2]) is int \
            and items[0] in _ONE_NAME:  # the common shape: (kind, name, line), kept as read
        return items
    if not (isinstance(items, list) and len(items) >= 2 and items[0] in _KINDS and type(items[-1]) is int):
        raise ValueError("not a fact")
    middle = [Said.from_plain(x.get("$said")) if isinstance(x, dict) else x for x in items[1:-1]]
    wanted = _KINDS[items[0]]
    if len(middle) < len(wanted) or not all(isinstance(x, w) for x, w in zip(middle, wanted, strict=False)):
        raise ValueError("not a fact")
    return (items[0], *middle, items[-1])


_ONE_NAME = frozenset(kind for kind, wanted in _KINDS.items() if wanted == (str,))


def _facts(found: Any) -> list[Any] | None:
    if found is None:
        return None
    if type(found) is not list:
        raise ValueError("not a list of facts")
    return [_fact(f) for f in found]


def _kind(key: str) -> str:
    return "condition" if key.endswith(".if") else "template"


def to_plain(analysis: dict[str, Any]) -> dict[str, Any] | None:
    """An analysis as plain data for a cache file; None when it does not have the loader's shape (it is
    then not kept: that only costs time)."""
    facts = analysis["facts"]
    entry = analysis["entry"]
    passages = []
    kept: set[tuple[str, str]] = set()
    for item in entry["passages"] if entry is not None else ():
        data, sources = dict(item["data"]), item["sources"]
        if data.get("path") != entry["path"]:
            return None
        del data["path"]
        for key in _COPIED:
            if key in sources:
                if data.get(key) != sources[key]:
                    return None
                del data[key]
        found = []
        for key, source in sources.items():
            fact_key = (_kind(key), source)
            kept.add(fact_key)
            value = facts[fact_key]
            found.append(None if value is None else [_plain_fact(f) for f in value])
        passages.append({"data": data, "sources": sources, "facts": found})
    rest = [[kind, source, None if found is None else [_plain_fact(f) for f in found]]
            for (kind, source), found in facts.items() if (kind, source) not in kept]
    plain_entry = None if entry is None else {**entry, "passages": passages}
    return {"mend": analysis["mend"], "entry": plain_entry, "facts": rest}


def from_plain(data: Any, path: str) -> dict[str, Any]:
    """The analysis of `path` back from a cache file; ValueError when it is not one (a planted or
    damaged file, or another program's)."""
    from clank_story.story.passages import well_formed

    if not isinstance(data, dict):
        raise ValueError("not an analysis")
    mend, entry, plain_facts = data.get("mend"), data.get("entry"), data.get("facts")
    if not isinstance(mend, list) or not well_formed({"diags": mend, "passages": [], "contracts": []}):
        raise ValueError("not a list of diagnostics")
    if any(d[0] != path for d in mend):
        raise ValueError("diagnostics of another file")
    facts: dict[tuple[str, str], list[Any] | None] = {}
    if entry is not None:
        if not (isinstance(entry, dict) and entry.get("path") == path and isinstance(entry.get("passages"), list)):
            raise ValueError("not a loader's entry")
        for item in entry["passages"]:
            data_, sources, found = item["data"], item["sources"], item.pop("facts")
            if not (type(data_) is dict and type(sources) is dict and type(found) is list
                    and len(found) == len(sources)) or "path" in data_:
                raise ValueError("not a passage")
            data_["path"] = path
            for key in _COPIED:
                if key in sources:
                    data_[key] = sources[key]
            for (key, source), facts_found in zip(sources.items(), found, strict=True):
                facts[(_kind(key), source)] = _facts(facts_found)
        if not well_formed(entry):
            raise ValueError("not a loader's entry")
    for row in plain_facts if isinstance(plain_facts, list) else [None]:
        if not (isinstance(row, list) and len(row) == 3 and row[0] in ("template", "condition")
                and isinstance(row[1], str)):
            raise ValueError("not a list of facts")
        facts[(row[0], row[1])] = _facts(row[2])
    return {"mend": mend, "entry": entry, "facts": facts}


# -- the files ----------------------------------------------------------------------------------------
def load(k: tuple[Path, str] | None, path: str) -> dict[str, Any] | None:
    """The cached analysis for this key, if there is one to trust."""
    if k is None:
        return None
    found, data = cachefile.load(k[0], k[1], plain=True)
    if not found:
        return None
    try:
        return from_plain(data, path)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None


def store(k: tuple[Path, str] | None, analysis: dict[str, Any]) -> None:
    """Keep an analysis for next time (a cache that cannot be written only costs time)."""
    plain = to_plain(analysis) if k is not None else None
    if k is not None and plain is not None:
        cachefile.write(k[0], k[1], plain, plain=True)


# -- the translation checks ---------------------------------------------------------------------------
def translations_key(inputs: list[tuple[str, bytes]]) -> tuple[Path, str] | None:
    """One key for the whole translation check (LN070-LN076): every overlay and every English file it
    is compared with, by shown path and content, so any edit on either side is a miss."""
    return inputs_key("translations", inputs)


def inputs_key(check: str, inputs: list[tuple[str, bytes]]) -> tuple[Path, str] | None:
    """A key for a check whose diagnostics depend only on these files (shown path and content) and the
    program."""
    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256()
    for shown, data in sorted(inputs):
        digest.update(shown.encode("utf-8", "surrogatepass") + b"\0" + hashlib.sha256(data).digest())
    ident = f"{_stamp()}|{check}|{digest.hexdigest()}"
    return folder / (hashlib.sha256(ident.encode()).hexdigest()[:40] + ".json"), ident


def load_diagnostics(k: tuple[Path, str] | None) -> list[Diagnostic] | None:
    """A check's diagnostics for this key (`inputs_key`), if there are some to trust."""
    if k is None:
        return None
    found, data = cachefile.load(k[0], k[1], plain=True)
    if not found:
        return None
    return diagnostics_from_plain(data)


def diagnostics_from_plain(data: Any) -> list[Diagnostic] | None:
    """Diagnostics back from `diagnostics_to_plain`'s rows; None for any other shape."""
    if not isinstance(data, list):
        return None
    out = []
    try:
        for path, line, col, code, message, severity, sentence in data:
            if not (type(path) is str and type(line) is int and type(col) is int and type(code) is str
                    and type(message) is str and severity in ("error", "warning")):
                return None
            out.append(Diagnostic(path, line, col, code, message, severity,
                                  None if sentence is None else Said.from_plain(sentence)))
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    return out


def store_diagnostics(k: tuple[Path, str] | None, diagnostics: list[Diagnostic]) -> None:
    if k is not None:
        cachefile.write(k[0], k[1], diagnostics_to_plain(diagnostics), plain=True)


def diagnostics_to_plain(diagnostics: list[Diagnostic]) -> list[list[Any]]:
    return [[d.path, d.line, d.col, d.code, d.message, d.severity, None if d.said is None else d.said.plain()]
            for d in diagnostics]


# -- a board's warnings -------------------------------------------------------------------------------
def load_board(k: tuple[Path, str] | None) -> tuple[str | None, list[Diagnostic]] | None:
    """A board file's id and warnings for this key (`inputs_key("board", ...)`), if there are some to trust."""
    if k is None:
        return None
    found, data = cachefile.load(k[0], k[1], plain=True)
    if not found or not isinstance(data, dict) or not isinstance(data.get("board"), str | None):
        return None
    diagnostics = diagnostics_from_plain(data.get("diagnostics"))
    return None if diagnostics is None else (data["board"], diagnostics)


def store_board(k: tuple[Path, str] | None, board: str | None, diagnostics: list[Diagnostic]) -> None:
    if k is not None:
        cachefile.write(k[0], k[1], {"board": board, "diagnostics": diagnostics_to_plain(diagnostics)}, plain=True)
