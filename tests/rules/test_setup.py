"""Setup per player count (DESIGN.md §2; issue 2)."""

from __future__ import annotations

from collections import Counter

import pytest

from clank_story.content.scenario import load_scenario
from clank_story.rules.setup import setup_game


def shipped(ruleset: str, players: int, seed: int = 3):
    seats = [{"name": f"P{i}"} for i in range(players)]
    pos = load_scenario(ruleset=ruleset, seats=seats, seed=seed)
    return setup_game(pos.ruleset, pos.seed, pos.scenario)


@pytest.mark.parametrize("ruleset", ["classic", "legacy"])
def test_each_player_starts_with_six_burgles_two_stumbles_a_sidestep_and_a_scramble(ruleset):
    game = shipped(ruleset, 4)
    for p in game.players:
        assert Counter(p.hand + p.deck) == {"burgle": 6, "stumble": 2, "sidestep": 1, "scramble": 1}
        assert len(p.hand) == 5


def test_starting_clank_is_three_two_one_and_none_by_seat():
    game = shipped("classic", 4)
    assert [game.clank_area[p.name] for p in game.players] == [3, 2, 1, 0]
    assert [p.supply for p in game.players] == [27, 28, 29, 30]


@pytest.mark.parametrize(("players", "space"), [(4, 1), (3, 2), (2, 3)])
def test_the_dragon_starts_on_rage_space_one_two_or_three_for_four_three_or_two_players(players, space):
    assert shipped("legacy", players).rage == space


def test_the_bag_holds_twenty_four_black_cubes_and_each_player_thirty_cubes_and_ten_health():
    game = shipped("classic", 3)
    assert game.bag["black"] == 24
    for p in game.players:
        assert p.supply + game.clank_area[p.name] == 30
        assert p.health_left == 10


@pytest.mark.parametrize(("players", "artifacts"), [(4, 7), (3, 6), (2, 5)])
def test_one_artifact_is_removed_for_three_players_and_two_for_two(players, artifacts):
    assert len(shipped("classic", players).artifacts) == artifacts


@pytest.mark.parametrize("seed", range(20))
def test_the_first_deal_replaces_dragon_cards_and_legacy_events(seed):
    for ruleset in ("classic", "legacy"):
        game = shipped(ruleset, 4, seed)
        assert len(game.row) == 6
        assert not any(game.card(c).dragon or game.card(c).kind == "event" for c in game.row)
        assert len(game.row) + len(game.deck) == 100


def test_the_reserve_holds_mercenaries_explores_tomes_and_the_goblin_or_the_cultist():
    assert shipped("classic", 2).reserve == {"mercenary": 15, "explore": 15, "secret-tome": 12, "goblin": 1}
    assert shipped("legacy", 2).reserve == {"mercenary": 15, "explore": 15, "secret-tome": 12, "cultist": 1}


def test_a_scenario_gives_exact_piles_and_takes_clank_and_damage_from_the_supply(tiny):
    table = tiny(ana={"hand": ["burgle"], "deck": ["explore"], "clank": 2, "damage": 3},
                 bag={"black": 20, "Ana": 1, "Rex": 0}, rage=4, row=["lantern"], deck=["gem"],
                 artifacts={"vault": 25})
    game = table.game
    ana = game.player("Ana")
    assert (ana.hand, ana.deck, ana.discard) == (["burgle"], ["explore"], [])
    assert ana.supply == 30 - 2 - 3 - 1 and table.cubes_conserved()
    assert game.rage == 4 and game.row == ["lantern"] and game.deck == ["gem"]
    assert game.artifacts == {"vault": 25} and game.black_out == 4
