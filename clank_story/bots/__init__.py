"""Rival players. Bots see only the rules API (the state a player could see, legal commands)."""

from __future__ import annotations

from clank_story.bots.base import Bot
from clank_story.bots.random_bot import RandomBot
from clank_story.bots.strategies import CautiousBot, GreedyBot, PlannerBot, StorytellerBot
from clank_story.bots.strategy import LEVELS

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "cautious": CautiousBot,
    "greedy": GreedyBot,
    "planner": PlannerBot,
    "storyteller": StorytellerBot,
}


def split_bot(name: str) -> tuple[str, str | None]:
    """`planner:hard` -> ('planner', 'hard'); a plain id has no level."""
    strategy, _, level = name.partition(":")
    return strategy, level or None


def known_bot(name: str) -> bool:
    """Whether `name` is a strategy id, optionally with a difficulty (`planner:hard`)."""
    strategy, level = split_bot(name)
    if strategy not in BOTS:
        return False
    return level is None or (level in LEVELS and strategy != "random")


def make_bot(name: str) -> Bot:
    strategy, level = split_bot(name)
    cls = BOTS[strategy]
    return cls(level) if level else cls()  # type: ignore[call-arg]
