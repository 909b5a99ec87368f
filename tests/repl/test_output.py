"""No traceback when the output cannot take the words: a full device or a closed pipe is one sentence
on stderr and exit status 2; an encoding that lacks a character gets a stand-in; a transcript into a
missing folder is refused before anything is played."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parents[1] / "golden"
RUN = [sys.executable, "-m", "clank_story", "run", str(GOLDEN / "classic.txt"), "--scenario",
       str(GOLDEN / "classic.yaml")]


def env(tmp_path: Path, **more: str) -> dict[str, str]:
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "CLANK_STORY_CACHE": "off", **more}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="a device that is always full exists on Linux only")
@pytest.mark.parametrize("args", [RUN, [sys.executable, "-m", "clank_story", "cards"]])
def test_a_full_device_is_one_sentence_and_exit_2(tmp_path: Path, args: list[str]):
    with open("/dev/full", "w") as full:
        done = subprocess.run(args, stdout=full, stderr=subprocess.PIPE, text=True, env=env(tmp_path), timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "clank-story: the output could not be written: the device is full (No space left on device)."]


def test_a_closed_pipe_is_one_sentence_and_exit_2(tmp_path: Path):
    child = subprocess.Popen(RUN, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(tmp_path))
    assert child.stdout is not None and child.stderr is not None
    child.stdout.readline()
    child.stdout.close()  # the reader goes away, as `| head -1` does
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == 2
    assert err.strip().splitlines() == [
        "clank-story: the output was closed before the end (whatever read it stopped reading)."]


@pytest.mark.parametrize("encoding", ["cp1252"])  # (click itself writes UTF-8 where it finds ascii)
def test_an_encoding_that_lacks_a_character_gets_a_stand_in(tmp_path: Path, encoding: str):
    done = subprocess.run([*RUN[:4], "-", "--scenario", str(GOLDEN / "classic.yaml")], input=b"map\nstatus\n",
                          capture_output=True, env=env(tmp_path, PYTHONIOENCODING=encoding), timeout=120)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)
    assert "Traceback" not in done.stderr.decode(encoding, "replace")
    assert "Within 2 steps of" in text and ("└─" not in text) and ("`- " in text or "+- " in text)


def test_a_transcript_into_a_missing_folder_is_refused_before_playing(tmp_path: Path):
    done = subprocess.run([*RUN, "--transcript", str(tmp_path / "no" / "such" / "out.txt")], capture_output=True,
                          text=True, env=env(tmp_path), timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert "there is no folder" in done.stderr and "Traceback" not in done.stderr


def test_stand_ins_for_our_own_symbols():
    from clank_story.cli.output import HANDLER, install_fallback

    install_fallback()
    assert "→ Hall — 1 Boot · ×2 “café”".encode("ascii", HANDLER) == b'-> Hall -- 1 Boot - x2 "cafe"'
    assert "竜".encode("cp1252", HANDLER) == b"?"
