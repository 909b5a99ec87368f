"""The play loop: game commands, undo, save and quit, the Swords question, and its refusals."""

from __future__ import annotations

import json

import pytest

from clank_story.rules.errors import CommandError
from clank_story.table import dispatch
from clank_story.table.saves import read_record
from clank_story.table.table import Table


def tags(reply) -> list[str]:
    return [line.tag for line in reply.lines]


def flat(reply) -> str:
    """The reply's text with its wrapping undone."""
    return " ".join(reply.text.split())


def test_a_new_game_opens_with_the_first_turn_and_is_saved_at_once(make_loop):
    loop = make_loop()
    loop.autosave()
    text = "\n".join(line.text for line in loop.first)
    assert "— Turn 1: your move —" in text
    assert "In hand: Mercenary, Sidestep ×3 and Burgle." in text or "holding Mercenary" in text or \
        "Your hand: Mercenary" in text
    assert loop.slot.path.exists()


def test_a_game_command_is_narrated_with_its_numbers(corridor: Table):
    reply = corridor.handle("play all")
    assert "(+2 Skill, +2 Swords, +3 Boots)" in flat(reply)
    assert corridor.game.turn.boots == 3


def test_undo_puts_the_game_back_exactly_rng_and_all(corridor: Table):
    before = corridor.game.to_dict()
    corridor.handle("play all")
    reply = corridor.handle("undo")
    assert reply.lines[0].text == "Taken back: `play all`."
    assert corridor.game.to_dict() == before


def test_undo_reaches_back_any_number_of_commands_within_the_turn(corridor: Table):
    start = corridor.game.to_dict()
    corridor.handle("play mercenary")
    corridor.handle("play sidestep")
    corridor.handle("play all")
    for _ in range(3):
        assert "refusal" not in tags(corridor.handle("undo"))
    assert corridor.game.to_dict() == start
    assert corridor.handle("undo").text == \
        "undo: there is nothing to undo this turn — undo reaches back only to the start of your turn."


def test_undo_then_the_same_command_reveals_the_same_cards_and_words(make_loop):
    loop = make_loop()
    loop.handle("play all")
    loop.handle("move den swords 1")
    loop.handle("take artifact")
    first = loop.handle("move hall").text
    loop.handle("undo")
    assert loop.handle("move hall").text == first


def test_undo_does_not_reach_into_the_last_turn(corridor: Table):
    corridor.handle("play all")
    corridor.handle("end")
    corridor.handle("end")  # yes, waste the Skill and Boots left
    assert corridor.history == []
    assert "nothing to undo" in corridor.handle("undo").text


def test_a_refused_command_is_not_added_to_undo(corridor: Table):
    corridor.handle("end")
    assert corridor.history == []


def test_moving_onto_a_monster_path_asks_how_many_swords(corridor: Table):
    corridor.handle("play all")
    reply = corridor.handle("move den")
    assert reply.lines[0].tag == "question"
    assert reply.text == "The path to Den has a monster. Spend how many Swords (0-1)? Enter spends 1."
    assert corridor.prompt() == "Swords (0-1) [1]: "
    corridor.handle("")
    me = corridor.game.me
    assert (me.space, me.damage, corridor.game.turn.swords) == ("den", 0, 1)


def test_answering_zero_swords_takes_the_damage_instead(corridor: Table):
    corridor.handle("play all")
    corridor.handle("move den")
    reply = corridor.handle("0")
    assert "1 damage" in reply.text
    assert corridor.game.me.damage == 1 and corridor.game.turn.swords == 2


def test_a_bad_answer_cancels_the_move(corridor: Table):
    corridor.handle("play all")
    corridor.handle("move den")
    reply = corridor.handle("lots")
    assert reply.text == "'lots' is not a number of Swords from 0 to 1; the move is cancelled."
    assert corridor.game.me.space == "hall" and corridor.asking is None


def test_a_command_given_instead_of_an_answer_is_carried_out(corridor: Table):
    corridor.handle("play all")
    corridor.handle("move den")
    reply = corridor.handle("hand")
    assert reply.lines[0].tag == "refusal" and reply.lines[1].tag == "answer"


def test_no_question_without_swords_or_without_monsters(make_loop):
    loop = make_loop()
    loop.handle("play sidestep")
    reply = loop.handle("move den")
    assert "1 damage" in reply.text and loop.game.me.space == "den"  # no Swords: nothing to ask
    assert "question" not in tags(loop.handle("move hall"))


def test_a_move_refused_anyway_is_refused_before_asking(corridor: Table):
    corridor.handle("play mercenary")
    reply = corridor.handle("move den")
    assert tags(reply) == ["refusal"] and "needs 1 Boot and you have 0" in reply.text


def test_a_question_from_a_card_shows_its_options_and_the_prompt_says_choose(make_loop):
    loop = make_loop(text="""
ruleset: classic
board: tiny
players:
  - {name: Ana, hand: [choice, burgle, burgle, burgle, burgle]}
  - {name: Rex, bot: random}
""")
    reply = loop.handle("play choice")
    assert [line.text for line in reply.lines if line.tag == "question"] == [
        "Choice offers you a choice:", "  1. +2 Skill", "  2. +2 Swords", "(answer with `choose 1`-`choose 2`)"]
    assert loop.prompt() == "choose> "
    assert "refusal" in tags(loop.handle("play burgle"))
    assert "+2 Swords" in loop.handle("choose 2").text


def test_save_writes_the_game_and_quit_saves_and_leaves(corridor: Table):
    corridor.handle("play all")
    reply = corridor.handle("save")
    assert reply.text == f"Game saved to {corridor.slot.path}."
    data = json.loads(corridor.slot.path.read_text())
    assert data["game"] == corridor.game.to_dict()
    corridor.handle("move hq")
    reply = corridor.handle("quit")
    assert reply.quit and "Game saved" in reply.text
    assert read_record(corridor.slot.path).game == corridor.game.to_dict()


def test_exit_and_the_end_of_input_also_save(corridor: Table):
    assert corridor.handle("exit").quit
    assert corridor.quit().quit and corridor.slot.path.exists()


@pytest.mark.parametrize("line", ["undo now", "again please", "quit please"])
def test_session_commands_take_nothing_after_them(corridor: Table, line):
    reply = corridor.handle(line)
    assert tags(reply) == ["refusal"] and "takes nothing after it" in reply.text


def test_a_save_that_cannot_be_written_says_why(corridor: Table):
    corridor.slot.path.unlink()
    corridor.slot.path.mkdir()  # a folder where the file should go
    reply = corridor.handle("save")
    assert tags(reply) == ["refusal"] and reply.text.startswith(f"save: could not save the game to {corridor.slot.path}")


def test_an_unknown_command_says_what_the_commands_are(corridor: Table):
    reply = corridor.handle("dance wildly")
    assert tags(reply) == ["refusal"]
    assert reply.text.startswith("dance wildly: 'dance' is not a command. Commands: play, acquire")


def test_an_empty_line_does_nothing(corridor: Table):
    before = corridor.game.to_dict()
    assert corridor.handle("   ").lines == []
    assert corridor.game.to_dict() == before


def test_finishing_the_game_removes_the_save_and_refuses_further_moves(corridor: Table):
    corridor.save()
    corridor.handle("play all")
    corridor.handle("move den swords 1")
    corridor.handle("take artifact")
    corridor.handle("move hall swords 1")
    corridor.handle("move hq")  # escapes; after her turn Rex plays on until the countdown ends the game
    reply = corridor.handle("end")
    assert corridor.game.over
    assert "over" in tags(reply) and reply.lines[-1].text.startswith("The game is over. `score` shows")
    assert not corridor.slot.path.exists()
    assert corridor.handle("end").text == "end: the game is over — `score` shows the result and `quit` leaves."
    assert corridor.handle("score").text.startswith("Final scores:")
    assert corridor.handle("quit").text == "Goodbye."


def test_it_is_never_a_bots_turn_at_the_prompt_but_if_it_were_it_would_say_so(corridor: Table):
    corridor.game.active = 1  # Rex, without letting him play
    reply = corridor.handle("play all")
    assert reply.text == "play all: no one at this keyboard is to move now."


def test_an_engine_bug_is_reported_and_the_game_put_back(corridor: Table, monkeypatch):
    before = corridor.game.to_dict()

    def broken(text, command=None):
        corridor.game.me.hand.clear()
        raise RuntimeError("boom")

    monkeypatch.setattr(corridor.session, "do", broken)
    reply = corridor.handle("play all")
    assert tags(reply) == ["bug"] and "RuntimeError: boom" in reply.text
    assert corridor.game.to_dict() == before


def test_the_prompt_and_toolbar_show_the_turn(corridor: Table):
    corridor.handle("play all")
    assert corridor.prompt() == "> "
    assert corridor.toolbar() == ("Skill 2 · Swords 2 · Boots 3 │ Gold 0 · Health 10/10 · Clank 3 │ Rage 3 (3) │ "
                                  "Turn 1 · Hall")


def test_refusals_are_command_errors_whose_text_quotes_the_input(corridor: Table):
    with pytest.raises(CommandError):
        dispatch._handle(corridor, "undo")


def test_a_legacy_game_reads_the_book_and_undo_takes_the_story_back_too(tmp_path):
    from playtools import HERE

    from clank_story.table.opening import OneShot, open_game

    loop = open_game(OneShot(scenario=str(HERE / "data" / "moor.yaml")))
    loop.opening()
    assert loop.session.story is not None  # the shipped Book of Secrets is attached, as `run` does
    loop.handle("play all")
    before = loop.session.story.to_dict()
    reply = loop.handle("move old-mill")
    assert "waypoint 101" in flat(reply)
    assert loop.session.story.to_dict() != before  # the passage was read (or apologised for)
    loop.handle("undo")
    assert loop.session.story.to_dict() == before
    assert read_record(loop.slot.path).story is not None


def test_end_does_not_call_skill_wasted_when_only_a_potion_could_be_used(make_loop):
    """Drinking a kept potion costs no Skill, so it is no reason to keep Skill for."""
    loop = make_loop()
    me = loop.game.me
    loop.game.row[:] = []          # nothing to buy, no device to use
    loop.game.reserve.clear()
    me.hand[:] = []
    me.tokens.append("pocket-tonic")
    loop.game.turn.skill = 1
    reply = loop.handle("end")
    assert "Skill" not in reply.text


def test_end_warns_of_skill_left_while_a_card_is_still_affordable(make_loop):
    loop = make_loop()
    loop.game.me.hand[:] = []
    loop.game.turn.skill = 10
    assert "would waste 10 Skill" in " ".join(loop.handle("end").text.split())
