"""Reading YAML with positions. ruamel.yaml keeps line/column for every mapping key and sequence
item, rejects duplicate keys, and lets us refuse numeric-looking keys (YAML reads `012:` as 10)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clank_story.content.diagnostics import ContentError, Diagnostic, Report


def _yaml():
    from ruamel.yaml import YAML

    y = YAML(typ="rt")
    y.allow_duplicate_keys = False
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


def load_text(text: str, path: str) -> Node:
    from ruamel.yaml.error import MarkedYAMLError

    try:
        data = _yaml().load(text)
    except MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = (e.problem or e.context or "invalid YAML").strip()
        code = "CT002" if "duplicate" in problem else "CT001"
        if "found character '\\t'" in problem or "\\t" in problem:
            problem = "a tab character; indent YAML with spaces"
        raise ContentError([Diagnostic(path, line, col, code, problem)]) from None
    except Exception as e:  # ruamel raises a few unmarked errors too
        raise ContentError([Diagnostic(path, 1, 1, "CT001", f"invalid YAML: {e}")]) from None
    node = Node(data, path, 1, 1)
    report = Report()
    check_keys(node, report)
    report.raise_errors()
    return node


def load_file(path: Path | str) -> Node:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ContentError([Diagnostic(str(path), 1, 1, "CT000", f"cannot read the file: {e.strerror}")]) from None
    return load_text(text, str(path))


def check_keys(node: Node, report: Report) -> None:
    """Every mapping key must be a string: a numeric-looking id must be quoted."""
    value = node.value
    if isinstance(value, dict):
        for key, child in node.items():
            if not isinstance(key, str):
                line, col = node.key_pos(key)
                report.error(node.path, line, col, "CT003",
                             f"the key {key!r} is read as a {type(key).__name__}; quote it (\"{key}\")")
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
