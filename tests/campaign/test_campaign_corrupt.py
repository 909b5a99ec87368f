"""A hand-edited or corrupted campaign file gives a clear message with its line, and is never changed."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from clank_story.campaign.model import Campaign, CampaignError
from clank_story.campaign.store import backup_path, create_campaign, read_campaign
from clank_story.cli.main import cli


@pytest.fixture
def good(tmp_path: Path, fresh: Campaign) -> str:
    """The text of a valid campaign file."""
    return create_campaign(tmp_path / "seed.yaml", fresh).path.read_text(encoding="utf-8")


def broken(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "franchise.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path, pattern: str) -> str:
    """Reading fails with a message matching `pattern`, and the file is exactly as it was."""
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    with pytest.raises(CampaignError) as caught:
        read_campaign(path)
    message = str(caught.value)
    assert re.search(pattern, message), message
    assert "left exactly as it is" in message
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before
    return message


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_broken_yaml_names_its_line(tmp_path: Path, good: str) -> None:
    text = good.replace("flags: {}", "flags: {met_oma: true")
    refused(broken(tmp_path, text), r"franchise.yaml:\d+:\d+: error\[CT001\]")


def test_a_tab_for_indentation_is_named(tmp_path: Path, good: str) -> None:
    text = good.replace("    colour: red", "\tcolour: red")
    refused(broken(tmp_path, text), r"error\[CT001\]: .*tab")


def test_a_key_written_twice_names_the_second(tmp_path: Path, good: str) -> None:
    text = good.replace("game_number: 1", "game_number: 1\ngame_number: 2")
    refused(broken(tmp_path, text), rf"franchise.yaml:{line_of(text, 'game_number: 2')}:1: error\[CT002\]")


def test_a_number_as_a_key_must_be_quoted(tmp_path: Path, good: str) -> None:
    text = good.replace("counters: {}", "counters:\n  12: 1")
    refused(broken(tmp_path, text), rf"franchise.yaml:{line_of(text, '12: 1')}:3: error\[CT003\]: .*quote it")


def test_a_misspelt_field_suggests_the_right_one(tmp_path: Path, good: str) -> None:
    text = good.replace("franchise:", "franchize:")
    refused(broken(tmp_path, text), rf":{line_of(text, 'franchize')}:1: error\[CT004\]: .*did you mean 'franchise'")


def test_a_value_of_the_wrong_kind_points_at_the_value(tmp_path: Path, good: str) -> None:
    text = good.replace("game_number: 1", "game_number: two")
    refused(broken(tmp_path, text), rf":{line_of(text, 'game_number')}:14: error\[CT005\]: 'game_number'")


def test_impossible_values_are_named(tmp_path: Path, good: str) -> None:
    text = good.replace("{checkmarks: 0, level: none}", "{checkmarks: -2, level: none}", 1)
    refused(broken(tmp_path, text), r"error\[CF020\]: checkmarks cannot be negative")
    text = good.replace("  - name: Rex", "  - name: Ana")
    refused(broken(tmp_path, text), r"error\[CF021\]: two players are called 'Ana'")
    text = good.replace("in_progress: null", "in_progress: yes please")
    refused(broken(tmp_path, text), r"'in_progress' is not a readable saved game")


def test_a_file_that_is_not_a_campaign_is_refused(tmp_path: Path) -> None:
    refused(broken(tmp_path, "- just\n- a list\n"), r"franchise.yaml:1:1: error\[CF010\]")
    refused(broken(tmp_path, "recipe: scones\n"), r"error\[CF011\]: the file has no 'schema_version'")
    refused(broken(tmp_path, ""), r"error\[CF010\]")
    refused(broken(tmp_path, b"\xff\xfe\x00garbage"), r"error\[CF001\]: the file is not UTF-8")
    refused(broken(tmp_path, "schema_version: two\n"), r"franchise.yaml:1:17: error\[CF011\]")


def test_the_message_points_to_the_backup_when_there_is_one(tmp_path: Path, good: str) -> None:
    path = broken(tmp_path, good.replace("flags: {}", "flags: {"))
    backup_path(path).write_text(good, encoding="utf-8")
    message = refused(path, r"error\[CT001\]")
    assert "franchise.yaml.bak" in message


def test_campaign_show_on_a_corrupted_file_prints_the_problem_and_exits_2(tmp_path: Path, good: str) -> None:
    path = broken(tmp_path, good.replace("franchise:", "franchize:"))
    before = path.read_bytes()
    result = CliRunner().invoke(cli, ["campaign", "show", "--campaign", str(path)])
    assert result.exit_code == 2
    assert "error[CT004]" in result.output and "Traceback" not in result.output
    assert path.read_bytes() == before
