"""`clank-story run --book DIR`: a scripted walk onto a waypoint, and a broken book that apologises
and plays on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import BOOK
from scenarios import DATA

SCENARIO = DATA / "scenarios" / "story-well.yaml"


def run(*args: str, stdin: str | None = None, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CLANK_STORY_CACHE": str(cache)}
    return subprocess.run([sys.executable, "-m", "clank_story", "run", *args], capture_output=True, text=True,
                          input=stdin, env=env, timeout=120)


def test_a_scripted_walk_onto_a_waypoint_chooses_and_checks_the_effects(tmp_path):
    done = run(str(BOOK / "well-walk.script"), "--scenario", str(SCENARIO), "--book", str(BOOK), cache=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_a_failed_expectation_about_the_story_fails_the_run(tmp_path):
    script = "play all\nmove well\nexpect campaign.flags.met_oma\n"
    done = run("-", "--scenario", str(SCENARIO), "--book", str(BOOK), stdin=script, cache=tmp_path)
    assert done.returncode == 1 and "<stdin>:3:" in done.stderr


def test_an_authoring_error_apologises_logs_the_diagnostic_and_the_game_goes_on(tmp_path):
    book = tmp_path / "book"
    book.mkdir()
    (book / "well.yaml").write_text('passages:\n  "12":\n    text: |\n      {{ "x" * 10**9 }}\n'
                                    "    effects: [{gold: 5}]\n", encoding="utf-8")
    script = "play all\nmove well\nexpect me.gold == 0\nend\nexpect me.name == 'Rex'\n"
    done = run("-", "--scenario", str(SCENARIO), "--book", str(book), stdin=script, cache=tmp_path / "c")
    assert done.returncode == 0, done.stderr
    assert "error[BS202]" in done.stderr and "well.yaml:4:7:" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_missing_book_folder_is_a_usage_error(tmp_path):
    done = run("-", "--scenario", str(SCENARIO), "--book", str(tmp_path / "nope"), stdin="", cache=tmp_path)
    assert done.returncode == 2 and "no such folder" in done.stderr
