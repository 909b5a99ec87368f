"""One game at a time per campaign: an exclusive OS file lock held for the whole read-play-write of a
game, so two `play` or `run` processes can never both write the same campaign.

The lock is the operating system's own (`fcntl.flock` on POSIX, `msvcrt.locking` on Windows): it drops
the lock when the holder exits, however it exits, so a crash never leaves a campaign locked. Beside
it, the holder writes who it is (process, host, command, since when), so the one refused can say who
has it. (It was `filelock`'s, which wraps the same two calls; its version 4 imports logging, decimal,
secrets and socket, a tenth of every campaign start for one system call, issue 20.)"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import platform
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from clank_story.words import say


class CampaignLocked(Exception):
    """Another process holds the campaign; the message says who and what to do."""


class _Held(Exception):
    """The file is locked by another holder."""


class OsLock:
    """An exclusive lock on a file, taken without waiting and kept until released or the process ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None

    def acquire(self) -> None:
        """Raises _Held when another holder has the file, OSError when it cannot be opened."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if os.name == "nt":  # pragma: no cover - the project's CI runs on Linux
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            os.close(fd)
            if isinstance(e, BlockingIOError) or (os.name == "nt" and e.errno in (errno.EACCES, errno.EDEADLOCK)):
                raise _Held from None
            raise
        self.fd = fd

    def release(self) -> None:
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        with contextlib.suppress(OSError):
            if os.name == "nt":  # pragma: no cover
                import msvcrt

                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    @property
    def is_locked(self) -> bool:
        return self.fd is not None


def lock_path(campaign: Path) -> Path:
    return campaign.with_name(f".{campaign.name}.lock")


def holder_path(campaign: Path) -> Path:
    return campaign.with_name(f".{campaign.name}.lock.json")


@dataclass
class CampaignLock:
    """Held from `acquire()` until `release()` (or the process ends)."""

    campaign: Path  # the campaign file's real path (symlinks resolved)
    _lock: OsLock | None = None

    def acquire(self) -> CampaignLock:
        lock = OsLock(lock_path(self.campaign))
        try:
            lock.acquire()
        except _Held:
            raise CampaignLocked(self._who()) from None
        except OSError as e:  # a folder we cannot write: the campaign could not be saved either
            raise CampaignLocked(say("table.lock.cannot", path=self.campaign, error=e.strerror or e)) from None
        self._lock = lock
        with contextlib.suppress(OSError):
            holder_path(self.campaign).write_text(json.dumps({
                "pid": os.getpid(), "host": platform.node(), "since": datetime.now().strftime("%H:%M, %Y-%m-%d"),
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
