"""What the table answers a line with, and what undo keeps: plain values shared by the dispatcher,
the table and every front end."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clank_story.narrate.prose import Line


@dataclass(slots=True)
class Reply:
    """What the table says back to one line: the lines to show, and whether to stop."""

    lines: list[Line] = field(default_factory=list)
    quit: bool = False
    refused: bool = False  # the line was refused (scripts stop there)

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True)
class Snapshot:
    """Everything undo needs: the state (RNG included), where the narrator was, the story's state."""

    game: dict[str, Any]
    narration: dict[str, Any]
    command: str
    story: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "narration": self.narration, "command": self.command, "story": self.story}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Snapshot:
        return cls(dict(data["game"]), dict(data.get("narration") or {}), str(data.get("command", "")),
                   data.get("story"))


@dataclass(frozen=True)
class SwordsQuestion:
    """How many Swords to spend on a monster path (asked before the move)."""

    to: str
    most: int

    @property
    def prompt(self) -> tuple[str, dict[str, Any]]:
        return "play.swords.prompt", {"most": self.most}


@dataclass(frozen=True)
class EndQuestion:
    """`end` with something left to play or spend: asked once before the turn is thrown away."""

    cards: int  # cards still in hand (played first if the answer is yes)

    @property
    def prompt(self) -> tuple[str, dict[str, Any]]:
        return "play.end.prompt", {}


Question = SwordsQuestion | EndQuestion
