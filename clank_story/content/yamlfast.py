"""A fast YAML reader with positions for the Book of Secrets, and for content roots' files where its
reading is certainly ruamel's (`read_alike`, at the end).

A campaign's book holds thousands of passages; ruamel's pure-Python round-trip loader needs seconds
for that. This reader consumes libyaml's event stream (PyYAML's C parser) and builds the same shape
as `content.yamlio.load_text`: dicts and lists carrying an `lc` with key/value/item positions, so
`yamlio.Node`, `schema.check_fields` and `effects_check.check_block` work on it unchanged. It keeps
the project's YAML rules: YAML 1.2 scalars (`no` is text, not false), duplicate keys and
numeric-looking keys are errors (CT002, CT003), tabs are explained (CT001), aliases are refused,
nesting deeper than MAX_DEPTH stops the parse early (libyaml's own composer has no such limit), and
so does a file of more than MAX_BOOK_FILE_VALUES values (CT008; content/reading.py).
Literal `|` blocks come back as `Literal`, a str that remembers its style.

Without libyaml it falls back to `yamlio.load_text` (same diagnostics, slower)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from clank_story.content import yamlio, yamlwords
from clank_story.content.diagnostics import ContentError, Diagnostic, Said, said
from clank_story.content.reading import (
    MAX_BOOK_FILE_BYTES,
    MAX_BOOK_FILE_VALUES,
    MAX_FILE_BYTES,
    SIZE_CODE,
    read_text,
)
from clank_story.content.yamlio import Node, libyaml

MAX_DEPTH = 64
_NO_KEY = object()  # in a mapping being read: no key yet for the next value


class Literal(str):
    """A `|` block scalar."""

    style = "|"


class _Positions:
    """What ruamel's `lc` offers: 0-based (line, col) of keys, values and items."""

    __slots__ = ("col", "items", "keys", "line", "values")

    def __init__(self, line: int, col: int) -> None:
        self.line, self.col = line, col
        self.keys: dict[Any, tuple[int, int]] = {}
        self.values: dict[Any, tuple[int, int]] = {}
        self.items: list[tuple[int, int]] = []

    def key(self, k: Any) -> tuple[int, int]:
        return self.keys[k]

    def value(self, k: Any) -> tuple[int, int]:
        return self.values[k]

    def item(self, i: int) -> tuple[int, int]:
        return self.items[i]


class PosMap(dict):
    lc: _Positions


class PosList(list):
    lc: _Positions


_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"^[-+]?[0-9]+$")
_OCT = re.compile(r"^0o[0-7]+$")
_HEX = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_SPECIAL_START = frozenset(["", *"~nNtTfF0123456789+-."])  # how a null, bool or number may start
_SPECIAL_FLOAT = {".inf": float("inf"), ".Inf": float("inf"), ".INF": float("inf"),
                  "-.inf": float("-inf"), "-.Inf": float("-inf"), "-.INF": float("-inf"),
                  "+.inf": float("inf"), ".nan": float("nan"), ".NaN": float("nan"), ".NAN": float("nan")}


def scalar(value: str, style: str | None, tag: str | None, plain_implicit: bool) -> Any:
    """YAML 1.2 core schema for plain scalars; quoted and block scalars are text."""
    if tag in ("tag:yaml.org,2002:str", "!!str"):
        return value
    if style == "|":
        return Literal(value)
    if style or not plain_implicit:
        if tag in ("tag:yaml.org,2002:int", "!!int") and _INT.match(value):
            return int(value)
        return value
    if value[:1] not in _SPECIAL_START:  # most scalars are words: no rule below can read them
        return value
    if _NULL.match(value):
        return None
    if value in _BOOL:
        return _BOOL[value]
    if _INT.match(value):
        return int(value)
    if _OCT.match(value):
        return int(value[2:], 8)
    if _HEX.match(value):
        return int(value[2:], 16)
    if _FLOAT.match(value) and any(c.isdigit() for c in value):
        return float(value)
    if value in _SPECIAL_FLOAT:
        return _SPECIAL_FLOAT[value]
    return value


def load_text(text: str, path: str) -> Node:
    if len(text) > MAX_BOOK_FILE_BYTES:
        raise ContentError([Diagnostic.of(path, 1, 1, SIZE_CODE, said("yaml.book_file_too_big", size=f"{len(text):,}"))])
    yaml = libyaml()
    if yaml is None:  # pragma: no cover
        from clank_story.content.yamlio import load_text as slow

        return slow(text, path, limit=MAX_BOOK_FILE_BYTES)
    return _load(yaml, text, path)


def _load(yaml: Any, text: str, path: str) -> Node:
    """libyaml's events built into PosMaps and PosLists. The loop is written out for speed (a big
    book's files give a hundred thousand events each): the container being read and its positions
    are held in locals, keys are checked as they come, values placed at once (issue 20)."""
    from yaml import events as e

    scalar_event, map_start, seq_start = e.ScalarEvent, e.MappingStartEvent, e.SequenceStartEvent
    map_end, seq_end, alias = e.MappingEndEvent, e.SequenceEndEvent, e.AliasEvent
    errors: list[Diagnostic] = []
    # The containers open around the one being read, each as (container, key it will be stored under
    # in its parent, that key's position); the one being read is in `container`, `is_map`, `key`.
    stack: list[tuple[Any, Any, tuple[int, int] | None]] = []
    container: Any = None  # None: the document's root is being read
    is_map = False
    key: Any = _NO_KEY  # in a mapping: _NO_KEY while a key is expected, else the key read
    key_at: tuple[int, int] | None = None
    root: Any = None

    def err(line: int, col: int, code: str, message: Said | str) -> None:
        errors.append(Diagnostic.of(path, line + 1, col + 1, code, message))

    def checked_key(container: dict[str, Any], value: Any, at: tuple[int, int], raw: str) -> Any:
        """A key that is not text, or that the mapping has already, is an error (mend.py mends both);
        a stand-in takes its place, so the rest of the file is still read."""
        if not isinstance(value, str):
            if isinstance(value, dict | list):
                err(*at, "CT003", said("yaml.key_not_text"))
            else:
                err(*at, "CT003", said("yaml.key_read_as", key=raw, value=repr(value)))
            return f"\0bad{len(errors)}"
        if value in container:
            err(*at, "CT002", said("yaml.duplicate_key", key=value))
            return f"\0dup{len(errors)}"
        return value

    values = 0
    loader = yaml.CSafeLoader(text)  # yaml.parse's loop without its generator
    try:
        while True:
            event = loader.get_event()
            if event is None:
                break
            kind = type(event)
            if kind is scalar_event:
                mark = event.start_mark
                values += 1
                if values > MAX_BOOK_FILE_VALUES:
                    err(mark.line, mark.column, SIZE_CODE, f"more than {MAX_BOOK_FILE_VALUES:,} values in one file")
                    break
                value = scalar(event.value, event.style, event.tag, bool(event.implicit and event.implicit[0]))
                at = (mark.line, mark.column)
            elif kind is map_start or kind is seq_start:
                mark = event.start_mark
                values += 1
                if values > MAX_BOOK_FILE_VALUES:
                    err(mark.line, mark.column, SIZE_CODE, f"more than {MAX_BOOK_FILE_VALUES:,} values in one file")
                    break
                if len(stack) >= MAX_DEPTH:
                    err(mark.line, mark.column, "CT001", said("book.nested_levels", levels=MAX_DEPTH))
                    break
                stack.append((container, key, key_at))
                is_map = kind is map_start
                container = PosMap() if is_map else PosList()
                container.lc = _Positions(mark.line, mark.column)
                key, key_at = _NO_KEY, None
                continue
            elif kind is map_end or kind is seq_end:
                value = container
                at = (value.lc.line, value.lc.col)
                container, key, key_at = stack.pop()
                is_map = isinstance(container, PosMap)
            elif kind is alias:
                mark = event.start_mark
                err(mark.line, mark.column, "CT001", said("yaml.aliases"))
                value, at = None, (mark.line, mark.column)
            else:
                continue  # the stream's and the document's start and end
            # the value read (a scalar, an alias's null, or a container just closed) goes in its place
            if container is None:
                root = value
            elif not is_map:
                container.append(value)
                container.lc.items.append(at)
            elif key is _NO_KEY:
                key = checked_key(container, value, at, event.value if kind is scalar_event else "")
                key_at = at
            else:
                container[key] = value
                container.lc.keys[key] = key_at
                container.lc.values[key] = at
                key = _NO_KEY
    except yaml.MarkedYAMLError as exc:
        problem = (exc.problem or exc.context or "").strip()
        if "nesting depth" in problem:  # libyaml's own cap, met while it reads ahead in a flow
            mark = exc.problem_mark or exc.context_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            errors.append(Diagnostic.of(path, line, col, "CT001", said("book.nested_levels", levels=MAX_DEPTH)))
        else:
            told = yamlwords.explain(text, exc)
            errors.append(Diagnostic.of(path, told.line, told.col, "CT001", told.message))
    except yaml.YAMLError as exc:
        errors.append(Diagnostic.of(path, 1, 1, "CT001", said("yaml.invalid_because", error=str(exc))))
    finally:
        loader.dispose()
    if errors:
        raise ContentError(sorted(errors))
    return Node(root, path, 1, 1)




def is_literal(value: Any) -> bool:
    """A `|` block from either reader (ours, or ruamel's LiteralScalarString)."""
    return getattr(value, "style", None) == "|" or type(value).__name__ == "LiteralScalarString"


# -- content files -----------------------------------------------------------------------------------
# ruamel's round-trip reader (content/yamlio.py) is pure Python: the shipped cards and boards take it
# about 0.3 s, libyaml's events a few milliseconds. The two readers agree on a file's values and
# positions (the same parser, ported), except where their YAML 1.2 scalar rules differ, on tags, anchors
# and directives; so this reading is taken only for a file with none of those (tests/content/
# test_yaml_fast_reading.py), and every other file is read by ruamel as before.
_NUMBER = re.compile(  # plain scalars both read as the same int or float
    r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?|[-+]?[0-9]+[eE][-+]?[0-9]+"
    r"|[-+]?\.[0-9]+(?:[eE][-+][0-9]+)?|-?\.(?:inf|Inf|INF)|\+\.inf|\.(?:nan|NaN|NAN)")
_NOT_A_NUMBER = re.compile(r"[^-+0-9._: \tabcdefABCDEFoxOXbBtTzZinINaA]")  # no number, date or time has one


def _alike(value: str) -> bool:
    """Both readers read this plain scalar the same way, at the same place. Only a scalar starting like
    a number, `<<` or `=` may be read differently (text, and the null and bool words, are read alike);
    a number is alike in the forms of `_NUMBER`, and text when it holds a character that no number,
    date or time has."""
    if not value:
        return False  # an empty value: ruamel places it on the next line, libyaml after the key
    if value[0] not in "-+.0123456789<=":
        return True
    if value[0] in "<=":
        return value not in ("<<", "=")
    return _NUMBER.fullmatch(value) is not None or _NOT_A_NUMBER.search(value) is not None


def load_content_file(path: Path) -> Node:
    """A content root's file (cards, a board, secrets, market), read as `yamlio.load_file` reads it:
    by libyaml where that reading is certainly ruamel's (`read_alike`), else by ruamel itself."""
    text = read_text(path, what="a content file")
    node = read_alike(text, str(path))
    return node if node is not None else yamlio.load_text(text, str(path))


def read_alike(text: str, path: str) -> Node | None:
    """libyaml's reading of a content file, when it is certainly ruamel's: within the caps of a content
    file, one document with no directives, tags or anchors, every plain scalar `_alike`; None
    otherwise, and for any problem (ruamel words it)."""
    yaml = libyaml()
    if yaml is None or len(text) > MAX_FILE_BYTES:
        return None
    from yaml import events as e

    try:
        yamlio.prescan(text, path)  # the caps of a content file, not a book file's
    except ContentError:
        return None
    documents = 0
    try:
        for event in yaml.parse(text, Loader=yaml.CSafeLoader):
            kind = type(event)
            if kind is e.ScalarEvent or kind is e.MappingStartEvent or kind is e.SequenceStartEvent:
                if event.anchor is not None or event.tag is not None:
                    return None
                if kind is e.ScalarEvent and not event.style and not _alike(event.value):
                    return None
            elif kind is e.DocumentStartEvent:
                documents += 1
                if documents > 1 or event.version is not None or event.tags:
                    return None
            elif kind is e.AliasEvent:
                return None
        return _load(yaml, text, path)
    except (yaml.YAMLError, ContentError):
        return None
