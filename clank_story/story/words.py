"""The story layer's own sentences, from locale/<lang>/story.yaml (keyed by id)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any


@functools.lru_cache(maxsize=4)
def words(lang: str = "en") -> Mapping[str, str]:
    from clank_story.content.yamlio import load_file, plain
    from clank_story.paths import locale_dir

    return plain(load_file(locale_dir(lang) / "story.yaml").value)["words"]


def word(key: str, lang: str = "en", **params: Any) -> str:
    template = words(lang).get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template
