"""The player's defaults for `clank-story play`, from a TOML file in the user's config folder
(`~/.config/clank-story/config.toml` on Linux; `CLANK_STORY_CONFIG` names another file):

    name = "Ana"          # your name at the table in one-shot games
    language = "en"       # en, ja or pt-BR (--lang and CLANK_STORY_LANG win over it)
    color = false         # no colour, like --no-color
    plain = true          # plain lines for screen readers, like --plain
    bot = "planner"       # the rivals' strategy in one-shot games
    rivals = 1            # how many rivals in one-shot games
    confirm_end = false   # `end` never asks, even with cards or resources left
    tutorial = false      # do not offer the tutorial on the first `play`

Options on the command line always win. A file that cannot be read or used is said in one sentence
that names the file, and `play` stops (exit 2) rather than play with settings the player did not mean."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from clank_story.words import say

MAX_BYTES = 64 * 1024


class ConfigError(Exception):
    """A config file that cannot be used; the message is a sentence naming the file."""


@dataclass(frozen=True)
class Config:
    """The player's settings from the config file; None where the file says nothing."""

    name: str | None = None
    language: str | None = None
    color: bool | None = None
    plain: bool | None = None
    bot: str | None = None
    rivals: int | None = None
    confirm_end: bool | None = None
    tutorial: bool | None = None


TYPES: dict[str, type] = {"name": str, "language": str, "color": bool, "plain": bool, "bot": str, "rivals": int,
                          "confirm_end": bool, "tutorial": bool}


def config_path() -> Path:
    given = os.environ.get("CLANK_STORY_CONFIG")
    if given:
        return Path(given).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir("clank-story", appauthor=False)) / "config.toml"


def load(path: Path | None = None) -> Config:
    """The settings in the file; no file gives the defaults. Raises ConfigError."""
    path = path or config_path()
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ConfigError(say("play.config.too_big", path=path))
        raw = path.read_bytes()
    except FileNotFoundError:
        return Config()
    except OSError as e:
        raise ConfigError(say("play.config.cannot_read", path=path, error=e.strerror or e)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ConfigError(say("play.config.not_utf8", path=path, byte=e.start)) from None
    import tomllib  # only when there is a file to read

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(say("play.config.not_toml", path=path, error=e)) from None
    return _settings(path, data)


def _settings(path: Path, data: dict[str, Any]) -> Config:
    known = [f.name for f in fields(Config)]
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in TYPES:
            from difflib import get_close_matches

            close = get_close_matches(key, known, n=1)
            raise ConfigError(say("play.config.unknown_near" if close else "play.config.unknown", path=path, key=key,
                                  near=close[0] if close else "", keys=", ".join(known)))
        kind = TYPES[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(say(f"play.config.type.{kind.__name__}", path=path, key=key))
        values[key] = value
    return Config(**values)
