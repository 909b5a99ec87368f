"""`clank-story run` (DESIGN.md §5): exit codes, FILE:LINE messages, byte-identical output."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from clank_story.cli.main import cli

DATA = Path(__file__).parents[1] / "data"
SCENARIO = DATA / "scenarios" / "tiny-two.yaml"


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def run(tmp_path: Path, script: str, *args: str, stdin: str | None = None) -> Ran:
    """`clank-story run` in this process (click's CliRunner): the same command line, exit code and streams."""
    path = tmp_path / "game.txt"
    path.write_text(script)
    target = "-" if stdin is not None else str(path)
    result = CliRunner().invoke(cli, ["run", target, *args], input=stdin)
    return Ran(result.exit_code, result.stdout, result.stderr)


def test_run_works_as_a_real_process_reading_stdin(tmp_path):
    """One real process, as a shell pipeline meets it: `python -m clank_story run - < game.txt`."""
    result = subprocess.run([sys.executable, "-m", "clank_story", "run", "-", "--scenario", str(SCENARIO)],
                            input=GOOD, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == run(tmp_path, GOOD, "--scenario", str(SCENARIO)).stdout


GOOD = "play all\nexpect me.skill == 3 and me.boots == 2\nreject move shop\nmove hall  # in we go\nend\n"


def test_a_script_that_holds_exits_zero(tmp_path):
    result = run(tmp_path, GOOD, "--scenario", str(SCENARIO))
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and "Hall" in result.stdout


def test_the_same_inputs_give_byte_identical_output(tmp_path):
    first = run(tmp_path, GOOD, "--scenario", str(SCENARIO), "--seed", "4")
    second = run(tmp_path, GOOD, "--scenario", str(SCENARIO), "--seed", "4")
    assert first.stdout == second.stdout and first.stdout


def test_the_script_may_come_from_stdin(tmp_path):
    result = run(tmp_path, "", "--scenario", str(SCENARIO), stdin=GOOD)
    assert result.returncode == 0 and result.stdout == run(tmp_path, GOOD, "--scenario", str(SCENARIO)).stdout


def test_the_transcript_file_holds_what_was_printed(tmp_path):
    out = tmp_path / "out.txt"
    result = run(tmp_path, GOOD, "--scenario", str(SCENARIO), "--transcript", str(out))
    assert out.read_text() == result.stdout


def test_a_refused_command_stops_the_run_with_file_line_and_the_reason(tmp_path):
    result = run(tmp_path, "play all\n\nmove vault\n", "--scenario", str(SCENARIO))
    assert result.returncode == 1
    assert result.stderr.strip().endswith("game.txt:3: move vault: the path from Entrance to Vault is one-way, "
                                          "the other way round.")


def test_a_failed_expect_exits_one(tmp_path):
    result = run(tmp_path, "expect me.gold == 99\n", "--scenario", str(SCENARIO))
    assert result.returncode == 1 and "game.txt:1: expect failed: me.gold == 99" in result.stderr


def test_a_reject_line_whose_command_is_accepted_fails(tmp_path):
    result = run(tmp_path, "reject play all\n", "--scenario", str(SCENARIO))
    assert result.returncode == 1 and "game.txt:1:" in result.stderr and "accepted" in result.stderr


@pytest.mark.parametrize("expr", ["me.gld == 1", "me.gold ==", "''.__class__.__mro__"])
def test_a_bad_expect_expression_is_a_one_line_error(tmp_path, expr):
    result = run(tmp_path, f"expect {expr}\n", "--scenario", str(SCENARIO))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_an_unknown_card_in_a_scenario_is_a_content_error_with_its_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: classic\nplayers:\n  - name: Ana\n    hand: [burgel]\n")
    result = run(tmp_path, "", "--scenario", str(bad))
    assert result.returncode == 2
    assert "bad.yaml:4:" in result.stderr and "error[SC001]" in result.stderr and "burgle" in result.stderr


@pytest.mark.parametrize(("text", "code"), [
    ("ruleset: classic\nplayers:\n  - name: Ana\n    space: nowhere\n", "SC002"),
    ("ruleset: classic\nplayers: [{name: Ana}]\nplayers: []\n", "CT002"),
    ("ruleset: classic\n012: x\n", "CT003"),
    ("ruleset: classic\ncolour: red\n", "CT004"),
    ("ruleset: classic\n\tseed: 1\n", "CT001"),
    ("board: nowhere\n", "SC010"),
])
def test_scenario_mistakes_are_one_line_content_errors(tmp_path, text, code):
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    result = run(tmp_path, "", "--scenario", str(bad))
    assert result.returncode == 2 and f"[{code}]" in result.stderr and "Traceback" not in result.stderr


def test_a_missing_script_is_a_usage_error(tmp_path):
    result = subprocess.run([sys.executable, "-m", "clank_story", "run", str(tmp_path / "nope.txt")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_with_every_seat_a_bot_run_plays_the_whole_game(tmp_path):
    scenario = tmp_path / "bots.yaml"
    scenario.write_text("ruleset: legacy\nplayers:\n  - {name: A, bot: random}\n  - {name: B, bot: random}\n")
    result = run(tmp_path, "", "--scenario", str(scenario), "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert "GameOver" not in result.stdout and result.stdout.strip()
    again = run(tmp_path, "expect game.over\n", "--scenario", str(scenario), "--seed", "3")
    assert again.returncode == 0, again.stderr


def test_a_failed_expect_shows_the_values_of_the_names_in_it(tmp_path):
    result = run(tmp_path, "expect me.gold == 99\n", "--scenario", str(SCENARIO))
    assert result.returncode == 1
    assert result.stderr.strip().endswith("game.txt:1: expect failed: me.gold == 99 (me.gold is 0)")


def test_a_misspelt_name_in_an_expect_gets_a_suggestion(tmp_path):
    result = run(tmp_path, "expect me.gld == 99\n", "--scenario", str(SCENARIO))
    assert result.returncode == 2
    assert result.stderr.strip().endswith("game.txt:1: bad expect expression: me has no 'gld' (did you mean 'gold'?)")
