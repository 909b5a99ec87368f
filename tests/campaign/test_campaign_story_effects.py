"""One table of story effects (clank_story/story/effects.py): a passage read during a game and the
same effects written straight onto the campaign file change the campaign alike."""

from __future__ import annotations

import textwrap

import pytest

from clank_story.campaign.lifecycle import absorb_story, apply_story_effect, start_of_game, story_seed
from clank_story.campaign.model import CampaignError
from clank_story.campaign.setup import campaign_position
from clank_story.rules import effects as rules_effects
from clank_story.story import effects as story_effects
from clank_story.story.state import StoryState
from clank_story.table.session import Session, attach_book

EFFECTS = [
    ("flag", "met_oma"), ("flag", {"mood": "grim"}), ("unflag", "old_news"), ("counter", "goodwill"),
    ("counter", {"goodwill": 2, "board_favour": -1}), ("destroy_card", "stumble"), ("destroy_card", "bog-imp"),
    ("cardporium", "regulation-pitchfork"), ("sticker", "tollbury-tips"), ("unlock", "signing-bonus"),
    ("checkmark", 3), ("add_contract", "ledger-of-debts"), ("destroy_contract", "mind-the-mill"),
]
BOOK = """\
contracts:
  - {id: mind-the-mill, name: Mind the Mill, description: d, trigger: end_of_game}
  - {id: ledger-of-debts, name: The Ledger of Debts, description: d, trigger: end_of_game}
passages:
  "101":
    title: The Mill
    effects: EFFECTS
"""


def test_the_rules_registry_names_exactly_the_story_effects_of_the_table():
    assert {n for n, spec in rules_effects.REGISTRY.items() if spec.story} == set(story_effects.EFFECTS)
    for name, effect in story_effects.EFFECTS.items():
        assert rules_effects.REGISTRY[name].doc == effect.doc and rules_effects.REGISTRY[name].arg == effect.arg


def test_a_passage_read_in_a_game_changes_the_campaign_as_the_same_effects_applied_to_it(mini, fresh, tmp_path):
    fresh.flags["old_news"] = True
    fresh.players[0].status.checkmarks = 1
    campaign, setup = start_of_game(fresh, mini)  # mind-the-mill joins the row
    block = "[" + ", ".join(f"{{{name}: {_yaml(value)}}}" for name, value in EFFECTS) + "]"
    book = tmp_path / "book"
    book.mkdir()
    (book / "book.yaml").write_text(textwrap.dedent(BOOK).replace("EFFECTS", block), encoding="utf-8")
    scenario = ("players:\n  - {name: Ana, space: turnip-lane, hand: [sidestep, burgle, burgle, burgle, burgle],"
                " deck: [stumble, burgle], discard: []}\n  - {name: Rex, bot: random}\n")
    session = Session.start(campaign_position(setup, mini, scenario=scenario, seed=1))
    attach_book(session, book, StoryState.for_game(**story_seed(campaign)))
    session.opening()
    session.do("play all")
    session.do("move old-mill")
    assert session.story is not None and "101" in session.story.seen
    played, promotions = absorb_story(campaign, mini, session.story)

    direct, readings = campaign, []
    for name, value in EFFECTS:
        direct, more = apply_story_effect(direct, mini, name, value, "Ana")
        readings += more
    assert promotions == readings and [r.passage for r in readings] == ["mini-copper"]
    for field in ("flags", "counters", "contract_row", "destroyed_cards", "cardporium_cards", "stickers",
                  "unlocked_rules"):
        assert getattr(played, field) == getattr(direct, field), field
    assert played.employee("Ana") == direct.employee("Ana")
    assert played.employee("Ana").destroyed_cards == ["stumble"]  # gone from Ana's deck box, not the decks
    assert played.destroyed_cards == ["bog-imp"] and played.flags["mood"] == "grim" and "old_news" not in played.flags


@pytest.mark.parametrize("name", ["goto", "end_game", "patron", "gold"])
def test_effects_that_only_mean_something_during_a_game_are_not_campaign_effects(mini, fresh, name):
    with pytest.raises(CampaignError, match=name):
        apply_story_effect(fresh, mini, name, "x")


def test_the_linter_reads_argument_words_from_the_table():
    assert story_effects.argument_problem("counter", {"a": "lots"}) == "a counter name (adds 1) or {name: amount}"
    assert story_effects.argument_problem("counter", {"a": 2}) == ""
    assert story_effects.argument_problem("sticker", 3) == story_effects.EFFECTS["sticker"].args


def _yaml(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)
