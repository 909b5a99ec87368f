"""One game at a time per campaign: an exclusive OS file lock held for the whole read-play-write of a
game, so two `play` or `run` processes can never both write the same campaign.

The lock is `filelock`'s (fcntl on POSIX, msvcrt on Windows): the operating system drops it when the
holder exits, however it exits, so a crash never leaves a campaign locked. Beside it, the holder
writes who it is (process, host, command, since when), so the one refused can say who has it."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from filelock import FileLock, Timeout

from clank_story.words import say


class CampaignLocked(Exception):
    """Another process holds the campaign; the message says who and what to do."""


def lock_path(campaign: Path) -> Path:
    return campaign.with_name(f".{campaign.name}.lock")


def holder_path(campaign: Path) -> Path:
    return campaign.with_name(f".{campaign.name}.lock.json")


@dataclass
class CampaignLock:
    """Held from `acquire()` until `release()` (or the process ends)."""

    campaign: Path  # the campaign file's real path (symlinks resolved)
    _lock: FileLock | None = None

    def acquire(self) -> CampaignLock:
        lock = FileLock(str(lock_path(self.campaign)), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise CampaignLocked(self._who()) from None
        except OSError as e:  # a folder we cannot write: the campaign could not be saved either
            raise CampaignLocked(say("table.lock.cannot", path=self.campaign, error=e.strerror or e)) from None
        self._lock = lock
        with contextlib.suppress(OSError):
            holder_path(self.campaign).write_text(json.dumps({
                "pid": os.getpid(), "host": socket.gethostname(), "since": datetime.now().strftime("%H:%M on %d %b"),
                "command": " ".join(["clank-story", *sys.argv[1:]])[:200]}), encoding="utf-8")
        return self

    def release(self) -> None:
        if self._lock is None:
            return
        with contextlib.suppress(OSError):
            holder_path(self.campaign).unlink()
        self._lock.release()
        self._lock = None

    @property
    def held(self) -> bool:
        return self._lock is not None and self._lock.is_locked

    def _who(self) -> str:
        try:
            info = json.loads(holder_path(self.campaign).read_text(encoding="utf-8"))
            return say("table.lock.held", path=self.campaign, pid=info["pid"], host=info["host"],
                       since=info["since"], command=info["command"])
        except (OSError, ValueError, KeyError, TypeError):
            return say("table.lock.held_unknown", path=self.campaign)
