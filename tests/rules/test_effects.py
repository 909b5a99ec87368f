"""The card-effect language: every effect kind and every condition kind, as scenarios."""

from __future__ import annotations

import pytest
from scenarios import hand

from clank_story.rules.errors import IllegalCommand
from clank_story.rules.scoring import card_points


def test_a_conditional_effect_fires_when_another_companion_was_played_before(tiny):
    table = tiny(ana={**hand("mercenary", "pal"), "deck": ["gem"]})
    table.do("play mercenary", "play pal")
    assert "gem" in table.game.player("Ana").hand


def test_a_conditional_effect_fires_when_another_companion_is_played_later_the_same_turn(tiny):
    table = tiny(ana={**hand("pal", "mercenary"), "deck": ["gem"]})
    table.do("play pal")
    assert table.game.player("Ana").hand == ["mercenary"]
    table.do("play mercenary")
    assert "gem" in table.game.player("Ana").hand


def test_a_card_does_not_satisfy_its_own_condition(tiny):
    table = tiny(ana={**hand("pal", "burgle"), "deck": ["gem"]})
    table.do("play all")
    assert table.game.player("Ana").hand == []


def test_a_condition_still_false_at_the_end_of_the_turn_lapses(tiny):
    table = tiny(ana={**hand("pal"), "deck": ["gem"] * 6}, rex={**hand("mercenary")})
    table.do("play pal", "end", "play mercenary")
    assert table.game.turn.watches == []
    assert len(table.game.player("Ana").hand) == 5


def test_a_has_condition_counts_a_crown_bought_later_in_the_turn(tiny):
    table = tiny(ana={**hand("crowned"), "space": "shop", "gold": 7})
    table.do("play crowned")
    assert table.me.gold == 7
    table.do("market crown")
    assert table.me.gold == 2


def test_an_artifact_condition_counts_an_artifact_taken_later_in_the_turn(tiny):
    table = tiny(ana={**hand("relic-hunter"), "space": "shrine"}, artifacts={"nook": 5})
    table.do("play relic-hunter", "move nook swords 0")
    assert table.me.gold == 0
    table.do("take artifact")
    assert table.me.gold == 3


def test_discarding_to_trigger_gives_the_reward_only_for_a_real_discard(tiny):
    table = tiny(ana=hand("barter", "burgle"))
    table.do("play barter")
    assert table.game.pending["q"] == "discard"
    table.do("choose 1")
    assert table.me.gold == 3 and table.game.player("Ana").discard == ["burgle"]


def test_discarding_to_trigger_with_an_empty_hand_gives_nothing(tiny):
    table = tiny(ana=hand("barter"))
    table.do("play barter")
    assert table.game.pending is None and table.me.gold == 0


def test_declining_to_discard_gives_nothing(tiny):
    table = tiny(ana=hand("barter", "burgle"))
    table.do("play barter", "choose 2")
    assert table.me.gold == 0 and table.game.player("Ana").hand == ["burgle"]


def test_trashing_removes_a_chosen_card_for_the_game(tiny):
    table = tiny(ana={"hand": ["scrubber", "stumble"], "deck": [], "discard": ["burgle"]})
    table.do("play scrubber")
    options = table.game.pending["options"]
    assert {"pile": "hand", "card": "stumble"} in options and {"none": True} in options
    table.do("choose 1")
    ana = table.game.player("Ana")
    assert ana.trashed == ["stumble"] and "stumble" not in ana.owned()


def test_while_a_question_is_open_only_choose_is_accepted(tiny):
    table = tiny(ana=hand("scrubber", "stumble"))
    table.do("play scrubber")
    with pytest.raises(IllegalCommand, match="choose 1-2"):
        table.do("play stumble")
    with pytest.raises(IllegalCommand, match="only 2 options"):
        table.do("choose 3")


def test_choose_with_no_question_is_refused(tiny):
    table = tiny(ana=hand("burgle"))
    with pytest.raises(IllegalCommand, match="nothing to choose"):
        table.do("choose 1")


def test_a_choice_between_effects(tiny):
    table = tiny(ana=hand("choice"))
    table.do("play choice", "choose 2")
    assert (table.me.skill, table.me.swords) == (0, 2)


def test_gaining_a_card_takes_it_from_the_reserve_into_your_discard_pile(tiny):
    table = tiny(ana=hand("recruiter"))
    table.do("play recruiter")
    assert table.game.player("Ana").discard == ["mercenary"] and table.game.reserve["mercenary"] == 14


def test_replacing_a_row_card_discards_it_and_deals_a_new_one(tiny):
    table = tiny(ana=hand("shuffle-row"), row=["gem", "orc"], deck=["lantern"])
    table.do("play shuffle-row", "choose 2")
    assert table.game.row == ["gem", "lantern"] and table.game.deck_discard == ["orc"]


def test_a_secret_can_be_taken_from_an_adjacent_space(tiny):
    table = tiny(ana={**hand("peeker"), "space": "hq"})
    table.game.secrets = {"hall": ["sudden-competence"]}
    table.do("play peeker")
    assert table.me.skill == 2 and table.game.secrets["hall"] == []


def test_a_dragon_attack_effect_attacks_at_once_with_extra_cubes(tiny):
    table = tiny(ana={**hand("alarm"), "clank": 0}, rex={"clank": 0}, bag={"black": 10}, rage=1)
    events = table.do("play alarm")
    attack = next(e for e in events if e.kind == "DragonAttacked")
    assert attack.cubes == 2 + 1 and attack.reason == "effect"


def test_black_cubes_can_return_to_the_bag(tiny):
    table = tiny(ana=hand("calm"), bag={"black": 10})
    table.do("play calm")
    assert table.game.bag["black"] == 12 and table.game.black_out == 12


def test_rage_effects_move_the_dragon_marker(tiny):
    table = tiny(ana=hand("rager"), rage=2)
    table.do("play rager")
    assert table.game.rage == 3


def test_heal_and_damage(tiny):
    table = tiny(ana={**hand("medic", "thorn"), "damage": 3})
    table.do("play thorn")
    assert table.me.damage == 4
    table.do("play medic")
    assert table.me.damage == 2 and table.cubes_conserved()


def test_a_per_counter_multiplies_by_other_companions_played(tiny):
    table = tiny(ana=hand("mercenary", "pal", "per-pal"))
    table.do("play mercenary", "play pal", "play per-pal")
    assert table.me.skill == 1 + 1 + 2


def test_a_clank_made_counter_resolves_at_the_end_of_the_turn(tiny):
    table = tiny(ana={**hand("noisy-luck", "racket"), "clank": 0}, rex=hand("burgle"))
    table.do("play noisy-luck", "play racket")
    assert table.me.gold == 0
    table.do("end")
    assert table.game.player("Ana").gold == 3


def test_an_end_of_turn_trash_happens_at_the_end_of_the_turn(tiny):
    table = tiny(ana={**hand("spring", "stumble")}, rex=hand("burgle"))
    table.do("play all", "end")
    assert table.game.pending["q"] == "trash"
    table.do("choose 1")
    assert table.game.player("Ana").trashed and table.me.name == "Rex"


def test_a_score_counter_is_computed_at_the_end(tiny):
    table = tiny(ana={"hand": ["gem-counter"], "deck": ["gem", "gem"], "discard": []})
    assert card_points(table.game, table.game.player("Ana")) == 2 * 2 + 3 + 3


def test_a_depths_only_card_is_acquired_only_in_the_depths(tiny):
    table = tiny(ana={**hand("burgle", "burgle"), "space": "hall"}, row=["deep-only", "cave-only"])
    table.do("play all")
    with pytest.raises(IllegalCommand, match="depths"):
        table.do("acquire deep-only")
    with pytest.raises(IllegalCommand, match="crystal cave"):
        table.do("acquire cave-only")
    table2 = tiny(ana={**hand("burgle", "burgle"), "space": "vault"}, row=["deep-only"])
    table2.do("play all", "acquire deep-only")
    assert table2.game.player("Ana").discard == ["deep-only"]


def test_an_at_condition_reads_the_features_of_your_space(tiny_legacy):
    from clank_story.rules.effects import holds

    table = tiny_legacy(ana={**hand("burgle"), "space": "lake"})
    game = table.game
    assert holds(game, game.me, {"at": "magic_circle"}, "x")
    assert not holds(game, game.me, {"at": "market"}, "x")


def test_a_tokens_counter_counts_the_tokens_you_hold(tiny):
    table = tiny(ana={**hand("idol-fan"), "tokens": ["monkey-idol", "monkey-idol", "master-key"]})
    table.do("play idol-fan")
    assert table.me.gold == 4
