"""How a campaign's changes reach the engine: a game's Ruleset with destroyed cards out, Cardporium
cards in and permanent abilities applied (a new frozen Ruleset; `dataclasses.replace`, nothing shared
is touched), and the seats for setup."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from clank_story.campaign.abilities import apply_abilities, seat_changes
from clank_story.campaign.definition import Definition
from clank_story.campaign.lifecycle import GameSetup
from clank_story.campaign.model import CampaignError
from clank_story.rules.model import Ruleset
from clank_story.words import say

if TYPE_CHECKING:
    from clank_story.content.scenario import Position


def campaign_ruleset(rules: Ruleset, setup: GameSetup) -> Ruleset:
    """The ruleset of a campaign game. A destroyed card takes one copy out of the adventure deck (or,
    if none is left there, out of its Reserve pile); a Cardporium card puts one copy into the deck;
    the game's Patron goes into the Reserve."""
    deck = list(rules.deck)
    reserve = dict(rules.reserve)
    for card_id in setup.destroyed_cards:
        if card_id in deck:
            deck.remove(card_id)
        elif reserve.get(card_id, 0) > 0 and not rules.cards[card_id].stays:
            reserve[card_id] -= 1
    for card_id in setup.cardporium_cards:
        if card_id not in rules.cards:
            raise CampaignError(say("campaign.no_card", card=card_id))
        deck.append(card_id)
    if setup.patron:  # the game's Patron card waits in the Reserve (one copy)
        if setup.patron not in rules.cards:
            raise CampaignError(say("campaign.no_card", card=setup.patron))
        reserve[setup.patron] = reserve.get(setup.patron, 0) + 1
    rules = dataclasses.replace(rules, deck=tuple(deck), reserve=MappingProxyType(reserve))
    try:
        return apply_abilities(rules, setup.abilities)
    except ValueError as e:
        raise CampaignError(say("campaign.bad_ability", problem=e)) from None


def campaign_seats(setup: GameSetup, starting: Sequence[str] = (), seed: int = 0) -> list[dict[str, Any]]:
    """Scenario `players` entries for the campaign's seats, with seat abilities (starting Gold). An
    employee whose deck box lost starting cards for good is dealt from what is left of `starting`
    (shuffled by the game's seed and the employee's name)."""
    try:
        seats = seat_changes(setup.seats, setup.abilities)
    except ValueError as e:
        raise CampaignError(say("campaign.bad_ability", problem=e)) from None
    for seat in seats:
        gone = seat.pop("destroyed_cards", None)
        if gone and starting:
            deck = list(starting)
            for card in gone:
                if card in deck:
                    deck.remove(card)
            random.Random(f"{seed}:{seat['name']}").shuffle(deck)
            seat.update(hand=deck[:5], deck=deck[5:], discard=[])
    return seats


def campaign_position(setup: GameSetup, definition: Definition, scenario: str | None = None,
                      path: str | Path | None = None, seed: int | None = None) -> Position:
    """A Position for `Session.start`: the campaign's board and seats, or a scenario (text) laid over
    them, with the campaign's ruleset. A scenario that names its own players keeps them as written."""
    from clank_story.content.library import build_ruleset, catalog
    from clank_story.content.scenario import Position, load_scenario

    seats = campaign_seats(setup, definition.starting_deck(), seed or 0)
    if scenario is None and path is None:
        rules = build_ruleset(catalog(definition.content_roots()), setup.ruleset, setup.board)
        position = Position(rules, {"players": seats}, seed or 0, f"<game {setup.game_number}>")
    else:
        position = load_scenario(path, text=scenario, seed=seed, ruleset=setup.ruleset, board=setup.board,
                                 seats=seats)
    position.ruleset = campaign_ruleset(position.ruleset, setup)
    return position
