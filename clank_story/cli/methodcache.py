"""The byte code of dataclass methods, kept between runs the way Python keeps a module's byte code.

`@dataclass` writes the source of each class's `__init__`, `__repr__`, `__eq__`, `__hash__` (and, for a
frozen class, `__setattr__` and `__delattr__`) and compiles it while the module is imported: six
compiles for each of the hundred value classes a game imports, a fifth of a one-command `run`
(issue 20). That source depends only on the class's fields, so its code object can be kept: the
`dataclasses` module's own `exec` is given one that looks the text up first and compiles it exactly
as `exec` would otherwise (same file name, flags and optimisation level) when it is new. Nothing
about a class changes, only when its methods are compiled.

Only this package's classes are kept (a library's dataclasses compile as they always do), each code
object marshalled on its own so that a start unpacks only the methods of the classes it imports (the
file also holds classes of other commands and of earlier versions), in one file beside this module's
byte code: `__pycache__/methodcache.<tag>.methods`, or under
`sys.pycache_prefix`. It is byte code, trusted exactly as the `.pyc` files beside it are, and written
under the same rules: not when `sys.dont_write_bytecode` is set (PYTHONDONTWRITEBYTECODE), never
half-written, and read only if the interpreter's magic number and optimisation level match."""

from __future__ import annotations

import atexit
import builtins
import importlib.util
import marshal
import sys
from pathlib import Path
from types import CodeType
from typing import Any

from clank_story.cli import bytecache

FORMAT = 2  # each method's code marshalled on its own
HEADER = importlib.util.MAGIC_NUMBER + bytes([sys.flags.optimize, FORMAT])
MAX_ENTRIES = 5000  # a cache grown past this (old program versions' classes) starts again
OWN = __name__.partition(".")[0] + "."

_codes: dict[str, bytes] = {}  # generated source -> its code, marshalled
_used: set[str] = set()
_new = 0


def _file() -> Path | None:
    return bytecache.beside(__file__, ".methods")


def _read(file: Path) -> dict[str, bytes]:
    return bytecache.read(file, HEADER)


def _code(source: str) -> CodeType:
    """The source's code: unpacked from the cache, or compiled as `exec` would and kept."""
    global _new
    kept = _codes.get(source)
    if kept is not None:
        try:
            code = marshal.loads(kept)
        except Exception:  # a damaged entry: compiled afresh below
            code = None
        if type(code) is CodeType:
            return code
    code = compile(source, "<string>", "exec", dont_inherit=True)
    _codes[source] = marshal.dumps(code)
    _new += 1
    return code


def _exec(source: Any, globals: dict[str, Any] | None = None, locals: Any = None, /) -> None:
    """builtins.exec, with this package's generated method source compiled once per text."""
    if isinstance(source, str) and globals is not None and str(globals.get("__name__", "")).startswith(OWN):
        _used.add(source)
        source = _code(source)
    builtins.exec(source, globals, locals)


def _save(file: Path) -> None:
    if not _new:
        return

    def merged() -> dict[str, bytes]:
        everything = {**_read(file), **_codes}
        return everything if len(everything) <= MAX_ENTRIES else {text: _codes[text] for text in _used}

    bytecache.write(file, HEADER, merged)


def install() -> None:
    """Serve dataclass methods from the cache from now on; called before the game's modules load."""
    import dataclasses

    file = _file()
    if file is None or getattr(dataclasses, "exec", None) is _exec:
        return
    _codes.update(_read(file))
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # found before builtins.exec by _create_fn
    atexit.register(_save, file)
