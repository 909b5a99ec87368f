"""Where shipped content lives: inside the wheel (`_shipped/`) or at the top of a source checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def shipped(name: str) -> Path:
    """The shipped folder `campaigns` or `book_of_secrets`, for an installed wheel or a checkout."""
    inside = _PACKAGE / "_shipped" / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def locale_dir(lang: str = "en") -> Path:
    return _PACKAGE / "locale" / lang


def user_cache(sub: str) -> Path | None:
    """A folder for parsed-content caches: the user's cache dir, or $CLANK_STORY_CACHE;
    CLANK_STORY_CACHE=off turns caching off."""
    import os

    setting = os.environ.get("CLANK_STORY_CACHE")
    if setting == "off":
        return None
    if setting:
        return Path(setting) / sub
    import platformdirs

    return Path(platformdirs.user_cache_dir("clank-story")) / sub
