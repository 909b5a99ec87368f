"""The rules package imports nothing outside itself, has no import circle, and hides none behind an
import inside a function (DESIGN.md §1; issue 12)."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "clank_story" / "rules"
STDLIB_OK = {"__future__", "collections", "dataclasses", "functools", "random", "types", "typing", "unicodedata"}


def imports_of(path: Path) -> tuple[set[str], list[str]]:
    """(modules of clank_story.rules imported at the top, other imports found anywhere)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside: set[str] = set()
    other: list[str] = []
    top = set(map(id, tree.body))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
        for name in names:
            if id(node) not in top:
                other.append(f"{path.name}:{node.lineno}: an import inside a function ({name})")
            elif name == "clank_story.rules" and isinstance(node, ast.ImportFrom):
                inside |= {a.name for a in node.names}
            elif name.startswith("clank_story.rules."):
                inside.add(name.split(".")[2])
            elif name.split(".")[0] not in STDLIB_OK:
                other.append(f"{path.name}:{node.lineno}: imports {name}, outside rules/")
    return inside, other


def graph() -> tuple[dict[str, set[str]], list[str]]:
    edges: dict[str, set[str]] = {}
    problems: list[str] = []
    for path in sorted(RULES.glob("*.py")):
        inside, other = imports_of(path)
        edges[path.stem] = inside - {path.stem}
        problems += other
    return edges, problems


def test_rules_imports_only_itself_and_the_standard_library_at_module_level():
    _, problems = graph()
    assert problems == []


def test_the_rules_package_has_no_import_circle():
    edges, _ = graph()
    done: set[str] = set()

    def visit(module: str, trail: list[str]) -> None:
        if module in trail:
            raise AssertionError("import circle: " + " -> ".join([*trail[trail.index(module):], module]))
        if module in done:
            return
        for nxt in sorted(edges.get(module, ())):
            visit(nxt, [*trail, module])
        done.add(module)

    for module in edges:
        visit(module, [])


def test_the_effect_queue_sits_at_the_bottom_of_the_effect_machinery():
    edges, _ = graph()
    assert edges["queue"] <= {"events", "state"}
    for low in ("cubes", "cards", "dragon", "outcomes", "scoring", "row", "tokens"):
        assert "effects" not in edges[low], f"{low} imports effects (it should use queue)"
