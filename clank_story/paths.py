"""Where things live: shipped content (inside the wheel, or at the top of a source checkout), the
user's data and cache folders, and the one way files the player cares about are written."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

APP_NAME = "clank-story"
_PACKAGE = Path(__file__).resolve().parent


def shipped(name: str) -> Path:
    """The shipped folder `campaigns` or `book_of_secrets`, for an installed wheel or a checkout."""
    inside = _PACKAGE / "_shipped" / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def locale_dir(lang: str = "en") -> Path:
    return _PACKAGE / "locale" / lang


def data_dir() -> Path:
    """The user's data directory (XDG_DATA_HOME/clank-story on Linux): campaigns, saves, history."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def user_cache(sub: str) -> Path | None:
    """A folder for parsed-content caches: the user's cache dir, or $CLANK_STORY_CACHE;
    CLANK_STORY_CACHE=off turns caching off."""
    setting = os.environ.get("CLANK_STORY_CACHE")
    if setting == "off":
        return None
    if setting:
        return Path(setting) / sub
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME)) / sub


def atomic_write(path: Path, text: str) -> None:
    """Replace `path` with `text` so a crash at any moment leaves the old or the new file whole:
    a temporary file beside it, flushed and fsynced, then `os.replace`, then the folder fsynced."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
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
