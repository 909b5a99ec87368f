"""The way back to where a script's line came in, should the line fail halfway (a bug) or be cut short
(Ctrl-C), without a snapshot of the whole game before every line.

At the prompt each line's snapshot is kept anyway: it is the line's `undo`. A script has no undo, and
the snapshot was 40% of a replayed command's instructions (issue 20). The rules are deterministic (one
seeded RNG in the state, the story's state beside it), so the place a line came in is the snapshot
taken at the first line of the turn, with the lines played since then played again. That is one
snapshot a turn instead of one a line, and playing lines again only when something went wrong."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from clank_story.table.reply import Snapshot

if TYPE_CHECKING:
    from clank_story.table.table import Table


@dataclass(frozen=True)
class Mark:
    """A line's way back: how many lines of the turn had been played, and where the narrator was."""

    played: int
    narration: dict[str, Any]


class Rewind:
    def __init__(self) -> None:
        self.start: Snapshot | None = None
        self.turn: tuple[int, int] | None = None
        self.played: list[str] = []  # the commands given to the session since `start`

    def mark(self, table: Table) -> Mark:
        """As a line comes in. A new turn (or the first line) takes the turn's snapshot; a line never
        does, so a line that plays on into another turn keeps the start its mark counts from."""
        game = table.game
        turn = (game.turn_number, game.active)
        if self.start is None or turn != self.turn:
            self.start, self.turn, self.played = table.snapshot(), turn, []
        return Mark(len(self.played), table.narrator.state())

    def played_command(self, command: str) -> None:
        """A command the session carried out (a refused one changed nothing and is not kept)."""
        self.played.append(command)

    def back_to(self, table: Table, mark: Mark) -> None:
        """The game, the story and the narrator exactly as they were when the marked line came in (the
        latest mark: only `mark` starts a turn again)."""
        assert self.start is not None
        table.put_back(self.start)
        for command in self.played[:mark.played]:
            table.session.do(command)
        del self.played[mark.played:]
        table.narrator.restore(mark.narration)
