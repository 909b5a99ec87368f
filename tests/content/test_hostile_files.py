"""Hostile and broken files get a clear error, at once (issue #18): YAML alias bombs are refused at
their first alias, files far over their size cap are refused from their size before they are read,
a book folder is walked only as far as its caps (`--book /`), and a file that is not UTF-8 names the
first bad byte: `path:line:col: error[CODE]: not UTF-8 (byte N)`, counted from 1."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from clank_story.campaign.model import CampaignError
from clank_story.campaign.store import read_campaign
from clank_story.content import reading
from clank_story.content.diagnostics import ContentError
from clank_story.content.scenario import load_scenario
from clank_story.story.passages import load_book

DATA = Path(__file__).parents[1] / "data"
FILES = DATA / "hostile" / "files"
MB = 1024 * 1024


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLANK_STORY_CACHE", str(tmp_path_factory.getbasetemp() / "content-cache"))


def refusal(call, *args, **kwargs) -> list[str]:
    """The diagnostics a loader refused with, as the lines a person reads."""
    with pytest.raises((ContentError, CampaignError)) as raised:
        call(*args, **kwargs)
    return [str(d) for d in raised.value.diagnostics]


def beside_a_board(tmp_path: Path, folder: str, name: str, data: bytes) -> Path:
    """A scenario with a content file of its own (cards/ or boards/ beside it); returns the scenario."""
    (tmp_path / "boards").mkdir()
    shutil.copyfile(DATA / "boards" / "tiny-legacy.yaml", tmp_path / "boards" / "tiny-legacy.yaml")
    (tmp_path / folder).mkdir(exist_ok=True)
    (tmp_path / folder / name).write_bytes(data)
    scenario = tmp_path / "scenario.yaml"
    shutil.copyfile(DATA / "scenarios" / "story-well.yaml", scenario)
    return scenario


# -- alias bombs ------------------------------------------------------------------------------------
def test_an_alias_bomb_in_a_campaign_file_is_refused_at_its_first_alias(tmp_path):
    path = tmp_path / "campaign.yaml"
    shutil.copyfile(FILES / "alias-bomb-campaign.yaml", path)
    (line,) = refusal(read_campaign, path)
    assert line == f"{path}:7:10: error[CT001]: anchors and aliases (*name) are not supported here; repeat the value"


def test_an_alias_bomb_in_a_scenario_is_refused_at_its_first_alias(tmp_path):
    path = tmp_path / "scenario.yaml"
    shutil.copyfile(FILES / "alias-bomb-scenario.yaml", path)
    (line,) = refusal(load_scenario, path)
    assert line.startswith(f"{path}:7:") and "error[CT001]: anchors and aliases" in line


def test_an_alias_bomb_in_a_card_file_is_refused(tmp_path):
    scenario = beside_a_board(tmp_path, "cards", "bomb.yaml", (FILES / "alias-bomb-cards.yaml").read_bytes())
    (line,) = refusal(load_scenario, scenario)
    assert "bomb.yaml:4:" in line and "error[CT001]: anchors and aliases" in line


def write_book(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_an_alias_in_a_book_is_refused_and_the_rest_of_the_book_still_loads(tmp_path):
    folder = write_book(tmp_path / "book", {"bomb.yaml": 'passages:\n  "12": &p {title: Loop}\n  "13": *p\n',
                                           "fine.yaml": 'passages:\n  "14": {title: Fine}\n'})
    book = load_book(folder)
    assert [(d.code, d.line) for d in book.errors] == [("CT001", 3)] and "14" in book.passages


# -- size caps --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def comments_50mb(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("big") / "comments.yaml"
    with open(path, "wb") as f:
        line = b"# a comment, and another, and another\n"
        f.write(line * (50 * MB // len(line) + 1))
        f.truncate(50 * MB)
    return path


def test_a_50_mb_scenario_of_comments_is_refused_from_its_size(comments_50mb, monkeypatch):
    monkeypatch.setattr(reading, "decode", _never)  # refused from its size: never read, never decoded
    (line,) = refusal(load_scenario, comments_50mb)
    assert line == (f"{comments_50mb}:1:1: error[CT008]: 52,428,800 bytes is more than a content file may hold "
                    "(1 MB); is this the right file?")


def test_a_50_mb_campaign_file_of_comments_is_refused_from_its_size(comments_50mb):
    (line,) = refusal(read_campaign, comments_50mb)
    assert "error[CT008]: 52,428,800 bytes is more than a campaign file may hold (1 MB)" in line


def test_a_book_folder_with_a_50_mb_file_of_comments_is_refused_from_its_size(comments_50mb, tmp_path):
    folder = write_book(tmp_path / "book", {"fine.yaml": 'passages:\n  "14": {title: Fine}\n'})
    (folder / "huge.yaml").symlink_to(comments_50mb)
    (line,) = refusal(load_book, folder, strict=True)
    assert line == (f"{folder}:1:1: error[CT008]: more than 8 MB of YAML files; a Book of Secrets folder holds "
                    "at most that much; is this the right folder?")


def test_a_book_file_over_its_cap_is_refused_and_its_neighbours_still_load(tmp_path):
    folder = write_book(tmp_path / "book", {"fine.yaml": 'passages:\n  "14": {title: Fine}\n',
                                           "huge.yaml": "# a comment\n" * (5 * MB // 12)})
    book = load_book(folder)
    (error,) = book.errors
    assert str(error) == (f"{folder}/huge.yaml:1:1: error[CT008]: 5,242,872 bytes is more than a Book of Secrets "
                          "file may hold (4 MB); is this the right file?") and "14" in book.passages


def test_a_50_mb_card_file_of_comments_is_refused_from_its_size(comments_50mb, tmp_path):
    scenario = beside_a_board(tmp_path, "cards", "huge.yaml", b"")
    (tmp_path / "cards" / "huge.yaml").unlink()
    (tmp_path / "cards" / "huge.yaml").symlink_to(comments_50mb)
    (line,) = refusal(load_scenario, scenario)
    assert "huge.yaml:1:1: error[CT008]: 52,428,800 bytes is more than a content file may hold" in line


def test_an_endless_file_is_read_no_further_than_the_cap():
    (line,) = refusal(load_scenario, "/dev/zero")
    assert line == ("/dev/zero:1:1: error[CT008]: the file goes on past 1 MB, more than a content file may hold; "
                    "is this the right file?")


def test_too_many_values_and_too_deep_nesting_are_refused_before_the_slow_reader_runs(tmp_path):
    many = tmp_path / "many.yaml"
    many.write_text("x:\n" + "".join(f"  k{i}: {i}\n" for i in range(20_000)), encoding="utf-8")
    (line,) = refusal(load_scenario, many)
    assert "error[CT008]: more than 10,000 values in one file" in line
    deep = tmp_path / "deep.yaml"
    deep.write_text("x: " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    (line,) = refusal(load_scenario, deep)
    assert "error[CT001]: nested more than" in line


def test_a_book_folder_at_the_root_of_the_disk_is_refused_at_once(monkeypatch):
    walked = []
    real_walk = reading.os.walk

    def counting_walk(*args, **kwargs):
        for step in real_walk(*args, **kwargs):
            walked.append(step[0])
            yield step

    monkeypatch.setattr(reading.os, "walk", counting_walk)
    (line,) = refusal(load_book, "/", strict=True)
    assert line.startswith("/:1:1: error[CT008]: more than") and line.endswith("is this the right folder?")
    assert len(walked) <= reading.MAX_BOOK_ENTRIES  # it stopped at a cap, not at the end of the disk


def test_a_book_of_more_files_than_a_book_may_hold_is_refused(tmp_path):
    for i in range(reading.MAX_BOOK_FILES + 1):
        (tmp_path / f"p{i}.yaml").write_text(f'passages:\n  "{i}": {{title: Room}}\n', encoding="utf-8")
    (line,) = refusal(load_book, tmp_path, strict=True)
    assert "error[CT008]: more than 1,000 YAML files; a Book of Secrets folder holds at most that many" in line


def test_links_that_loop_and_files_that_are_not_files_are_walked_past(tmp_path):
    import os

    (tmp_path / "well.yaml").write_text('passages:\n  "12": {title: Well}\n', encoding="utf-8")
    (tmp_path / "again").symlink_to(tmp_path, target_is_directory=True)
    os.mkfifo(tmp_path / "trap.yaml")  # opening it would wait for a writer for ever
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    book = load_book(tmp_path, strict=True)
    assert list(book.passages) == ["12"] and book.files == 1


def _never(*args, **kwargs):
    raise AssertionError("the file was read")


# -- not UTF-8 --------------------------------------------------------------------------------------
LATIN1 = "# Scénario\nruleset: legacy\nboard: tiny-legacy\n".encode("latin-1")  # é is byte 5, line 1 col 5


def test_a_scenario_that_is_not_utf8_names_the_first_bad_byte(tmp_path):
    path = tmp_path / "scenario.yaml"
    path.write_bytes(LATIN1)
    assert refusal(load_scenario, path) == [f"{path}:1:5: error[CT000]: not UTF-8 (byte 5)"]


def test_a_book_file_that_is_not_utf8_names_the_first_bad_byte(tmp_path):
    (tmp_path / "well.yaml").write_bytes('passages:\n  "12":\n    title: Café\n'.encode("latin-1"))
    assert [str(d) for d in load_book(tmp_path).errors] == [f"{tmp_path}/well.yaml:3:15: error[CT000]: not UTF-8 (byte 33)"]


def test_a_campaign_file_that_is_not_utf8_names_the_first_bad_byte(tmp_path):
    path = tmp_path / "campaign.yaml"
    path.write_bytes("version: 2\nname: Café\n".encode("latin-1"))
    assert refusal(read_campaign, path) == [f"{path}:2:10: error[CF001]: the file is not UTF-8 (byte 21)"]


def test_a_card_file_that_is_not_utf8_names_the_first_bad_byte(tmp_path):
    scenario = beside_a_board(tmp_path, "cards", "cafe.yaml",
                              "cards:\n  - id: cafe\n    name: Café\n".encode("latin-1"))
    assert refusal(load_scenario, scenario) == [f"{tmp_path}/cards/cafe.yaml:3:14: error[CT000]: not UTF-8 (byte 34)"]


def test_a_board_file_that_is_not_utf8_names_the_first_bad_byte(tmp_path):
    scenario = beside_a_board(tmp_path, "boards", "foret.yaml", "id: foret\nname: La forêt\n".encode("latin-1"))
    assert refusal(load_scenario, scenario) == [f"{tmp_path}/boards/foret.yaml:2:13: error[CT000]: not UTF-8 (byte 23)"]


def test_a_utf16_file_is_not_utf8_from_its_first_byte(tmp_path):
    path = tmp_path / "scenario.yaml"
    path.write_bytes("ruleset: legacy\n".encode("utf-16"))
    assert refusal(load_scenario, path) == [f"{path}:1:1: error[CT000]: not UTF-8 (byte 1)"]


def test_lint_names_the_bad_byte_too(tmp_path):
    from clank_story.authoring.lint import lint

    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "cafe.yaml").write_bytes("cards:\n  - id: cafe\n    name: Café\n".encode("latin-1"))
    (line,) = [str(d) for d in lint([tmp_path / "cards" / "cafe.yaml"]).errors]
    assert line.endswith("cafe.yaml:3:14: error[CT000]: not UTF-8 (byte 34)")


# -- translation overlays ---------------------------------------------------------------------------
HOSTILE_OVERLAYS = {
    "an alias bomb": (FILES / "alias-bomb-cards.yaml").read_bytes(),
    "a file far too big": b"# a comment\n" * (5 * MB // 12),
    "a file that is not UTF-8": "cards:\n  cafe: {name: Café}\n".encode("latin-1"),
    "deep nesting": b"x: " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
}


def _overlays(root: Path, name: str, data: bytes) -> None:
    (root / "locale" / "ja").mkdir(parents=True)
    (root / "locale" / "ja" / name).write_bytes(data)


@pytest.mark.parametrize("kind", list(HOSTILE_OVERLAYS))
def test_a_hostile_translation_of_content_is_refused_and_the_game_stays_in_english(tmp_path, kind):
    from clank_story.content import translate

    _overlays(tmp_path, "content.yaml", HOSTILE_OVERLAYS[kind])
    assert translate.overlay(tmp_path, "ja") == {}


@pytest.mark.parametrize("kind", list(HOSTILE_OVERLAYS))
def test_a_hostile_translation_of_a_campaign_is_refused_and_the_game_stays_in_english(tmp_path, kind):
    from clank_story.campaign import translation

    _overlays(tmp_path, "campaign.yaml", HOSTILE_OVERLAYS[kind])
    assert translation.overlay(tmp_path, "ja") == {}


@pytest.mark.parametrize("kind", list(HOSTILE_OVERLAYS))
def test_a_hostile_translation_of_a_book_is_refused_and_its_passages_stay_in_english(tmp_path, kind):
    from clank_story.story import translation

    _overlays(tmp_path, "book.yaml", HOSTILE_OVERLAYS[kind])
    assert translation.overlay(tmp_path, "ja") == ({}, {})


def test_translations_within_the_caps_are_read(tmp_path):
    from clank_story.content import translate
    from clank_story.story import translation

    _overlays(tmp_path, "content.yaml", "cards:\n  lantern: {name: ランタン}\n".encode())
    (tmp_path / "locale" / "ja" / "book.yaml").write_text('passages:\n  "12": {title: 井戸}\n', encoding="utf-8")
    assert translate.overlay(tmp_path, "ja") == {"cards": {"lantern": {"name": "ランタン"}}}
    assert translation.overlay(tmp_path, "ja")[0] == {"12": {"title": "井戸"}}
