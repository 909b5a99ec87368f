"""The Book of Secrets at the prompt and in `run` transcripts: passages read as prose with their
choices numbered, contracts read aloud and completed, the `contracts` command, and every story
question answered by the seat it is put to (a person's by the person, a bot's by the bot)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from playtools import DATA
from scenarios import answer, help_text

from clank_story.cli.main import cli
from clank_story.content.scenario import load_scenario
from clank_story.narrate.lines import Narrator
from clank_story.narrate.prose import ProseNarrator
from clank_story.repl import completion
from clank_story.rules import events as ev
from clank_story.story import events as sev
from clank_story.story.state import StoryState
from clank_story.table.saves import Setup
from clank_story.table.session import Session, attach_book
from clank_story.table.table import Table
from clank_story.words import say

BOOK = DATA / "book"  # passage "12" (the Old Well, three choices) and the Well Survey contract
WELL = DATA / "scenarios" / "story-well.yaml"

DIARY = """\
    contracts:
      - id: diary
        name: Expense Diary
        description: Note down every turn's expenses before the next one begins.
        trigger: end_of_turn
        passage: diary-page
        destroy: false
    passages:
      diary-page:
        title: The Expense Diary
        text: |
          You open the diary at today's page.
        choices:
          - text: Write it all down
            effects: [{flag: diligent}]
          - text: Doodle a dragon instead
    """


def ana(**more) -> dict:
    return {"name": "Ana", "space": "wood", "hand": ["sidestep", "burgle", "burgle", "burgle", "burgle"],
            "deck": ["burgle"] * 5, "discard": [], **more}


def rex(**more) -> dict:
    return {"name": "Rex", "space": "hq", "hand": ["burgle"] * 5, "deck": ["burgle"] * 5, "discard": [], **more}


def table(book: Path = BOOK, contracts: tuple[str, ...] = (), *, bot: bool = True, **ana_more) -> Session:
    """Ana (a person) one Boot from the Old Well on tiny-legacy, Rex a random bot (or a person too)."""
    seats = [ana(**ana_more), rex(**({"bot": "random"} if bot else {}))]
    data = {"ruleset": "legacy", "board": "tiny-legacy", "seed": 3, "players": seats}
    session = Session.start(load_scenario(DATA / "scenarios" / "inline.yaml", data=data))
    attach_book(session, book, StoryState.for_game(contracts=list(contracts)))
    return session


@pytest.fixture
def diary_book(tmp_path: Path) -> Path:
    folder = tmp_path / "diary"
    folder.mkdir()
    (folder / "diary.yaml").write_text(textwrap.dedent(DIARY), encoding="utf-8")
    return folder


def told(narrator: ProseNarrator, session: Session, *commands: str) -> str:
    lines = []
    for command in commands:
        lines += narrator.lines(session.game, session.do(command))
        lines += narrator.question(session.game)
    return "\n".join(lines)


# -- passages --------------------------------------------------------------------------------------
def test_a_passage_is_its_title_then_its_text_with_the_numbers_of_its_effects_at_the_end():
    session = table()
    narrator = ProseNarrator(3)
    narrator.lines(session.game, session.opening())
    text = told(narrator, session, "play all", "move well")
    assert "\n\n~ The Old Well ~\nWater glints far below." in text
    assert "You have 0 coins. (+2 Gold)\n" in text  # the passage's {gold: 2}, beside its last words


def test_a_passages_choices_follow_it_numbered_with_the_hint_to_choose_and_are_not_asked_twice():
    session = table()
    narrator = ProseNarrator(3)
    narrator.lines(session.game, session.opening())
    text = told(narrator, session, "play all", "move well")
    assert text.endswith("What do you do?\n  1. Climb down the rope\n  2. Toss in a coin for luck\n"
                         "  3. Walk on\n(answer with `choose 1`-`choose 3`)")
    assert text.count("Walk on") == 1


def test_the_choice_made_is_told_with_what_it_did():
    session = table()
    narrator = ProseNarrator(3)
    narrator.lines(session.game, session.opening())
    told(narrator, session, "play all", "move well")
    assert told(narrator, session, "choose 2").startswith("You choose: Toss in a coin for luck. (-1 Gold)")


def test_a_bots_passage_shows_what_it_was_offered_and_what_it_chose(diary_book: Path):
    session = table(diary_book, ("diary",))
    narrator = ProseNarrator(3)
    narrator.lines(session.game, session.opening())
    text = told(narrator, session, "play all", "end", "choose 1")
    assert "~ The Expense Diary ~ (Rex reads)" in text
    assert "Rex has a choice to make:" in text or "Rex weighs the options:" in text
    assert "Rex chooses: " in text
    assert "`choose" not in text.split("Rex reads")[1]  # no hint for a bot's question


def test_a_passages_text_is_reflowed_into_paragraphs_that_fit_the_width(tmp_path: Path):
    long = "A very long sentence about the ledger-wyrm's paperwork goes on and on " * 3
    (tmp_path / "b.yaml").write_text(textwrap.dedent(f"""\
        passages:
          "12":
            title: Long
            text: |
              {long}
              still the first paragraph.

              The second paragraph.
        """), encoding="utf-8")
    session = table(tmp_path)
    narrator = ProseNarrator(3, width=50)
    narrator.lines(session.game, session.opening())
    [passage] = [line for line in narrator.tell(session.game, session.do("play all") + session.do("move well"))
                 if line.tag == "passage"]
    assert all(len(row) <= 50 for row in passage.text.splitlines())
    title, first, second = passage.text.split("\n", 1)[0], *passage.text.split("\n", 1)[1].split("\n\n")
    assert title == "~ Long ~"
    assert " ".join(first.split()).endswith("goes on and on still the first paragraph.")
    assert second == "The second paragraph."


def test_a_broken_passage_is_an_apology_and_the_game_goes_on(tmp_path: Path):
    (tmp_path / "b.yaml").write_text('passages:\n  "12":\n    text: |\n      {{ me.no_such_name }}\n',
                                     encoding="utf-8")
    session = table(tmp_path)
    narrator = ProseNarrator(3)
    narrator.lines(session.game, session.opening())
    text = " ".join(told(narrator, session, "play all", "move well").split())
    assert "passage 12 is skipped, and the game goes on" in text
    assert session.game.pending is None


def prologue_table(tmp_path: Path, choices: bool) -> Session:
    extra = "\n    choices:\n      - text: Sign\n      - text: Read it first" if choices else ""
    (tmp_path / "b.yaml").write_text(f"passages:\n  intro:\n    title: Orientation\n    text: |\n"
                                     f"      Sign here.{extra}\n", encoding="utf-8")
    seats = [ana(), rex(bot="random")]
    data = {"ruleset": "legacy", "board": "tiny-legacy", "seed": 3, "players": seats}
    session = Session.start(load_scenario(DATA / "scenarios" / "inline.yaml", data=data))
    attach_book(session, tmp_path, StoryState(), prologue="intro")
    return session


def test_a_prologue_is_read_before_the_first_turns_header(tmp_path: Path):
    session = prologue_table(tmp_path, choices=False)
    text = "\n".join(ProseNarrator(3).lines(session.game, session.opening()))
    assert text.index("~ Orientation ~") < text.index("— Turn 1")


def test_a_prologue_is_read_before_the_first_turn_and_its_question_waits_next_to_the_prompt(
    tmp_path: Path,
):
    session = prologue_table(tmp_path, choices=True)
    text = "\n".join(ProseNarrator(3).lines(session.game, session.opening()))
    assert text.index("~ Orientation ~") < text.index("— Turn 1") < text.index("1. Sign")
    assert text.endswith("(answer with `choose 1`-`choose 2`)")


# -- contracts -------------------------------------------------------------------------------------
def test_the_contract_row_is_read_aloud_before_the_first_turn():
    session = table(contracts=("well-survey",))
    text = "\n".join(ProseNarrator(3).lines(session.game, session.opening()))
    assert text.index("Well Survey — Reach the Old Well") < text.index("— Turn 1")


def test_completing_a_contract_is_told_with_its_cost_and_reward_then_its_passage():
    session = table(contracts=("well-survey",), gold=1)
    narrator = ProseNarrator(3)
    narrator.lines(session.game, session.opening())
    text = " ".join(told(narrator, session, "play all", "move well").split())
    assert "the contract “Well Survey”" in text or "“Well Survey” is done" in text
    assert "(-1 Gold, +1 checkmark)" in text
    assert text.index("Well Survey”") < text.index("~ Survey Filed ~")


def test_the_contracts_command_shows_each_contracts_description_trigger_and_reward():
    session = table(contracts=("well-survey",))
    text = answer(session.game, "contracts", router=session.router)
    assert text.splitlines()[0] == "Contracts:"
    assert "  Well Survey — Reach the Old Well with at least 1 Gold" in text
    assert "when anyone enters Old Well · costs 1 Gold · reward: +1 checkmark" in text


def test_the_contracts_command_says_when_the_row_is_empty_or_there_is_no_book():
    session = table()
    assert answer(session.game, "contracts", router=session.router) == "The contract row is empty."
    assert "no contract row" in answer(session.game, "contracts")


def test_contracts_is_in_help_and_completes_only_where_there_is_a_book():
    session = table()
    assert "contracts" in help_text()
    assert "the contract row" in help_text("contracts").lower()
    assert [c.text for c in completion.complete(session.game, "contr", contracts=True)] == ["contracts"]
    assert completion.complete(session.game, "contr") == []


def test_the_contracts_command_works_in_a_run_script(tmp_path: Path):
    script = tmp_path / "s.txt"
    script.write_text("contracts\nplay all\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["run", str(script), "--scenario", str(WELL), "--book", str(BOOK)])
    assert result.exit_code == 0, result.stderr
    assert "> contracts\nThe contract row is empty.\n" in result.stdout


# -- who answers -----------------------------------------------------------------------------------
def test_an_end_of_turn_passage_is_answered_by_the_player_whose_turn_ended_not_by_the_bot_to_move(
        diary_book: Path):
    session = table(diary_book, ("diary",))
    session.opening()
    session.do("play all")
    events = session.do("end")
    assert session.game.me.name == "Rex"  # Rex's turn has begun...
    assert session.game.pending["p"] == "Ana"  # ...but the diary asks Ana about hers
    assert session.to_act == "Ana" and session.human_to_move
    assert not any(isinstance(e, ev.StoryChoice) for e in events)  # Rex's bot did not answer for her


def test_a_bot_answers_its_own_end_of_turn_passage_and_never_a_persons(diary_book: Path):
    session = table(diary_book, ("diary",))
    session.opening()
    session.do("play all")
    session.do("end")
    events = session.do("choose 1")  # Ana writes it all down; Rex then plays his turn
    assert [e.player for e in events if isinstance(e, ev.StoryChoice)] == ["Ana", "Rex"]
    assert session.story.flags == {"diligent": True}  # Ana's answer counted, whatever Rex chose
    assert session.game.me.name == "Ana" and session.game.pending is None and session.human_to_move


def test_at_the_prompt_the_person_is_asked_even_on_a_bots_turn(diary_book: Path, tmp_path: Path):
    session = table(diary_book, ("diary",))
    loop = Table(session, ProseNarrator(3), Setup(seed=3))
    loop.opening()
    loop.handle("play all")
    assert loop.handle("end").lines[-1].tag == "question"  # Skill and Boots left: end anyway?
    reply = loop.handle("y")
    assert reply.lines[-1].text.endswith("(answer with `choose 1`-`choose 2`)")
    assert loop.prompt() == say("play.prompt.choose") and session.game.me.name == "Rex"
    text = "\n".join(line.text for line in loop.handle("choose 2").lines)
    assert text.startswith("You choose: Doodle a dragon instead.")


def test_undo_of_a_choice_asks_the_question_again_in_full():
    session = table()
    loop = Table(session, ProseNarrator(3), Setup(seed=3))
    loop.opening()
    loop.handle("play all")
    loop.handle("move well")
    loop.handle("choose 3")
    text = "\n".join(line.text for line in loop.handle("undo").lines)
    assert "  3. Walk on\n(answer with `choose 1`-`choose 3`)" in text


# -- numbers ---------------------------------------------------------------------------------------
def test_a_cost_is_a_signed_number_in_the_one_line_narration_too():
    session = table()
    narrator = Narrator()
    assert narrator.line(session.game, ev.Gained("Ana", "well", {"gold": -1})) == "  -1 Gold (Old Well)"
    assert narrator.line(session.game, ev.Gained("Ana", "well", {"gold": 2, "skill": 1})) == \
        "  +2 Gold, +1 Skill (Old Well)"


def test_the_one_line_narration_tells_a_story_choice_and_the_contract_row():
    session = table()
    narrator = Narrator()
    choice = ev.StoryChoice("Ana", "12", 3, {"label": "Walk on"})
    assert narrator.line(session.game, choice) == "  You choose: Walk on."  # Ana is the person at the keyboard
    assert narrator.line(session.game, ev.Answered("Ana", "story", 3)) == ""
    row = sev.ContractRow((("well-survey", "Well Survey", "Reach the Old Well."),))
    assert narrator.line(session.game, row) == "The contract row: Well Survey (Reach the Old Well.)."


def test_a_translated_choice_that_says_what_it_gives_in_full_width_brackets_is_not_told_it_twice(tmp_path: Path):
    import shutil

    from clank_story.words import speaking

    book = tmp_path / "book"
    shutil.copytree(BOOK, book)
    (book / "locale" / "ja").mkdir(parents=True)
    (book / "locale" / "ja" / "well.yaml").write_text(
        'passages:\n  "12":\n    choices:\n      - text: ロープを降りる\n'
        '      - text: 幸運を祈ってコインを投げ入れる（ゴールド-1）\n      - text: 通りすぎる\n', encoding="utf-8")
    with speaking("ja"):
        session = table(book)
        narrator = ProseNarrator(3)
        narrator.lines(session.game, session.opening())
        told(narrator, session, "play all", "move well")
        text = told(narrator, session, "choose 2")
    assert "コインを投げ入れる（ゴールド-1）" in text and text.count("ゴールド-1") == 1


# -- waypoints -------------------------------------------------------------------------------------
def test_a_numbered_waypoint_is_told_by_its_number_and_a_named_one_by_its_place():
    session = table()
    narrator = ProseNarrator(3)
    narrator.lines(session.game, session.opening())
    numbered = " ".join(narrator.lines(session.game, [ev.WaypointEntered("Ana", "well", "12")]))
    named = " ".join(narrator.lines(session.game, [ev.WaypointEntered("Ana", "well", "old-well")]))
    assert "waypoint 12 in Old Well" in numbered
    assert "the waypoint in Old Well" in named and "old-well" not in named


def test_a_rival_reaching_a_named_waypoint_is_summed_up_by_its_place():
    session = table()
    narrator = ProseNarrator(3)
    narrator.lines(session.game, session.opening())
    events = [ev.TurnStarted("Rex", 1), ev.WaypointEntered("Rex", "well", "old-well"), ev.TurnEnded("Rex")]
    text = " ".join(narrator.lines(session.game, events))
    assert "reaches the waypoint in Old Well" in text and "old-well" not in text
