"""How the campaign's changes reach the engine: destroyed cards out, Cardporium cards in, and stickers
and unlocked rules as permanent abilities on a new Ruleset."""

from __future__ import annotations

from collections import Counter

import pytest

from clank_story.campaign.abilities import ABILITIES, apply_abilities, parse_ability, seat_changes
from clank_story.campaign.lifecycle import start_of_game
from clank_story.campaign.model import Campaign, CampaignError, Sticker
from clank_story.campaign.setup import campaign_position, campaign_ruleset
from clank_story.content.library import build_ruleset, catalog
from clank_story.table.session import Session


@pytest.fixture(scope="module")
def core():
    return build_ruleset(catalog(), "legacy", "brackenmoor")


def setup_with(mini, c: Campaign):
    return start_of_game(c, mini)[1]


def test_a_destroyed_card_takes_one_copy_out_of_the_adventure_deck(mini, fresh: Campaign, core) -> None:
    fresh.destroyed_cards = ["bog-imp", "bog-imp"]
    rules = campaign_ruleset(core, setup_with(mini, fresh))
    assert Counter(rules.deck)["bog-imp"] == Counter(core.deck)["bog-imp"] - 2
    assert len(rules.deck) == len(core.deck) - 2


def test_a_destroyed_reserve_card_shrinks_its_pile_but_the_cultist_stays(mini, fresh: Campaign, core) -> None:
    fresh.destroyed_cards = ["explore", "cultist", "no-such-card"]
    rules = campaign_ruleset(core, setup_with(mini, fresh))
    assert rules.reserve["explore"] == core.reserve["explore"] - 1
    assert rules.reserve["cultist"] == core.reserve["cultist"] and rules.deck == core.deck


def test_a_cardporium_card_adds_a_copy_to_the_deck(mini, fresh: Campaign, core) -> None:
    fresh.cardporium_cards = ["regulation-pitchfork"]
    rules = campaign_ruleset(core, setup_with(mini, fresh))
    assert Counter(rules.deck)["regulation-pitchfork"] == Counter(core.deck)["regulation-pitchfork"] + 1
    fresh.cardporium_cards = ["golden-spork"]
    with pytest.raises(CampaignError, match="no card 'golden-spork'"):
        campaign_ruleset(core, setup_with(mini, fresh))


def test_the_shared_ruleset_is_never_changed(mini, fresh: Campaign, core) -> None:
    fresh.destroyed_cards = ["bog-imp"]
    fresh.stickers = [Sticker("t", {"space_gold": {"space": "tollbury", "gold": 2}})]
    deck, board = core.deck, core.board
    rules = campaign_ruleset(core, setup_with(mini, fresh))
    assert core.deck == deck and core.board is board and core.board.spaces["tollbury"].gold == 0
    assert rules.board.spaces["tollbury"].gold == 2 and rules.board.exits("tollbury") == board.exits("tollbury")


@pytest.mark.parametrize(("spec", "check"), [
    ({"space_gold": {"space": "turnip-lane", "gold": 1}}, lambda r: r.board.spaces["turnip-lane"].gold == 2),
    ({"space_heal": {"space": "sheepfold", "heal": 2}}, lambda r: r.board.spaces["sheepfold"].heal == 3),
    ({"space_draw": {"space": "standing-stones", "draw": 1}}, lambda r: r.board.spaces["standing-stones"].draw == 2),
    ({"market_stock": {"item": "canoe", "count": 1}}, lambda r: {m.id: m.count for m in r.market}["canoe"] == 4),
    ({"reserve_pile": {"card": "mercenary", "count": 3}}, lambda r: r.reserve["mercenary"] == 18),
])
def test_each_ruleset_ability_changes_one_thing(core, spec, check) -> None:
    assert check(apply_abilities(core, [spec]))


def test_a_space_ability_for_a_space_this_board_lacks_does_nothing(core) -> None:
    assert apply_abilities(core, [{"space_gold": {"space": "moon", "gold": 1}}]) is core


def test_starting_gold_goes_to_every_seat(mini, fresh: Campaign) -> None:
    fresh.unlocked_rules = ["signing-bonus"]
    setup = setup_with(mini, fresh)
    game = Session.start(campaign_position(setup, mini, seed=1)).game
    assert [p.gold for p in game.players] == [2, 2]
    assert seat_changes([{"name": "A", "gold": 1}], [{"starting_gold": 2}]) == [{"name": "A", "gold": 3}]


def test_a_sticker_pays_out_in_play(mini, fresh: Campaign) -> None:
    fresh.stickers = [Sticker("tollbury-tips", {"space_gold": {"space": "tollbury", "gold": 2}})]
    scenario = ("players:\n  - {name: Ana, hand: [sidestep, burgle, burgle, burgle, burgle], clank: 0}\n"
                "  - {name: Rex, bot: random}\n")
    session = Session.start(campaign_position(setup_with(mini, fresh), mini, scenario=scenario, seed=1))
    session.do("play all")
    session.do("move tollbury")
    assert session.game.player("Ana").gold == 2


@pytest.mark.parametrize(("spec", "problem"), [
    ({"fly": 1}, "unknown ability 'fly'"),
    ({"starting_gold": "lots"}, "takes a whole number"),
    ({"space_gold": {"space": "tollbury"}}, "takes {space: ..., gold: ...}"),
    ({"space_gold": {"space": 3, "gold": 1}}, "'space' of 'space_gold' should be an id"),
    ({"a": 1, "b": 2}, "one-key mapping"),
])
def test_a_malformed_ability_is_described(spec, problem) -> None:
    assert problem in parse_ability(spec)


def test_every_ability_is_documented() -> None:
    assert all(a.doc and (a.ruleset or a.seat) for a in ABILITIES.values())
