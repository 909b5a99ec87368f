"""A game that cannot start on bad content says so before anything is played (issue #18): `run --book`
with a broken book is a content error, exit 2, with every `path:line:col` diagnostic and no line of
play; a run that fails to start leaves the campaign file byte for byte as it was; a script that is
not UTF-8, or far too big, is refused with a sentence."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from clank_story.cli.main import cli
from clank_story.table.opening import OneShot, Options, StartError, open_game

DATA = Path(__file__).parents[1] / "data"
SCENARIO = DATA / "scenarios" / "story-well.yaml"
WALK = DATA / "book" / "well-walk.script"
FILES = DATA / "hostile" / "files"


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLANK_STORY_CACHE", str(tmp_path / "cache"))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["run", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def broken_book(tmp_path: Path) -> Path:
    """The test book, with two files broken in two ways."""
    folder = tmp_path / "book"
    shutil.copytree(DATA / "book", folder)
    (folder / "bad-effect.yaml").write_text('passages:\n  "30":\n    effects: [{gian_card: lantern}]\n',
                                            encoding="utf-8")
    (folder / "bad-template.yaml").write_text('passages:\n  "31":\n    text: |\n      {% if me.gold %}Rich.\n',
                                              encoding="utf-8")
    return folder


def test_run_with_a_broken_book_exits_2_with_every_diagnostic_before_play(tmp_path):
    book = broken_book(tmp_path)
    status, out, err = run(str(WALK), "--scenario", str(SCENARIO), "--book", str(book))
    assert status == 2 and out == ""  # not a line of the game was played
    assert f"{book}/bad-effect.yaml:3:16: error[BS" in err and "gian_card" in err
    assert f"{book}/bad-template.yaml:4:" in err and "error[BS030]" in err


def test_the_same_book_once_mended_plays(tmp_path):
    book = broken_book(tmp_path)
    (book / "bad-effect.yaml").unlink()
    (book / "bad-template.yaml").unlink()
    status, out, err = run(str(WALK), "--scenario", str(SCENARIO), "--book", str(book))
    assert status == 0, err
    assert "Old Well" in out


def test_a_one_shot_game_at_the_prompt_refuses_a_broken_book_too(tmp_path):
    with pytest.raises(StartError, match=r"bad-effect\.yaml:3:16: error\[BS"):
        open_game(OneShot(scenario=str(SCENARIO), book=str(broken_book(tmp_path))), Options(save=False))


def test_a_book_the_game_reads_on_its_own_stays_lenient_and_apologises_in_play(tmp_path):
    """Not given by hand: a saved game's book is read leniently, so a broken page never locks a person
    out of a game in progress (the broken passage apologises when reached)."""
    from clank_story.table.opening import one_shot_setup, position_of, session_for

    setup = one_shot_setup(OneShot(scenario=str(SCENARIO), book=str(broken_book(tmp_path))))
    session = session_for(setup, position_of(setup))
    assert "30" in session.router.book.broken and "12" in session.router.book.passages


def test_a_campaign_game_refuses_a_broken_book_given_by_hand(tmp_path, make_campaign):
    campaign = make_campaign()
    before = campaign.read_bytes()
    status, out, err = run("-", "--campaign", str(campaign), "--book", str(broken_book(tmp_path)), stdin="")
    assert (status, out) == (2, "") and "bad-effect.yaml:3:16: error[BS" in err
    assert campaign.read_bytes() == before


def test_run_with_the_whole_disk_as_its_book_is_refused_at_once():
    status, out, err = run("-", "--scenario", str(SCENARIO), "--book", "/", stdin="")
    assert status == 2 and out == ""
    assert err.startswith("/:1:1: error[CT008]: more than")


# -- a failed start does not touch the campaign file ---------------------------------------------
def _broken_inputs(tmp_path: Path) -> dict[str, list[str]]:
    def file(name: str, data: bytes) -> str:
        path = tmp_path / name
        path.write_bytes(data)
        return str(path)

    empty = file("empty.script", b"")
    return {
        "an alias bomb scenario": [empty, "--scenario", str(FILES / "alias-bomb-scenario.yaml")],
        "a scenario that is not UTF-8": [empty, "--scenario", str(FILES / "latin1-scenario.yaml")],
        "a scenario far too big": [empty, "--scenario", file("big.yaml", b"# x\n" * (2 * 1024 * 1024))],
        "a scenario that is endless": [empty, "--scenario", "/dev/zero"],
        "a script that is not UTF-8": [str(FILES / "latin1.script")],
        "a script far too big": ["/dev/zero"],
        "a book that is not a folder": [empty, "--book", str(tmp_path / "nowhere")],
        "the whole disk as a book": [empty, "--book", "/"],
    }


BROKEN = ["an alias bomb scenario", "a scenario that is not UTF-8", "a scenario far too big", "a scenario that is endless",
          "a script that is not UTF-8", "a script far too big", "a book that is not a folder", "the whole disk as a book"]


@pytest.mark.parametrize("kind", BROKEN)
def test_a_run_that_fails_to_start_leaves_the_campaign_file_byte_for_byte(tmp_path, make_campaign, kind):
    campaign = make_campaign()
    before, stamp = campaign.read_bytes(), campaign.stat().st_mtime_ns
    args = _broken_inputs(tmp_path)[kind]
    status, _, err = run(args[0], "--campaign", str(campaign), *args[1:])
    assert status == 2 and err.strip(), err
    assert "Traceback" not in err
    assert campaign.read_bytes() == before and campaign.stat().st_mtime_ns == stamp
    assert sorted(p.name for p in campaign.parent.iterdir() if p.name.startswith(campaign.stem)) == [campaign.name]


# -- scripts --------------------------------------------------------------------------------------
def test_a_script_that_is_not_utf8_names_the_first_bad_byte(tmp_path):
    script = tmp_path / "café.script"
    script.write_bytes("play all\n# café\n".encode("latin-1"))
    status, out, err = run(str(script), "--scenario", str(SCENARIO))
    assert (status, out) == (2, "") and err == f"{script}: not UTF-8 (byte 15)\n"


def test_a_script_on_stdin_that_is_not_utf8_names_the_first_bad_byte():
    result = CliRunner().invoke(cli, ["run", "-", "--scenario", str(SCENARIO)], input=b"play all\n\xff\n")
    assert result.exit_code == 2 and result.stderr == "-: not UTF-8 (byte 10)\n"


def test_an_endless_script_is_read_no_further_than_its_cap():
    status, out, err = run("/dev/zero", "--scenario", str(SCENARIO))
    assert (status, out) == (2, "")
    assert err == "/dev/zero: more than 4 MB is more than a script may hold; is this the right file?\n"


def test_a_script_within_its_cap_is_run(tmp_path):
    script = tmp_path / "long.script"
    script.write_text("# a comment\n" * 300_000 + "play all\n", encoding="utf-8")  # 3.6 MB
    assert os.path.getsize(script) < 4 * 1024 * 1024
    status, out, err = run(str(script), "--scenario", str(SCENARIO))
    assert status == 0 and "Sidestep" in out, err
