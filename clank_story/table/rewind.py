"""The way back to where a script's line came in, should the line fail halfway (a bug) or be cut short
(Ctrl-C), without a snapshot of the whole game before every line.

At the prompt each line's snapshot is kept anyway: it is the line's `undo`. A script has no undo, and
the snapshot was 40% of a replayed command's instructions (issue 20). The rules are deterministic (one
seeded RNG in the state, the story's state beside it), so the place a line came in is the snapshot
taken as the script's first line came in, with the lines played since then played again. Only a line
that went wrong pays for that: a whole game's lines play again in a few milliseconds, where a snapshot
every few turns cost every script (one a turn was a tenth of a replayed command, one every sixteen
turns still about 1%, issue 20)."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

from clank_story.narrate.prose import PLACE, place
from clank_story.table.reply import Snapshot

if TYPE_CHECKING:
    from clank_story.table.table import Table


class Mark(tuple[int, tuple[Any, ...]]):
    """A line's way back: how many lines had been played since the snapshot, and where the narrator was
    (narrate/prose.py `place`). A pair, made in C by `tuple.__new__` (`Rewind.mark`: every line of a
    script makes one)."""

    __slots__ = ()
    played = property(operator.itemgetter(0))

    @property
    def narration(self) -> dict[str, Any]:
        """Where the narrator was, as `ProseNarrator.state()` says it."""
        return dict(zip(PLACE, self[1], strict=True))


_pair = tuple.__new__


class Rewind:
    def __init__(self) -> None:
        self.start: Snapshot | None = None
        self.played: list[str] = []  # the commands the session carried out since `start` (Table.do adds
        # each; a refused one changed nothing and is not kept)

    def mark(self, table: Table) -> Mark:
        """As a line comes in; the first line takes the snapshot every later line counts from."""
        if self.start is None:
            self.start, self.played = table.snapshot(), []
        return _pair(Mark, (len(self.played), place(table.narrator)))

    def back_to(self, table: Table, mark: Mark) -> None:
        """The game, the story and the narrator exactly as they were when the marked line came in (the
        latest line's mark: the lines after it are forgotten)."""
        assert self.start is not None
        table.put_back(self.start)
        for command in self.played[:mark.played]:
            table.session.do(command)
        del self.played[mark.played:]
        table.narrator.restore(mark.narration)
