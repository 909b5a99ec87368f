"""The budget of one render, condition or `expect`: bounded time and bounded memory.

Every evaluation gets a fresh Budget (`with budgeted():`). It counts

- steps: each loop iteration, call, operator and filter spends one (MAX_STEPS);
- time: every few steps the evaluation's CPU time is checked against MAX_SECONDS;
- what is built: every value an operator, filter, call, slice or `{{ output }}` makes is weighed
  and its weight charged (MAX_BUILT in all), so a passage cannot pile up memory through many small
  values (`{% set %}` after `{% set %}`, a `{% set %}...{% endset %}` block in a loop).

Time is the thread's CPU time, not the wall clock: a busy machine does not turn a passage into an
apology, and the same book on the same machine gives the same story. All the evaluations one command
sets off (a passage, its choices' conditions and labels, its effects' conditions, a chain of gotos,
the contracts a trigger checks) also share one allowance, MAX_COMMAND_SECONDS (`with allowance():`,
taken by the story router), so twenty slow choices cannot add up to ten slow seconds.

A weight is an upper bound on how much a value holds, counting a shared part each time it appears
(`[[1] * 5000] * 5000` is cheap to build but weighs 25 million: printing or summing it would make
them all): characters of a text, one per item of a list, tuple or mapping plus the items' own
weights. No single value may weigh more than MAX_LENGTH; operators and filters that could build a
big value work its weight out from their arguments *before* building it.

Limits raise StoryLimit (one value over a cap) or its subclass OverBudget (the whole evaluation, or
the command, over its time or memory), which the renderer turns into BS202 and BS206."""

from __future__ import annotations

import contextvars
import time
from collections.abc import Mapping
from typing import Any

from jinja2.exceptions import SecurityError

from clank_story.content.diagnostics import Said, said

MAX_RANGE = 1000  # numbers in one range()
MAX_LENGTH = 10_000  # weight of one value: characters of a text, or items and characters through nested lists
MAX_OUTPUT = 20_000  # characters one passage shows
MAX_BUILT = 1_000_000  # weight of everything one evaluation builds, in all
MAX_STEPS = 100_000  # loop iterations, calls, operators and filters of one evaluation
MAX_SECONDS = 0.5  # CPU time of one evaluation
MAX_COMMAND_SECONDS = 1.0  # CPU time of all the evaluations one command sets off
CLOCK_EVERY = 16  # steps between looks at the clock (a step is at most a millisecond or so)
MAX_NUMBER_BITS = 256  # whole numbers made by `*` and `**`
MAX_SOURCE = 50_000  # characters of one template or condition


class Refused(SecurityError):
    """A refusal that carries its sentence, so an author reads it in their language (its text is the
    English one)."""

    def __init__(self, message: Said) -> None:
        super().__init__(message.english())
        self.said = message

    def __reduce__(self) -> tuple[type, tuple[Said]]:  # pickled (a worker process) with its sentence
        return type(self), (self.said,)


class NotAllowed(Refused):
    """Authored content asked for something a passage may not do."""


class StoryLimit(Refused):
    """Authored content asked for more than a passage may have."""


class OverBudget(StoryLimit):
    """One render, condition or `expect` (or all those of one command) took too long or built too much."""


class Budget:
    __slots__ = ("built", "clock", "deadline", "seconds", "steps", "until")

    def __init__(self, steps: int = MAX_STEPS, seconds: float = MAX_SECONDS, built: int = MAX_BUILT,
                 until: float | None = None) -> None:
        self.steps = steps
        self.built = built
        self.seconds = seconds
        self.until = until  # the command's allowance, if one is running
        self.clock = 1  # the first step starts the clock, and sees whether the allowance is spent
        self.deadline = 0.0

    def tick(self, n: int = 1) -> None:
        self.steps -= n
        if self.steps < 0:
            raise StoryLimit(said("limit.steps", most=f"{MAX_STEPS:,}"))
        self.clock -= 1
        if self.clock <= 0:
            self.clock = CLOCK_EVERY
            self.check_time()

    def check_time(self) -> None:
        now = _now()
        if not self.deadline:  # one look at the clock for a short evaluation, not two
            self.deadline = now + self.seconds
            if self.until is not None and self.until < self.deadline:
                self.deadline = self.until
        if now > self.deadline:
            if self.deadline == self.until:
                raise OverBudget(said("limit.command_time", seconds=f"{MAX_COMMAND_SECONDS:g}"))
            raise OverBudget(said("limit.time", seconds=f"{self.seconds:g}"))

    def charge(self, weight: int) -> None:
        """Count `weight` more of what this evaluation built (and a step of its time)."""
        self.built -= weight
        if self.built < 0:
            raise OverBudget(said("limit.built", most=f"{MAX_BUILT:,}"))
        self.tick()


_now = time.thread_time  # CPU time of this thread (see the module docstring)
_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("story_budget", default=None)
_ALLOWANCE: contextvars.ContextVar[float | None] = contextvars.ContextVar("story_allowance", default=None)


def budget() -> Budget:
    """The budget of the evaluation under way. Outside one (Jinja folding constants while it compiles,
    the linter doing the same) a fresh budget per operation: every operation is still size-checked."""
    b = _BUDGET.get()
    return b if b is not None else Budget()


class budgeted:
    """`with budgeted():` — a fresh budget for one render or evaluation (within the command's
    allowance, if one is running: once it is spent, an evaluation stops at its first step)."""

    def __enter__(self) -> Budget:
        b = Budget(until=_ALLOWANCE.get())
        self._token = _BUDGET.set(b)
        return b

    def __exit__(self, *exc: object) -> None:
        _BUDGET.reset(self._token)


class allowance:
    """`with allowance():` — every evaluation inside shares MAX_COMMAND_SECONDS of CPU time in all.
    Nested allowances keep the outermost one."""

    def __enter__(self) -> None:
        outer = _ALLOWANCE.get()
        self._token = _ALLOWANCE.set(outer if outer is not None else _now() + MAX_COMMAND_SECONDS)

    def __exit__(self, *exc: object) -> None:
        _ALLOWANCE.reset(self._token)


def story_range(*args: Any) -> range:
    """`range()` in a passage: at most MAX_RANGE numbers."""
    try:
        r = range(*args)
        n = len(r)
    except OverflowError:
        n = MAX_RANGE + 1
    if n > MAX_RANGE:
        raise StoryLimit(said("limit.range", most=f"{MAX_RANGE:,}"))
    return r


# -- weighing values -------------------------------------------------------------------------------
class _Heavy(Exception):
    pass


_PLAIN = (int, bool, float, type(None))
_KINDS: dict[type, str] = {str: "text", list: "items", tuple: "items", set: "items", frozenset: "items",
                           dict: "map", range: "range", int: "number", bool: "one", float: "one",
                           type(None): "one"}


def _kind(cls: type) -> str:
    """How to weigh values of a class: one isinstance walk per class, then a dict lookup."""
    kind = _KINDS.get(cls)
    if kind is None:
        kind = ("text" if issubclass(cls, str) else "number" if issubclass(cls, int)
                else "items" if issubclass(cls, list | tuple | set | frozenset)
                else "map" if issubclass(cls, Mapping) else "range" if issubclass(cls, range) else "one")
        _KINDS[cls] = kind
    return kind


def weigh(value: Any, limit: int = MAX_LENGTH) -> int:
    """The weight of `value` (see the module docstring); raises StoryLimit past `limit`. Shared parts
    are weighed once and counted each time they appear, so the cost is the number of distinct parts."""
    cls = type(value)
    if cls is str:
        n = len(value)
    elif cls in _PLAIN:
        return 1
    else:
        try:
            n = _weigh(value, {}, limit)
        except _Heavy:
            n = limit + 1
        except RecursionError:
            raise StoryLimit(said("limit.nested")) from None
    if n > limit:
        raise StoryLimit(said("limit.value_length", most=f"{MAX_LENGTH:,}"))
    return n


def _weigh(value: Any, memo: dict[int, int], limit: int) -> int:
    kind = _kind(type(value))
    if kind == "one":  # None, floats, the state views, iterators (charged item by item as they are used)
        return 1
    if kind == "text" or kind == "range":
        return len(value)
    if kind == "number":
        return 1 + value.bit_length() // 64
    key = id(value)
    known = memo.get(key)
    if known is not None:
        return known
    total = len(value)
    if total > limit:
        raise _Heavy
    for item in (value if kind == "items" else _pairs(value)):
        total += _weigh(item, memo, limit)
        if total > limit:
            raise _Heavy
    memo[key] = total
    return total


def _pairs(mapping: Any) -> Any:
    for k, v in mapping.items():
        yield k
        yield v


def charge(value: Any) -> Any:
    """Check and count a value just built; returns it."""
    budget().charge(weigh(value))
    return value


def charge_weight(weight: int) -> None:
    """Count a value about to be built whose weight is already known (and check it)."""
    if weight > MAX_LENGTH:
        raise StoryLimit(said("limit.value_length", most=f"{MAX_LENGTH:,}"))
    budget().charge(weight)


def charged_items(iterable: Any) -> Any:
    """Items of a lazy result (a filter's generator) as they come: each spends a step and its weight."""
    b = budget()
    for item in iterable:
        b.charge(weigh(item))
        yield item
