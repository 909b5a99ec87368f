"""Who the rivals are: display names and personalities from the words catalog
(locale/<lang>/bots.yaml), and the sentences of the bot tools. Narration asks here for a bot's name
rather than printing its id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clank_story.words import say, section


@dataclass(frozen=True)
class Persona:
    strategy: str
    name: str
    personality: str
    level: str = ""  # the difficulty, in words ("" for the default)


def persona(bot: str) -> Persona:
    """The persona of a bot id such as `planner` or `planner:hard`."""
    from clank_story.bots import split_bot

    strategy, level = split_bot(bot)
    entry = section("bots.personas").get(strategy, {"name": strategy, "personality": ""})
    return Persona(strategy, entry["name"], entry["personality"], say(f"bots.levels.{level}") if level else "")


def word(key: str, **params: Any) -> str:
    return say(f"bots.{key}", **params)
