"""`reload` at the play prompt: content is read again and the game goes on exactly where it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from authoring_tools import DATA
from scenarios import help_text

from clank_story.content.scenario import load_scenario
from clank_story.narrate.prose import ProseNarrator
from clank_story.table import verbs
from clank_story.table.saves import Setup
from clank_story.table.session import Session, attach_book
from clank_story.table.table import Table

CHARM = """\
ruleset: legacy
deck: extra
cards:
  - {id: test-charm, name: Test Charm, kind: item, cost: 1, play: {gold: 1}}
"""


@pytest.fixture
def folder(tmp_path) -> Path:
    """A scenario with a board, a card and a book of its own beside it, so they can be edited."""
    (tmp_path / "boards").mkdir()
    shutil.copy(DATA / "boards" / "tiny-legacy.yaml", tmp_path / "boards")
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "charm.yaml").write_text(CHARM)
    shutil.copytree(DATA / "book", tmp_path / "book")
    (tmp_path / "scenarios").mkdir()
    text = (DATA / "scenarios" / "story-well.yaml").read_text()
    (tmp_path / "scenarios" / "well.yaml").write_text(text.replace(
        "hand: [sidestep, burgle, burgle, burgle, burgle]", "hand: [sidestep, test-charm, burgle, burgle, burgle]"))
    return tmp_path


@pytest.fixture
def loop(folder) -> Table:
    path = folder / "scenarios" / "well.yaml"
    position = load_scenario(path)
    session = Session.start(position)
    attach_book(session, folder / "book")
    play = Table(session, ProseNarrator(position.seed), Setup(scenario=str(path), seed=position.seed),
                 rebuild=lambda: load_scenario(path, seed=position.seed).ruleset)
    play.opening()
    return play


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_reload_reads_the_book_and_board_again_and_keeps_the_game(loop, folder):
    loop.handle("play all")
    before = loop.game.to_dict()
    edit(folder / "book" / "wells" / "well.yaml", "Water glints far below.", "The water has been invoiced.")
    edit(folder / "boards" / "tiny-legacy.yaml", "{name: Old Well,", "{name: Wishing Well,")
    reply = loop.handle("reload")
    assert reply.lines[0].tag == "info" and reply.text.startswith("Reloaded the content:")
    assert loop.game.to_dict() == before
    assert loop.game.board.spaces["well"].name == "Wishing Well"
    text = loop.handle("move well").text
    assert "The water has been invoiced." in text and "Water glints" not in text


def test_reload_refuses_content_that_lost_a_card_the_game_holds(loop):
    import dataclasses

    from clank_story.table.reload import ReloadError, reload_session

    before, rules = loop.game.to_dict(), loop.game.ruleset
    smaller = dataclasses.replace(rules, cards={k: v for k, v in rules.cards.items() if k != "test-charm"})
    with pytest.raises(ReloadError, match="no longer has: test-charm"):
        reload_session(loop.session, lambda: smaller)
    assert loop.game.to_dict() == before and loop.game.ruleset is rules


def test_reload_tells_why_when_the_scenario_no_longer_loads(loop, folder):
    before, rules = loop.game.to_dict(), loop.game.ruleset
    (folder / "cards" / "charm.yaml").write_text(CHARM.replace("test-charm", "test-amulet"))
    reply = loop.handle("reload")
    assert reply.lines[0].tag == "refusal" and "the game goes on with the content it had" in reply.text
    assert "error[SC001]: no card 'test-charm' (did you mean 'test-amulet'?)" in reply.text
    assert loop.game.to_dict() == before and loop.game.ruleset is rules


def test_reload_refuses_content_that_does_not_load_and_says_where(loop, folder):
    rules = loop.game.ruleset
    edit(folder / "boards" / "tiny-legacy.yaml", "start: hq", "start: hq\nstart: lane")
    reply = loop.handle("reload")
    assert reply.lines[0].tag == "refusal" and "tiny-legacy.yaml:6:1: error[CT002]" in reply.text
    assert loop.game.ruleset is rules


def test_reload_is_a_prompt_command_with_help_and_takes_nothing(loop):
    assert verbs.find("reload").name == "reload"
    assert "read cards, boards and the Book of Secrets again" in help_text("reload")
    assert loop.handle("reload everything").lines[0].tag == "refusal"
