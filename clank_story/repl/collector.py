"""The garbage collector, paused while `play` and `run` start, and left out of the process's end.

Starting a game makes some fifty thousand objects that live as long as the process (modules,
classes, the content and the book read from their caches), and next to no garbage. The collector,
which runs every 700 new objects, went through them again and again and freed nothing: 6% of the
instructions to the first prompt (issue 20). It is paused from the moment `play` starts until the
prompt is on the screen (without a prompt, until the first line is read), and while `run` opens its
game; then those objects are moved out of its sight (`gc.freeze`) and it works as always on what the
game makes from there. Reference counting still frees them; only a cycle among them would outlive
its use, and the start makes none that ends before the process.

At the process's end, Python collects once more over everything left (a tenth of a one-command
`run`): it frees nothing the operating system would not, since every file the program writes is
closed where it is written, so `at_exit` moves those objects out of its sight too."""

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
        gc.freeze()  # what the start made lives as long as the process
        gc.enable()


def at_exit() -> None:
    """Spare the process's last collection, over objects about to go with it."""
    gc.freeze()
