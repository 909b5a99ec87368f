"""Walking Jinja's syntax trees quickly: a book's lint visits every node of every template twice
(the sandbox's check, then the linter's reading of facts)."""

from __future__ import annotations

from jinja2 import nodes

Node = nodes.Node

# Fields that hold a name, a flag or a literal in every node that has them, never a node: a walk need
# not look at them (`Getattr.attr`, `Filter.name`, `Operand.op`, `For.recursive`, ...).
_NOT_NODES = frozenset({"name", "ctx", "attr", "op", "recursive", "data", "scoped", "required", "with_context",
                        "ignore_missing", "identifier", "importname"})
# Nodes with nothing below them: names, constants (a Python value) and text. Most of a tree's nodes.
LEAVES = frozenset({nodes.Name, nodes.Const, nodes.TemplateData})
_FIELDS: dict[type, tuple[str, ...]] = dict.fromkeys(LEAVES, ())


def _node_fields(kind: type) -> tuple[str, ...]:
    fields = _FIELDS[kind] = tuple(name for name in kind.fields if name not in _NOT_NODES)  # type: ignore[attr-defined]
    return fields


def children(node: nodes.Node) -> list[nodes.Node]:
    """`node.iter_child_nodes()` as a list: the same nodes in the same order. Jinja's goes through two
    generators and a test of its arguments for every field of every node, and the leaves (names,
    constants, text) are most of the nodes: this was a fifth of the checking after the parse (issue 20)."""
    fields = _FIELDS.get(type(node))
    if fields is None:
        fields = _node_fields(type(node))
    out: list[nodes.Node] = []
    for name in fields:
        value = getattr(node, name, None)
        if isinstance(value, list):
            out += [item for item in value if isinstance(item, Node)]
        elif isinstance(value, Node):
            out.append(value)
    return out
