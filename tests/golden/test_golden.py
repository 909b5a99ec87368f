"""Golden transcripts: whole seeded games replayed through `clank-story run` and compared byte for
byte: one per ruleset (scripts written by make_script.py), and a short legacy game with the test Book
of Secrets (story.txt, written by hand: a passage read, answered and followed). After an intended
change of rules, bots or prose, rewrite them with

    UPDATE_GOLDEN=1 python -m pytest tests/golden

and read the diff before committing it. (make_script.py writes the command scripts themselves.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
GAMES = ["legacy", "classic", "story"]
OPTIONS = {"story": ["--book", "tests/data/book"]}  # more `run` options, by game
# The same scripts told in the other languages: a script's commands are the same in every language.
TRANSLATED = [("classic", "ja"), ("legacy", "ja"), ("classic", "pt-BR"), ("legacy", "pt-BR")]


def replay(name: str, lang: str = "en") -> subprocess.CompletedProcess:
    env = {**os.environ, "CLANK_STORY_CACHE": "off", "PYTHONHASHSEED": "0"}
    return subprocess.run(
        [sys.executable, "-m", "clank_story", "run", f"tests/golden/{name}.txt", "--scenario", f"tests/golden/{name}.yaml",
         *OPTIONS.get(name, []), "--lang", lang],
        cwd=ROOT, env=env, capture_output=True, check=False)


@pytest.mark.parametrize(("name", "lang"), [(g, "en") for g in GAMES] + TRANSLATED)
def test_a_whole_game_tells_the_same_story_byte_for_byte(name: str, lang: str):
    result = replay(name, lang)
    assert result.returncode == 0, result.stderr.decode()
    assert b"prose narration failed" not in result.stderr
    golden = HERE / (f"{name}.out" if lang == "en" else f"{name}.{lang}.out")
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.write_bytes(result.stdout)
    assert result.stdout == golden.read_bytes(), f"{golden} differs; if the change is intended: UPDATE_GOLDEN=1"


@pytest.mark.parametrize("name", GAMES)
def test_a_golden_game_is_played_to_its_end(name: str):
    text = (HERE / f"{name}.out").read_text(encoding="utf-8")
    assert "The game is over" in text or "And that is the end" in text
    assert (HERE / f"{name}.txt").read_text(encoding="utf-8").rstrip().endswith("expect game.over")


def test_the_golden_games_read_the_book_of_secrets_and_answer_it():
    """A bot reads a waypoint's passage and answers it (legacy); a person does, by `choose N` (story)."""
    legacy = (HERE / "legacy.out").read_text(encoding="utf-8")
    assert "~ The Creaking Old Mill ~ (Mags reads)" in legacy and "Mags chooses: " in legacy
    story = (HERE / "story.out").read_text(encoding="utf-8")
    assert "~ The Old Well ~\n" in story and "(answer with `choose 1`-`choose 3`)" in story
    assert "You choose: Climb down the rope." in story and "~ The Bottom of the Well ~" in story
