"""Structure errors that need not stop a lint: a duplicate key and an unquoted numeric key.

The game's loaders refuse a file with either (rightly: YAML would keep the last duplicate, and read
`012:` as 10). A linter should still check the rest of that file, as a compiler reports every error of
a source file in one pass. So `mend` finds every such error, then mends a copy of the text the way the
author most likely meant it — a numeric key quoted, a duplicate key's later entry blanked out — keeping
every line where it was, so every other diagnostic points at the author's own file. A syntax error
that leaves no tree (a bad indent, an unclosed bracket) cannot be mended: then the errors are all."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clank_story.content.diagnostics import ContentError, Diagnostic

if TYPE_CHECKING:
    from clank_story.content.yamlio import Node

MENDABLE = frozenset({"CT002", "CT003"})  # a duplicate key; a key that is not read as text
MAX_ROUNDS = 20


def mend(text: str, path: str) -> tuple[str | None, list[Diagnostic]]:
    """(text to check, the structure errors found). The text is the original when it has no structure
    error, a mended copy when every error could be mended, and None when the file cannot be read."""
    checked, found, _ = mend_tree(text, path)
    return checked, found


def mend_tree(text: str, path: str) -> tuple[str | None, list[Diagnostic], Node | None]:
    """`mend`, and the tree of the text to check (read once here, so the loader need not read it again)."""
    from clank_story.content.yamlfast import load_text

    found: list[Diagnostic] = []
    current = text
    for _ in range(MAX_ROUNDS):
        try:
            node = load_text(current, path)
            return current, found, node
        except ContentError as e:
            problems = [d for d in e.diagnostics if d not in found]
        if not problems:
            return current, found, None
        found += problems
        mended = _mend(current, problems) if all(d.code in MENDABLE for d in problems) else None
        if mended is None or mended == current:
            return None, found, None
        current = mended
    return None, found, None


def _mend(text: str, problems: list[Diagnostic]) -> str | None:
    lines = text.split("\n")
    for d in sorted(problems, key=lambda d: (d.line, d.col), reverse=True):  # bottom up: positions hold
        if not 1 <= d.line <= len(lines):
            return None
        done = _quote_key(lines, d.line - 1, d.col - 1) if d.code == "CT003" else _blank_entry(lines, d.line - 1, d.col - 1)
        if not done:
            return None
    return "\n".join(lines)


def _quote_key(lines: list[str], row: int, col: int) -> bool:
    """`012: x` -> `"012": x`, as the author meant (an id is text)."""
    line = lines[row]
    colon = line.find(":", col)
    if colon < 0:
        return False
    key = line[col:colon].strip()
    if not key or key[0] in "\"'":
        return False
    lines[row] = line[:col] + '"' + key + '"' + line[col + len(line[col:colon].rstrip()):]
    return True


def _blank_entry(lines: list[str], row: int, col: int) -> bool:
    """The later of two equal keys goes, with the lines of its value; the lines stay (empty), so the
    rest of the file keeps its line numbers. A key inside a flow mapping or opening a list item is left:
    blanking there would change what the other keys belong to."""
    if lines[row][:col].strip():
        return False
    lines[row] = ""
    for i in range(row + 1, len(lines)):
        stripped = lines[i].strip()
        if stripped and not stripped.startswith("#") and len(lines[i]) - len(lines[i].lstrip()) <= col:
            break
        lines[i] = ""
    return True
