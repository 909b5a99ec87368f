"""A failed `expect` shows the values of the names in it, pytest-style, and a misspelt name gets a
suggestion rather than an internal class name (story/expr.py `explain`; DESIGN.md §5)."""

from __future__ import annotations

import pytest
from scenarios import hand

from clank_story.rules.view import views
from clank_story.story.expr import explain


@pytest.fixture
def names(tiny):
    table = tiny(ana={**hand("burgle"), "gold": 3}, rex={"gold": 1}, row=["gem", "orc"])
    return views(table.game, table.session.campaign_view())


def test_a_false_comparison_shows_the_value_of_the_name(names):
    assert explain("me.gold == 99", names) == "me.gold is 3"


def test_every_name_in_the_expression_is_shown_once_in_order(names):
    assert explain("players['Rex'].gold > me.gold and me.gold > 5", names) == \
        "players['Rex'].gold is 1; me.gold is 3"


def test_lists_and_filters_show_the_list(names):
    assert explain("game.row | length > 3", names) == "game.row is ['gem', 'orc']"


def test_a_misspelt_attribute_gets_did_you_mean(names):
    assert explain("me.gld == 3", names) == "me has no 'gld' (did you mean 'gold'?)"


def test_a_misspelt_name_gets_did_you_mean(names):
    assert "did you mean 'me'?" in explain("mee.gold == 3", names)


def test_an_unknown_player_lists_the_players(names):
    assert explain("players['Zed'].gold == 1", names) == "players has no 'Zed' (it has: Ana, Rex)"


def test_no_internal_class_name_ever_shows(names):
    for source in ("me.gld", "players['Zed'].gold", "game.bag['blak'] > 1", "campaign.nme"):
        text = explain(source, names)
        assert "object" not in text and "View" not in text, text


def test_an_unreadable_expression_says_why(names):
    assert "cannot read" in explain("me.gold ==", names)
