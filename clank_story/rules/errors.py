"""Refusals. Each quotes what was typed and says why; raising one means nothing changed.

A refusal carries a message key and its parameters, never a sentence: the words layer above
(clank_story/words.py) puts it into the player's language and installs itself here as the renderer,
so `str(error)` reads as a sentence wherever the program speaks."""

from __future__ import annotations

from collections.abc import Callable

_renderer: Callable[[CommandError], str] | None = None


def use_renderer(render: Callable[[CommandError], str]) -> None:
    """How refusals become sentences (set once by the words layer)."""
    global _renderer
    _renderer = render


class CommandError(Exception):
    """A command the engine will not carry out. `key` names a message in the catalog."""

    def __init__(self, key: str, typed: str = "", **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.typed = typed
        self.params = params

    @property
    def reason(self) -> str:
        if _renderer is not None:
            return _renderer(self)
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.key}({args})"

    def __str__(self) -> str:
        return f"{self.typed}: {self.reason}" if self.typed else self.reason


class UnknownCommand(CommandError):
    """The words do not name a command, card, space or item."""


class IllegalCommand(CommandError):
    """A well-formed command the rules forbid now."""


class AmbiguousCommand(CommandError):
    """A name that matches several things; the message lists them."""
