"""The sandbox every passage template and story expression runs in.

Jinja's ImmutableSandboxedEnvironment already refuses `_` attributes and mutation of lists and
dicts. Authored content must also be unable to hang the game or eat its memory, so on top of it:

- only a short list of read-only methods may be called (`'x'.center(10**9)` is refused);
- `range` is capped at MAX_RANGE numbers; `*`, `+`, `~` refuse results longer than MAX_LENGTH;
  `**` refuses huge powers; `%` string formatting is refused;
- every loop iteration and call spends a step of a per-render budget (MAX_STEPS) and checks a
  deadline (MAX_SECONDS); the renderer caps the output at MAX_OUTPUT characters;
- templates may not define macros, include, import, extend, use recursive loops or namespaces,
  and may not nest deeper than MAX_NESTING (Python's compiler has limits of its own);
- filters and globals are an allow-list (no `random`: the game's randomness lives in its state).

A refusal raises SecurityError (not allowed) or its subclass StoryLimit (over a cap), with a message
an author can act on."""

from __future__ import annotations

import contextvars
import functools
import time
import types
from collections.abc import Mapping
from typing import Any

from jinja2 import StrictUndefined, nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_RANGE = 1000
MAX_LENGTH = 10_000
MAX_OUTPUT = 20_000
MAX_STEPS = 100_000
MAX_SECONDS = 0.5
MAX_NESTING = 24
MAX_POWER_BITS = 256

NAMES = ("game", "me", "players", "campaign")  # what every template and expression sees

SAFE_FILTERS = (
    "abs", "capitalize", "count", "d", "default", "dictsort", "e", "escape", "first", "float",
    "groupby", "int", "items", "last", "length", "list", "lower", "map", "max", "min", "reject",
    "rejectattr", "reverse", "round", "select", "selectattr", "sort", "string", "sum", "title", "trim",
    "unique", "upper", "wordcount", "batch", "slice", "striptags", "attr",
)
STR_METHODS = frozenset({
    "lower", "upper", "title", "capitalize", "strip", "lstrip", "rstrip", "startswith", "endswith",
    "isdigit", "isalpha", "count", "find", "split",
})
SEQ_METHODS = frozenset({"count", "index"})
MAP_METHODS = frozenset({"get", "keys", "values", "items"})
# Methods of view objects that templates may call: (class, method name).
SAFE_METHODS: set[tuple[type, str]] = set()
FORBIDDEN_NODES: dict[type, str] = {
    nodes.Macro: "{% macro %}", nodes.CallBlock: "{% call %}", nodes.Import: "{% import %}",
    nodes.FromImport: "{% from ... import %}", nodes.Include: "{% include %}", nodes.Extends: "{% extends %}",
    nodes.Block: "{% block %}", nodes.NSRef: "namespace assignment",
}


class StoryLimit(SecurityError):
    """Authored content asked for more than a passage may have, or for something not allowed."""


class Budget:
    __slots__ = ("deadline", "steps")

    def __init__(self, steps: int = MAX_STEPS, seconds: float = MAX_SECONDS) -> None:
        self.steps = steps
        self.deadline = time.perf_counter() + seconds

    def tick(self, n: int = 1) -> None:
        self.steps -= n
        if self.steps < 0:
            raise StoryLimit(f"more than {MAX_STEPS:,} loop steps and calls in one passage")
        if time.perf_counter() > self.deadline:
            raise StoryLimit(f"rendering took longer than {MAX_SECONDS} s")


_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("story_budget", default=None)


def budget() -> Budget:
    b = _BUDGET.get()
    if b is None:
        b = Budget()
        _BUDGET.set(b)
    return b


class budgeted:
    """`with budgeted():` — a fresh budget for one render or evaluation."""

    def __enter__(self) -> Budget:
        b = Budget()
        self._token = _BUDGET.set(b)
        return b

    def __exit__(self, *exc: object) -> None:
        _BUDGET.reset(self._token)


def _size(value: Any) -> int:
    if isinstance(value, str):
        return len(value)
    if isinstance(value, list | tuple):
        return sum(len(v) if isinstance(v, str) else 1 for v in value) + len(value)
    return 0


def check_length(value: Any) -> Any:
    if isinstance(value, str | list | tuple) and _size(value) > MAX_LENGTH:
        raise StoryLimit(f"a value longer than {MAX_LENGTH:,} characters")
    return value


def story_range(*args: Any) -> range:
    try:
        r = range(*args)
        n = len(r)
    except OverflowError:
        n = MAX_RANGE + 1
    if n > MAX_RANGE:
        raise StoryLimit(f"range() of more than {MAX_RANGE:,} numbers")
    return r


def _loop_guard(iterable: Any) -> Any:
    """Wraps every `{% for %}` iterable: each item spends a step."""
    b = budget()
    for item in iterable:
        b.tick()
        yield item


def capped_join(value: Any, d: str = "", attribute: Any = None) -> str:
    items = [str(v) for v in value]
    if sum(map(len, items)) + len(d) * max(0, len(items) - 1) > MAX_LENGTH:
        raise StoryLimit(f"a joined text longer than {MAX_LENGTH:,} characters")
    return d.join(items)


class StoryEnvironment(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self) -> None:
        super().__init__(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True)
        builtin = self.filters
        self.filters = {name: builtin[name] for name in SAFE_FILTERS}
        self.filters["join"] = capped_join
        self.filters["_guard"] = _loop_guard
        self.filters["_cap"] = check_length
        self.globals.clear()
        self.globals["range"] = story_range
        self.tests = dict(self.tests)
        self._callables: set[int] = {id(story_range)}
        self.extra_callables: list[Any] = [story_range]

    def allow_callable(self, fn: Any) -> None:
        self._callables.add(id(fn))
        self.extra_callables.append(fn)

    def is_safe_callable(self, obj: Any) -> bool:
        if id(obj) in self._callables:
            return True
        if isinstance(obj, types.BuiltinMethodType | types.MethodType):
            owner = getattr(obj, "__self__", None)
            name = obj.__name__
            if isinstance(owner, str):
                return name in STR_METHODS
            if isinstance(owner, list | tuple):
                return name in SEQ_METHODS
            if isinstance(owner, Mapping):
                return name in MAP_METHODS
            return any(isinstance(owner, cls) and name == n for cls, n in SAFE_METHODS)
        return False

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        budget().tick()
        if not __self.is_safe_callable(__obj):
            shown = getattr(__obj, "__name__", type(__obj).__name__)
            raise SecurityError(f"'{shown}' cannot be called in a passage")
        return __context.call(__obj, *args, **kwargs)

    def call_binop(self, context: Any, op: str, left: Any, right: Any) -> Any:
        budget().tick()
        if op == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, str | list | tuple) and isinstance(n, int) and _size(seq) * n > MAX_LENGTH:
                    raise StoryLimit(f"a value longer than {MAX_LENGTH:,} characters")
        elif op == "**":
            if isinstance(left, int) and isinstance(right, int) and abs(left) > 1 \
                    and right * max(1, abs(left).bit_length()) > MAX_POWER_BITS:
                raise StoryLimit("a number too large to work with")
        elif op == "%" and isinstance(left, str):
            raise SecurityError("'%' text formatting is not available; put {{ values }} in the text")
        result = self.binop_table[op](left, right)
        return check_length(result) if op == "+" else result


def inspect(tree: nodes.Node, allowed: frozenset[str] | set[str],
            max_nesting: int = MAX_NESTING) -> tuple[str, str, int] | None:
    """One walk over a parsed template: (code, problem, template line) of the first forbidden tag,
    too-deep nesting or unknown name, or None."""
    loads: list[nodes.Name] = []
    stored: set[str] = set()
    stack: list[tuple[nodes.Node, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > max_nesting:
            return "BS033", f"nested more than {max_nesting} levels deep", node.lineno
        kind = type(node)
        if kind in FORBIDDEN_NODES:
            return "BS032", f"{FORBIDDEN_NODES[kind]} is not available in passages", node.lineno
        if kind is nodes.Name:
            if node.ctx == "load":
                loads.append(node)
            else:
                stored.add(node.name)
        elif kind is nodes.For and node.recursive:
            return "BS032", "recursive loops are not available in passages", node.lineno
        stack.extend((child, depth + 1) for child in node.iter_child_nodes())
    for n in sorted(loads, key=lambda n: n.lineno):
        if n.name not in allowed and n.name not in stored:
            import difflib

            close = difflib.get_close_matches(n.name, sorted(allowed - {"loop"}), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (names: {', '.join(NAMES)})"
            return "BS031", f"unknown name '{n.name}'{hint}", n.lineno
    return None


def guard(tree: nodes.Node) -> None:
    """Every `{% for %}` iterable spends budget steps; every `~` result is length-checked."""
    for node in tree.find_all(nodes.For):
        node.iter = nodes.Filter(node.iter, "_guard", [], [], None, None, lineno=node.lineno)
    for parent in [tree, *tree.find_all(nodes.Node)]:
        for name in parent.fields:
            value = getattr(parent, name, None)
            if isinstance(value, nodes.Concat):
                setattr(parent, name, nodes.Filter(value, "_cap", [], [], None, None, lineno=value.lineno))
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, nodes.Concat):
                        value[i] = nodes.Filter(item, "_cap", [], [], None, None, lineno=item.lineno)


@functools.lru_cache(maxsize=1)
def environment() -> StoryEnvironment:
    from clank_story.story.helpers import install

    env = StoryEnvironment()
    install(env)
    return env


def allow_method(cls: type, name: str) -> None:
    """Let templates call `name` on instances of `cls` (e.g. `campaign.seen('12')`)."""
    SAFE_METHODS.add((cls, name))

