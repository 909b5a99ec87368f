"""Actions: acquire, use a device, fight, take tokens, markets, coaches, space rewards."""

from __future__ import annotations

import pytest
from scenarios import hand

from clank_story.rules.errors import IllegalCommand


def test_acquiring_spends_skill_and_puts_the_card_in_your_discard_pile(tiny):
    table = tiny(ana=hand("burgle", "burgle", "burgle"), row=["lantern", "gem"], deck=["sword"])
    table.do("play all", "acquire lantern")
    ana = table.game.player("Ana")
    assert ana.discard == ["lantern"] and table.me.skill == 0


def test_an_acquired_row_card_is_not_replaced_until_the_end_of_the_turn(tiny):
    table = tiny(ana=hand("burgle", "burgle", "burgle"), rex=hand("burgle"), row=["lantern", "gem"],
                 deck=["sword", "boots"])
    table.do("play all", "acquire lantern")
    assert table.game.row == ["gem"]
    table.do("end")
    assert table.game.row == ["gem", "sword", "boots"]


def test_acquire_text_happens_once_when_you_acquire_the_card(tiny):
    table = tiny(ana={**hand("burgle", "burgle", "burgle"), "clank": 0}, row=["lantern"])
    table.do("play all", "acquire lantern")
    assert table.me.clank == 1


def test_you_cannot_acquire_a_card_you_cannot_afford(tiny):
    table = tiny(ana=hand("burgle"), row=["gem"])
    table.do("play burgle")
    with pytest.raises(IllegalCommand, match="costs 4 Skill and you have 1"):
        table.do("acquire gem")


def test_reserve_cards_can_be_acquired_while_the_pile_lasts(tiny):
    table = tiny(ana=hand("burgle", "burgle", "burgle", "burgle"), row=[])
    table.do("play all", "buy mercenary", "acquire merc")
    assert table.game.reserve["mercenary"] == 13
    assert table.game.player("Ana").discard == ["mercenary", "mercenary"]


def test_monsters_are_fought_not_acquired(tiny):
    table = tiny(ana=hand("burgle", "burgle", "burgle"), row=["orc"])
    table.do("play all")
    with pytest.raises(IllegalCommand, match="fight"):
        table.do("acquire orc")


def test_defeating_a_monster_spends_swords_gives_its_reward_and_discards_it(tiny):
    table = tiny(ana=hand("sword", "sword"), row=["orc"])
    table.do("play all", "fight orc")
    assert table.me.gold == 4 and table.me.swords == 1
    assert table.game.row == [] and table.game.deck_discard == ["orc"]


def test_the_goblin_can_be_fought_again_and_again_and_never_leaves(tiny):
    table = tiny(ana=hand("sword", "sword"), row=[])
    table.do("play all", "fight goblin", "fight goblin")
    assert table.me.gold == 2 and table.game.reserve["goblin"] == 1


def test_you_need_enough_swords_to_fight(tiny):
    table = tiny(ana=hand("sword"), row=["drake"])
    table.do("play sword")
    with pytest.raises(IllegalCommand, match="needs 5 Swords and you have 2"):
        table.do("fight drake")


def test_using_a_device_spends_skill_does_its_text_and_discards_it_from_the_row(tiny):
    table = tiny(ana=hand("burgle", "burgle"), row=["winch"])
    table.do("play all", "use winch")
    assert table.game.turn.teleports == 1 and table.game.deck_discard == ["winch"]
    assert table.game.player("Ana").discard == []


def test_the_cultist_stays_in_the_legacy_reserve(tiny_legacy):
    table = tiny_legacy(ana=hand("sword"), row=[])
    table.do("play sword", "fight cultist")
    assert table.me.gold == 1 and table.game.reserve["cultist"] == 1


def test_a_market_sells_an_item_for_seven_gold(tiny):
    table = tiny(ana={**hand("burgle"), "space": "shop", "gold": 8})
    table.do("play burgle", "market master-key")
    assert table.me.gold == 1 and table.me.tokens == ("master-key",)


def test_crowns_are_sold_highest_first(tiny):
    table = tiny(ana={**hand("burgle"), "space": "shop", "gold": 21})
    table.do("play burgle", "market crown", "market crown")
    assert table.me.tokens == ("crown-10", "crown-9")


def test_you_need_seven_gold_and_a_market_space_to_buy(tiny):
    table = tiny(ana={**hand("burgle"), "space": "shop", "gold": 6}, rex={"space": "hall", **hand("burgle")})
    table.do("play burgle")
    with pytest.raises(IllegalCommand, match="costs 7 Gold and you have 6"):
        table.do("market backpack")


def test_a_legacy_market_sells_each_player_one_of_each_kind(tiny_legacy):
    table = tiny_legacy(ana={**hand("burgle"), "space": "town", "gold": 20})
    table.do("play burgle", "market canoe")
    with pytest.raises(IllegalCommand, match="one of each kind"):
        table.do("market canoe")
    table.do("market master-key")
    assert set(table.me.tokens) == {"canoe", "master-key"}


def test_a_coach_costs_one_boot_and_the_gold_of_both_stops(tiny_legacy):
    table = tiny_legacy(ana={**hand("sidestep"), "space": "town", "gold": 5}, artifacts={})
    table.do("play sidestep")
    with pytest.raises(IllegalCommand, match="without an artifact"):
        table.do("coach hq")
    table2 = tiny_legacy(ana={**hand("sidestep"), "space": "town", "gold": 5, "artifact": 10})
    table2.do("play sidestep", "coach headquarters")
    assert table2.me.gold == 2 and table2.me.boots == 0


def test_a_coach_fare_must_be_paid_in_full(tiny_legacy):
    table = tiny_legacy(ana={**hand("sidestep"), "space": "town", "gold": 2, "artifact": 10})
    table.do("play sidestep")
    with pytest.raises(IllegalCommand, match="fare is 3 Gold and you have 2"):
        table.do("coach hq")


def test_there_are_no_coaches_in_the_classic_game(tiny):
    table = tiny(ana=hand("sidestep"))
    table.do("play sidestep")
    with pytest.raises(IllegalCommand, match="no coaches"):
        table.do("coach hall")


def test_space_rewards_are_given_the_first_time_you_enter_each_turn(tiny_legacy):
    table = tiny_legacy(ana={**hand("boots", "boots"), "space": "town"}, artifacts={})
    table.do("play all", "move lane", "move town", "move lane")
    assert table.me.gold == 1


def test_taking_an_artifact_raises_the_dragons_rage(tiny):
    table = tiny(ana={**hand("boots"), "space": "hall"}, rage=2, artifacts={"nook": 5})
    table.do("play boots", "move shrine", "move nook swords 0")
    assert table.me.damage == 2
    table.do("take artifact")
    assert table.me.artifact == 5 and table.game.rage == 3


def test_you_take_one_token_each_time_you_enter_a_space(tiny):
    table = tiny(ana={**hand("boots", "boots"), "space": "hq"})
    table.do("play all", "move hall", "take secret")
    with pytest.raises(IllegalCommand, match="only one token"):
        table.do("take secret")
    table.do("move shrine", "move hall", "take secret")
    assert table.game.secrets.get("hall") in (None, [])


def test_a_player_carries_one_artifact(tiny):
    table = tiny(ana={**hand("burgle"), "space": "nook", "artifact": 20}, artifacts={"nook": 5})
    table.do("play burgle")
    with pytest.raises(IllegalCommand, match="as many artifacts"):
        table.do("take artifact")


def test_a_backpack_carries_a_second_artifact_in_the_classic_game(tiny):
    table = tiny(ana={**hand("burgle"), "space": "nook", "artifact": 20, "tokens": ["backpack"]}, artifacts={"nook": 5})
    table.do("play burgle", "take artifact")
    assert table.game.player("Ana").artifacts == [20, 5]


def test_monkey_idols_are_taken_one_per_entry(tiny):
    table = tiny(ana={**hand("burgle"), "space": "shrine"})
    table.do("play burgle", "take idol")
    assert table.me.tokens == ("monkey-idol",) and table.game.idols["shrine"] == 1
