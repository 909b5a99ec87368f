"""Playing a campaign's games at the table (`run --campaign`, `play`): the file changes after every game."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from clank_story.campaign.definition import DEFAULT_DEFINITION, load_definition
from clank_story.campaign.lifecycle import new_campaign
from clank_story.campaign.store import create_campaign, read_campaign
from clank_story.cli.main import cli
from clank_story.table.opening import CampaignGame, Options, open_game

DEFINITION, _ = load_definition(DEFAULT_DEFINITION)


def all_bot_campaign(path: Path) -> Path:
    create_campaign(path, new_campaign(DEFINITION, "Test Branch", players=[], rivals=3))
    return path


def run_next_game(tmp_path: Path, campaign: Path, seed: int):
    script = tmp_path / "empty.txt"
    script.write_text("")
    return CliRunner().invoke(cli, ["run", str(script), "--campaign", str(campaign), "--seed", str(seed)])


def test_each_run_plays_the_next_campaign_game_and_writes_it_down(tmp_path):
    campaign = all_bot_campaign(tmp_path / "c.yaml")
    text = campaign.read_text()
    campaign.write_text("# our branch, est. this morning\n" + text)
    for game in (1, 2):
        result = run_next_game(tmp_path, campaign, seed=game)
        assert result.exit_code == 0, result.stderr
        c = read_campaign(campaign).campaign
        assert c.game_number == game + 1 and len(c.mission_reports) == game
        assert f"Mission report for game {game}" in result.stdout
    assert campaign.read_text().startswith("# our branch, est. this morning\n")


def test_a_campaign_run_is_reproducible(tmp_path):
    a = run_next_game(tmp_path, all_bot_campaign(tmp_path / "a.yaml"), seed=5)
    b = run_next_game(tmp_path, all_bot_campaign(tmp_path / "b.yaml"), seed=5)
    assert a.exit_code == b.exit_code == 0 and a.stdout == b.stdout


def play_one(path: Path, seed: int):
    table = open_game(CampaignGame(str(path), seed), Options(interactive=False))
    heard: list = []
    table.listeners.append(heard.extend)
    try:
        lines = table.opening()
    finally:
        table.close()
    return table, heard, lines


def test_all_ten_games_play_to_the_finale_with_bots(tmp_path):
    path = all_bot_campaign(tmp_path / "ten.yaml")
    for number in range(1, 11):
        table, events, lines = play_one(path, 100 + number)
        assert table.campaign.game_number == number
        assert table.game.over, "every seat is a bot: the game plays to its end"
        assert table.campaign.finished
        opened = {e.passage for e in events if e.kind == "PassageOpened"}
        epilogue = table.campaign.definition.game(number).epilogue
        assert epilogue in opened, f"game {number}: its epilogue {epilogue} was not read"
        assert not [e for e in events if e.kind == "StoryApology"], "an authoring error was met in play"
        c = read_campaign(path).campaign
        assert len(c.mission_reports) == number and c.in_progress is None
    assert read_campaign(path).campaign.game_number == 11
    assert lines[-1].text.startswith("That was the last of the campaign's 10 games")


def test_a_games_patron_waits_in_the_reserve(tmp_path):
    path = all_bot_campaign(tmp_path / "p.yaml")
    for number in (1, 2):
        table, _, _ = play_one(path, number)
        if number == 2:
            assert table.campaign.definition.game(2).patron == "widow-marrowby"
            assert table.game.ruleset.reserve.get("widow-marrowby") == 1
