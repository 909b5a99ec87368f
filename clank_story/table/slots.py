"""Where a game at the table keeps itself: a one-shot game in a named file slot, a campaign game in its
campaign file. Both write atomically, say where, and name the command that brings the game back."""

from __future__ import annotations

import dataclasses
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from clank_story.campaign.model import CampaignError
from clank_story.table.saves import Record, SaveError, now, remove, slot_path, write_record
from clank_story.words import say

if TYPE_CHECKING:
    from clank_story.campaign.definition import Definition
    from clank_story.campaign.lifecycle import GameEnd, GameSetup
    from clank_story.campaign.store import CampaignFile
    from clank_story.table.lock import CampaignLock


class Slot:
    """A place a game in progress is kept."""

    name: str = ""

    def write(self, record: Record) -> None:
        raise NotImplementedError

    def discard(self) -> None:
        """The game is over (and, for a campaign, recorded): nothing is left to resume."""

    def where(self) -> str:
        raise NotImplementedError

    def resume_command(self) -> str:
        raise NotImplementedError

    def release(self) -> None:
        """Let go of anything held while playing (a campaign's lock)."""


@dataclass
class FileSlot(Slot):
    """A one-shot game's own file in the saves folder."""

    name: str

    @property
    def path(self) -> Path:
        return slot_path(self.name)

    def write(self, record: Record) -> None:
        record.name = self.name
        try:
            write_record(self.path, record)
        except OSError as e:
            raise SaveError(say("saves.write_failed", where=self.path, error=e.strerror or e)) from None

    def discard(self) -> None:
        remove(self.path)

    def where(self) -> str:
        return str(self.path)

    def resume_command(self) -> str:
        return f"clank-story play --resume {self.name}"


@dataclass
class CampaignSeat:
    """A campaign game: its file (locked while it is played), definition and this game's setup."""

    file: CampaignFile
    definition: Definition
    setup: GameSetup
    lock: CampaignLock | None
    given: str | None = None  # the --campaign path as typed (None: the default campaign)
    book: Path | None = None  # the Book of Secrets the game reads
    end: GameEnd | None = None
    closing: list[str] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.end is not None

    @property
    def game_number(self) -> int:
        return self.setup.game_number


@dataclass
class CampaignSlot(Slot):
    """A campaign game in progress lives in its campaign file (`in_progress`)."""

    seat: CampaignSeat
    name: str = "campaign"

    def write(self, record: Record) -> None:
        record.name = self.name
        record.options.update(campaign=str(self.seat.file.path), game_number=self.seat.game_number)
        cf = self.seat.file
        try:
            cf.save(dataclasses.replace(cf.campaign, in_progress=_stamped(record)))
        except CampaignError as e:
            raise SaveError(str(e)) from None

    def where(self) -> str:
        return str(self.seat.file.path)

    def resume_command(self) -> str:
        if self.seat.given is None:
            return "clank-story play"
        return f"clank-story play --campaign {shlex.quote(self.seat.given)}"

    def release(self) -> None:
        if self.seat.lock is not None:
            self.seat.lock.release()


def _stamped(record: Record) -> dict:
    record.updated = now()
    record.created = record.created or record.updated
    return record.to_dict()
