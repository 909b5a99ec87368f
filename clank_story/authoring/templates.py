"""What a passage template or condition reads, found by walking its Jinja syntax tree.

The loader (story/render.py) already refuses unknown top-level names (BS031). A misspelt *attribute*
(`me.helth`) only fails when the passage is read (BS200); here it is found before play by following
each expression's type from the four view names (`game`, `me`, `players`, `campaign`) and checking
attribute names against the view classes of rules/view.py, so the list can never drift from the code.

The walk also collects the story's data names: the flags and counters a template reads, the passages
(`'12' is seen`), cards (`has_card('x')`) and spaces (`me.space == 'mill'`) it names, and whether a
condition is a constant. Facts are plain tuples so worker processes can send them back."""

from __future__ import annotations

import difflib
import functools
from typing import Any

from jinja2 import nodes

from clank_story.authoring.facts import (  # the kinds are this module's words too (t.FLAG)
    ANY_COUNTER,
    ANY_FLAG,
    ATTR,
    CARD,
    CONST,
    COUNTER,
    FLAG,
    PASSAGE,
    SPACE,
    Fact,
)
from clank_story.content.diagnostics import said
from clank_story.story.treewalk import LEAVES, children

_ROOTS = {"game": "game", "me": "player", "players": "players", "campaign": "campaign"}
_LIST_FILTERS = frozenset({"selectattr", "rejectattr", "sort", "list", "reverse", "unique", "batch", "slice"})
_ONE_FILTERS = frozenset({"first", "last", "min", "max"})
_ATTRIBUTE_FILTERS = frozenset({"selectattr", "rejectattr", "groupby"})  # first argument names an attribute
_PASSAGE_TESTS = frozenset({"seen", "seen_this_game"})


@functools.lru_cache(maxsize=1)
def view_attributes() -> dict[str, frozenset[str]]:
    """Public attribute names of each view type, read from the view classes themselves."""
    from clank_story.rules.view import GameView, PlayerView
    from clank_story.story.state import StoryCampaignView

    return {"game": public_names(GameView), "player": public_names(PlayerView),
            "campaign": public_names(StoryCampaignView)}


def public_names(cls: type) -> frozenset[str]:
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass is object:
            continue
        names.update(n for n in vars(klass) if not n.startswith("_"))
        slots = vars(klass).get("__slots__", ())
        names.update(s for s in ([slots] if isinstance(slots, str) else slots) if not s.startswith("_"))
    return frozenset(names)


_WORDS = {"game": "game", "player": "a player", "campaign": "campaign"}


class Walker:
    """One walk over one tree; `facts` holds what was found."""

    def __init__(self) -> None:
        self.facts: list[Fact] = []

    # -- types ------------------------------------------------------------------------------------
    def type_of(self, node: nodes.Node, scope: dict[str, str | None]) -> str | None:
        """game | player | players | campaign | flags | counters, or None when unknown."""
        if isinstance(node, nodes.Name):
            return scope.get(node.name)
        if isinstance(node, nodes.Getattr):
            return self._attribute(node, self.type_of(node.node, scope), node.attr, node.lineno)
        if isinstance(node, nodes.Getitem):
            base = self.type_of(node.node, scope)
            if base == "players":
                return "player"
            if base in ("flags", "counters"):
                self._data_read(base, node.arg, node.lineno)
            elif base is not None and isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
                return self._attribute(node, base, node.arg.value, node.lineno)
            return None
        if isinstance(node, nodes.Filter) and node.node is not None:
            base = self.type_of(node.node, scope)
            if base == "players" and node.name in _LIST_FILTERS:
                return "players"
            if base == "players" and node.name in _ONE_FILTERS:
                return "player"
        return None

    def _attribute(self, node: nodes.Node, base: str | None, attr: str, line: int,
                   label: str | None = None) -> str | None:
        if base == "players":
            return "player"  # players.Ana is players['Ana']
        if base in ("flags", "counters"):
            if attr in ("get", "keys", "values", "items"):
                return base + "." + attr
            self.facts.append((FLAG if base == "flags" else COUNTER, attr, line))
            return None
        if base in _WORDS:
            known = view_attributes()[base]
            if attr not in known:
                close = difflib.get_close_matches(attr, sorted(known), n=1)
                hint = (said("hint.did_you_mean", name=close[0]) if close
                        else said("hint.it_has", names=", ".join(sorted(known))))
                message = said(f"lint.view_has_no.{base}", label=label or shown(node), attr=attr, hint=hint)
                self.facts.append((ATTR, message.english(), message, line))
                return None
            if base == "campaign" and attr in ("flags", "counters"):
                return attr
            if base == "campaign" and attr in ("seen", "seen_this_game"):
                return "seen"
        return None

    def _data_read(self, kind: str, arg: nodes.Node, line: int) -> None:
        if isinstance(arg, nodes.Const) and isinstance(arg.value, str):
            self.facts.append((FLAG if kind == "flags" else COUNTER, arg.value, line))
        else:
            self.facts.append((ANY_FLAG if kind == "flags" else ANY_COUNTER, "", line))

    # -- the walk ---------------------------------------------------------------------------------
    def visit(self, node: nodes.Node, scope: dict[str, str | None]) -> None:
        kind = type(node)
        if kind in LEAVES:
            return
        try:
            read, below = _VISITS[kind]
        except KeyError:
            read, below = _VISITS[kind] = _visit_for_class(kind)
        if read is not None:
            read(self, node, scope)
        if below:
            for child in children(node):
                self.visit(child, scope)

    # Readers of one kind of node each (`_READERS`); these four visit what is below the node themselves.
    def _for(self, node: nodes.For, scope: dict[str, str | None]) -> None:
        self.visit(node.iter, scope)
        inner = dict(scope)
        self._bind(node.target, self.type_of(node.iter, scope), inner, element=True)
        for child in [*node.body, *node.else_]:
            self.visit(child, inner)
        if node.test is not None:
            self.visit(node.test, inner)

    def _assign(self, node: nodes.Assign, scope: dict[str, str | None]) -> None:
        self.visit(node.node, scope)
        self._bind(node.target, self.type_of(node.node, scope), scope)

    def _item(self, node: nodes.Getattr | nodes.Getitem, scope: dict[str, str | None]) -> None:
        base = self.type_of(node, scope)
        if base in ("flags", "counters"):
            # the whole mapping is used (`campaign.flags | length`): any name may be read
            self.facts.append((ANY_FLAG if base == "flags" else ANY_COUNTER, "", node.lineno))
        self._visit_chain(node, scope)

    def _called(self, node: nodes.Call, scope: dict[str, str | None]) -> None:
        self._call(node, scope)
        if isinstance(node.node, nodes.Getattr):
            self._visit_chain(node.node, scope)  # `flags.get('x')` is not a use of all flags
        else:
            self.visit(node.node, scope)
        for child in [*node.args, *node.kwargs, node.dyn_args, node.dyn_kwargs]:
            if child is not None:
                self.visit(child, scope)

    def _visit_chain(self, node: nodes.Getattr | nodes.Getitem, scope: dict[str, str | None]) -> None:
        """The parts of `a.b[c].d` other than the chain itself: item arguments and a non-name root."""
        inner: nodes.Node = node
        while isinstance(inner, nodes.Getattr | nodes.Getitem):
            if isinstance(inner, nodes.Getitem):
                self.visit(inner.arg, scope)
            inner = inner.node
        if not isinstance(inner, nodes.Name):
            self.visit(inner, scope)

    def _bind(self, target: nodes.Node, kind: str | None, scope: dict[str, str | None], *,
              element: bool = False) -> None:
        if isinstance(target, nodes.Name):
            scope[target.name] = ("player" if kind == "players" else None) if element else kind
        else:
            for name in target.find_all(nodes.Name):
                scope[name.name] = None

    def _call(self, node: nodes.Call, scope: dict[str, str | None]) -> None:
        if not isinstance(node.node, nodes.Getattr):
            return
        owner = self.type_of(node.node.node, scope)
        method = node.node.attr
        first = node.args[0] if node.args else None
        if owner == "campaign" and method in ("seen", "seen_this_game"):
            self._name(PASSAGE, first, node.lineno)
        elif owner in ("flags", "counters") and method == "get" and first is not None:
            self._data_read(owner, first, node.lineno)
        elif owner in ("flags", "counters") and method in ("keys", "values", "items"):
            self.facts.append((ANY_FLAG if owner == "flags" else ANY_COUNTER, "", node.lineno))
        elif owner is not None and owner in _WORDS:
            self.type_of(node.node, scope)  # checks the method name exists

    def _test(self, node: nodes.Test, scope: dict[str, str | None]) -> None:
        first = node.args[0] if node.args else None
        if node.name in _PASSAGE_TESTS:
            self._name(PASSAGE, node.node, node.lineno)
        elif node.name == "flagged":
            if isinstance(node.node, nodes.Const) and isinstance(node.node.value, str):
                self.facts.append((FLAG, node.node.value, node.lineno))
            else:
                self.facts.append((ANY_FLAG, "", node.lineno))
        elif node.name == "has_card":
            self._name(CARD, first, node.lineno)

    def _filter(self, node: nodes.Filter, scope: dict[str, str | None]) -> None:
        first = node.args[0] if node.args else None
        if node.name == "card_count":
            self._name(CARD, first, node.lineno)
        elif node.name == "card_name":
            self._name(CARD, node.node, node.lineno)
        if node.node is None or self.type_of(node.node, scope) != "players":
            return
        names: list[nodes.Node] = []
        if node.name in _ATTRIBUTE_FILTERS and first is not None:
            names.append(first)
        names += [kw.value for kw in node.kwargs if kw.key == "attribute"]
        for n in names:
            if isinstance(n, nodes.Const) and isinstance(n.value, str):
                self._attribute(n, "player", n.value.split(".")[0], node.lineno, f"players | {node.name}('{n.value}')")

    def _compare(self, node: nodes.Compare, scope: dict[str, str | None]) -> None:
        sides = [node.expr, *(op.expr for op in node.ops)]
        if not any(op.op in ("eq", "ne") for op in node.ops):
            return
        spaces = [s for s in sides if isinstance(s, nodes.Getattr) and s.attr == "space"
                  and self.type_of(s.node, scope) == "player"]
        if spaces:
            for s in sides:
                if isinstance(s, nodes.Const) and isinstance(s.value, str):
                    self.facts.append((SPACE, s.value, node.lineno))

    def _name(self, kind: str, node: nodes.Node | None, line: int) -> None:
        if isinstance(node, nodes.Const) and isinstance(node.value, str | int):
            self.facts.append((kind, str(node.value), line))


# How the walker reads each kind of node, looked up by the node's class (a chain of isinstance tests
# for every node was a tenth of the walk): (reader, whether the walk then goes below the node itself).
# A class met for the first time is placed by isinstance, in this order, so a subclass is read as its
# base would be; any other class is only walked through.
_READERS: list[tuple[type, Any, bool]] = [
    (nodes.For, Walker._for, False), (nodes.Assign, Walker._assign, False), (nodes.Getattr, Walker._item, False),
    (nodes.Getitem, Walker._item, False), (nodes.Call, Walker._called, False), (nodes.Test, Walker._test, True),
    (nodes.Filter, Walker._filter, True), (nodes.Compare, Walker._compare, True)]
_VISITS: dict[type, tuple[Any, bool]] = {}


def _visit_for_class(kind: type) -> tuple[Any, bool]:
    return next(((read, below) for base, read, below in _READERS if issubclass(kind, base)), (None, True))


def shown(node: nodes.Node) -> str:
    """`me.helth`, `players['Ana'].golt`, `p.gld`: the expression as an author wrote it (roughly)."""
    if isinstance(node, nodes.Name):
        return node.name
    if isinstance(node, nodes.Getattr):
        return f"{shown(node.node)}.{node.attr}"
    if isinstance(node, nodes.Getitem):
        arg = repr(node.arg.value) if isinstance(node.arg, nodes.Const) else "[...]"
        return f"{shown(node.node)}[{arg}]"
    if isinstance(node, nodes.Const):
        return repr(node.value)
    return "(...)"


def template_facts(tree: nodes.Template) -> list[Fact]:
    walker = Walker()
    scope: dict[str, str | None] = dict(_ROOTS)  # `{% set me = ... %}` rebinds a name from there on
    for child in tree.body:
        walker.visit(child, scope)
    return _unique(walker.facts)


def condition_facts(expr: nodes.Expr) -> list[Fact]:
    walker = Walker()
    walker.visit(expr, dict(_ROOTS))
    facts = walker.facts
    constant = constant_value(expr)
    if constant is not None:
        facts.append((CONST, repr(constant[0]), bool(constant[0]), 1))
    return _unique(facts)


def constant_value(expr: nodes.Expr) -> tuple[Any] | None:
    """(value,) when the expression does not depend on the game at all (`false`, `1 > 2`), else None."""
    from clank_story.story.sandbox import environment

    if any(True for _ in expr.find_all(nodes.Name)) or isinstance(expr, nodes.Name):
        return None
    try:
        return (expr.as_const(nodes.EvalContext(environment())),)
    except Exception:  # nodes.Impossible, or anything the constant folder trips on
        return None


def _unique(facts: list[Fact]) -> list[Fact]:
    return list(dict.fromkeys(facts))


# -- parsing ----------------------------------------------------------------------------------------
def parse_condition(source: str) -> nodes.Expr | None:
    """The expression tree of a condition (None if it does not parse: the loader reports that)."""
    from jinja2 import TemplateSyntaxError
    from jinja2.parser import Parser

    from clank_story.story.sandbox import environment

    try:
        parser = Parser(environment(), source, state="variable")
        expr = parser.parse_expression()
        return expr if parser.stream.eos else None
    except (TemplateSyntaxError, RecursionError):
        return None


def parse_template(source: str) -> nodes.Template | None:
    from jinja2 import TemplateSyntaxError

    from clank_story.story.sandbox import environment

    try:
        return environment().parse(source)
    except (TemplateSyntaxError, RecursionError):
        return None


class capture_trees:
    """`with capture_trees() as trees:` — while the story loader checks templates and conditions, keep
    the syntax of each ((kind, source) -> tree or expression; story/render.py `kept`), so the linter
    walks the loader's own parse instead of parsing everything a second time (parsing is most of the
    cost of loading a book). Sources parsed before (the loader caches them) are simply missing;
    `facts_for` parses those itself."""

    def __enter__(self) -> dict[tuple[str, str], nodes.Node]:
        from clank_story.story import render

        self.outer = render.kept
        render.kept = {}
        return render.kept

    def __exit__(self, *exc: object) -> None:
        from clank_story.story import render

        render.kept = self.outer


def facts_for(source: str, kind: str, trees: dict[tuple[str, str], nodes.Node] | None = None) -> list[Fact] | None:
    """Facts of a template (`kind` "template") or condition; None if it does not parse."""
    kept = (trees or {}).get((kind, source))
    if kind == "condition":
        expr = kept if isinstance(kept, nodes.Expr) else parse_condition(source)
        return condition_facts(expr) if expr is not None else None
    tree = kept if isinstance(kept, nodes.Template) else parse_template(source)
    return template_facts(tree) if tree is not None else None

