"""The author's loop, end to end, exactly as docs/authoring.md section 1 tells it, from an empty folder:
scaffold, lint --strict, edit a passage, lint again, preview, a scripted moment, a bots-only game to a
winner (`run --campaign`), and one game at the prompt in a real pseudo-terminal."""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

import pexpect
from click.testing import CliRunner

from clank_story.campaign.store import read_campaign
from clank_story.cli.main import cli

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "authoring.md"
CPR_REQUEST = r"\x1b\[6n"


def section_one() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    return text[text.index("## 1. "):text.index("## 2. ")]


def walk_through() -> list[list[str]]:
    """The command blocks the reader types, in order (each marked `<!-- walk-through -->`)."""
    blocks = re.findall(r"<!-- walk-through -->\n```\n(.*?)```", section_one(), re.S)
    return [[line for line in block.splitlines() if line.startswith("clank-story ")] for block in blocks]


def the_edit() -> str:
    """The YAML the guide asks the reader to add to the signpost passage."""
    return re.search(r"```yaml\n(.*?)```", section_one(), re.S).group(1)


def run(line: str):
    words = shlex.split(line)[1:]
    result = CliRunner().invoke(cli, words)
    assert result.exit_code == 0, f"{line}\n{result.stdout}\n{result.stderr}"
    return result


def play_at_the_prompt(line: str, home: Path) -> str:
    """`clank-story play --campaign FILE` in a pty: play every card and end the turn (answering any
    question with its first option) until the game is over; the transcript comes back."""
    config = home / "config.toml"  # `end` never stops to ask about Skill left over: this loop plays on
    config.write_text("confirm_end = false\n", encoding="utf-8")
    env = {**os.environ, "XDG_DATA_HOME": str(home / "data"), "HOME": str(home), "TERM": "xterm",
           "CLANK_STORY_CONFIG": str(config)}
    child = pexpect.spawn(sys.executable, ["-m", "clank_story", *shlex.split(line)[1:], "--seed", "5"],
                          env=env, encoding="utf-8", timeout=30, dimensions=(40, 120), cwd=os.getcwd())
    seen: list[str] = []
    over = False
    for _ in range(400):
        i = child.expect([CPR_REQUEST, "Rage", "The game is over", pexpect.EOF])
        seen.append(child.before)
        if i == 0:
            child.send("\x1b[40;1R")  # where the cursor is, as a real terminal answers
        elif i == 1:  # the toolbar is drawn with every prompt: the game waits for us
            recent = "".join(seen[-3:])
            child.send(("choose 1" if re.search(r"^\s+1\. ", recent, re.M) else "play all\rend") + "\r")
        elif i == 2:
            over = True
            break
        else:
            break
    assert over, "".join(seen)[-2000:]
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    return "".join(seen)


def test_the_guide_walks_an_author_from_an_empty_folder_to_a_played_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    steps = walk_through()
    assert [len(s) for s in steps] == [1, 1, 3, 1, 3, 2]

    (scaffold,), (lint,) = steps[0], steps[1]
    run(scaffold)
    assert run(lint).stdout == ""

    story = Path("the-mill-job/book/story.yaml")
    text = story.read_text()
    anchor = "      - text: Walk on\n"
    story.write_text(text.replace(anchor, anchor + the_edit(), 1))  # the signpost's third arm

    lint_again, choose, rich = steps[2]
    assert run(lint_again).stdout == ""
    shown = run(choose).stdout
    assert "Pay the signpost a coin" in shown and "me.gold >= 1` is false; me.gold = 0" in shown
    assert "1. Pay the signpost a coin" not in shown
    assert "Pay the signpost a coin for a straight answer" in run(rich).stdout.split("not offered")[0]

    (scripted,) = steps[3]
    assert "~ The Old Signpost ~" in run(scripted).stdout

    new_bots, bots, show = steps[4]
    run(new_bots)
    played = run(bots).stdout
    assert "~ First Day on the Valley Road ~" in played and "~ Home Again ~" in played  # its own book
    report = read_campaign("bots.yaml").campaign.mission_reports[0]
    assert report.winner and report.scores[report.winner] > 0
    assert "Next: game 2 of 2" in run(show).stdout

    new_people, play = steps[5]
    run(new_people)
    transcript = play_at_the_prompt(play, tmp_path)
    assert "First Day on the Valley Road" in transcript
    campaign = read_campaign("valley.yaml").campaign
    assert campaign.game_number == 2 and len(campaign.mission_reports) == 1
    assert campaign.definition_folder == "the-mill-job"
