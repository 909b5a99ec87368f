"""Taking a turn: playing cards, resources, Gold, draws and Clank."""

from __future__ import annotations

import pytest
from scenarios import hand

from clank_story.rules.errors import IllegalCommand


def test_cards_may_be_played_in_any_order(tiny):
    table = tiny(ana=hand("burgle", "sidestep", "scramble"))
    table.do("play scramble", "play burgle", "play sidestep")
    assert (table.me.skill, table.me.boots) == (2, 2)


def test_every_card_must_be_played_before_the_turn_ends(tiny):
    table = tiny(ana=hand("burgle", "stumble"))
    table.do("play burgle")
    with pytest.raises(IllegalCommand, match="1 card"):
        table.do("end")


def test_skill_swords_and_boots_pool_and_vanish_at_the_end_of_the_turn(tiny):
    table = tiny(ana=hand("burgle", "burgle", "sword"), rex=hand("burgle"))
    table.do("play all")
    assert (table.me.skill, table.me.swords) == (2, 2)
    table.do("end")
    assert table.game.turn.skill == 0 and table.game.turn.swords == 0
    assert table.me.name == "Rex"


def test_gold_stays_with_you_between_turns(tiny):
    table = tiny(ana=hand("gem"), rex=hand("burgle"))
    table.do("play gem", "end")
    assert table.player("Ana").gold == 1


def test_a_card_draw_reshuffles_the_discard_pile_when_the_deck_is_empty(tiny):
    table = tiny(ana={"hand": ["card-draw"], "deck": ["burgle"], "discard": ["gem", "sword"]})
    table.do("play card-draw")
    ana = table.game.player("Ana")
    assert len(ana.hand) == 2 and "burgle" in ana.hand
    assert ana.discard == [] and len(ana.deck) == 1


def test_at_the_end_of_the_turn_the_play_area_is_discarded_and_five_cards_are_drawn(tiny):
    table = tiny(ana={"hand": ["burgle"], "deck": ["gem", "gem", "sword", "boots", "hush", "lantern"]},
                 rex=hand("burgle"))
    table.do("play burgle", "end")
    ana = table.game.player("Ana")
    assert ana.discard == ["burgle"] and ana.in_play == []
    assert ana.hand == ["gem", "gem", "sword", "boots", "hush"]


def test_clank_puts_your_cubes_from_the_supply_into_the_clank_area(tiny):
    table = tiny(ana={**hand("racket"), "clank": 0})
    table.do("play racket")
    assert table.me.clank == 3 and table.me.supply == 27


def test_clank_adds_no_cubes_when_your_supply_is_empty(tiny):
    table = tiny(ana={**hand("racket"), "clank": 25, "damage": 4})
    table.do("play racket")
    assert table.me.clank == 26 and table.me.supply == 0 and table.cubes_conserved()


def test_negative_clank_removes_your_cubes_from_the_area_first(tiny):
    table = tiny(ana={**hand("hush"), "clank": 3})
    table.do("play hush")
    assert table.me.clank == 1 and table.me.supply == 29


def test_leftover_negative_clank_offsets_later_clank_that_turn(tiny):
    table = tiny(ana={**hand("hush", "stumble"), "clank": 1})
    table.do("play hush", "play stumble")
    assert table.me.clank == 0


def test_leftover_negative_clank_is_lost_at_the_end_of_the_turn(tiny):
    table = tiny(ana={**hand("hush"), "clank": 0}, rex={**hand("racket"), "clank": 0})
    table.do("play hush", "end")
    assert table.game.turn.clank_credit == 0
    table.do("play racket")
    assert table.player("Rex").clank == 3
