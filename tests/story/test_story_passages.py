"""Loading passages and contracts: every field, effect validation, and template lines mapped back to
the YAML file."""

from __future__ import annotations

from clank_story.content.diagnostics import ContentError
from clank_story.story.passages import load_book

FULL = """\
passages:
  "12":
    title: The Old Well
    text: |
      Water glints far below.
      {% if campaign.flags.met_oma %}Oma's rope is still here.{% endif %}
    effects: [{gold: 2}, {flag: saw_well}, {if: "me.gold > 5", clank: 1}]
    choices:
      - text: Climb down ({{ me.health_left }} health left)
        if: me.health_left > 2
        effects: [{damage: 1}, {gain_card: mercenary}]
        goto: "13"
      - text: Walk on
    goto: "13"
    once: |
      The well again.
  "13":
    title: Below
    once: true
"""


def test_every_passage_field_is_read(write_book):
    book = load_book(write_book(FULL), cards=["mercenary"])
    assert book.diagnostics == []
    p = book.passages["12"]
    assert p.title == "The Old Well" and p.goto == "13" and p.once
    assert p.effects == [{"gold": 2}, {"flag": "saw_well"}, {"if": "me.gold > 5", "clank": 1}]
    assert [c["text"] for c in p.choices] == ["Climb down ({{ me.health_left }} health left)", "Walk on"]
    assert p.choices[0]["if"] == "me.health_left > 2" and p.choices[0]["goto"] == "13"
    assert set(p.sources) == {"text", "again", "choice.0.text", "choice.0.if", "effect.2.if"}
    assert book.passages["13"].once and book.passages["13"].sources == {}


def test_a_syntax_error_points_at_the_file_line_of_the_template_line(write_book):
    book = load_book(write_book("""\
        passages:
          "12":
            title: Well
            text: |
              Line one.
              Line two.
              {% if me.gold > %}Rich{% endif %}
        """))
    (d,) = book.diagnostics
    assert (d.line, d.col, d.code) == (7, 7, "BS030")
    assert "12" in book.broken


def test_a_misspelt_name_is_an_error_at_load_time(write_book):
    book = load_book(write_book('passages:\n  "1":\n    text: |\n      {{ gmae.turn }}\n'))
    assert [str(d).split("book.yaml:")[1] for d in book.diagnostics] == [
        "4:7: error[BS031]: unknown name 'gmae' (did you mean 'game'?)"]


def test_a_bad_condition_points_at_its_value(write_book):
    book = load_book(write_book('passages:\n  "1":\n    choices:\n      - text: Go\n        if: me.gold >\n'))
    (d,) = book.diagnostics
    assert (d.line, d.col, d.code) == (5, 13, "BS034")


def test_unknown_effects_and_bad_arguments_are_content_errors(write_book):
    book = load_book(write_book("""\
        passages:
          "1":
            effects: [{gian_card: mercenary}, {gold: lots}, {counter: [1]}, {flag: {}}]
        """))
    assert [(d.code, d.col) for d in book.diagnostics] == [("BS101", 16), ("BS102", 46), ("BS102", 63),
                                                           ("BS102", 76)]
    assert "did you mean 'gain_card'" in book.diagnostics[0].message


def test_card_ids_are_checked_when_the_cards_are_known(write_book):
    folder = write_book('passages:\n  "1":\n    effects: [{gain_card: mercenery}, {destroy_card: stumble}]\n')
    book = load_book(folder, cards=["mercenary", "stumble"])
    (d,) = book.diagnostics
    assert d.code == "BS060" and "did you mean 'mercenary'" in d.message
    assert load_book(folder).diagnostics == []  # without a card list there is nothing to check against


def test_every_goto_must_lead_somewhere(write_book):
    book = load_book(write_book("""\
        passages:
          "1":
            goto: "2"
            effects: [{goto: "3"}]
            choices: [{text: Go, goto: "4"}]
          "2": {title: Two}
        """))
    assert [(d.code, d.message) for d in book.diagnostics] == [
        ("BS040", "there is no passage '3' in the book"), ("BS040", "there is no passage '4' in the book")]


def test_a_goto_loop_without_a_choice_is_a_warning(write_book):
    book = load_book(write_book('passages:\n  "1": {goto: "2"}\n  "2": {goto: "1"}\n  "3": {goto: "3"}\n'))
    assert [(d.severity, d.message) for d in book.diagnostics] == [
        ("warning", "a goto loop with no choice to leave it: 1 -> 2 -> 1"),
        ("warning", "a goto loop with no choice to leave it: 3 -> 3")]
    assert book.errors == []


def test_strict_loading_raises_every_error(write_book):
    book = load_book(write_book('passages:\n  "1": {colour: red}\n  "2": {effects: [{nope: 1}]}\n'))
    try:
        book.raise_errors()
    except ContentError as e:
        assert [d.code for d in e.diagnostics] == ["BS010", "BS101"]
    else:
        raise AssertionError("expected a ContentError")


CONTRACTS = """\
contracts:
  - id: mill-job
    name: Mill Job
    description: End a turn at the mill.
    trigger: end_of_turn
    if: me.space == 'mill'
    cost: {gold: 2}
    passage: "9"
    reward: [{checkmark: 1}]
    destroy: false
  - id: hunt
    name: Hunt
    description: Defeat an orc.
    trigger: {defeat: orc}
passages:
  "9": {title: Paid}
"""


def test_contract_fields_are_read(write_book):
    book = load_book(write_book(CONTRACTS))
    assert book.diagnostics == []
    job, hunt = book.contracts["mill-job"], book.contracts["hunt"]
    assert (job.trigger, job.target, job.condition, job.cost, job.passage, job.destroy) == (
        "end_of_turn", None, "me.space == 'mill'", {"gold": 2}, "9", False)
    assert job.reward == [{"checkmark": 1}] and job.description == "End a turn at the mill."
    assert (hunt.trigger, hunt.target, hunt.destroy) == ("defeat", "orc", True)


def test_contract_mistakes_are_reported(write_book):
    book = load_book(write_book("""\
        contracts:
          - id: a
            name: A
            description: x
            trigger: end_of_turns
            cost: {silver: 1}
            passage: "nowhere"
          - id: b
            name: B
            description: y
            trigger: {enter_space: 3}
            reward: {add_contract: zzz}
          - {id: c, name: C, trigger: start_of_game}
        """))
    assert [(d.code, d.message) for d in book.diagnostics] == [
        ("BS070", "unknown trigger 'end_of_turns' (did you mean 'end_of_turn'?)"),
        ("BS073", "unknown cost 'silver'"),
        ("BS070", "the trigger 'enter_space' needs a space id"),
        ("BS013", "a contract needs a 'description' field"),
    ]


def test_a_passage_naming_an_unknown_contract_is_an_error(write_book):
    book = load_book(write_book('passages:\n  "1": {effects: [{add_contract: nope}]}\n'))
    assert [(d.code, d.message) for d in book.diagnostics] == [("BS071", "there is no contract 'nope' in the book")]


def test_the_shipped_book_is_clean():
    from clank_story.campaign.definition import DEFAULT_DEFINITION, load_definition
    from clank_story.content.library import catalog
    from clank_story.story.book import shipped_book

    cards = catalog(load_definition(DEFAULT_DEFINITION)[0].content_roots()).cards()  # patrons too
    book = load_book(shipped_book(), cards=list(cards))
    assert book.diagnostics == []
    assert {"101", "102", "103", "104", "105", "106", "prologue", "epilogue"} <= set(book.passages)
