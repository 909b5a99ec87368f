"""A refusal before it is raised: the message key, and its parameters made only when needed.

Checking whether a command is allowed must be cheap (legal_commands judges every candidate on every
decision of a bot), but a refusal a person reads names cards, spaces and what would work, which takes
time to build. So the checkers return a Refusal whose parameters are a function, and only `check`
(a command someone typed) builds them and raises."""

from __future__ import annotations

from collections.abc import Callable

from clank_story.rules.errors import IllegalCommand


class Refusal:
    """(A plain class rather than a frozen dataclass: it is made for most candidates a bot weighs.)"""

    __slots__ = ("key", "params")

    def __init__(self, key: str, params: Callable[[], dict[str, object]] | None = None) -> None:
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"Refusal({self.key!r})"

    def error(self, typed: str) -> IllegalCommand:
        return IllegalCommand(self.key, typed, **(self.params() if self.params is not None else {}))
