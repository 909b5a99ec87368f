"""The layers of DESIGN.md §1, checked by walking every import of `clank_story/` (module-level and
function-level alike; only `if TYPE_CHECKING:` imports, which never run, are left out): no circles,
each layer imports only the layers below it, and `rules/` imports nothing outside itself."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import clank_story

PACKAGE = Path(clank_story.__file__).parent
# Top to bottom. A layer may import the layers after it in this list, never those before it.
# `web` sits above `repl`: the browser reuses the prompt's pure completion and its start options.
LAYERS = ["cli", "web", "repl", "authoring", "table", "looking", "campaign", "story", "narrate", "bots", "content",
          "words", "digests", "paths", "rules"]
GROUND = {"__init__", "__main__"}  # the version, and `python -m clank_story`


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _is_module(name: str) -> bool:
    parts = name.split(".")[1:]
    base = PACKAGE.joinpath(*parts)
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def imports(path: Path) -> set[str]:
    """The clank_story modules `path` imports when it runs."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("clank_story"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.startswith("clank_story"):
                # `from pkg import module` needs the module; `from pkg import name` needs pkg itself
                subs = {f"{module}.{a.name}" for a in node.names if _is_module(f"{module}.{a.name}")}
                found.update(subs)
                if len(subs) < len(node.names):
                    found.add(module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: {m for m in imports(path) if m in modules and m != name} for name, path in modules.items()}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_there_are_no_import_circles():
    edges = graph()
    state: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                circles.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            walk(node)
    assert circles == [], "import circles:\n" + "\n".join(" -> ".join(c) for c in circles)


def test_each_layer_imports_only_the_layers_below_it():
    wrong = defaultdict(set)
    for module, targets in graph().items():
        mine = layer(module)
        if mine in GROUND:
            continue
        assert mine in LAYERS, f"{module}: a layer DESIGN.md §1 does not list"
        for target in targets:
            theirs = layer(target)
            if theirs == mine or theirs == "__init__":
                continue
            if LAYERS.index(theirs) < LAYERS.index(mine):
                wrong[module].add(target)
    assert not wrong, "upward imports:\n" + "\n".join(f"{m} -> {', '.join(sorted(t))}" for m, t in sorted(wrong.items()))


def test_the_rules_layer_imports_nothing_outside_itself():
    outside = {m: {t for t in targets if layer(t) != "rules"} for m, targets in graph().items() if layer(m) == "rules"}
    assert not {m: t for m, t in outside.items() if t}
