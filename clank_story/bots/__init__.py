"""Rival players. Bots see only the rules API (the state a player could see, legal commands)."""

from __future__ import annotations

from clank_story.bots.base import Bot
from clank_story.bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def make_bot(name: str) -> Bot:
    return BOTS[name]()
