"""The sandbox every passage template and story expression runs in.

Jinja's ImmutableSandboxedEnvironment already refuses `_` attributes and mutation of lists and
dicts. Authored content must also be unable to hang the game or eat its memory, so on top of it:

- only a short list of read-only methods may be called (`'x'.center(10**9)` is refused);
- every operator, filter, call, slice, loop step and `{{ output }}` goes through the evaluation's
  budget (story/budget.py): bounded steps and time, and every value built is weighed and counted,
  sizes worked out *before* building where building is the expensive part (`*`, `+`, `**`, `sum`,
  `batch`, `slice`, ...); `range` is capped at MAX_RANGE numbers; `%` string formatting is refused;
  the renderer caps the output at MAX_OUTPUT characters;
- templates may not define macros, include, import, extend, use recursive loops or namespaces,
  and may not nest deeper than MAX_NESTING (Python's compiler has limits of its own);
- filters and globals are an allow-list (no `random`: the game's randomness lives in its state).

A refusal raises NotAllowed (not allowed; Jinja's own SecurityError for an unsafe attribute) or
StoryLimit (over a cap; OverBudget when the whole evaluation is over its time or memory), each with a
sentence an author can act on, in their language."""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Collection, Mapping
from typing import Any

from jinja2 import StrictUndefined, nodes, pass_context
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import _PassArg

from clank_story.content.diagnostics import Said, said
from clank_story.story.budget import (
    MAX_LENGTH,
    MAX_NUMBER_BITS,
    MAX_OUTPUT,
    MAX_RANGE,
    MAX_SOURCE,
    MAX_STEPS,
    Budget,
    NotAllowed,
    OverBudget,
    StoryLimit,
    budget,
    budgeted,
    charge,
    charge_weight,
    charged_items,
    story_range,
    weigh,
)
from clank_story.story.lexer import StoryLexer
from clank_story.story.treewalk import LEAVES, children

__all__ = [  # the limits live in story/budget.py; these names are read from here too
    "MAX_LENGTH", "MAX_OUTPUT", "MAX_RANGE", "MAX_SOURCE", "MAX_STEPS", "NAMES", "Budget", "OverBudget",
    "StoryEnvironment", "StoryLimit", "allow_method", "budget", "budgeted", "environment", "guard", "inspect",
]

MAX_NESTING = 24

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
SEQUENCES = (str, list, tuple)


def check_length(value: Any) -> Any:
    """A value a template has just built (a literal, a `~` join): weighed and counted."""
    return charge(value)


def _loop_guard(iterable: Any) -> Any:
    """Wraps every `{% for %}` iterable: each item spends a step."""
    b = budget()
    for item in iterable:
        b.tick()
        yield item


@pass_context
def _template_data(context: Any, text: str) -> str:
    """Literal text inside `{% set %}...{% endset %}` or `{% filter %}`: it is kept, so it is counted."""
    budget().charge(len(text))
    return text


def _finalize(value: Any) -> str:
    """Every `{{ value }}`: weighed before it is turned into text, and the text counted."""
    if type(value) is str:
        text = value
    else:
        weigh(value)
        text = str(value)
    budget().charge(len(text))
    return text


# -- filters ----------------------------------------------------------------------------------------
def capped_join(value: Any, d: str = "", attribute: Any = None) -> str:
    items = [str(v) for v in value]
    total = sum(map(len, items)) + len(d) * max(0, len(items) - 1)
    charge_weight(total)
    return d.join(items)


def _int_arg(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StoryLimit(said(f"limit.{what}_whole"))
    return value


def _before_batch(value: Any, linecount: Any, fill_with: Any = None) -> None:
    n = _int_arg(linecount, "batch")
    if n < 1 or (fill_with is not None and n > MAX_LENGTH):
        raise StoryLimit(said("limit.batch", n=f"{n:,}", most=f"{MAX_LENGTH:,}"))


def _before_slice(value: Any, slices: Any, fill_with: Any = None) -> None:
    n = _int_arg(slices, "slice")
    if not 1 <= n <= MAX_LENGTH:
        raise StoryLimit(said("limit.slice", n=f"{n:,}", most=f"{MAX_LENGTH:,}"))


def _before_sum(iterable: Any, attribute: Any = None, start: Any = 0) -> None:
    if isinstance(start, SEQUENCES):  # adding up lists or texts: the total is built step by step
        weigh(start)


# What a filter needs checked before it runs, beyond the weight of its arguments.
BEFORE: dict[str, Callable[..., None]] = {"batch": _before_batch, "slice": _before_slice, "sum": _before_sum}


@pass_context
def _sum(context: Any, iterable: Any, attribute: Any = None, start: Any = 0) -> Any:
    """Jinja's sum, with the total weighed before it is built: adding up lists one after another
    copies the running total each time, so the size is checked first."""
    env = context.environment
    items = list(iterable)
    if attribute is not None:
        from jinja2.filters import make_attrgetter

        get = make_attrgetter(env, attribute)
        items = [get(i) for i in items]
    if isinstance(start, SEQUENCES) or any(isinstance(i, SEQUENCES) for i in items):
        total = weigh(start)
        for item in items:
            total += weigh(item, MAX_LENGTH - total)
        charge_weight(total)
    return sum(items, start)


def _checked(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """A filter whose arguments are weighed (and checked by BEFORE) before it runs, and whose result
    is counted; a lazy result is counted item by item."""
    lead = 0 if _PassArg.from_obj(fn) is None else 1
    before = BEFORE.get(name)

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        b = budget()
        b.tick()
        total = 0
        for arg in (*args[lead:], *kwargs.values()):
            total += weigh(arg, MAX_LENGTH - total)
        if before is not None:
            before(*args[lead:], **kwargs)
        result = fn(*args, **kwargs)
        if isinstance(result, types.GeneratorType):
            return charged_items(result)
        b.charge(weigh(result))
        return result

    return run


class StoryEnvironment(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self) -> None:
        super().__init__(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True,
                         finalize=_finalize)
        builtin = self.filters
        self.filters = {name: builtin[name] for name in SAFE_FILTERS}
        self.filters["join"] = capped_join
        self.filters["sum"] = _sum
        self.filters["_guard"] = _loop_guard
        self.filters["_cap"] = check_length
        self.filters["_data"] = _template_data
        self.globals.clear()
        self.globals["range"] = story_range
        self.tests = dict(self.tests)
        self._callables: set[int] = {id(story_range)}
        self.extra_callables: list[Any] = [story_range]
        self.check_filters()

    @functools.cached_property
    def lexer(self) -> StoryLexer:
        """Jinja's tokens, made faster (story/lexer.py)."""
        return StoryLexer(self)

    def check_filters(self) -> None:
        """Put every filter an author can name behind the budget (helpers.install adds more, then
        calls this again)."""
        for name, fn in list(self.filters.items()):
            if not name.startswith("_") and not getattr(fn, "_story_checked", False):
                wrapped = _checked(name, fn)
                wrapped._story_checked = True  # type: ignore[attr-defined]
                self.filters[name] = wrapped

    def allow_method(self, cls: type, name: str) -> None:
        """Let templates call `name` on instances of `cls` (e.g. `campaign.seen('12')`)."""
        allow_method(cls, name)

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
        b = budget()
        b.tick()
        if not __self.is_safe_callable(__obj):
            shown = getattr(__obj, "__name__", type(__obj).__name__)
            raise NotAllowed(said("not_allowed.call", name=shown))
        total = 0
        for arg in (*args, *kwargs.values()):
            total += weigh(arg, MAX_LENGTH - total)
        result = __context.call(__obj, *args, **kwargs)
        b.charge(weigh(result))
        return result

    def getitem(self, obj: Any, argument: Any) -> Any:
        result = super().getitem(obj, argument)
        if isinstance(argument, slice):  # a slice is a new value
            charge(result)
        return result

    def call_binop(self, context: Any, op: str, left: Any, right: Any) -> Any:
        b = budget()
        b.tick()
        if op == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, SEQUENCES) and isinstance(n, int):
                    charge_weight(weigh(seq) * max(n, 0))
            if isinstance(left, int) and isinstance(right, int) \
                    and left.bit_length() + right.bit_length() > MAX_NUMBER_BITS:
                raise StoryLimit(said("limit.number_too_large"))
        elif op == "**":
            if isinstance(left, int) and isinstance(right, int) and abs(left) > 1 \
                    and right * max(1, abs(left).bit_length()) > MAX_NUMBER_BITS:
                raise StoryLimit(said("limit.number_too_large"))
        elif op == "%" and isinstance(left, str):
            raise NotAllowed(said("not_allowed.percent"))
        elif op == "+" and isinstance(left, SEQUENCES) and isinstance(right, SEQUENCES):
            charge_weight(weigh(left) + weigh(right))
        return self.binop_table[op](left, right)


def inspect(tree: nodes.Node, allowed: frozenset[str] | set[str], max_nesting: int = MAX_NESTING, *,
            filters: Collection[str] | None = None, tests: Collection[str] | None = None,
            ) -> tuple[str, Said, int] | None:
    """One walk over a parsed template: (code, problem, template line) of the first forbidden tag,
    too-deep nesting, unknown name, or (when the environment's are given) unknown filter or test,
    or None. Jinja finds an unknown filter only when it compiles the template, and an unknown test
    only when it runs it: a passage that reads fine in lint would be smudged in play."""
    loads: list[nodes.Name] = []
    named: list[tuple[int, str, str]] = []  # (line, "filter" or "test", name) of every filter and test
    stored: set[str] = set()
    stack: list[tuple[nodes.Node, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > max_nesting:
            return "BS033", said("book.nested_levels", levels=max_nesting), node.lineno
        kind = type(node)
        if kind in LEAVES:  # nothing below; of the leaves, only names are looked at
            if kind is nodes.Name:
                if node.ctx == "load":
                    loads.append(node)
                else:
                    stored.add(node.name)
            continue
        if kind in FORBIDDEN_NODES:
            return "BS032", said("book.forbidden_tag", tag=FORBIDDEN_NODES[kind]), node.lineno
        if kind is nodes.For and node.recursive:
            return "BS032", said("book.recursive_loop"), node.lineno
        elif kind is nodes.Filter or kind is nodes.Test:
            named.append((node.lineno, "filter" if kind is nodes.Filter else "test", node.name))
        depth += 1
        for child in children(node):
            stack.append((child, depth))
    for n in sorted(loads, key=lambda n: n.lineno):
        if n.name not in allowed and n.name not in stored:
            from clank_story.content.schema import hint_or_names

            hint = hint_or_names(n.name, sorted(allowed - {"loop"}), list(NAMES))
            return "BS031", said("book.unknown_name", name=n.name, hint=hint), n.lineno
    known = {"filter": filters, "test": tests}
    for line, what, name in sorted(named):
        names = known[what]
        if names is not None and name not in names:
            from clank_story.content.schema import hint_or_names

            public = sorted(n for n in names if n.isidentifier() and not n.startswith("_"))
            return "BS031", said(f"book.unknown_{what}", name=name, hint=hint_or_names(name, public)), line
    return None


def _wrap(node: nodes.Expr, name: str) -> nodes.Filter:
    return nodes.Filter(node, name, [], [], None, None, lineno=node.lineno)


def _needs_cap(node: Any) -> bool:
    """A node that builds a value without going through an operator or filter: `~`, and literals."""
    kind = type(node)
    if kind is nodes.Concat or kind is nodes.List or kind is nodes.Dict:
        return True
    return kind is nodes.Tuple and node.ctx == "load"


def guard(tree: nodes.Node) -> None:
    """Put the parts of a template that Jinja runs without asking the environment behind the budget:
    every `{% for %}` iterable spends a step an item; every `~` and list, tuple or dict literal is
    weighed and counted; literal text kept by `{% set %}...{% endset %}` and `{% filter %}` is counted."""
    for node in tree.find_all(nodes.For):
        node.iter = _wrap(node.iter, "_guard")
    for block in tree.find_all((nodes.AssignBlock, nodes.FilterBlock)):
        for out in block.find_all(nodes.Output):
            out.nodes = [_wrap(nodes.Const(n.data, lineno=n.lineno), "_data") if isinstance(n, nodes.TemplateData)
                         else n for n in out.nodes]
    for parent in [tree, *tree.find_all(nodes.Node)]:
        for name in parent.fields:
            value = getattr(parent, name, None)
            if _needs_cap(value):
                setattr(parent, name, _wrap(value, "_cap"))
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if _needs_cap(item):
                        value[i] = _wrap(item, "_cap")


@functools.lru_cache(maxsize=1)
def environment() -> StoryEnvironment:
    from clank_story.story.helpers import install

    env = StoryEnvironment()
    install(env)
    return env


def allow_method(cls: type, name: str) -> None:
    """Let templates call `name` on instances of `cls` (e.g. `campaign.seen('12')`)."""
    SAFE_METHODS.add((cls, name))

