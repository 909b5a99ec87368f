"""Saved games: one slot per game in progress, none ever overwritten by another game.

A one-shot game has a named slot of its own, a JSON file in the saves folder of the user's data
directory (`brackenmoor-1.json`, `cinder-halls-2.json`, ...). A campaign game in progress is kept in
its campaign file (`in_progress`), so it travels with the campaign and no two campaigns can share a
save. A record holds everything the game needs to go on exactly as it was: how to rebuild its content,
the whole state (the RNG included), the story's state, where the narrator was, and the undo history
of the turn in progress.

Records written by earlier versions (format `clank-story/one-shot-save`, version 1) are read and
brought up to date; the single-file saves of those versions (`current.json`, `previous.json`,
`campaign.json`) are moved into slots the first time the saves are looked at (`migrate_old_saves`)."""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from clank_story.paths import atomic_write, data_dir
from clank_story.words import say

FORMAT = "clank-story/save"
VERSION = 2
OLD_FORMAT = "clank-story/one-shot-save"  # version 1: one-shot games and the shared campaign save
ONE_SHOT, CAMPAIGN = "one-shot", "campaign"
MAX_SAVE_BYTES = 64 * 1024 * 1024  # a save is a few hundred KB at most; anything huge is not ours


class SaveError(Exception):
    """A save that cannot be read or used; the message is a sentence for the player."""


@dataclass
class Setup:
    """How to rebuild the content of a one-shot game: what `load_scenario` takes, plus how it is
    played (alone against the solo director, another Book of Secrets)."""

    ruleset: str | None = None
    board: str | None = None
    scenario: str | None = None  # a scenario file (absolute path)
    seats: list[dict[str, Any]] | None = None
    seed: int = 0
    solo: bool = False
    book: str | None = None  # a Book of Secrets folder other than the shipped one

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "board": self.board, "scenario": self.scenario,
                "seats": [dict(s) for s in self.seats] if self.seats is not None else None, "seed": self.seed,
                "solo": self.solo, "book": self.book}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Setup:
        seats = data.get("seats")
        return cls(data.get("ruleset"), data.get("board"), data.get("scenario"),
                   [dict(s) for s in seats] if seats is not None else None, int(data.get("seed", 0)),
                   bool(data.get("solo", False)), data.get("book"))


@dataclass
class Record:
    """A game in progress, as saved."""

    kind: str  # one-shot | campaign
    name: str
    setup: Setup
    game: dict[str, Any]
    narration: dict[str, Any] = field(default_factory=dict)
    story: dict[str, Any] | None = None
    undo: list[dict[str, Any]] = field(default_factory=list)  # snapshots of the turn in progress
    options: dict[str, Any] = field(default_factory=dict)  # verbose; campaign path and game number
    created: str = ""
    updated: str = ""

    @property
    def turn(self) -> int:
        number = self.game.get("turn_number", 0)
        return int(number) if isinstance(number, int) else 0

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "kind": self.kind, "name": self.name,
                "created": self.created, "updated": self.updated, "setup": self.setup.to_dict(),
                "game": self.game, "narration": dict(self.narration), "story": self.story,
                "undo": list(self.undo), "options": dict(self.options)}


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def parse_record(data: Any, where: str = "the save") -> Record:
    """A record from its plain data; version 1 saves are brought up to date."""
    if not isinstance(data, Mapping) or data.get("format") not in (FORMAT, OLD_FORMAT):
        raise SaveError(say("saves.not_a_save", where=where))
    version = data.get("version")
    if data.get("format") == OLD_FORMAT and version == 1:
        data = _from_version_1(data)
    elif version != VERSION:
        raise SaveError(say("saves.other_version", where=where, version=version, known=VERSION))
    try:
        story = data.get("story")
        return Record(str(data.get("kind", ONE_SHOT)), str(data.get("name", "")), Setup.from_dict(data["setup"]),
                      dict(data["game"]), dict(data.get("narration") or {}), dict(story) if story is not None else None,
                      [dict(s) for s in data.get("undo") or []], dict(data.get("options") or {}),
                      str(data.get("created", "")), str(data.get("updated", "")))
    except (KeyError, TypeError, ValueError) as e:
        raise SaveError(say("saves.damaged", where=where, error=e)) from None


def _from_version_1(data: Mapping[str, Any]) -> dict[str, Any]:
    """Version 1 had no kind, name, dates or undo history; a campaign game said so in its options."""
    options = dict(data.get("options") or {})
    kind = CAMPAIGN if options.get("campaign") else ONE_SHOT
    return {**data, "format": FORMAT, "version": VERSION, "kind": kind, "name": "", "undo": [],
            "created": "", "updated": ""}


# -- where -------------------------------------------------------------------------------------------
def saves_dir() -> Path:
    return data_dir() / "saves"


def history_path() -> Path:
    return data_dir() / "history"


def slot_path(name: str) -> Path:
    return saves_dir() / f"{name}.json"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "game"


def free_name(base: str) -> str:
    """The first free slot name `base-1`, `base-2`, ...: a new game never takes another's slot."""
    base = slug(base)
    n = 1
    while slot_path(f"{base}-{n}").exists():
        n += 1
    return f"{base}-{n}"


def valid_name(name: str) -> bool:
    return bool(re.fullmatch(r"[a-z0-9][a-z0-9-]{0,79}", name))


# -- files -------------------------------------------------------------------------------------------
def write_record(path: Path, record: Record) -> None:
    """Atomically replace `path` with the record (temp file, fsync, os.replace)."""
    record.updated = now()
    record.created = record.created or record.updated
    atomic_write(path, json.dumps(record.to_dict(), ensure_ascii=False, separators=(",", ":")))


def read_record(path: Path) -> Record:
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(say("saves.too_big", where=path))
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(say("saves.none_at", where=path)) from None
    except UnicodeDecodeError as e:
        raise SaveError(say("saves.not_utf8", where=path, byte=e.start)) from None
    except OSError as e:
        raise SaveError(say("saves.cannot_read", where=path, error=e.strerror or e)) from None
    try:
        data = json.loads(text)
    except ValueError as e:
        raise SaveError(say("saves.damaged", where=path, error=e)) from None
    return parse_record(data, str(path))


def remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


# -- the list ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SaveInfo:
    """One line of `clank-story saves`."""

    name: str
    kind: str
    where: Path
    updated: str
    turn: int
    seed: int
    board: str
    problem: str = ""  # why it cannot be read, if it cannot


def one_shot_saves() -> list[SaveInfo]:
    folder = saves_dir()
    out: list[SaveInfo] = []
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        return out
    for path in paths:
        try:
            r = read_record(path)
        except SaveError as e:
            out.append(SaveInfo(path.stem, "?", path, "", 0, 0, "", str(e)))
            continue
        out.append(SaveInfo(path.stem, r.kind, path, r.updated, r.turn, r.setup.seed,
                            r.setup.board or str(r.game.get("board", "")) or "-"))
    return out


# -- known campaign files (so `saves` can list their games in progress) ---------------------------
def known_campaigns_path() -> Path:
    return data_dir() / "campaigns.json"


def known_campaigns() -> list[Path]:
    try:
        data = json.loads(known_campaigns_path().read_text(encoding="utf-8"))
        return [Path(p) for p in data if isinstance(p, str)]
    except (OSError, ValueError, TypeError):
        return []


def remember_campaign(path: Path) -> None:
    """Note a campaign file played here (best effort: a failure only shortens `saves`). The list is
    written only when it changes: the same campaign played again costs no write (and no fsync)."""
    before = known_campaigns()
    if before[:1] == [path]:
        return
    known = [p for p in before if p != path]
    with contextlib.suppress(OSError):
        atomic_write(known_campaigns_path(), json.dumps([str(path), *map(str, known[:49])], ensure_ascii=False))


# -- saves of earlier versions ----------------------------------------------------------------------
def migrate_old_saves() -> list[str]:
    """Move the single-file saves of version 1 into slots of their own; return what to tell the player.
    A campaign game's old save goes into a slot too: opening that campaign finds it (`adopt_old_save`)."""
    folder = saves_dir()
    told: list[str] = []
    for old in ("current", "previous", "campaign"):
        path = folder / f"{old}.json"
        if not path.is_file():
            continue
        try:
            record = read_record(path)
        except SaveError:
            continue  # leave an unreadable file where it is; `saves` shows it with its problem
        board = record.setup.board or record.game.get("board")
        base = "campaign-game" if record.kind == CAMPAIGN else (board if isinstance(board, str) else "game")
        name = free_name(base)
        record.name = name
        try:
            write_record(slot_path(name), record)
            os.replace(path, folder / f".{old}.json.migrated")
        except OSError:
            continue
        told.append(say("saves.migrated", old=path.name, name=name))
    return told
