"""The end of a turn, the row refill and dragon attacks."""

from __future__ import annotations

from scenarios import hand


def kinds(events):
    return [e.kind for e in events]


def test_a_new_dragon_card_in_the_row_makes_the_dragon_attack(tiny):
    table = tiny(ana={**hand("burgle"), "clank": 3}, rex={"clank": 0}, row=[], deck=["howl"],
                 bag={"black": 0}, rage=1)
    events = table.do("play burgle", "end")
    attack = next(e for e in events if e.kind == "DragonAttacked")
    assert attack.cubes == 2 and attack.hits == {"Ana": 2}


def test_an_attack_puts_the_clank_area_into_the_bag_and_draws_the_rage_track_number(tiny):
    table = tiny(ana={**hand("burgle"), "clank": 3}, rex={"clank": 0}, row=[], deck=["howl"],
                 bag={"black": 0}, rage=1)
    table.do("play burgle", "end")
    game = table.game
    assert game.clank_area["Ana"] == 0 and game.bag["Ana"] == 1
    assert game.player("Ana").damage == 2 and table.cubes_conserved()


def test_black_cubes_drawn_are_set_aside(tiny):
    table = tiny(ana={**hand("burgle"), "clank": 0}, rex={"clank": 0}, row=[], deck=["howl"],
                 bag={"black": 5}, rage=3)
    table.do("play burgle", "end")
    assert table.game.bag["black"] == 2 and table.game.black_out == 22


def test_a_refill_that_reveals_several_dragon_cards_attacks_once(tiny):
    table = tiny(ana=hand("burgle"), row=[], deck=["howl", "drake", "howl"])
    events = table.do("play burgle", "end")
    assert kinds(events).count("DragonAttacked") == 1


def test_a_refill_with_no_dragon_card_brings_no_attack(tiny):
    table = tiny(ana=hand("burgle"), row=[], deck=["gem", "orc"])
    assert "DragonAttacked" not in kinds(table.do("play burgle", "end"))


def test_each_danger_card_in_the_row_draws_one_more_cube(tiny_legacy):
    table = tiny_legacy(ana={**hand("burgle"), "clank": 0}, rex={"clank": 0}, row=["fright", "fright"],
                        deck=["howl"], bag={"black": 10}, rage=1)
    events = table.do("play burgle", "end")
    attack = next(e for e in events if e.kind == "DragonAttacked")
    assert attack.cubes == 2 + 2


def test_arrive_effects_resolve_before_the_dragon_attack(tiny_legacy):
    table = tiny_legacy(ana={**hand("burgle"), "clank": 0}, rex={"clank": 0}, row=[], deck=["fright", "howl"],
                        bag={"black": 0}, rage=1)
    events = table.do("play burgle", "end")
    order = kinds(events)
    assert order.index("ClankChanged") < order.index("DragonAttacked")
    assert table.game.player("Ana").damage == 1


def test_an_event_resolves_when_revealed_and_is_discarded(tiny_legacy):
    table = tiny_legacy(ana={**hand("burgle"), "clank": 0}, row=[], deck=["omen", "gem"])
    table.do("play burgle", "end")
    assert table.game.row == ["gem"] and table.game.deck_discard == ["omen"]
    assert table.game.clank_area["Ana"] == 2


def test_the_row_deck_is_reshuffled_from_its_discard_when_it_runs_out(tiny):
    table = tiny(ana=hand("sword", "sword"), row=["orc"], deck=[])
    table.do("play all", "fight orc", "end")
    assert table.game.row == ["orc"] and table.game.deck_discard == []


def test_the_dragon_knocks_you_out_when_your_health_meter_fills(tiny):
    table = tiny(ana={**hand("burgle"), "clank": 0, "damage": 9}, rex={**hand("burgle"), "clank": 0},
                 row=[], deck=["gem", "howl"], bag={"black": 0, "Ana": 3}, rage=1)
    table.do("play burgle", "end", "play burgle", "end")
    ana = table.game.player("Ana")
    assert ana.status == "knocked_out" and ana.damage == 10 and table.cubes_conserved()


def test_rage_rises_as_the_dragon_grows_angrier_and_draws_more(tiny):
    table = tiny(ana={**hand("rager", "rager"), "clank": 0}, rex={"clank": 0}, row=[], deck=["howl"],
                 bag={"black": 20}, rage=6)
    events = table.do("play all", "end")
    assert table.game.rage == 7
    assert next(e for e in events if e.kind == "DragonAttacked").cubes == 5
