"""`book lint`: the line format, stable JSON, exit statuses, --strict, and warnings allowed on their line."""

from __future__ import annotations

import json

from authoring_tools import CLEAN_BOOK, LINT, book, write
from click.testing import CliRunner

from clank_story.authoring.lint import lint
from clank_story.cli.main import cli


def run(*args: str):
    return CliRunner().invoke(cli, ["book", "lint", *args])


def test_a_clean_folder_exits_0_and_says_so_on_stderr():
    result = run(str(CLEAN_BOOK), "--strict")
    assert result.exit_code == 0 and result.stdout == ""
    assert "no problems" in result.stderr


def test_each_problem_is_one_line_path_line_col_severity_code_message():
    result = run(str(LINT / "BS101" / "bad"))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "tests/data/lint/BS101/bad/book/story.yaml:12:16: error[BS101]: unknown effect 'gian_card' "
        "(did you mean 'gain_card'?)"]
    assert "1 file checked: 1 error, 0 warnings." in result.stderr


def test_warnings_pass_unless_strict():
    folder = LINT / "LN031" / "bad"
    assert run(str(folder)).exit_code == 0
    assert run(str(folder), "--strict").exit_code == 1


def test_a_path_that_does_not_exist_is_a_usage_error(tmp_path):
    result = run(str(tmp_path / "nowhere"))
    assert result.exit_code == 2 and "no such file or folder" in result.stderr


def test_json_output_has_fixed_keys_and_sorted_diagnostics(tmp_path):
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            {{ me.helth }} {{ campaign.flags.zebra }} {{ campaign.flags.apple }}
          effects: [{gian_card: x}]
        """)})
    result = run(str(folder), "--format", "json")
    data = json.loads(result.stdout)
    assert list(data) == ["version", "files", "errors", "warnings", "diagnostics"]
    assert (data["version"], data["files"], data["errors"], data["warnings"]) == (1, 1, 2, 2)
    keys = [(d["path"], d["line"], d["col"], d["code"], d["message"]) for d in data["diagnostics"]]
    assert keys == sorted(keys)
    assert all(list(d) == ["path", "line", "col", "severity", "code", "message"] for d in data["diagnostics"])
    assert {d["code"] for d in data["diagnostics"]} == {"BS101", "LN010", "LN030"}


def test_json_output_is_the_same_every_time(tmp_path):
    first = run(str(LINT / "LN020" / "bad"), str(LINT / "CD011" / "bad"), "--format", "json").stdout
    again = run(str(LINT / "CD011" / "bad"), str(LINT / "LN020" / "bad"), "--format", "json").stdout
    assert first == again


def test_a_warning_can_be_allowed_on_its_own_line(tmp_path):
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            Hello.
          effects: [{flag: for_game_two}]   # lint: allow LN031 (game two reads it)
        """)})
    assert lint([folder]).diagnostics == []


def test_an_error_cannot_be_allowed(tmp_path):
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            Hello.
          effects: [{gian_card: x}]   # lint: allow all
        """)})
    assert [d.code for d in lint([folder]).diagnostics] == ["BS101"]


def test_flags_set_in_one_file_and_read_in_another_are_fine(tmp_path):
    folder = write(tmp_path / "c", {
        "book/a.yaml": book("""
            start:
              title: Start
              text: |
                Hello.
              effects: [{flag: met_oma}, {counter: {visits: 1}}]
              goto: later
            """),
        "book/deeper/b.yaml": """
            passages:
              later:
                title: Later
                text: |
                  {% if 'met_oma' is flagged %}Oma waves.{% endif %} Visit {{ campaign.counters['visits'] }}.
            """})
    assert lint([folder]).diagnostics == []


def test_flags_read_by_a_computed_name_silence_set_but_never_read(tmp_path):
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            {% for name in ['a', 'b'] %}{{ campaign.flags[name] }}{% endfor %}
          effects: [{flag: a}, {flag: b}]
        """)})
    assert lint([folder]).diagnostics == []


def test_a_choice_condition_that_reads_a_flag_counts_as_reading_it(tmp_path):
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            Hello.
          effects: [{flag: vip}]
          choices:
            - text: The VIP door
              if: campaign.flags.get('vip')
            - text: Walk on
        """)})
    assert lint([folder]).diagnostics == []


def test_a_passage_reached_only_from_a_nested_choose_goto_is_reachable(tmp_path):
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            Hello.
          effects: [{choose: [{goto: left}, {goto: right}]}]
        left:
          title: Left
          text: |
            Left.
        right:
          title: Right
          text: |
            Right.
        """)})
    assert lint([folder]).diagnostics == []


def test_waypoints_of_linted_boards_open_passages_and_make_them_reachable():
    result = lint([LINT.parent / "boards", LINT.parent / "book"])
    assert not [d for d in result.diagnostics if d.code in ("LN020", "LN021")]


def test_a_campaign_file_is_checked_as_campaign_show_reads_it(tmp_path):
    folder = write(tmp_path / "c", {"franchise.yaml": """
        schema_version: 2
        definition: gilt-and-gristle
        franchise: Test
        """})
    codes = {d.code for d in lint([folder]).diagnostics}
    assert codes == {"CT007"}, codes  # game_number and players are missing; no LN001: it is not stray


def test_a_campaign_file_beside_its_definition_lints_clean_and_one_that_lost_it_is_an_error(tmp_path):
    good = write(tmp_path / "c", {"franchise.yaml": """
        schema_version: 2
        definition: gilt-and-gristle
        franchise: Test
        game_number: 1
        players: [{name: Ana}]
        """})
    assert lint([good]).diagnostics == []
    (lost,) = lint([LINT / "LN002" / "bad"]).diagnostics
    assert lost.code == "LN002" and (lost.line, lost.col) == (3, 20)
    assert "not in" in lost.message and "fx-campain" in lost.message


def test_every_structure_error_of_a_file_is_reported_and_the_rest_of_it_is_checked_too(tmp_path):
    folder = write(tmp_path / "b", {"book/story.yaml": """
        passages:
          start:
            title: Start
            text: Hello.
          start:
            title: Again
          "2":
            title: Two
            title: Deux
            txt: typo
          12:
            text: |
              {{ me.helth }}
          013:
            title: Thirteen
            efects: []
        """})
    found = [(d.line, d.code) for d in lint([folder]).diagnostics if d.severity == "error"]
    assert (5, "CT002") in found and (9, "CT002") in found and (11, "CT003") in found and (14, "CT003") in found
    assert (10, "BS010") in found, "the field after a duplicate is still checked"
    assert (16, "BS010") in found, "the passage behind an unquoted id is still checked"
    assert (13, "LN010") in found, "templates behind an unquoted id are still read"


def test_the_linter_reads_content_through_the_games_own_loaders():
    """A card file the game refuses is refused by the linter with the game's own code and words."""
    from clank_story.content.cards import load_card_file
    from clank_story.content.diagnostics import Report
    from clank_story.content.effects_check import Refs
    from clank_story.content.yamlio import load_file

    path = LINT / "CD101" / "bad" / "cards" / "fx.yaml"
    report = Report()
    load_card_file(load_file(path), report, Refs())
    linted = lint([path]).diagnostics
    assert [(d.code, d.line, d.col, d.message) for d in linted] == [
        (d.code, d.line, d.col, d.message) for d in report.diagnostics]
