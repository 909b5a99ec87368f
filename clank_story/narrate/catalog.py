"""Locale files (narration, looking words, help, the play prompt's words) as plain data, parsed once
per version of the file and kept in a disk cache, so a warm `clank-story play` skips YAML parsing.

The cache holds `marshal` data keyed by the file's resolved path, mtime and size (and this format);
anything unreadable is ignored and rebuilt, and a failing write is ignored too. The folder is
$CLANK_STORY_CACHE/locale, else the user's cache directory; CLANK_STORY_CACHE=off turns it off."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import marshal
import os
from pathlib import Path
from typing import Any

FORMAT = 1


def cache_dir() -> Path | None:
    setting = os.environ.get("CLANK_STORY_CACHE")
    if setting == "off":
        return None
    if setting:
        return Path(setting) / "locale"
    from platformdirs import user_cache_path

    return user_cache_path("clank-story", appauthor=False) / "locale"


@functools.lru_cache(maxsize=32)
def load_locale(name: str, lang: str = "en") -> Any:
    """The plain data of clank_story/locale/<lang>/<name>."""
    from clank_story.paths import locale_dir

    return load_plain(locale_dir(lang) / name)


def load_plain(path: Path) -> Any:
    folder = cache_dir()
    entry: Path | None = None
    ident = ""
    if folder is not None:
        try:
            st = path.stat()
            ident = f"{FORMAT}|{path.resolve()}|{st.st_mtime_ns}|{st.st_size}"
            entry = folder / (hashlib.sha1(ident.encode()).hexdigest() + ".marshal")
            data = marshal.loads(entry.read_bytes())
            if isinstance(data, dict) and data.get("ident") == ident:
                return data["value"]
        except (OSError, ValueError, EOFError, TypeError, KeyError):
            pass
    from clank_story.content.yamlio import load_file, plain

    value = plain(load_file(path).value)
    if entry is not None:
        with contextlib.suppress(OSError, ValueError):
            entry.parent.mkdir(parents=True, exist_ok=True)
            tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
            tmp.write_bytes(marshal.dumps({"ident": ident, "value": value}))
            os.replace(tmp, entry)
    return value
