"""Contracts know their time, a franchise's decision goes to a person, a card destroyed for good leaves
this game too, and the bots are told what the table knows of the story."""

from __future__ import annotations

from conftest import at_the_wood

from clank_story.story import events as sev
from clank_story.story.state import StoryState

ROW = """\
contracts:
  - {id: survey, name: Well Survey, description: d, trigger: {enter_space: well}, passage: filed,
     expires: campaign.game_number > 2, expired: The well has been surveyed to death.}
  - {id: closing, name: Closing Time, description: d, trigger: end_of_turn,
     expires: campaign.flags.closed, expired: The shop is shut.}
  - {id: shop, name: Shop, description: d, trigger: {acquire: explore}}
passages:
  filed: {title: Filed, effects: [{flag: filed}]}
  "12": {title: The Well, effects: [{flag: closed}]}
"""


def test_a_contract_past_its_time_leaves_the_row_with_its_line_before_the_row_is_read(story_table, write_book):
    table = story_table(write_book(ROW), state=StoryState.for_game(game_number=3, contracts=["survey", "shop"]))
    expired = [e for e in table.opened if isinstance(e, sev.ContractExpired)]
    assert [(e.contract, e.text) for e in expired] == [("survey", "The well has been surveyed to death.")]
    (row,) = [e for e in table.opened if isinstance(e, sev.ContractRow)]
    assert [c[0] for c in row.contracts] == ["shop"]  # never read aloud
    assert table.opened.index(expired[0]) < table.opened.index(row)
    story = table.session.story
    assert story.contracts == ["shop"] and story.contracts_expired == ["survey"]
    events = table.do("play all", "move well")
    assert not [e for e in events if isinstance(e, sev.ContractCompleted)] and "filed" not in story.seen


def test_a_contract_still_in_its_time_completes(story_table, write_book):
    table = story_table(write_book(ROW), state=StoryState.for_game(game_number=2, contracts=["survey"]))
    events = table.do("play all", "move well")
    assert [e.contract for e in events if isinstance(e, sev.ContractCompleted)] == ["survey"]


def test_a_contract_that_runs_out_of_time_in_play_leaves_the_row_at_once(story_table, write_book):
    table = story_table(write_book(ROW), state=StoryState.for_game(contracts=["closing"]))
    events = table.do("play all", "move well")  # the Old Well sets the flag that closes the shop
    assert [e.contract for e in events if isinstance(e, sev.ContractExpired)] == ["closing"]
    events = table.do("end")
    assert not [e for e in events if isinstance(e, sev.ContractCompleted)]


FRANCHISE = """\
passages:
  oak:
    title: The Letter of Intent
    franchise: true
    choices:
      - {text: Sign it for the branch, effects: [{flag: signed}, {gold: 3}]}
      - {text: Tear it up, effects: [{flag: torn}]}
"""


def test_a_decision_of_the_franchise_goes_to_a_persons_seat_whoever_read_the_passage(story_table, write_book):
    table = story_table(write_book(FRANCHISE), rex={"bot": "random"})
    router, game = table.session.router, table.game
    events = router.open(game, "oak", "Rex")  # a bot reads it
    (asked,) = [e for e in events if e.kind == "QuestionAsked"]
    assert asked.player == "Ana" and game.pending["p"] == "Ana"
    table.do("choose 1")
    assert table.session.story.flags == {"signed": True} and game.player("Ana").gold == 3


def test_with_no_person_at_the_table_the_reader_decides(story_table, write_book):
    table = story_table(write_book(FRANCHISE), ana={**at_the_wood(), "bot": "random"}, rex={"bot": "random"})
    assert table.session.router.franchise_reader("Rex") == "Rex"


def test_an_ordinary_passage_asks_its_reader(story_table, write_book):
    book = write_book(FRANCHISE.replace("    franchise: true\n", ""))
    table = story_table(book, rex={"bot": "random"})
    table.session.router.open(table.game, "oak", "Rex")
    assert table.game.pending is None or table.game.pending["p"] == "Rex"  # the bot answered at once, or is asked


def test_a_card_destroyed_for_good_that_its_reader_does_not_hold_leaves_this_games_deck(story_table, write_book):
    book = write_book('passages:\n  "12": {effects: [{destroy_card: fire-drill}]}\n')
    table = story_table(book, row=["bog-imp"], deck=["fire-drill", "bog-imp", "fire-drill"])
    table.do("play all", "move well")
    assert table.game.deck.count("fire-drill") == 1 and table.game.deck.count("bog-imp") == 1
    assert table.session.story.destroyed_cards == ["fire-drill"]


def test_the_bots_are_told_the_contract_row_and_the_waypoints_read(story_table, write_book):
    table = story_table(write_book(ROW), state=StoryState.for_game(contracts=["survey", "shop"]))
    notes = table.game.notes["story"]
    assert notes == {"contracts": [["survey", "enter_space", "well"], ["shop", "acquire", "explore"]],
                     "waypoints": []}
    table.do("play all", "move well")
    assert table.game.notes["story"]["waypoints"] == ["12"]
