"""The way back to where a script's line came in, should the line fail halfway (a bug) or be cut short
(Ctrl-C), without a snapshot of the whole game before every line.

At the prompt each line's snapshot is kept anyway: it is the line's `undo`. A script has no undo, and
the snapshot was 40% of a replayed command's instructions (issue 20). The rules are deterministic (one
seeded RNG in the state, the story's state beside it), so the place a line came in is the last snapshot
taken, with the lines played since then played again. A snapshot is taken at the first line of every
`TURNS`-th turn: one every few turns instead of one a line, and a few turns' lines played again only
when something went wrong (the snapshot a turn was still a tenth of a replayed command, one every eight
turns still about 5%, issue 20)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from clank_story.rules.events import quick
from clank_story.table.reply import Snapshot

if TYPE_CHECKING:
    from clank_story.table.table import Table

TURNS = 16  # turns a snapshot serves: at most this many turns' lines are played again to take one back


@quick
@dataclass(frozen=True, slots=True)
class Mark:
    """A line's way back: how many lines had been played since the snapshot, and where the narrator was.
    (Every line of a script makes one: built by the rules' quicker `__init__`, rules/events.py.)"""

    played: int
    narration: dict[str, Any]


class Rewind:
    def __init__(self) -> None:
        self.start: Snapshot | None = None
        self.turn: tuple[int, int] | None = None
        self.turns = 0  # turns whose first line came in since `start`
        self.played: list[str] = []  # the commands given to the session since `start`

    def mark(self, table: Table) -> Mark:
        """As a line comes in. The first line, and the first line of every `TURNS`-th turn after it,
        take a snapshot; a line never does, so a line that plays on into another turn keeps the start
        its mark counts from."""
        game = table.game
        turn = (game.turn_number, game.active)
        if turn != self.turn:
            self.turn, self.turns = turn, self.turns + 1
        if self.start is None or self.turns > TURNS:
            self.start, self.turns, self.played = table.snapshot(), 1, []
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
