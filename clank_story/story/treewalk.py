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


# Nodes the parsers make for the common templates, whose fields hold either a list of nodes (`_MANY`) or
# one node or None: their children are read without testing each value (Filter's `node` is None in a
# filter block; a For's `test` and a CondExpr's `expr2` may be None). Any other node is read field by
# field with the tests, as Jinja's `iter_child_nodes` does.
_MANY = frozenset({"body", "nodes", "elif_", "else_", "ops", "args", "kwargs", "items"})
_PLAIN = frozenset({nodes.Template, nodes.Output, nodes.If, nodes.For, nodes.Assign, nodes.Getattr, nodes.Getitem,
                    nodes.Compare, nodes.Operand, nodes.Add, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv,
                    nodes.Mod, nodes.Pow, nodes.And, nodes.Or, nodes.Not, nodes.Neg, nodes.Pos, nodes.Filter,
                    nodes.Test, nodes.Call, nodes.CondExpr, nodes.Concat, nodes.Tuple, nodes.List, nodes.Dict,
                    nodes.Pair, nodes.Keyword})
_PLANS: dict[type, tuple[tuple[str, bool], ...] | None] = {}


def _node_fields(kind: type) -> tuple[str, ...]:
    fields = _FIELDS[kind] = tuple(name for name in kind.fields if name not in _NOT_NODES)  # type: ignore[attr-defined]
    return fields


def _plan(kind: type) -> tuple[tuple[str, bool], ...] | None:
    plan = _PLANS[kind] = (tuple((name, name in _MANY) for name in kind.fields  # type: ignore[attr-defined]
                                 if name not in _NOT_NODES and not (kind is nodes.Keyword and name == "key"))
                           if kind in _PLAIN else None)
    return plan


def children(node: nodes.Node) -> list[nodes.Node]:
    """`node.iter_child_nodes()` as a list: the same nodes in the same order. Jinja's goes through two
    generators and a test of its arguments for every field of every node, and the leaves (names,
    constants, text) are most of the nodes: this was a fifth of the checking after the parse (issue 20)."""
    kind = type(node)
    try:
        plan = _PLANS[kind]
    except KeyError:
        plan = _plan(kind)
    out: list[nodes.Node] = []
    if plan is not None:
        values = node.__dict__
        for name, many in plan:
            value = values.get(name)
            if many:
                if value:
                    out += value
            elif value is not None:
                out.append(value)
        return out
    fields = _FIELDS.get(kind)
    if fields is None:
        fields = _node_fields(kind)
    for name in fields:
        value = getattr(node, name, None)
        if isinstance(value, list):
            out += [item for item in value if isinstance(item, Node)]
        elif isinstance(value, Node):
            out.append(value)
    return out
