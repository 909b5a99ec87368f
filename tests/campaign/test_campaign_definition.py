"""Campaign definitions: the shipped one loads; passages not yet written are warnings only when a book
is given; content that does not exist is an error on its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from clank_story.campaign.definition import available_definitions, load_definition
from clank_story.campaign.model import CampaignError

MINI = Path(__file__).parent / "data" / "mini" / "campaign.yaml"


def test_the_shipped_definition_has_ten_games_on_brackenmoor() -> None:
    d, warnings = load_definition("gilt-and-gristle")
    assert "gilt-and-gristle" in available_definitions()
    assert [(g.number, g.board) for g in d.games] == [(n, "brackenmoor") for n in range(1, 11)]
    assert [s.level for s in d.status_track] == ["copper", "silver", "gold", "partner"]
    assert (d.dragon, d.company) == ("Vorsacht", "Gilt & Gristle") and d.book is None  # the shipped book
    assert warnings == []  # no book given: passages are not looked up


def test_a_promotion_perk_must_act_on_a_seat(tmp_path) -> None:
    folder = broken(tmp_path, "{level: copper, checkmarks: 3, passage: mini-copper, name: Copper Associate}",
                    "{level: copper, checkmarks: 3, passage: mini-copper, name: Copper Associate,"
                    " perk: {space_gold: {space: tollbury, gold: 1}}}")
    with pytest.raises(CampaignError) as e:
        load_definition(folder)
    assert "CD004" in str(e.value) and "a perk acts on a seat" in str(e.value)


def test_a_campaign_folder_with_a_book_reads_its_own_book(tmp_path) -> None:
    folder = broken(tmp_path, "ruleset: legacy", "ruleset: legacy\ndragon: Ossifrage the Unbilled")
    (folder / "book").mkdir()
    d, _ = load_definition(folder)
    assert d.book == folder / "book" and d.dragon == "Ossifrage the Unbilled" and d.company == "The Mini Franchise"


def test_missing_passages_are_warnings_with_lines_when_a_book_is_given() -> None:
    _, warnings = load_definition(MINI, book={"mini-prologue-1", "mini-epilogue-1"})
    assert all(w.severity == "warning" and w.code == "CD020" for w in warnings)
    first = warnings[0]
    assert (first.line, first.message) == (9, "no passage 'mini-prologue-2' in the book yet")
    named = {w.message.split("'")[1] for w in warnings}
    assert {"mini-copper", "mini-dran-2", "mini-contract-mill"} <= named and "mini-prologue-1" not in named


def broken(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "mini"
    folder.mkdir()
    text = MINI.read_text(encoding="utf-8")
    assert old in text
    (folder / "campaign.yaml").write_text(text.replace(old, new), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("old", "new", "error"), [
    ("board: brackenmoor, contracts: [ledger", "board: brakenmoor, contracts: [ledger",
     r":9:\d+: error\[CD010\]: no board 'brakenmoor' \(did you mean 'brackenmoor'\?\)"),
    ("{number: 3,", "{number: 4,", r"error\[CD001\]: games are numbered 1, 2, 3"),
    ("space: tollbury, gold: 2", "space: tolbury, gold: 2", r"error\[CD012\]: tollbury-tips: no space 'tolbury'"),
    ("{starting_gold: 2}", "{starting_gold: two}", r"error\[CD004\]: signing-bonus: 'starting_gold' takes a whole"),
    ("when: {gold: 2}", "when: {gold_coins: 2}", r"error\[CD005\]: a goal checks one of"),
    ("cardporium: [regulation-pitchfork]", "cardporium: [golden-spork]", r"error\[CD011\]: no card 'golden-spork'"),
    ("checkmarks: 6", "checkmarks: 2", r"error\[CD002\]: status-track sections go up"),
    ("rivals:", "rivalz:", r"error\[CT004\]: unknown field 'rivalz'.*did you mean 'rivals'"),
])
def test_a_broken_definition_names_the_problem_and_its_line(tmp_path: Path, old: str, new: str, error: str) -> None:
    with pytest.raises(CampaignError, match=error):
        load_definition(broken(tmp_path, old, new))


def test_an_unknown_definition_lists_the_ones_there_are() -> None:
    with pytest.raises(CampaignError, match=r"no campaign definition 'gilt-and-grizzle' \(definitions: .*gilt-and-gristle"):
        load_definition("gilt-and-grizzle")
