"""The shipped rivals: three personalities over one planning engine (bots/strategy.py)."""

from __future__ import annotations

from clank_story.bots.story import Taste
from clank_story.bots.strategy import Profile, StrategyBot


class CautiousBot(StrategyBot):
    """Keeps its Clank low, takes a near artifact outside the depths, and heads home at once."""

    name = "cautious"
    profile = Profile(risk=2.0, greed=0.6, depths=False, nearest=True, monster=2.5, points=0.8, clank=1.4,
                      secrets=0.5, crowns=False, keys=True, margin=2.0, safety=4,
                      taste=Taste(checkmark=1.0, curious=0.1, rage=-3.0, temperature=0.8))


class GreedyBot(StrategyBot):
    """Goes deep for the richest artifact, buys points, takes every secret on the way."""

    name = "greedy"
    profile = Profile(risk=0.5, greed=2.5, depths=True, monster=0.8, points=1.6, clank=0.3, secrets=2.0,
                      crowns=True, keys=False, backpack=True, margin=0.0, safety=1,
                      taste=Taste(checkmark=0.8, curious=0.1, rage=-0.5, temperature=0.8))


class PlannerBot(StrategyBot):
    """Prices every artifact by the road there and back, the dragon's expected damage from the bag and
    the rage track, and the turns the game has left; then takes the best bet."""

    name = "planner"
    profile = Profile(risk=1.0, greed=1.0, depths=True, monster=1.2, points=1.0, clank=0.7, secrets=1.0,
                      crowns=True, keys=True, margin=0.0, safety=2,
                      taste=Taste(checkmark=2.0, curious=0.2, temperature=0.6))


class StorytellerBot(StrategyBot):
    """Goes where the story is: a waypoint nobody has read this game, a contract's space, a card a
    contract waits for; takes the story choice that leads somewhere new; still brings an artifact home."""

    name = "storyteller"
    profile = Profile(risk=1.0, greed=0.9, depths=True, monster=1.2, points=0.9, clank=0.6, secrets=1.0,
                      crowns=True, keys=True, margin=0.5, safety=2,
                      taste=Taste(checkmark=1.5, counter=0.3, curious=1.2, rage=-1.0, temperature=1.4,
                                  errand=14.0, contract=4.0, detour=1.5, nerve=0.6))
