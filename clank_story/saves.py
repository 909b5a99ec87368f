"""Saving and resuming a one-shot game in progress.

A save is one plain JSON-compatible dict: how to rebuild the game's content (`setup`: ruleset, board,
scenario file, seats, seed), the whole state (`game`: `Game.to_dict()`, the RNG included), the
narrator's place (so the same words follow) and the play options. The campaign layer can embed the
same dict in its own file. Writes are atomic: a temporary file beside the save, flushed and fsynced,
then `os.replace`, so the save is always either the old or the new complete file."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_story.rules.state import Game

APP_NAME = "clank-story"
FORMAT = "clank-story/one-shot-save"
VERSION = 1


class SaveError(Exception):
    """A save that cannot be read or used; the message is a sentence for the player."""


@dataclass
class Setup:
    """How to rebuild the content of a game: the same arguments `load_scenario` takes."""

    ruleset: str | None = None
    board: str | None = None
    scenario: str | None = None  # a scenario file (absolute path)
    seats: list[dict[str, Any]] | None = None
    seed: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "board": self.board, "scenario": self.scenario,
                "seats": [dict(s) for s in self.seats] if self.seats is not None else None, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Setup:
        seats = data.get("seats")
        return cls(data.get("ruleset"), data.get("board"), data.get("scenario"),
                   [dict(s) for s in seats] if seats is not None else None, int(data.get("seed", 0)))

    def position(self):  # -> Position
        """Load the content again (raises ContentError when a file has gone or broken)."""
        from clank_story.content.scenario import load_scenario

        return load_scenario(self.scenario, seed=self.seed, ruleset=self.ruleset, board=self.board,
                             seats=self.seats)


@dataclass
class Saved:
    setup: Setup
    game: dict[str, Any]
    narration: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    story: dict[str, Any] | None = None  # the Book of Secrets' state (StoryState.to_dict()), if a book is read


# -- where ------------------------------------------------------------------------------------------
def data_dir() -> Path:
    """The user's data directory (XDG_DATA_HOME/clank-story on Linux)."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def default_save_path() -> Path:
    return data_dir() / "saves" / "current.json"


def history_path() -> Path:
    return data_dir() / "history"


# -- the dict ---------------------------------------------------------------------------------------
def snapshot(setup: Setup, game: Game, narration: Mapping[str, Any] | None = None,
             options: Mapping[str, Any] | None = None, story: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "setup": setup.to_dict(), "game": game.to_dict(),
            "narration": dict(narration or {}), "options": dict(options or {}),
            "story": dict(story) if story is not None else None}


def parse_save(data: Any, where: str = "the save") -> Saved:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise SaveError(f"{where} is not a clank-story saved game")
    if data.get("version") != VERSION:
        raise SaveError(f"{where} was written by another version of clank-story (save version "
                        f"{data.get('version')}, this one reads {VERSION})")
    try:
        story = data.get("story")
        return Saved(Setup.from_dict(data["setup"]), dict(data["game"]), dict(data.get("narration") or {}),
                     dict(data.get("options") or {}), dict(story) if story is not None else None)
    except (KeyError, TypeError, ValueError) as e:
        raise SaveError(f"{where} is damaged ({e})") from None


def restore(saved: Saved) -> tuple[Any, Game]:
    """(Position, Game): the content loaded again and the state exactly as it was saved."""
    from clank_story.content.diagnostics import ContentError

    try:
        position = saved.setup.position()
    except ContentError as e:
        raise SaveError(f"the saved game's content cannot be loaded:\n{e}") from None
    try:
        game = Game.from_dict(saved.game, position.ruleset)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise SaveError(f"the saved game is damaged ({type(e).__name__}: {e})") from None
    return position, game


# -- the file ---------------------------------------------------------------------------------------
def write_save(path: Path, data: Mapping[str, Any]) -> None:
    """Atomically replace `path` with `data` as JSON (temp file, fsync, os.replace)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    with contextlib.suppress(OSError):  # make the rename itself durable where the OS allows
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_save(path: Path) -> Saved:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"there is no saved game at {path}") from None
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror}") from None
    try:
        data = json.loads(text)
    except ValueError as e:
        raise SaveError(f"{path} is damaged ({e})") from None
    return parse_save(data, str(path))


def remove_save(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def set_aside(path: Path) -> Path | None:
    """Keep an unfinished save as `previous.json` before a new game takes its place."""
    if not path.exists():
        return None
    previous = path.with_name("previous.json")
    os.replace(path, previous)
    return previous
