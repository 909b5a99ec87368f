"""Rival players. Bots see only the rules API (the state a player could see, legal commands)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clank_story.bots.base import Bot

# Each strategy's class, by where it is defined: a game imports only the strategies at its table (a
# one-command `run` with one random rival loaded every strategy's module before, issue 20).
BOTS: dict[str, str] = {
    "random": "clank_story.bots.random_bot:RandomBot",
    "cautious": "clank_story.bots.strategies:CautiousBot",
    "greedy": "clank_story.bots.strategies:GreedyBot",
    "planner": "clank_story.bots.strategies:PlannerBot",
    "storyteller": "clank_story.bots.strategies:StorytellerBot",
}


def bot_class(strategy: str) -> type[Bot]:
    module, _, name = BOTS[strategy].partition(":")
    return getattr(importlib.import_module(module), name)


def split_bot(name: str) -> tuple[str, str | None]:
    """`planner:hard` -> ('planner', 'hard'); a plain id has no level."""
    strategy, _, level = name.partition(":")
    return strategy, level or None


def known_bot(name: str) -> bool:
    """Whether `name` is a strategy id, optionally with a difficulty (`planner:hard`)."""
    strategy, level = split_bot(name)
    if strategy not in BOTS:
        return False
    if level is None:
        return True
    from clank_story.bots.strategy import LEVELS

    return level in LEVELS and strategy != "random"


def label(name: str) -> str:
    """A strategy id (`planner:hard`) as a player reads it in the language spoken; an id no strategy
    has is shown as it is."""
    from clank_story.words import say

    strategy, level = split_bot(name)
    if not known_bot(name):
        return name
    kind = say(f"bots.kinds.{strategy}")
    return kind if level is None else say("bots.kind_level", kind=kind, level=say(f"bots.level_words.{level}"))


def make_bot(name: str) -> Bot:
    strategy, level = split_bot(name)
    cls = bot_class(strategy)
    return cls(level) if level else cls()  # type: ignore[call-arg]
