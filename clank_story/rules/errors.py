"""Refusals. Each quotes what was typed and says why; raising one means nothing changed."""

from __future__ import annotations

from clank_story.rules.messages import render


class CommandError(Exception):
    """A command the engine will not carry out. `key` names a message in the catalog."""

    def __init__(self, key: str, typed: str = "", **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.typed = typed
        self.params = params

    @property
    def reason(self) -> str:
        return render(self.key, self.params)

    def __str__(self) -> str:
        return f"{self.typed}: {self.reason}" if self.typed else self.reason


class UnknownCommand(CommandError):
    """The words do not name a command, card, space or item."""


class IllegalCommand(CommandError):
    """A well-formed command the rules forbid now."""


class AmbiguousCommand(CommandError):
    """A name that matches several things; the message lists them."""
