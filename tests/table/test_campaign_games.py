"""A campaign game is kept in its own campaign file, whether it is typed or scripted, and only one
process at a time may play a campaign: no game of any campaign is ever lost or told twice."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
from click.testing import CliRunner

from clank_story.campaign.store import read_campaign
from clank_story.cli.main import cli

FIRST_TURN = "choose 1\nplay all\nend\n"  # game 1 opens with a choice in its prologue


def run(campaign: Path, script: str, *args: str, tmp: Path | None = None):
    path = (tmp or campaign.parent) / "script.txt"
    path.write_text(script)
    return CliRunner().invoke(cli, ["run", str(path), "--campaign", str(campaign), *args])


def play(*args: str, stdin: str = ""):
    return CliRunner().invoke(cli, ["play", *args], input=stdin)


def in_progress(campaign: Path) -> dict | None:
    return read_campaign(campaign).campaign.in_progress


def test_each_campaign_keeps_its_own_game_in_progress(make_campaign, private_data_dir: Path):
    first = play("--seed", "4", stdin="choose 1\nplay all\nquit\n")
    assert first.exit_code == 0, first.stderr
    other = make_campaign("other.yaml")
    second = play("--campaign", str(other), "--seed", "9", stdin=FIRST_TURN + "quit\n")
    assert second.exit_code == 0, second.stderr
    back = play(stdin="hand\nquit\n")  # the default campaign again
    assert back.stdout.startswith("Welcome back. Your game on Brackenmoor and the Ledger Caverns resumes at turn 1 "
                                  "(seed 4).")
    assert in_progress(private_data_dir / "campaign.yaml")["setup"]["seed"] == 4
    assert in_progress(other)["setup"]["seed"] == 9
    assert not (private_data_dir / "saves").exists() or not list((private_data_dir / "saves").iterdir())


def test_quitting_a_campaign_game_names_the_command_that_continues_it(make_campaign):
    campaign = make_campaign()
    result = play("--campaign", str(campaign), "--seed", "2", stdin="quit\n")
    assert result.stdout.rstrip().endswith(
        f"Game saved in the campaign file {campaign}. `clank-story play --campaign {campaign}` picks it up again.")


def test_a_script_that_stops_mid_game_leaves_it_for_play_to_continue(make_campaign):
    campaign = make_campaign()
    result = run(campaign, FIRST_TURN, "--seed", "3")
    assert result.exit_code == 0, result.stderr
    saved = in_progress(campaign)
    assert saved is not None and saved["options"]["game_number"] == 1
    again = play("--campaign", str(campaign), stdin="quit\n")
    assert again.stdout.startswith("Welcome back.") and "resumes at turn 2 (seed 3)" in again.stdout.splitlines()[0]
    assert read_campaign(campaign).campaign.game_number == 1  # not recorded: it is not over


def test_the_next_run_goes_on_with_the_game_the_last_one_left(make_campaign):
    campaign = make_campaign()
    run(campaign, FIRST_TURN, "--seed", "3")
    result = run(campaign, "play all\nend\nexpect game.turn == 3\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Welcome back.")


def test_commands_after_the_end_are_refused_and_say_the_game_was_recorded(make_campaign):
    campaign = make_campaign(people=(), rivals=2)  # every seat a bot: the game plays to its end at once
    result = run(campaign, "play all\n", "--seed", "1")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{campaign.parent / 'script.txt'}:1: play all: the game is over and was recorded")
    c = read_campaign(campaign).campaign
    assert c.game_number == 2 and len(c.mission_reports) == 1 and c.in_progress is None


def test_set_aside_with_new_the_old_game_is_kept_and_can_come_back(make_campaign):
    campaign = make_campaign()
    run(campaign, FIRST_TURN, "--seed", "3")
    result = play("--campaign", str(campaign), "--new", "--seed", "8", stdin="quit\n")
    assert result.exit_code == 0
    assert ("The game in progress (game 1) was set aside in the save 'ours-yaml-branch-game-1-1': "
            "`clank-story play --resume ours-yaml-branch-game-1-1` brings it back") in result.stdout
    assert in_progress(campaign)["setup"]["seed"] == 8
    run(campaign, "", "--new")  # set that one aside too, for a fresh start the script leaves at once
    listed = CliRunner().invoke(cli, ["saves"]).stdout
    assert "ours-yaml-branch-game-1-1 — a campaign game set aside" in listed


def test_a_different_seed_does_not_replace_the_game_in_progress(make_campaign):
    campaign = make_campaign()
    run(campaign, FIRST_TURN, "--seed", "3")
    result = play("--campaign", str(campaign), "--seed", "99", stdin="quit\n")
    assert result.exit_code == 2
    assert "already in progress (seed 3); `--new` sets it aside" in result.stderr
    assert in_progress(campaign)["setup"]["seed"] == 3


def test_a_symlinked_campaign_is_written_through_its_link(make_campaign, tmp_path: Path):
    real = make_campaign("real.yaml", people=(), rivals=2)
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    result = run(link, "", "--seed", "1")
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink()
    assert read_campaign(real).campaign.game_number == 2


def test_a_read_only_campaign_file_is_refused_before_anything_is_played(make_campaign):
    campaign = make_campaign(people=(), rivals=2)
    before = campaign.read_bytes()
    campaign.chmod(0o444)
    try:
        result = run(campaign, "", "--seed", "1")
    finally:
        campaign.chmod(0o644)
    assert result.exit_code == 2
    assert "the campaign file (or its folder) is read-only" in result.stderr and "chmod u+w" in result.stderr
    assert campaign.read_bytes() == before


def test_a_failed_start_does_not_rewrite_the_campaign_file(make_campaign, tmp_path: Path):
    campaign = make_campaign()
    before = campaign.read_bytes()
    result = run(campaign, "", "--book", str(tmp_path / "no-such-folder"))
    assert result.exit_code == 2
    assert campaign.read_bytes() == before


def test_a_second_process_on_a_campaign_is_refused_and_writes_nothing(make_campaign, tmp_path: Path):
    campaign = make_campaign()
    env = {**os.environ, "CLANK_STORY_LANG": "en", "TERM": "dumb"}
    holder = pexpect.spawn(sys.executable, ["-m", "clank_story", "play", "--campaign", str(campaign), "--seed", "5"],
                           env=env, encoding="utf-8", timeout=60, dimensions=(40, 120))
    try:
        holder.expect("What do you do")  # the first player is at the prompt, holding the campaign
        before = campaign.read_bytes()
        result = run(campaign, FIRST_TURN, tmp=tmp_path)
        assert result.exit_code == 2
        assert f"{campaign} is open in another clank-story (process {holder.pid}" in result.stderr
        assert "the campaign file was not touched" in result.stderr
        assert campaign.read_bytes() == before
    finally:
        holder.sendline("quit")
        holder.expect(pexpect.EOF)
    assert run(campaign, FIRST_TURN, tmp=tmp_path).exit_code == 0  # once it is let go, the next may play


def test_the_end_of_a_game_is_told_in_the_order_it_happens(make_campaign):
    campaign = make_campaign(people=(), rivals=3)
    result = run(campaign, "", "--seed", "11")
    out = result.stdout
    order = ["The game is over" if "The game is over" in out else "And that is the end",
             "~ Contract: Mind the Mill ~", "~ Game 1: The First Debrief ~", "Mission report for game 1",
             "is promoted: Copper Associate!", "~ Copper Associate ~"]
    positions = [out.index(text) for text in order]
    assert positions == sorted(positions), order
    assert "carried to the next game" not in out.split("Mission report")[0]


def test_promotions_are_told_in_the_order_they_were_earned():
    from clank_story.campaign.lifecycle import GameEnd, Reading, Review
    from clank_story.table.ending import in_order

    during = [Reading("copper-passage", "promotion", "Ana", "copper")]  # a passage's checkmark, mid-game
    end = GameEnd(campaign=None, report=None, dran_x=True,  # type: ignore[arg-type]
                  readings=(Reading("silver-passage", "promotion", "Ana", "silver"),
                            Reading("dran-1", "dran", detail="1")),
                  reviews=(Review("Ana", ("scored",), (), ("silver",)), Review("Rex", ("won",), (), ("copper",))))
    order = [(r.passage, r.player, r.detail) for r in in_order(during, end)]
    assert order == [("copper-passage", "Ana", "copper"), ("silver-passage", "Ana", "silver"),
                     ("", "Rex", "copper"), ("dran-1", None, "1")]
