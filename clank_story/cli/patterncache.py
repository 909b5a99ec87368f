"""Compiled regular expressions, kept between runs the way Python keeps a module's byte code.

`re` parses each pattern and writes the regex engine's program for it in pure Python. The libraries a
game's start imports (click, prompt_toolkit, wcwidth, Jinja, platformdirs) and this package compile
about a hundred patterns before the first prompt: 7% of its instructions (issue 20). A program
depends only on the pattern, its flags and the interpreter, so it is kept: `re`'s compiler is given a
function that looks the pattern up first and otherwise does what `re._compiler.compile` does, step by
step, keeping what it hands the engine. The engine gets the same program either way, and checks it
as it always does. A pattern whose reading warns (a possible nested set or set operation, an odd
group name) is never kept, so each of those warnings is still given where it was.

One file beside this module's byte code (`__pycache__/patterncache.<tag>.patterns`, or under
`sys.pycache_prefix`), written under Python's rules for byte code: not when `sys.dont_write_bytecode`
is set, never half-written, and read only by the interpreter that wrote it (magic number, version,
and the engine's own `_sre.MAGIC`)."""

from __future__ import annotations

import _sre
import atexit
import importlib.util
import marshal
import sys
from collections.abc import Callable
from pathlib import Path
from re import _compiler, _parser  # type: ignore[attr-defined]
from typing import Any

from clank_story.cli import bytecache

FORMAT = 2  # each program marshalled on its own, read when its pattern is first compiled
HEADER = (importlib.util.MAGIC_NUMBER + sys.hexversion.to_bytes(4, "big") + _sre.MAGIC.to_bytes(4, "big")
          + bytes([sys.flags.optimize, FORMAT]))
MAX_ENTRIES = 2000  # a cache grown past this (patterns made from old content) starts again
DEBUG = 128  # re.DEBUG: the compiler prints the program, so it always runs

Program = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
# (pattern, flags) -> its program, marshalled: a start reads the whole file, but unpacks only the
# programs of the patterns it compiles (a cache that has served many programs costs little to read)
_programs: dict[tuple[str | bytes, int], bytes] = {}
_used: set[tuple[str | bytes, int]] = set()
_fresh: set[tuple[str | bytes, int]] = set()  # compiled in this run: kept only if their reading is silent
_original: Callable[..., Any] | None = None


def _file() -> Path | None:
    return bytecache.beside(__file__, ".patterns")


def _read(file: Path) -> dict[tuple[str | bytes, int], bytes]:
    return bytecache.read(file, HEADER)


def _silent(key: tuple[str | bytes, int]) -> bool:
    """Whether reading the pattern gives no warning (read again, when the cache is written)."""
    import warnings

    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        try:
            _parser.parse(*key)
        except Exception:
            return False
    return not said


def _compile(p: Any, flags: int = 0) -> Any:
    """re._compiler.compile, with the programs of kept patterns remembered. Its steps are the
    original's, at the same depth (a parser warning's stack level counts frames)."""
    if flags & DEBUG or type(p) not in (str, bytes):  # a parsed pattern (re.Scanner), a subclass: as always
        assert _original is not None
        return _original(p, flags)
    key = (p, int(flags))
    kept = _programs.get(key)
    if kept is not None:
        try:
            pattern = _engine(p, marshal.loads(kept))
        except Exception:  # a program the engine refuses (a damaged cache): compiled afresh below
            pass
        else:
            _used.add(key)
            return pattern
    program = _program(_parser.parse(p, flags), flags)  # parsed here: a warning's stack level counts frames
    _programs[key] = marshal.dumps(program)
    _used.add(key)
    _fresh.add(key)
    return _engine(p, program)


def _engine(p: str | bytes, program: Program) -> Any:
    """The pattern object the regex engine makes of a program (as `re._compiler.compile` ends)."""
    flags, code, groups, groupindex, indexgroup = program
    return _sre.compile(p, flags, code, groups, dict(groupindex), indexgroup)


def _program(parsed: Any, flags: int) -> Program:
    """What `re._compiler.compile` hands the engine for a parsed pattern, by its own steps."""
    code = _compiler._code(parsed, flags)
    groupindex = parsed.state.groupdict
    indexgroup = [None] * parsed.state.groups
    for k, i in groupindex.items():
        indexgroup[i] = k
    return (int(flags | parsed.state.flags), [int(c) for c in code], parsed.state.groups - 1, dict(groupindex),
            tuple(indexgroup))


def _save(file: Path) -> None:
    if not _fresh:
        return

    def merged() -> dict[tuple[str | bytes, int], bytes] | None:
        warned = {key for key in _fresh if not _silent(key)}  # compiled afresh, and warned about, every run
        if warned == _fresh:
            return None
        kept = {key: program for key, program in _programs.items() if key not in warned}
        everything = {**_read(file), **kept}
        return everything if len(everything) <= MAX_ENTRIES else {key: kept[key] for key in _used if key in kept}

    bytecache.write(file, HEADER, merged)


PROBE = (r"(?P<word>\w+)\s*(?:=|:)\s*(\d{1,3})(?i:x)?$", 0)  # groups, a name, a repeat, inline flags


def _same_as_re() -> bool:
    """Whether this interpreter's `re` compiles as the steps above do: the probe compiled both ways
    must give the engine the same program (a Pattern compares its flags and its program). Another
    version of Python whose compiler or engine differs leaves `re` alone."""
    try:
        pattern, flags = PROBE
        ours = _engine(pattern, _program(_parser.parse(pattern, flags), flags))
        return ours == (_original or _compiler.compile)(pattern, flags)
    except Exception:
        return False


def install() -> None:
    """Serve compiled patterns from the cache from now on; called before the libraries load."""
    global _original
    file = _file()
    if file is None or _compiler.compile is _compile or not hasattr(_compiler, "_code") or not _same_as_re():
        return
    _programs.update(_read(file))
    _original = _compiler.compile
    _compiler.compile = _compile
    atexit.register(_save, file)
