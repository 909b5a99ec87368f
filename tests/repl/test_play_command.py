"""`clank-story play` with piped input: plain lines, no prompt_toolkit, EOF saves and quits."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from playtools import CORRIDOR

from clank_story.cli.main import cli
from clank_story.repl.start import PlayOptions as Options
from clank_story.repl.start import wants_color


def play(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["play", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_play_with_no_options_plays_the_next_game_of_the_default_campaign(private_data_dir: Path):
    status, out, err = play(stdin="look\n")
    assert (status, err) == (0, "")
    assert out.splitlines()[0].startswith("Gilt & Gristle, Licensed Retrieval — a legacy game on Brackenmoor")
    assert "Your rivals: Mirela Quillfeather (random) and Barnaby Snitch (random)." in out
    assert "~ Game 1: Orientation Day ~" in out  # the campaign's first prologue
    assert (private_data_dir / "campaign.yaml").exists()
    assert out.endswith(f"Game saved in the campaign file {private_data_dir / 'campaign.yaml'}. "
                        "`clank-story play` picks it up again.\n")


def test_the_end_of_input_saves_and_quits_without_waiting(private_data_dir: Path):
    status, out, _ = play("--ruleset", "legacy", "--seed", "4")
    assert status == 0 and "Game saved" in out
    assert (private_data_dir / "saves" / "brackenmoor-1.json").exists()


def test_the_campaign_game_resumes_where_it_was_left(private_data_dir: Path):
    play("--seed", "4", stdin="choose 1\n")
    status, out, _ = play(stdin="hand\n")
    assert status == 0 and out.startswith("Welcome back.") and "(seed 4)" in out.splitlines()[0]


def test_the_next_play_resumes_the_saved_game(private_data_dir: Path):
    play("--seed", "4", "--name", "Ana", stdin="play all\n")
    status, out, _ = play("--resume", stdin="hand\n")
    assert status == 0
    assert out.startswith("Welcome back. Your game on Brackenmoor and the Ledger Caverns resumes at turn 1 (seed 4).")
    assert "> hand\nYour hand is empty." in out


def test_options_choose_the_ruleset_board_rivals_seed_and_name():
    status, out, _ = play("--ruleset", "classic", "--rivals", "1", "--seed", "12", "--name", "Pip",
                          stdin="status\n")
    assert status == 0
    assert out.startswith("Gilt & Gristle, Licensed Retrieval — a classic game on The Cinder Halls of Vorsacht (seed 12).")
    assert "Your rivals: Mags Pennywhistle (random)." in out
    assert "▸ Pip — Service Entrance" in out


def test_the_same_seed_gives_the_same_game():
    first = play("--ruleset", "legacy", "--seed", "21", stdin="play all\nend\n")[1]
    second = play("--ruleset", "legacy", "--seed", "21", stdin="play all\nend\n")[1]
    assert second.replace("brackenmoor-2", "brackenmoor-1") == first  # each in a slot of its own


def test_a_scenario_can_be_played(private_data_dir: Path):
    status, out, _ = play("--scenario", str(CORRIDOR), stdin="play all\nmove den\n1\nlook\n")
    assert status == 0
    assert "> move den\nThe path to Den has a monster. Spend how many Swords (0-1)?" in out
    assert "Swords (0-1) [1]: 1\n" in out
    assert "Turn 1. You are in Den." in out


def test_rivals_can_be_any_bot_strategy():
    status, out, _ = play("--bot", "greedy", "--seed", "2", "--rivals", "1")
    assert status == 0 and "(greedy)" in out


@pytest.mark.parametrize(("args", "says"), [
    (["--resume"], "there is no saved one-shot game to resume"),
    (["--resume", "nowhere-7"], "there is no saved game called 'nowhere-7'"),
    (["--resume", "--seed", "3"], "--resume continues a saved game as it was"),
    (["--rivals", "4"], "--rivals 4: a game seats you and 0 to 3 rivals"),
    (["--board", "atlantis"], "no board 'atlantis'"),
    (["--bot", "telepath"], "--bot telepath: unknown bot strategy 'telepath'"),
])
def test_bad_options_are_refused_with_status_2(args: list[str], says: str):
    status, _, err = play(*args)
    assert status == 2 and says in err


def test_colour_is_off_with_no_color_or_the_option(monkeypatch):
    assert wants_color(Options())
    assert not wants_color(Options(no_color=True))
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_color(Options())


def test_play_is_listed_in_the_help():
    result = CliRunner().invoke(cli, ["play", "--help"])
    assert result.exit_code == 0 and "--rivals N" in result.stdout and "--scenario" not in result.stdout
