"""Who the rivals are: display names and personalities from locale/<lang>/bots.yaml, and the
sentences of the bot tools. Narration asks here for a bot's name rather than printing its id."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Persona:
    strategy: str
    name: str
    personality: str
    level: str = ""  # the difficulty, in words ("" for the default)


@functools.lru_cache(maxsize=4)
def _table(lang: str = "en") -> Mapping[str, Any]:
    from clank_story.content.yamlio import load_file, plain
    from clank_story.paths import locale_dir

    return plain(load_file(locale_dir(lang) / "bots.yaml").value)


def persona(bot: str, lang: str = "en") -> Persona:
    """The persona of a bot id such as `planner` or `planner:hard`."""
    from clank_story.bots import split_bot

    strategy, level = split_bot(bot)
    entry = _table(lang)["bots"].get(strategy, {"name": strategy, "personality": ""})
    return Persona(strategy, entry["name"], entry["personality"], _table(lang)["levels"].get(level, "") if level else "")


def word(key: str, lang: str = "en", **params: Any) -> str:
    template = _table(lang)["words"].get(key, key)
    return template.format(**params)
