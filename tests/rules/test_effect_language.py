"""The effect language's additions (issue 16), each with a card that says it (tests/data/cards)."""

from __future__ import annotations

import pytest
from scenarios import hand

from clank_story.content.diagnostics import Report
from clank_story.content.effects_check import Refs, check_block
from clank_story.content.yamlio import load_text
from clank_story.rules.errors import IllegalCommand


# each player -----------------------------------------------------------------------------------------
def test_an_arrive_text_for_each_player_makes_every_player_still_in_add_clank(tiny_legacy):
    table = tiny_legacy(ana={**hand("burgle"), "clank": 0}, rex={"clank": 0},
                        more=[{"name": "Mo", "clank": 0}], row=[], deck=["stampede", "gem"])
    table.game.player("Mo").status = "escaped"
    table.do("play burgle", "end")
    assert table.game.clank_area == {"Ana": 1, "Rex": 1, "Mo": 0}


def test_each_player_gives_skill_only_to_the_active_player(tiny):
    table = tiny(ana=hand("crier"), cards=[{"id": "crier", "name": "Crier", "play": {"each_player": {"skill": 1}}}])
    table.do("play crier")
    assert table.me.skill == 1


# exhaustion ------------------------------------------------------------------------------------------
def test_a_refresh_clears_exhaustion_so_boots_move_you_again(tiny):
    table = tiny(ana={**hand("boots", "second-wind"), "space": "hall"})
    table.do("play boots", "move cave")
    with pytest.raises(IllegalCommand, match="exhausted"):
        table.do("move hall")
    table.do("play second-wind", "move vault swords 0")
    assert table.me.space == "vault"


def test_ignoring_exhaustion_lets_you_walk_on_through_a_crystal_cave(tiny):
    table = tiny(ana={**hand("stilts", "burgle"), "space": "hall", "damage": 0})
    table.do("play stilts", "move cave")
    assert not table.me.exhausted
    table.game.turn.boots = 1
    table.do("move vault swords 0")
    assert table.me.space == "vault"


# cost reductions -------------------------------------------------------------------------------------
def test_a_discount_makes_the_next_acquire_cheaper_and_only_the_next(tiny):
    table = tiny(ana=hand("haggler", "burgle", "burgle", "burgle"), row=["gem", "lantern"])
    table.do("play all")  # 2 + 3 Skill, and 2 off the next card
    table.do("acquire gem")  # costs 4 - 2
    assert table.me.skill == 3
    with pytest.raises(IllegalCommand, match="costs 3"):
        table.game.turn.skill = 2
        table.do("acquire lantern")


def test_the_discount_shows_in_what_the_card_costs(tiny):
    table = tiny(ana=hand("haggler"), row=["gem"])
    events = table.do("play haggler", "acquire gem")
    assert next(e for e in events if e.kind == "CardAcquired").cost == 2


# choices that cost or depend on Gold ------------------------------------------------------------------
def test_a_choice_with_a_gold_price_is_offered_only_to_a_player_who_can_pay(tiny):
    table = tiny(ana={**hand("toll-gate"), "gold": 1})
    table.do("play toll-gate")
    assert [o["block"] for o in table.game.pending["options"]] == [{"boots": 1}]


def test_choosing_a_priced_option_pays_the_gold_then_gives_the_rest(tiny):
    table = tiny(ana={**hand("toll-gate"), "gold": 3})
    table.do("play toll-gate", "choose 1")
    assert table.me.gold == 1 and table.me.skill == 3


def test_a_price_that_cannot_be_paid_when_it_comes_up_cancels_only_its_own_mapping(tiny):
    card = {"id": "dues", "name": "Dues", "play": [{"pay": {"gold": 5}, "skill": 4}, {"boots": 1}]}
    table = tiny(ana={**hand("dues"), "gold": 2}, cards=[card])
    table.do("play dues")
    assert (table.me.gold, table.me.skill, table.me.boots) == (2, 0, 1)


def test_an_effect_can_depend_on_the_gold_you_hold(tiny):
    table = tiny(ana={**hand("miser"), "gold": 5})
    table.do("play miser")
    assert table.me.swords == 2
    poor = tiny(ana={**hand("miser"), "gold": 4})
    poor.do("play miser")
    assert poor.me.swords == 0


# trash a named card ----------------------------------------------------------------------------------
def test_trashing_a_named_card_takes_it_from_wherever_you_own_it(tiny):
    table = tiny(ana={"hand": ["purge"], "deck": ["burgle", "gem"], "discard": []})
    table.do("play purge")
    ana = table.game.player("Ana")
    assert ana.trashed == ["burgle"] and ana.deck == ["gem"] and table.game.pending is None


def test_with_the_named_card_in_several_piles_you_choose_which_copy_goes(tiny):
    table = tiny(ana={"hand": ["purge", "burgle"], "deck": [], "discard": ["burgle"]})
    table.do("play purge")
    assert table.game.pending["options"] == [{"pile": "hand", "card": "burgle"}, {"pile": "discard", "card": "burgle"}]
    table.do("choose 2")
    ana = table.game.player("Ana")
    assert ana.hand == ["burgle"] and ana.discard == [] and ana.trashed == ["burgle"]


def test_trashing_a_named_card_you_do_not_own_does_nothing(tiny):
    table = tiny(ana={"hand": ["purge"], "deck": [], "discard": []})
    table.do("play purge")
    assert table.game.player("Ana").trashed == [] and table.game.pending is None


# distinct token kinds --------------------------------------------------------------------------------
def test_holding_two_of_the_named_kinds_satisfies_the_condition(tiny):
    table = tiny(ana={**hand("collector"), "tokens": ["crown-9", "master-key"]})
    table.do("play collector")
    assert table.me.gold == 4


def test_two_tokens_of_one_kind_are_one_kind(tiny):
    table = tiny(ana={**hand("collector"), "tokens": ["crown-9", "crown-8", "monkey-idol"]})
    table.do("play collector")
    assert table.me.gold == 0


def test_a_counter_of_different_token_kinds(tiny):
    table = tiny(ana={**hand("hoarder"), "tokens": ["crown-9", "crown-8", "monkey-idol", "master-key"]})
    table.do("play hoarder")
    assert table.me.skill == 3


# gold gained this turn -------------------------------------------------------------------------------
def test_gold_gained_this_turn_is_counted_when_the_turn_ends(tiny):
    table = tiny(ana={**hand("tax-man", "gem", "gem"), "damage": 5, "deck": ["burgle"] * 6})
    table.do("play all")
    assert table.game.player("Ana").damage == 5  # the per-Gold healing waits for the end of the turn
    table.do("end")
    assert table.game.player("Ana").damage == 3  # two Gold gained: heal 2


def test_a_condition_on_gold_gained_fires_as_soon_as_it_comes_true(tiny):
    table = tiny(ana={**hand("tax-man", "gem", "gem", "gem"), "deck": ["burgle"]})
    table.do("play tax-man", "play gem", "play gem")
    assert "burgle" not in table.game.player("Ana").hand
    table.do("play gem")
    assert table.game.player("Ana").hand == ["burgle"]


def test_gold_spent_is_not_gold_gained(tiny):
    table = tiny(ana={**hand("toll-gate", "tax-man"), "gold": 5, "damage": 5, "deck": ["burgle"] * 6})
    table.do("play toll-gate", "choose 1", "play tax-man", "end")
    assert table.game.player("Ana").damage == 5


def test_space_rewards_count_as_gold_gained(tiny_legacy):
    table = tiny_legacy(ana={**hand("boots", "tax-man"), "space": "hq", "damage": 5, "deck": ["burgle"] * 6})
    table.do("play all", "move lane", "end")  # the Lane pays 1 Gold
    assert table.game.player("Ana").damage == 4


# the linter knows every one --------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "{each_player: {clank: 1}}", "{refresh: true}", "{ignore_exhaustion: true}", "{discount: 2}",
    "{trash_card: burgle}", "{trash_card: {card: burgle, optional: true}}",
    "{choose: [{pay: {gold: 2}, skill: 3}, {boots: 1}]}", "{if: {gold: 3}, skill: 1}",
    "{if: {token_kinds: {at_least: 2, of: [crown, backpack]}}, gold: 1}", "{per: {token_kinds: true}, gold: 1}",
    "{if: {gold_gained: 3}, draw: 1}", "{per: {gold_gained: true}, heal: 1}",
])
def test_the_content_checker_accepts_every_new_effect(text):
    report = Report()
    check_block(load_text(text, "fx.yaml"), report, Refs())
    assert report.diagnostics == []


@pytest.mark.parametrize(("text", "code"), [
    ("{each_player: 3}", "CD100"), ("{refresh: yes please}", "CD102"), ("{discount: two}", "CD102"),
    ("{trash_card: {name: burgle}}", "CD102"), ("{pay: {gold: lots}, skill: 3}", "CD108"),
    ("{pay: {favours: 1}, skill: 3}", "CD108"), ("{if: {gold: many}, skill: 1}", "CD107"),
    ("{if: {token_kinds: 2}, gold: 1}", "CD107"), ("{per: {gold_gained: 3}, heal: 1}", "CD107"),
    ("{if: {gold_gaind: 3}, draw: 1}", "CD105"),
])
def test_the_content_checker_refuses_a_misused_new_effect(text, code):
    report = Report()
    check_block(load_text(text, "fx.yaml"), report, Refs())
    assert code in {d.code for d in report.diagnostics}, report.diagnostics


def test_a_score_block_only_counts_points():
    report = Report()
    check_block(load_text("{gold: 3}", "fx.yaml"), report, Refs(), scoring=True)
    assert [d.code for d in report.diagnostics] == ["CD106"]
