"""Movement: Boots, footprints, monsters, locks, one-way paths, water, exhaustion, teleports, escape."""

from __future__ import annotations

import pytest
from scenarios import hand

from clank_story.rules.errors import IllegalCommand


def test_each_boot_moves_you_along_one_path(tiny):
    table = tiny(ana=hand("sidestep"))
    table.do("play sidestep", "move hall")
    assert table.me.space == "hall" and table.me.boots == 0


def test_you_need_a_boot_to_move(tiny):
    table = tiny(ana=hand("burgle"))
    table.do("play burgle")
    with pytest.raises(IllegalCommand, match="needs 1 Boot and you have 0"):
        table.do("move hall")


def test_a_path_with_two_footprints_needs_two_boots(tiny):
    table = tiny(ana={**hand("sidestep", "boots"), "space": "hall"})
    table.do("play sidestep")
    with pytest.raises(IllegalCommand, match="needs 2 Boots"):
        table.do("move cave")
    table.do("play boots", "move cave")
    assert table.me.boots == 1


def test_there_must_be_a_path(tiny):
    table = tiny(ana=hand("boots"))
    table.do("play boots")
    with pytest.raises(IllegalCommand, match="no path from Entrance to Crystal Cave"):
        table.do("move cave")


def test_a_monster_path_is_paid_with_swords_first(tiny):
    table = tiny(ana={**hand("boots", "sword"), "space": "shrine"})
    table.do("play all", "move nook")
    assert table.me.damage == 0 and table.me.swords == 0


def test_unpaid_monsters_on_a_path_deal_damage_from_your_supply(tiny):
    table = tiny(ana={**hand("boots", "mercenary"), "space": "shrine"})
    table.do("play all", "move nook swords 1")
    assert table.me.damage == 1 and table.me.swords == 1 and table.cubes_conserved()


def test_you_may_spend_exactly_the_swords_you_name(tiny):
    table = tiny(ana={**hand("boots", "sword"), "space": "shrine"})
    table.do("play all", "move nook swords 0")
    assert table.me.damage == 2 and table.me.swords == 2


def test_you_cannot_spend_more_swords_than_the_path_has_monsters(tiny):
    table = tiny(ana={**hand("boots", "sword", "sword"), "space": "shrine"})
    table.do("play all")
    with pytest.raises(IllegalCommand, match="only 2 monster"):
        table.do("move nook swords 3")


def test_you_cannot_voluntarily_take_path_damage_that_would_knock_you_out(tiny):
    table = tiny(ana={**hand("boots"), "space": "shrine", "damage": 8})
    table.do("play boots")
    with pytest.raises(IllegalCommand, match="knock you out"):
        table.do("move nook")


def test_a_locked_path_needs_a_master_key(tiny):
    table = tiny(ana={"space": "hall", **hand("sidestep", *4 * ["burgle"])})
    table.do("play all")
    with pytest.raises(IllegalCommand, match="locked"):
        table.do("move shop")
    assert table.me.space == "hall" and table.me.boots == 1


def test_a_master_key_is_not_used_up(tiny):
    table = tiny(ana={"space": "hall", "tokens": ["master-key"], **hand("boots")})
    table.do("play boots", "move shop", "move hall")
    assert table.me.space == "hall" and table.me.tokens == ("master-key",)


def test_a_one_way_path_goes_only_from_its_start(tiny):
    table = tiny(ana={"space": "hq", "artifact": 5, **hand("boots")}, rex={"space": "vault", "artifact": 5})
    table.do("play boots")
    with pytest.raises(IllegalCommand, match="one-way"):
        table.do("move vault")


def test_a_water_path_needs_a_canoe(tiny_legacy):
    table = tiny_legacy(ana={"space": "lake", **hand("boots")})
    table.do("play boots")
    with pytest.raises(IllegalCommand, match="Canoe"):
        table.do("move isle")
    table2 = tiny_legacy(ana={"space": "lake", "tokens": ["canoe"], **hand("boots")})
    table2.do("play boots", "move isle")
    assert table2.me.space == "isle"


def test_entering_an_exhausting_space_stops_boot_movement_for_the_turn(tiny):
    table = tiny(ana={"space": "hall", **hand("boots", "boots")})
    table.do("play all", "move cave")
    assert table.me.exhausted
    with pytest.raises(IllegalCommand, match="exhausted"):
        table.do("move hall")


def test_a_forest_exhausts_like_a_crystal_cave(tiny_legacy):
    table = tiny_legacy(ana={"space": "lane", **hand("boots")})
    table.do("play boots", "move wood")
    with pytest.raises(IllegalCommand, match="exhausted"):
        table.do("move well")


def test_a_teleport_ignores_path_needs_and_works_while_exhausted(tiny):
    table = tiny(ana={"space": "hall", **hand("boots", "blink", "blink")})
    table.do("play all", "move cave", "teleport vault")
    assert table.me.space == "vault" and table.me.damage == 0


def test_teleporting_into_a_crystal_cave_exhausts(tiny):
    table = tiny(ana={"space": "hall", **hand("blink", "boots")})
    table.do("play all", "teleport cave")
    assert table.me.exhausted
    with pytest.raises(IllegalCommand, match="exhausted"):
        table.do("move hall")


def test_a_teleport_goes_only_to_a_space_next_to_yours(tiny):
    table = tiny(ana={"space": "hall", **hand("blink")})
    table.do("play blink")
    with pytest.raises(IllegalCommand, match="not next to"):
        table.do("teleport vault")


def test_you_cannot_return_to_the_start_without_an_artifact(tiny):
    table = tiny(ana={"space": "hall", **hand("sidestep")})
    table.do("play sidestep")
    with pytest.raises(IllegalCommand, match="without an artifact"):
        table.do("move hq")


def test_returning_to_the_start_with_an_artifact_escapes_with_the_mastery_token(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, "clank": 2, **hand("sidestep")})
    table.do("play sidestep", "move hq")
    ana = table.game.player("Ana")
    assert ana.status == "escaped" and "mastery" in ana.tokens
    assert table.game.clank_area["Ana"] == 0 and table.cubes_conserved()


def test_an_escaped_player_may_still_acquire_but_not_move(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, **hand("scramble", "burgle", "burgle")}, row=["lantern"])
    table.do("play all", "move hq", "acquire lantern")
    with pytest.raises(IllegalCommand, match="escaped"):
        table.do("move hall")


def test_the_legacy_escape_token_is_the_mug(tiny_legacy):
    table = tiny_legacy(ana={"space": "lane", "artifact": 10, **hand("sidestep")})
    table.do("play sidestep", "move hq")
    assert "mug" in table.game.player("Ana").tokens


def test_a_waypoint_is_announced_when_you_enter_it(tiny_legacy):
    table = tiny_legacy(ana={"space": "wood", **hand("sidestep")})
    events = table.do("play sidestep", "move well")
    assert any(e.kind == "WaypointEntered" and e.passage == "12" for e in events)
