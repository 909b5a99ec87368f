"""The six places where the engine once strayed from the rulebooks (issue 16), each pinned by the rule
it now follows (docs/rules.md, "Choices where the rules are silent or ambiguous")."""

from __future__ import annotations

import pytest
from scenarios import hand, make_table

from clank_story.content.diagnostics import ContentError
from clank_story.content.scenario import load_scenario
from clank_story.rules.scoring import card_points
from clank_story.rules.setup import setup_game


def kinds(events):
    return [e.kind for e in events]


# 1. Every reveal into the row resolves the same way, at a refill or in the middle of a turn ---------
def test_a_card_revealed_mid_turn_carries_out_its_arrive_text(tiny_legacy):
    table = tiny_legacy(ana={**hand("shuffle-row"), "clank": 0}, row=["gem", "orc"], deck=["fright"])
    table.do("play shuffle-row", "choose 1")
    assert table.game.row == ["fright", "orc"]
    assert table.game.clank_area["Ana"] == 1  # Fright's Arrive: +1 Clank


def test_an_event_revealed_mid_turn_resolves_is_discarded_and_the_slot_is_dealt_again(tiny_legacy):
    table = tiny_legacy(ana={**hand("shuffle-row"), "clank": 0}, row=["gem", "orc"], deck=["omen", "lantern"])
    table.do("play shuffle-row", "choose 2")
    assert table.game.row == ["gem", "lantern"]  # the event never blocks a slot
    assert table.game.deck_discard == ["orc", "omen"]
    assert table.game.clank_area["Ana"] == 2  # Omen: +2 Clank


def test_arrive_texts_revealed_mid_turn_resolve_before_the_rest_of_the_effect(tiny_legacy):
    table = tiny_legacy(ana={**hand("choice"), "clank": 0}, row=["gem"], deck=["omen", "fright"],
                        cards=[{"id": "choice", "name": "Choice", "cost": 3,
                                "play": [{"replace_row": True}, {"clank": -1}]}])
    events = table.do("play choice", "choose 1")
    clank = [e.asked for e in events if e.kind == "ClankChanged"]
    assert clank == [2, 1, -1]  # Omen, then Fright, then the card's own -1


def test_an_event_revealed_at_a_refill_that_replaces_a_row_card_is_carried_out(tiny_legacy):
    table = tiny_legacy(ana={**hand("burgle"), "clank": 0}, row=["gem", "orc", "sword", "boots", "hush"],
                        deck=["notice", "lantern", "racket"])
    table.do("play burgle", "end")
    assert table.game.pending["q"] == "replace_row"
    table.do("choose 2")  # the Orc goes, the Racket comes
    assert table.game.row == ["gem", "racket", "sword", "boots", "hush", "lantern"]
    assert table.game.active == 1  # the turn ended once the question was answered


def test_a_dragon_symbol_revealed_mid_turn_brings_the_attack_at_the_end_of_the_turn(tiny):
    table = tiny(ana={**hand("shuffle-row", "burgle"), "clank": 2}, rex={"clank": 0}, row=["gem", "orc"],
                 deck=["howl", "lantern"], bag={"black": 0}, rage=1)
    events = table.do("play shuffle-row", "choose 1")
    assert "DragonAlerted" in kinds(events) and "DragonAttacked" not in kinds(events)
    alert = next(e for e in events if e.kind == "DragonAlerted")
    assert alert.card == "howl"
    events = table.do("play burgle", "end")
    assert kinds(events).count("DragonAttacked") == 1  # the refill's Lantern has no symbol: still one attack


def test_a_mid_turn_symbol_and_a_refill_symbol_make_one_attack_between_them(tiny):
    table = tiny(ana={**hand("shuffle-row", "burgle"), "clank": 2}, rex={"clank": 0}, row=["gem", "orc"],
                 deck=["howl", "drake"], bag={"black": 0}, rage=1)
    table.do("play shuffle-row", "choose 1")
    events = table.do("play burgle", "end")
    assert kinds(events).count("DragonAttacked") == 1


def test_the_narration_says_why_the_dragon_waits_and_then_attacks(tiny):
    from clank_story.narrate.lines import Narrator

    table = tiny(ana={**hand("shuffle-row", "burgle"), "clank": 2}, rex={"clank": 0}, row=["gem", "orc"],
                 deck=["howl", "lantern"], bag={"black": 0}, rage=1)
    lines = Narrator().lines(table.game, table.do("play shuffle-row", "choose 1"))
    said = " ".join(lines)
    assert "Howl shows the dragon's mark" in said and "does not attack now" in said and "when this turn ends" in said


# 2. Legacy secrets are space rewards ---------------------------------------------------------------
def legacy_secrets(ana: dict, **scenario):
    return make_table("legacy", "legacy-secrets", [{"name": "Ana", **ana}, {"name": "Rex"}], **scenario)


def test_a_legacy_minor_secret_space_deals_a_secret_from_the_bank_on_entering():
    table = legacy_secrets(hand("boots"), secret_bank=["borrowed-notes", "purse-in-the-heather"])
    table.do("play boots", "move barn")
    assert table.me.skill == 2  # Borrowed Notes: +2 Skill, at once
    assert table.game.secret_bank == ["purse-in-the-heather"]
    assert table.game.secrets.get("barn") is None  # nothing lies on the space itself


def test_a_legacy_secret_reward_comes_once_a_turn_however_often_you_enter():
    table = legacy_secrets({**hand("boots", "boots"), "deck": ["boots"] * 5}, secrets={},
                           secret_bank=["purse-in-the-heather", "purse-in-the-heather", "borrowed-notes"])
    table.do("play all", "move barn", "move grove", "move barn")
    assert table.me.gold == 2 and len(table.game.secret_bank) == 2
    table.do("end", "play all", "end")  # Rex's turn
    table.do("play all", "move cairn", "move barn")  # a new turn: the barn rewards again
    assert table.game.player("Ana").gold == 4 and table.game.secret_bank == ["borrowed-notes"]


def test_a_legacy_secret_reward_needs_no_take_command_and_take_secret_is_refused():
    table = legacy_secrets(hand("boots"), secret_bank=["borrowed-notes"])
    table.do("play boots", "move barn")
    with pytest.raises(Exception, match="no secret"):
        table.do("take secret")


def test_a_legacy_major_secret_lies_on_its_space_and_is_given_to_the_first_to_enter():
    table = legacy_secrets({**hand("boots"), "space": "barn"}, secrets={"cairn": ["smugglers-strongbox"]})
    table.do("play boots", "move cairn")
    assert table.me.gold == 5 and table.game.secrets["cairn"] == []


def test_the_legacy_setup_puts_minor_secrets_in_the_bank_and_major_secrets_and_fruit_on_their_spaces():
    pos = load_scenario(ruleset="legacy", board="brackenmoor", seats=[{"name": "A"}, {"name": "B"}])
    game = setup_game(pos.ruleset, 3, pos.scenario)
    minors = [s.id for s in pos.ruleset.secrets.values() if s.size == "minor"]
    assert game.secret_bank and set(game.secret_bank) <= set(minors)
    assert sorted(game.secret_bank) == sorted(pos.ruleset.secrets_of("minor"))
    lying = [s for ids in game.secrets.values() for s in ids]
    assert lying and not set(lying) & set(minors)


# 3. Legacy setup places every artifact --------------------------------------------------------------
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_the_legacy_setup_places_every_artifact_whatever_the_number_of_players(seats):
    pos = load_scenario(ruleset="legacy", board="brackenmoor", seats=[{"name": f"P{i}"} for i in range(seats)])
    game = setup_game(pos.ruleset, 7, pos.scenario)
    board = pos.ruleset.board
    assert game.artifacts == {s.id: s.artifact for s in board.spaces.values() if s.artifact is not None}


@pytest.mark.parametrize(("seats", "removed"), [(2, 2), (3, 1), (4, 0)])
def test_the_classic_setup_removes_artifacts_for_fewer_players(seats, removed):
    pos = load_scenario(ruleset="classic", board="cinder-halls", seats=[{"name": f"P{i}"} for i in range(seats)])
    game = setup_game(pos.ruleset, 7, pos.scenario)
    printed = [s for s in pos.ruleset.board.spaces.values() if s.artifact is not None]
    assert len(game.artifacts) == len(printed) - removed


# 4. "Clank you made this turn" counts cubes really added --------------------------------------------
def test_clank_offset_by_negative_clank_is_not_clank_you_made(tiny):
    table = tiny(ana={**hand("hush", "racket", "noisy-luck"), "clank": 0})
    table.do("play hush", "play racket", "play noisy-luck", "end")
    assert table.game.player("Ana").gold == 1  # Racket's 3, less the 2 Hush offset


def test_clank_you_could_not_add_from_an_empty_supply_is_not_clank_you_made(tiny):
    table = tiny(ana={**hand("racket", "noisy-luck"), "clank": 29})
    table.do("play racket", "play noisy-luck", "end")
    assert table.game.player("Ana").gold == 1  # one cube was left in the supply


def test_clank_added_then_taken_back_still_counts_as_made(tiny):
    table = tiny(ana={**hand("racket", "hush", "noisy-luck"), "clank": 0})
    table.do("play racket", "play hush", "play noisy-luck", "end")
    assert table.game.player("Ana").gold == 3


# 5. A condition in a card's score block is honoured --------------------------------------------------
def test_conditional_end_game_points_are_paid_only_when_the_condition_holds(tiny):
    table = tiny(ana={"hand": [], "deck": [], "discard": ["crown-ledger"], "tokens": []})
    assert card_points(table.game, table.game.player("Ana")) == 0
    table.game.player("Ana").tokens.append("crown-9")
    assert card_points(table.game, table.game.player("Ana")) == 5


def test_a_score_condition_about_a_turn_is_refused_when_the_card_loads():
    card = {"id": "odd-ledger", "name": "Odd Ledger", "cost": 2, "score": {"if": {"played": "gem"}, "points": 3}}
    with pytest.raises(ContentError, match="CD106"):
        load_scenario(data={"ruleset": "classic", "board": "cinder-halls", "cards": [card]})


# 6. The secret tables follow the classic summary ----------------------------------------------------
def test_the_classic_dragon_egg_is_a_minor_secret_and_taking_it_enrages_the_dragon(tiny):
    table = tiny(ana={**hand("burgle"), "space": "hq"}, secrets={"hall": ["ledger-wyrm-egg"]}, rage=2)
    assert table.game.ruleset.secrets["ledger-wyrm-egg"].size == "minor"
    table.game.turn.boots = 1
    table.do("move hall", "take secret")
    assert table.game.rage == 3 and "ledger-wyrm-egg" in table.game.player("Ana").tokens


def test_the_legacy_dragon_egg_enrages_the_dragon_when_it_is_found():
    table = legacy_secrets({**hand("boots"), "space": "barn"}, secrets={"cairn": ["speckled-wyrm-egg"]}, rage=2)
    table.do("play boots", "move cairn")
    assert table.game.rage == 3


def test_the_shipped_notice_board_reveals_market_day_which_resolves_instead_of_blocking_a_slot(tiny_legacy):
    table = tiny_legacy(ana={**hand("burgle", "burgle", "burgle"), "clank": 0},
                        row=["village-notice-board", "gem"], deck=["market-day", "lantern", "orc"])
    table.do("play all", "use village-notice-board")
    assert table.game.pending["q"] == "replace_row"
    table.do("choose 1")  # the Gem goes: Market Day is revealed, resolves, and asks in turn
    assert table.game.pending["q"] == "replace_row" and table.game.pending["src"] == "market-day"
    assert table.game.row == ["lantern"] and "market-day" in table.game.deck_discard
