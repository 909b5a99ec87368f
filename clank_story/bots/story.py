"""Bots and the Book of Secrets: how a persona answers a story choice, and the errands a story-minded
rival runs (waypoints nobody has read this game, contracts in the row).

A story choice is weighed by its effects (the rules ones at the bot's own weights, checkmarks,
campaign counters by name, a passage not read yet) and picked at random in proportion to
exp(worth / temperature), from the game's RNG: a persona leans, it does not always take option 1.
What the bot reads is what the table knows: the options as the router offers them (label, effects,
whether they lead somewhere new) and `game.notes["story"]` (the contract row and the waypoints
read this game, published by the router)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from clank_story.bots.knowledge import Weights, block_value, deck_average
from clank_story.rules.commands import Choose
from clank_story.rules.state import Game, Player


@dataclass(frozen=True)
class Taste:
    """How a persona weighs a story choice, on top of its weights for rules effects."""

    checkmark: float = 1.5  # one checkmark of grudging approval
    counter: float = 0.1  # any campaign counter moved (the story noticed)
    counters: Mapping[str, float] = field(default_factory=dict)  # named counters, per point
    curious: float = 0.3  # leads to a passage not read yet
    rage: float = -1.5  # per space of rage
    temperature: float = 1.0  # how loosely it follows its weights
    errand: float = 0.0  # worth of a waypoint not read this game, in points (0: no errands)
    contract: float = 0.0  # worth of a contract's target in the row, in points
    detour: float = 3.0  # points an errand costs per turn of detour
    nerve: float = 0.7  # the chance of coming back alive it wants before an errand into the depths


def story_answer(game: Game, p: Player, options: list[dict[str, Any]], w: Weights, taste: Taste) -> Choose:
    """Option N of a pending story question, drawn by worth from the game's RNG."""
    avg = deck_average(game, p, w)
    worths = [option_worth(game, p, o, w, avg, taste) for o in options]
    t = max(0.05, taste.temperature)
    top = max(worths)
    weights = [math.exp((x - top) / t) for x in worths]
    pick = game.rng.random() * sum(weights)
    for i, weight in enumerate(weights):
        pick -= weight
        if pick <= 0:
            return Choose(i + 1)
    return Choose(len(options))


def option_worth(game: Game, p: Player, option: Mapping[str, Any], w: Weights, avg: float, taste: Taste) -> float:
    worth = taste.curious if option.get("new") else 0.0
    for item in option.get("effects") or []:
        chance = 1.0
        rules: dict[str, Any] = {}
        for key, value in item.items():
            if key == "if":
                chance = 0.5 if isinstance(value, str) else chance  # a Jinja condition: unknown here
                if not isinstance(value, str):
                    rules[key] = value
            elif key == "checkmark":
                worth += chance * taste.checkmark * _num(value)
            elif key == "counter":
                steps = value if isinstance(value, Mapping) else {str(value): 1}
                for name, n in steps.items():
                    worth += chance * (taste.counter + taste.counters.get(str(name), 0.0) * _num(n))
            elif key == "rage":
                worth += chance * taste.rage * _num(value)
            elif key in ("flag", "unflag", "goto", "sticker", "unlock", "cardporium", "destroy_card",
                         "add_contract", "complete_contract", "destroy_contract", "patron", "end_game"):
                continue  # the story's business: the persona's curiosity covers it
            else:
                rules[key] = value
        if rules:
            worth += chance * block_value(game, p, rules, w, avg)
    return worth


def _num(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


# -- what the table knows of the story ---------------------------------------------------------------
def story_notes(game: Game) -> Mapping[str, Any]:
    return game.notes.get("story") or {}


def errands(game: Game) -> dict[str, float]:
    """Spaces worth a visit for the story, with their weight: a waypoint whose passage nobody has read
    this game (1), more if a contract in the row waits for someone to enter it (+1.5). Once read, a
    waypoint is no errand: the bot does not pace in circles round a contract it cannot pay for."""
    notes = story_notes(game)
    read = set(notes.get("waypoints") or ())
    wanted = {target for _, trigger, target in notes.get("contracts") or () if trigger == "enter_space"}
    return {space.id: 1.0 + (1.5 if space.id in wanted else 0.0)
            for space in game.board.spaces.values() if space.waypoint and space.waypoint not in read}


def contract_cards(game: Game) -> set[str]:
    """Cards a contract in the row waits for someone to acquire or defeat."""
    return {target for _, trigger, target in story_notes(game).get("contracts") or ()
            if trigger in ("acquire", "defeat") and target}
