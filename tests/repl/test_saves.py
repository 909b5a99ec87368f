"""Saved games: every one-shot game has a slot of its own, nothing is ever overwritten silently, and a
resumed game (its undo history too) goes on exactly as it would have."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from playtools import CORRIDOR

from clank_story.cli.main import cli
from clank_story.table import saves
from clank_story.table.opening import OneShot, Options, Resume, StartError, open_game
from clank_story.table.saves import SaveError


def play(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["play", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def corridor_game(**options) -> object:
    table = open_game(OneShot(scenario=str(CORRIDOR)), Options(**options))
    table.opening()
    return table


def test_saves_live_in_the_users_data_directory(private_data_dir: Path):
    assert saves.saves_dir() == private_data_dir / "saves"
    assert saves.history_path() == private_data_dir / "history"


def test_a_new_one_shot_game_takes_a_slot_of_its_own_named_for_its_board(private_data_dir: Path):
    first, second = corridor_game(), corridor_game()
    assert (first.slot.name, second.slot.name) == ("corridor-1", "corridor-2")
    assert (private_data_dir / "saves" / "corridor-1.json").exists()
    assert (private_data_dir / "saves" / "corridor-2.json").exists()


def test_a_resumed_game_goes_on_as_it_would_have(private_data_dir: Path):
    table = corridor_game()
    table.handle("play all")
    table.save()
    again = open_game(Resume(table.slot.name))
    assert again.game.to_dict() == table.game.to_dict()
    for line in ["move den swords 1", "take artifact", "move hall swords 1", "move hq", "end"]:
        assert again.handle(line).text == table.handle(line).text
    assert again.game.to_dict() == table.game.to_dict()


def test_undo_reaches_back_into_the_turn_after_a_resume(private_data_dir: Path):
    table = corridor_game()
    table.handle("play mercenary")
    table.handle("quit")
    again = open_game(Resume("corridor-1"))
    reply = again.handle("undo")
    assert reply.text.startswith("Taken back: `play mercenary`.")
    assert "Mercenary" in again.handle("hand").text


def test_the_record_is_plain_json_with_what_it_needs_to_go_on(private_data_dir: Path):
    table = corridor_game()
    table.handle("play mercenary")
    data = table.record().to_dict()
    assert json.loads(json.dumps(data)) == data
    assert {"format", "version", "kind", "name", "created", "updated", "setup", "game", "narration", "story",
            "undo", "options"} <= set(data)
    assert data["setup"]["scenario"] == str(CORRIDOR.resolve())
    assert [s["command"] for s in data["undo"]] == ["play mercenary"]


def test_writing_replaces_the_file_whole_and_leaves_no_temporary_file(private_data_dir: Path):
    table = corridor_game()
    table.save()
    table.handle("play all")
    table.save()
    folder = private_data_dir / "saves"
    assert sorted(p.name for p in folder.iterdir()) == ["corridor-1.json"]
    assert saves.read_record(folder / "corridor-1.json").game == table.game.to_dict()


@pytest.mark.parametrize(("content", "says"), [
    ("{not json", "is damaged"),
    ('{"format": "something-else"}', "is not a clank-story saved game"),
    ('{"format": "clank-story/save", "version": 99}', "written by another version"),
    ('{"format": "clank-story/one-shot-save", "version": 1}', "is damaged"),
    (b"\xff\xfe not text", r"not UTF-8 \(byte 0\)"),
])
def test_a_bad_save_is_refused_with_a_sentence(tmp_path: Path, content: str | bytes, says: str):
    path = tmp_path / "save.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(SaveError, match=says):
        saves.read_record(path)


def test_resuming_a_save_that_is_not_there_names_the_saves_there_are(private_data_dir: Path):
    corridor_game()
    with pytest.raises(StartError, match=r"no saved game called 'nowhere-1' \(saved games: corridor-1\)"):
        open_game(Resume("nowhere-1"))


def test_a_save_whose_content_is_gone_cannot_be_resumed_and_says_why(private_data_dir: Path, tmp_path: Path):
    scenario = tmp_path / "gone.yaml"
    scenario.write_text(CORRIDOR.read_text())
    table = open_game(OneShot(scenario=str(scenario)))
    table.opening()
    scenario.unlink()
    with pytest.raises(StartError, match=r"gone\.yaml"):
        open_game(Resume(table.slot.name))


def test_quitting_a_one_shot_game_names_the_command_that_brings_it_back(private_data_dir: Path):
    status, out, _ = play("--ruleset", "classic", "--seed", "4", stdin="quit\n")
    assert status == 0
    assert out.rstrip().endswith("`clank-story play --resume cinder-halls-1` picks it up again.")
    status, out, _ = play("--resume", "cinder-halls-1", stdin="hand\n")
    assert status == 0 and out.startswith("Welcome back. Your game on The Cinder Halls of Vorsacht resumes at turn 1")


def test_a_second_new_game_keeps_the_first_and_both_are_listed(private_data_dir: Path):
    play("--ruleset", "classic", "--seed", "4", stdin="play all\n")
    play("--ruleset", "classic", "--seed", "5", stdin="play all\n")
    result = CliRunner().invoke(cli, ["saves"])
    assert result.exit_code == 0
    assert "cinder-halls-1 — a one-shot game on cinder-halls, turn 1, seed 4" in result.stdout
    assert "cinder-halls-2 — a one-shot game on cinder-halls, turn 1, seed 5" in result.stdout
    assert "clank-story play --resume cinder-halls-1" in result.stdout


def test_plain_resume_picks_the_latest_one_shot_game(private_data_dir: Path):
    play("--ruleset", "classic", "--seed", "4", stdin="quit\n")
    play("--ruleset", "legacy", "--seed", "5", stdin="quit\n")
    status, out, _ = play("--resume", stdin="quit\n")
    assert status == 0 and "(seed 5)" in out.splitlines()[0]


def test_a_finished_game_leaves_no_save_behind(private_data_dir: Path):
    table = corridor_game()
    for line in ["play all", "move den swords 1", "take artifact", "move hall swords 1", "move hq", "end"]:
        table.handle(line)
    while not table.game.over:
        table.handle("play all")
        table.handle("end")
    assert not table.slot.path.exists()


def test_saves_of_the_earlier_version_move_into_slots_of_their_own(private_data_dir: Path):
    table = corridor_game(save=False)
    table.handle("play all")
    old = {"format": "clank-story/one-shot-save", "version": 1, "setup": table.setup.to_dict(),
           "game": table.game.to_dict(), "narration": table.narrator.state(), "options": {}, "story": None}
    folder = private_data_dir / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "current.json").write_text(json.dumps(old))
    (folder / "previous.json").write_text(json.dumps(old))
    told = saves.migrate_old_saves()
    assert told == ["(Your saved game current.json now has a save of its own, 'corridor-1': "
                    "`clank-story play --resume corridor-1`.)",
                    "(Your saved game previous.json now has a save of its own, 'corridor-2': "
                    "`clank-story play --resume corridor-2`.)"]
    again = open_game(Resume("corridor-1"))
    assert again.game.to_dict() == table.game.to_dict()


def test_deleting_a_save_takes_a_name_from_the_list(private_data_dir: Path):
    corridor_game()
    result = CliRunner().invoke(cli, ["saves", "--delete", "corridor-1"])
    assert (result.exit_code, result.stdout) == (0, "Deleted the saved game 'corridor-1'.\n")
    result = CliRunner().invoke(cli, ["saves", "--delete", "corridor-1"])
    assert result.exit_code == 2 and "no saved one-shot game called 'corridor-1'" in result.stderr
