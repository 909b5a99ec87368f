"""Saved games: a plain dict, written atomically, that resumes the game exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playtools import CORRIDOR

from clank_story import saves
from clank_story.narrate.prose import ProseNarrator
from clank_story.repl.start import Options, resume_game, start


def test_the_save_lives_in_the_users_data_directory(private_data_dir: Path):
    assert saves.default_save_path() == private_data_dir / "saves" / "current.json"
    assert saves.history_path() == private_data_dir / "history"


def test_a_resumed_game_is_the_same_game_rng_and_all(corridor, tmp_path: Path):
    corridor.handle("play all")
    path = tmp_path / "save.json"
    saves.write_save(path, corridor.snapshot())
    position, game = saves.restore(saves.read_save(path))
    assert game.to_dict() == corridor.game.to_dict()
    assert position.ruleset.board.id == "corridor"


def test_a_resumed_game_goes_on_as_it_would_have(corridor, tmp_path: Path):
    corridor.handle("play all")
    path = tmp_path / "save.json"
    saves.write_save(path, corridor.snapshot())
    loop, _ = resume_game(Options(), path)
    for line in ["move den swords 1", "take artifact", "move hall swords 1", "move hq", "end"]:
        assert loop.handle(line).text == corridor.handle(line).text
    assert loop.game.to_dict() == corridor.game.to_dict()


def test_the_save_is_plain_json_another_file_can_embed(corridor):
    data = corridor.snapshot()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"format", "version", "setup", "game", "narration", "options", "story"}
    assert data["setup"]["scenario"] == str(CORRIDOR.resolve())


def test_writing_replaces_the_file_whole_and_leaves_no_temporary_file(tmp_path: Path):
    path = tmp_path / "deep" / "save.json"
    saves.write_save(path, {"n": 1})
    saves.write_save(path, {"n": 2})
    assert json.loads(path.read_text()) == {"n": 2}
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]


@pytest.mark.parametrize(("content", "says"), [
    ("{not json", "is damaged"),
    ('{"format": "something-else"}', "is not a clank-story saved game"),
    ('{"format": "clank-story/one-shot-save", "version": 99}', "written by another version"),
    ('{"format": "clank-story/one-shot-save", "version": 1}', "is damaged"),
])
def test_a_bad_save_is_refused_with_a_sentence(tmp_path: Path, content: str, says: str):
    path = tmp_path / "save.json"
    path.write_text(content)
    with pytest.raises(saves.SaveError, match=says):
        saves.read_save(path)


def test_a_missing_save_says_where_it_looked(tmp_path: Path):
    with pytest.raises(saves.SaveError, match="there is no saved game at"):
        saves.read_save(tmp_path / "none.json")


def test_a_save_whose_content_is_gone_cannot_be_resumed(corridor, tmp_path: Path):
    data = corridor.snapshot()
    data["setup"]["scenario"] = str(tmp_path / "vanished.yaml")
    with pytest.raises(saves.SaveError, match="content cannot be loaded"):
        saves.restore(saves.parse_save(data))


def test_starting_a_new_game_keeps_the_unfinished_one_aside(tmp_path: Path):
    path = tmp_path / "current.json"
    loop, _ = start(Options(scenario=str(CORRIDOR)), path)
    loop.handle("play all")
    loop.save()
    _, first = start(Options(scenario=str(CORRIDOR), seed=4), path)
    assert first[0].text.startswith(f"(Your unfinished game was kept as {tmp_path / 'previous.json'}")
    assert saves.read_save(tmp_path / "previous.json").game == loop.game.to_dict()


def test_resume_continues_a_saved_one_shot_game(tmp_path: Path):
    path = tmp_path / "current.json"
    loop, _ = start(Options(scenario=str(CORRIDOR)), path)
    loop.handle("play all")
    loop.save()
    again, first = start(Options(resume=True), path)
    assert first[0].text.startswith("Welcome back. Your game on A short corridor resumes at turn 1 (seed 3).")
    assert again.game.to_dict() == loop.game.to_dict()


def test_the_narrator_resumes_where_it_was(corridor, tmp_path: Path):
    corridor.handle("play all")
    state = corridor.narrator.state()
    fresh = ProseNarrator(3)
    fresh.restore(state)
    assert fresh.state() == state
