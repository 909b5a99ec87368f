"""What the linter reads out of a template: attribute names checked against the state view's classes,
flags and counters read, passages, cards and spaces named, and constant conditions."""

from __future__ import annotations

import pytest

from clank_story.authoring import templates as t
from clank_story.authoring.templates import facts_for, view_attributes
from clank_story.rules.view import GameView, PlayerView


def attrs(source: str, kind: str = "template") -> list[str]:
    return [f[1] for f in facts_for(source, kind) if f[0] == t.ATTR]


def test_the_attribute_lists_come_from_the_view_classes():
    assert {"gold", "health_left", "space", "hand"} <= view_attributes()["player"]
    assert all(isinstance(getattr(PlayerView, name, None), property) for name in ("gold", "health_left"))
    assert {"turn", "rage", "row"} <= view_attributes()["game"] and hasattr(GameView, "turn")
    assert {"flags", "counters", "seen", "seen_this_game", "game_number", "name", "stickers", "rules",
            "contracts", "dragon", "company"} == view_attributes()["campaign"]


@pytest.mark.parametrize("source, problem", [
    ("{{ me.helth }}", "me.helth: a player has no 'helth' (did you mean 'health_left'?)"),
    ("{{ game.trun }}", "game.trun: game has no 'trun' (did you mean 'turn'?)"),
    ("{% for p in players %}{{ p.gld }}{% endfor %}", "p.gld: a player has no 'gld' (did you mean 'gold'?)"),
    ("{{ players['Ana'].golt }}", "players['Ana'].golt: a player has no 'golt' (did you mean 'gold'?)"),
    ("{{ players.Ana.spaec }}", "players.Ana.spaec: a player has no 'spaec' (did you mean 'space'?)"),
    ("{{ campaign.sen('12') }}", "campaign.sen: campaign has no 'sen' (did you mean 'seen'?)"),
    ("{{ (players | first).helth }}", "(...).helth: a player has no 'helth' (did you mean 'health_left'?)"),
])
def test_a_misspelt_attribute_is_found_wherever_a_view_flows(source, problem):
    assert attrs(source) == [problem]


def test_filters_that_name_an_attribute_of_each_player_are_checked_too():
    (problem,) = attrs("{{ players | selectattr('stauts', 'equalto', 'escaped') | list | length }}")
    assert "'stauts'" in problem and "did you mean 'status'" in problem
    assert attrs("{{ players | map(attribute='name') | join(', ') }}") == []


@pytest.mark.parametrize("source", [
    "{{ me.gold }} {{ game.turn }} {{ campaign.game_number }} {{ me.hand | length }}",
    "{% for p in players %}{{ p.name }}{{ loop.index }}{% endfor %}",
    "{% set me = 'not a player any more' %}{{ me.upper() }}",
    "{% for name, n in game.bag.items() %}{{ name }} {{ n }}{% endfor %}",
    "{{ campaign.flags.anything_at_all }} {{ campaign.counters.whatever }}",
    "{{ game.bag.black }} {{ me.hand.count('burgle') }}",
])
def test_correct_templates_and_data_names_are_not_questioned(source):
    assert attrs(source) == []


def test_flags_and_counters_read_in_every_way_an_author_writes_them():
    facts = facts_for("{{ campaign.flags.a }}{{ campaign.flags['b'] }}{{ campaign.flags.get('c') }}"
                      "{{ 'd' is flagged }}{{ campaign.counters.e }}{{ campaign.counters.get('f', 0) }}", "template")
    assert [f[1] for f in facts if f[0] == t.FLAG] == ["a", "b", "c", "d"]
    assert [f[1] for f in facts if f[0] == t.COUNTER] == ["e", "f"]
    assert not [f for f in facts if f[0] in (t.ANY_FLAG, t.ANY_COUNTER)]


def test_a_computed_flag_name_means_any_flag_may_be_read():
    assert any(f[0] == t.ANY_FLAG for f in facts_for("{{ campaign.flags[me.name] }}", "template"))
    assert any(f[0] == t.ANY_FLAG for f in facts_for("{{ campaign.flags | length }}", "template"))


def test_passages_cards_and_spaces_named_in_templates_are_collected():
    facts = facts_for("{{ '12' is seen }}{{ campaign.seen('13') }}{{ me is has_card('lantern') }}"
                      "{{ me | card_count('burgle') }}{{ 'explore' | card_name }}{{ me.space == 'mill' }}", "template")
    assert {(f[0], f[1]) for f in facts} == {(t.PASSAGE, "12"), (t.PASSAGE, "13"), (t.CARD, "lantern"),
                                             (t.CARD, "burgle"), (t.CARD, "explore"), (t.SPACE, "mill")}


@pytest.mark.parametrize("condition, value", [("false", False), ("1 > 2", False), ("not true", False),
                                              ("0", False), ("true", True)])
def test_a_condition_with_no_names_in_it_is_a_constant(condition, value):
    (const,) = [f for f in facts_for(condition, "condition") if f[0] == t.CONST]
    assert const[2] is value


def test_a_condition_that_reads_the_game_is_not_a_constant():
    assert not [f for f in facts_for("me.gold > 2 and false", "condition") if f[0] == t.CONST]


def test_template_lines_are_kept_so_diagnostics_point_at_the_right_line():
    (fact,) = facts_for("line one\nline two {{ me.helth }}\n", "template")
    assert fact[-1] == 2


def test_the_loaders_own_parse_is_reused_not_repeated():
    from clank_story.story.render import compile_condition, compile_template

    source = "{{ me.gold }} once, {{ me.helth }}"
    condition = "campaign.flags.saw_the_vault and me.gold > 2"
    with t.capture_trees() as trees:
        compile_template.__wrapped__(source)
        compile_condition.__wrapped__(condition)
    assert set(trees) == {("template", source), ("condition", condition)}
    assert facts_for(source, "template", trees) == facts_for(source, "template") != []
    assert facts_for(condition, "condition", trees) == facts_for(condition, "condition") != []
