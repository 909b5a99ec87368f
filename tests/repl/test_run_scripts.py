"""`run` scripts tell the same prose as the prompt and accept the looking commands."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from playtools import CORRIDOR

from clank_story.cli.main import cli


def run(tmp_path: Path, script: str) -> tuple[int, str, str]:
    path = tmp_path / "game.txt"
    path.write_text(script)
    result = CliRunner().invoke(cli, ["run", str(path), "--scenario", str(CORRIDOR)])
    return result.exit_code, result.stdout, result.stderr


def test_looking_commands_print_their_answer_after_the_command(tmp_path: Path):
    status, out, err = run(tmp_path, "look\nplay all\nhand\n")
    assert (status, err) == (0, "")
    assert "> look\nTurn 1. You are in Hall." in out
    assert "> hand\nYour hand is empty.\nIn play: Mercenary, Sidestep ×3, Burgle." in out


def test_looking_commands_in_a_script_change_nothing(tmp_path: Path):
    status, _, err = run(tmp_path, "play all\nstatus\nmap\nscore\nrow\nexpect me.boots == 3 and me.space == 'hall'\n")
    assert (status, err) == (0, "")


def test_run_tells_the_same_prose_as_the_prompt(tmp_path: Path, make_loop):
    loop = make_loop(path=CORRIDOR)
    shown = [line.text for line in loop.first if line.tag not in ("info",)]
    for command in ("play all", "move den swords 1", "take artifact"):
        shown += [line.text for line in loop.handle(command).lines]
    _, out, _ = run(tmp_path, "play all\nmove den swords 1\ntake artifact\n")
    assert out == "\n".join(shown) + "\n"


def test_a_refused_looking_command_stops_the_script_at_its_line(tmp_path: Path):
    status, _, err = run(tmp_path, "look\ncard zebra\nend\n")
    assert status == 1
    assert err.startswith(f"{tmp_path / 'game.txt'}:2: card zebra: nothing called 'zebra'")


@pytest.mark.parametrize("verb", ["undo", "save", "quit"])
def test_session_commands_belong_to_the_prompt_not_to_scripts(tmp_path: Path, verb: str):
    status, _, err = run(tmp_path, f"play all\n{verb}\n")
    assert status == 1
    assert err == f"{tmp_path / 'game.txt'}:2: {verb}: `{verb}` works only at the `clank-story play` prompt, not in a script.\n"


def test_reject_accepts_a_refused_looking_command_and_fails_on_an_accepted_one(tmp_path: Path):
    assert run(tmp_path, "reject card zebra\nreject undo\n")[0] == 0
    status, _, err = run(tmp_path, "reject look\n")
    assert status == 1 and "expected 'look' to be refused" in err
