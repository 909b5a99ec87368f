"""The story state is plain data the campaign layer can save; expressions read it as `campaign`;
the story's helpers are documented in one registry."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from clank_story.rules import effects
from clank_story.rules import events as ev
from clank_story.rules.view import views
from clank_story.story.expr import ExpressionError, evaluate
from clank_story.story.helpers import reference
from clank_story.story.state import StoryState

DOCS = Path(__file__).parents[2] / "docs" / "book-of-secrets.md"


def test_the_state_round_trips_through_json_mid_passage(story_table):
    table = story_table(state=StoryState.for_game("Brackenmoor", 3, {"met_oma": True}, {"wishes": 2}, ["7"],
                                                  ["well-survey"]))
    table.do("play all", "move well")  # paused on the passage's choices
    data = json.loads(json.dumps(table.session.story.to_dict()))
    again = StoryState.from_dict(data)
    assert again == table.session.story and table.game.pending["passage"] == "12"
    assert again.seen_in_campaign() == ["7", "12"] and again.contracts == ["well-survey"]


def test_a_restored_state_carries_on_after_the_choice(story_table):
    table = story_table()
    table.do("play all", "move well")
    saved_game, saved_story = table.game.to_dict(), table.session.story.to_dict()
    table.session.story.__dict__.update(StoryState.from_dict(saved_story).__dict__)
    assert table.game.to_dict() == saved_game
    events = table.do("choose 1")
    assert [e.passage for e in events if e.kind == "PassageOpened"] == ["13"]


def test_campaign_flags_and_counters_read_as_false_and_zero_when_unset(story_table):
    table = story_table(state=StoryState.for_game(flags={"met_oma": True}, counters={"wishes": 2}))
    names = views(table.game, table.session.story.campaign_view())
    assert evaluate("campaign.flags.met_oma and campaign.counters.wishes == 2", names)
    assert evaluate("not campaign.flags.never_set and campaign.counters.never_counted == 0", names)
    assert evaluate("'met_oma' is flagged and not ('x' is flagged)", names)
    with pytest.raises(ExpressionError, match="unknown name 'campain'"):
        evaluate("campain.flags.met_oma", names)


def test_the_story_helpers_read_the_game(story_table):
    table = story_table(state=StoryState.for_game(seen=["7"]))
    table.do("play all", "move well")
    names = views(table.game, table.session.story.campaign_view())
    checks = {
        "'7' is seen and '12' is seen and '12' is seen_this_game and not ('7' is seen_this_game)": True,
        "me is has_card('sidestep') and not (me is has_card('explore'))": True,
        "me | card_count('burgle')": 9,
        "3 | plural('coin')": "3 coins",
        "1 | plural('mouse', 'mice')": "1 mouse",
        "2 | plural('mouse', 'mice')": "2 mice",
        "'sidestep' | card_name": "Sidestep",
        "me.space | space_name": "Old Well",
        "['a', 'b', 'c'] | and_list": "a, b and c",
        "me is has_token('canoe')": False,
    }
    for source, expected in checks.items():
        assert evaluate(source, names) == expected, source


def test_every_helper_and_every_code_is_documented():
    text = DOCS.read_text(encoding="utf-8")
    for h in reference():
        assert f"`{h.name}`" in text, h.name
    codes = set(re.findall(r"\bBS\d{3}\b", "".join(
        p.read_text(encoding="utf-8") for p in (Path(__file__).parents[2] / "clank_story" / "story").glob("*.py"))))
    assert codes and all(code in text for code in codes), sorted(c for c in codes if c not in text)
    for name, spec in effects.REGISTRY.items():
        if spec.story:
            assert f"`{name}`" in text, name


def test_apply_block_resolves_effects_now_for_any_player(tiny_legacy):
    table = tiny_legacy()
    game = table.game
    out = effects.apply_block(game, "Rex", [{"gold": 2}, {"if": {"has": "crown"}, "gold": 10}, {"flag": "x"}], "test")
    rex = game.player("Rex")
    assert rex.gold == 2 and not game.turn.watches  # a false card condition is skipped, not watched
    assert [e for e in out if isinstance(e, ev.StoryEffect)] == [ev.StoryEffect("Rex", "test", "flag", "x")]
    assert effects.apply_block(game, "Ana", [], "test") == []


def test_apply_block_stops_at_a_question_and_the_answer_carries_on(tiny_legacy):
    table = tiny_legacy()
    game = table.game
    effects.apply_block(game, "Ana", [{"choose": [{"gold": 1}, {"gold": 3}]}, {"gold": 10}], "test")
    assert game.pending["q"] == "choose" and game.player("Ana").gold == 0
    table.do("choose 2")
    assert game.player("Ana").gold == 13


def test_end_game_is_an_engine_effect_too(tiny_legacy):
    table = tiny_legacy()
    out = effects.apply_block(table.game, "Ana", {"end_game": True, "gold": 4}, "test")
    assert table.game.over and [e.kind for e in out][-1] == "GameOver" and table.game.player("Ana").gold == 0
