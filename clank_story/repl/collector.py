"""The garbage collector, paused while `play` starts.

Starting a game makes some fifty thousand objects that live as long as the process (modules,
classes, the content and the book read from their caches), and next to no garbage. The collector,
which runs every 700 new objects, went through them again and again and freed nothing: 6% of the
instructions to the first prompt (issue 20). It is paused from the moment `play` starts until the
prompt is on the screen (without a prompt, until the first line is read), then works as always;
its first collection comes while the player reads."""

from __future__ import annotations

import gc

_held = False


def hold() -> None:
    """Pause the collector, unless something else already has (then it is theirs to restart)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """Restart the collector if `hold` paused it; any number of times."""
    global _held
    if _held:
        _held = False
        gc.enable()
