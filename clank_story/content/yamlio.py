"""Reading YAML with positions. ruamel.yaml keeps line/column for every mapping key and sequence
item, rejects duplicate keys, and lets us refuse numeric-looking keys (YAML reads `012:` as 10).

Before ruamel sees a text, libyaml's C parser reads its events once (`prescan`, a few milliseconds):
anchors and aliases are refused (a 1 KB "billion laughs" file is a billion values to whoever walks
it), nesting stops at MAX_DEPTH and a file may hold MAX_FILE_VALUES values. ruamel's own scanner is
quadratic in nesting (a line of 100,000 `[` takes it hours), so it must not meet such a text first.
ruamel's composer is ours too and refuses the same things, in case libyaml is missing."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clank_story.content import yamlwords
from clank_story.content.diagnostics import ContentError, Diagnostic, Report, Said, said
from clank_story.content.reading import MAX_FILE_BYTES, MAX_FILE_VALUES, SIZE_CODE, read_text, size_text

MAX_DEPTH = 64
ALIASES = "anchors and aliases (*name) are not supported here; repeat the value"


@functools.lru_cache(maxsize=1)
def _composer() -> type:
    from ruamel.yaml.composer import Composer, ComposerError
    from ruamel.yaml.events import AliasEvent

    class Refused(ComposerError):
        code = "CT001"

    class TooMany(Refused):
        code = SIZE_CODE

    class LimitedComposer(Composer):
        """ruamel's composer, refusing aliases, deep nesting and too many values as it goes."""

        values = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            event = self.parser.peek_event()
            if isinstance(event, AliasEvent):
                raise Refused(None, None, ALIASES, event.start_mark)
            self.values += 1
            if self.values > MAX_FILE_VALUES:
                raise TooMany(None, None, f"more than {MAX_FILE_VALUES:,} values in one file", event.start_mark)
            if self.depth >= MAX_DEPTH:
                raise Refused(None, None, f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
            return super().compose_node(parent, index)

    return LimitedComposer


def libyaml() -> Any:
    """PyYAML with libyaml's C parser, or None."""
    try:
        import yaml

        if not getattr(yaml, "__with_libyaml__", False):
            return None
        return yaml
    except ImportError:  # pragma: no cover - PyYAML is a dependency
        return None


def prescan(text: str, path: str, max_values: int = MAX_FILE_VALUES) -> None:
    """Refuse aliases, deep nesting and too many values before the slow reader runs (ContentError).
    Other syntax errors are left to the reader, which words them its own way."""
    yaml = libyaml()
    if yaml is None:  # pragma: no cover - PyYAML ships with libyaml; the composer still checks
        return
    from yaml import events as e

    depth = values = 0
    opening, closing = (e.MappingStartEvent, e.SequenceStartEvent), (e.MappingEndEvent, e.SequenceEndEvent)
    try:
        for event in yaml.parse(text, Loader=yaml.CSafeLoader):
            problem: Said | None = None
            code = ""
            if isinstance(event, e.AliasEvent):
                problem, code = said("yaml.aliases"), "CT001"
            elif isinstance(event, opening):
                depth += 1
                if depth > MAX_DEPTH:
                    problem, code = said("book.nested_levels", levels=MAX_DEPTH), "CT001"
            elif isinstance(event, closing):
                depth -= 1
            values += isinstance(event, (e.ScalarEvent, *opening))
            if values > max_values:
                problem, code = said("yaml.too_many_values", most=f"{max_values:,}"), SIZE_CODE
            if problem is not None:
                mark = event.start_mark
                raise ContentError([Diagnostic.of(path, mark.line + 1, mark.column + 1, code, problem)])
    except yaml.MarkedYAMLError as exc:
        if "nesting depth" in str(exc.problem):  # libyaml's own cap, met before any event
            mark = exc.problem_mark
            raise ContentError([Diagnostic.of(path, mark.line + 1 if mark else 1, mark.column + 1 if mark else 1,
                                              "CT001", said("book.nested_levels", levels=MAX_DEPTH))]) from None
    except yaml.YAMLError:
        pass


def _yaml():
    from ruamel.yaml import YAML

    y = YAML(typ="rt")
    y.allow_duplicate_keys = False
    y.Composer = _composer()
    return y


@dataclass(frozen=True)
class Node:
    """A value with where it stands in its file (1-based)."""

    value: Any
    path: str
    line: int
    col: int

    def key_pos(self, key: Any) -> tuple[int, int]:
        lc = getattr(self.value, "lc", None)
        if lc is not None:
            try:
                line, col = lc.key(key)
                return line + 1, col + 1
            except (KeyError, TypeError, AttributeError):
                pass
        return self.line, self.col

    def value_pos(self, key: Any) -> tuple[int, int]:
        lc = getattr(self.value, "lc", None)
        if lc is not None:
            try:
                line, col = lc.value(key) if isinstance(key, str) else lc.item(key)
                return line + 1, col + 1
            except (KeyError, TypeError, AttributeError, IndexError):
                pass
        return self.key_pos(key)

    def child(self, key: Any) -> Node:
        line, col = self.value_pos(key)
        return Node(self.value[key], self.path, line, col)

    def items(self) -> Iterator[tuple[Any, Node]]:
        for key in self.value:
            yield key, self.child(key)

    def elements(self) -> Iterator[Node]:
        for i in range(len(self.value)):
            yield self.child(i)


def load_text(text: str, path: str, *, limit: int = MAX_FILE_BYTES) -> Node:
    from ruamel.yaml.error import MarkedYAMLError

    if len(text) > limit:
        raise ContentError([Diagnostic.of(path, 1, 1, SIZE_CODE, said("yaml.content_file_too_big", size=f"{len(text):,}",
                                                                       limit=size_text(limit)))])
    prescan(text, path)
    try:
        data = _yaml().load(text)
    except MarkedYAMLError as e:
        problem = (e.problem or e.context or "").strip()
        code = getattr(e, "code", None) or ("CT002" if "duplicate key" in problem else "CT001")
        told = yamlwords.explain(text, e)
        raise ContentError([Diagnostic.of(path, told.line, told.col, code, told.message)]) from None
    except RecursionError:
        raise ContentError([Diagnostic.of(path, 1, 1, "CT001", said("book.nested_levels", levels=MAX_DEPTH))]) from None
    except Exception as e:  # ruamel raises a few unmarked errors too
        raise ContentError([Diagnostic.of(path, 1, 1, "CT001", said("yaml.invalid_because", error=str(e)))]) from None
    node = Node(data, path, 1, 1)
    report = Report()
    check_keys(node, report)
    report.raise_errors()
    return node


def load_file(path: Path | str, *, what: str = "a content file") -> Node:
    """A file read within the size cap (CT008), as UTF-8 (CT000 names the first bad byte)."""
    return load_text(read_text(path, what=what), str(path))


def load_data(path: Path | str, *, limit: int = MAX_FILE_BYTES, max_values: int = MAX_FILE_VALUES,
              what: str = "a content file") -> Any:
    """A YAML file read as plain data (libyaml's safe loader: no positions), within the caps every
    content file has: its size, UTF-8, no aliases, not too deep, not too many values. For files taken
    as data rather than checked field by field (translation overlays); ContentError otherwise."""
    import yaml

    text = read_text(path, limit=limit, what=what)
    prescan(text, str(path), max_values)
    try:
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise ContentError([Diagnostic(str(path), line, col, "CT001",
                                       str(getattr(e, "problem", None) or e).strip())]) from None


def check_keys(node: Node, report: Report) -> None:
    """Every mapping key must be a string: a numeric-looking id must be quoted."""
    value = node.value
    if isinstance(value, dict):
        for key, child in node.items():
            if not isinstance(key, str):
                line, col = node.key_pos(key)
                report.error(node.path, line, col, "CT003",
                             said("yaml.key_read_as_type", key=repr(key), type=type(key).__name__, text=str(key)))
            check_keys(child, report)
    elif isinstance(value, list):
        for child in node.elements():
            check_keys(child, report)


def plain(value: Any) -> Any:
    """ruamel's commented containers -> dicts, lists and scalars."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return value
