"""A card that uses an unknown effect or a bad argument is a `file:line:col` content error."""

from __future__ import annotations

import pytest

from clank_story.content.cards import load_card_file
from clank_story.content.diagnostics import ContentError, Report
from clank_story.content.effects_check import Refs
from clank_story.content.yamlio import load_text


def diagnostics(text: str) -> list[str]:
    report = Report()
    try:
        load_card_file(load_text(text, "cards.yaml"), report, Refs())
    except ContentError as e:
        return [str(d) for d in e.diagnostics]
    return [str(d) for d in report.diagnostics]


def test_an_unknown_effect_names_its_line_and_suggests_the_right_one():
    found = diagnostics("cards:\n  - id: x\n    name: X\n    play: {skil: 1}\n")
    assert found == ["cards.yaml:4:12: error[CD101]: unknown effect 'skil' (did you mean 'skill'?)"]


@pytest.mark.parametrize(("play", "code"), [
    ("{skill: two}", "CD102"),
    ("{trash: {from: [pocket]}}", "CD102"),
    ("{if: {wearing: hat}, skill: 1}", "CD105"),
    ("{per: {owned: gem, tokens: crown}, skill: 1}", "CD105"),
    ("{choose: []}", "CD102"),
    ("{flag: met_oma}", "CD104"),
    ("[skill]", "CD100"),
])
def test_bad_effect_arguments_are_errors(play, code):
    found = diagnostics(f"cards:\n  - id: x\n    name: X\n    play: {play}\n")
    assert len(found) == 1 and f"error[{code}]" in found[0] and found[0].startswith("cards.yaml:4:")


@pytest.mark.parametrize(("text", "code"), [
    ("cards:\n  - id: x\n    name: X\n    colour: red\n", "CT004"),
    ("cards:\n  - id: x\n", "CT007"),
    ("cards:\n  - id: x\n    name: X\n    kind: spell\n", "CT006"),
    ("cards:\n  - id: x\n    name: X\n    cost: 3\n    cost: 4\n", "CT002"),
])
def test_schema_mistakes_in_a_card_are_errors(text, code):
    found = diagnostics(text)
    assert found and f"error[{code}]" in found[0]


def test_a_good_card_gives_no_diagnostics():
    assert diagnostics("cards:\n  - id: x\n    name: X\n    play: [{skill: 1}, {if: {played: gem}, gold: 1}]\n") == []
