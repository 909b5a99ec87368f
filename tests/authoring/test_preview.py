"""`book preview`: a passage read in a chosen state — text, effects, the choices on offer and why the
others are hidden — answered with --choose, and nothing written anywhere."""

from __future__ import annotations

import pytest
from authoring_tools import DATA, book, write
from click.testing import CliRunner

from clank_story.authoring.preview import PreviewError, preview
from clank_story.cli.main import cli

WELL = DATA / "book"
AT_THE_WOOD = DATA / "scenarios" / "story-well.yaml"


def read(passage: str, *args: str) -> CliRunner:
    return CliRunner().invoke(cli, ["book", "preview", passage, "--book", str(WELL), "--scenario",
                                    str(AT_THE_WOOD), *args])


def test_the_passage_is_rendered_for_the_reader_in_the_given_state():
    result = read("12", "--set", "me.gold=3")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Passage 12 — The Old Well (tests/data/book/wells/well.yaml:")
    assert "Reader: Ana, in Wood, 3 Gold, 10 health left." in out
    assert "Water glints far below." in out and "You have 3 coins." in out
    assert "? What do you do?" in out and "1. Climb down the rope" in out


def test_a_hidden_choice_shows_the_condition_that_hid_it_and_the_values_it_read():
    out = read("12", "--set", "me.damage=8").stdout
    assert "(not offered: “Climb down the rope”, choice 1 in the file — `if: me.health_left > 2` is false; " \
           "me.health_left = 2)" in out
    assert "1. Toss in a coin for luck" in out  # the passage's own +2 Gold came first


def test_choosing_follows_the_story_and_lists_what_changed():
    out = read("12", "--choose", "1").stdout
    assert "> choose 1" in out
    assert "~ The Bottom of the Well ~ [13]" in out
    assert "What changed:" in out
    assert "Ana: gold 0 → 2, damage 0 → 1" in out
    assert "flags {} → {saw_well: True}" in out and "counters {} → {well_dives: 1}" in out
    assert out.rstrip().endswith("The story hands back to the game.")


def test_campaign_flags_can_be_set_for_a_preview():
    assert "Oma's rope is still tied to the crank." in read("12", "--set", "campaign.flags.met_oma=true").stdout
    assert "Oma's rope" not in read("12").stdout


def test_an_answer_out_of_range_is_refused_and_the_question_stays():
    out = read("12", "--choose", "9").stdout
    assert "refused: choose 9" in out and "Waiting for an answer: --choose 1 to 3 goes on." in out


@pytest.mark.parametrize("setting, words", [
    ("me.gld=3", "a player has no 'gld' you can set (did you mean 'gold'?)"),
    ("me.health_left=3", "'health_left' is worked out from the rest of the state; set damage instead"),
    ("me.space=nowhere", "no space 'nowhere' on this board"),
    ("me.hand=[burgel]", "no card 'burgel' in this game (did you mean 'burgle'?)"),
    ("game.rage=99", "the value should be from 1 to 7"),
    ("players.Zed.gold=1", "no player 'Zed' (players: Ana, Rex)"),
    ("gold 3", "write NAME=VALUE"),
])
def test_a_bad_setting_is_refused_with_a_sentence(setting, words):
    result = read("12", "--set", setting)
    assert result.exit_code == 2 and words in result.stderr


def test_a_passage_that_is_not_in_the_book_is_reported_with_a_suggestion():
    result = read("121")
    assert result.exit_code == 1
    assert result.stderr == "tests/data/book:1:1: error[BS204]: there is no passage '121' in the book " \
                            "(did you mean '12'?)\n"


def test_an_error_at_play_time_is_reported_with_its_line_and_the_preview_goes_on(tmp_path):
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            Fine so far.
            {{ 'x'.center(9) }}
        """)})
    result = CliRunner().invoke(cli, ["book", "preview", "start", "--book", str(folder / "book")])
    assert result.exit_code == 1
    assert "story.yaml:12:7: error[BS201]: not allowed: 'center' cannot be called in a passage" in result.stderr
    assert "Nothing changed." in result.stdout


@pytest.mark.parametrize(("template", "told"), [
    ("{{ me.helth }}", "a player has no 'helth'"),
    ("{{ game.spaces }}", "game has no 'spaces'"),
    ("{{ campaign.flags.zebra.x }}", "this value has no 'x'"),
])
def test_a_value_missing_at_play_time_is_told_without_python_s_class_names(tmp_path, template, told):
    folder = write(tmp_path / "c", {"book/story.yaml": book(f"""
        start:
          title: Start
          text: |
            {template}
        """)})
    result = CliRunner().invoke(cli, ["book", "preview", "start", "--book", str(folder / "book")])
    assert result.exit_code == 1
    assert f"error[BS200]: {told}\n" in result.stderr and "object" not in result.stderr


def test_without_a_scenario_the_reader_stands_on_the_waypoint_of_the_passage():
    out = CliRunner().invoke(cli, ["book", "preview", "103"]).stdout
    assert "Reader: You, in Gallows Oak" in out


def test_a_preview_from_a_campaign_file_reads_its_flags_and_changes_no_file(tmp_path):
    from clank_story.campaign.definition import load_definition
    from clank_story.campaign.lifecycle import new_campaign
    from clank_story.campaign.store import create_campaign

    definition, _ = load_definition("gilt-and-gristle")
    campaign = new_campaign(definition, "Preview Branch")
    campaign.flags = {"met_oma": True}
    path = tmp_path / "franchise.yaml"
    create_campaign(path, campaign)
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in [path, *WELL.rglob("*.yaml")]}
    result = CliRunner().invoke(cli, ["book", "preview", "12", "--book", str(WELL), "--campaign", str(path),
                                      "--choose", "1"])
    assert result.exit_code == 0, result.stderr
    assert "Oma's rope is still tied to the crank." in result.stdout
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in before} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["franchise.yaml"]


def test_a_missing_scenario_file_is_a_usage_error(tmp_path):
    with pytest.raises(PreviewError, match="no such file"):
        preview("12", book=WELL, scenario=tmp_path / "nope.yaml")
