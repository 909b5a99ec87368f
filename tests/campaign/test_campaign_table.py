"""Playing a campaign's games through `run --campaign`: the file changes after every game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from clank_story.campaign.definition import DEFAULT_DEFINITION, load_definition
from clank_story.campaign.lifecycle import new_campaign
from clank_story.campaign.store import create_campaign, read_campaign
from clank_story.campaign_table import finish_game, open_table

DEFINITION, _ = load_definition(DEFAULT_DEFINITION)


def all_bot_campaign(path: Path) -> Path:
    create_campaign(path, new_campaign(DEFINITION, "Test Branch", players=[], rivals=3))
    return path


def run_next_game(tmp_path: Path, campaign: Path, seed: int) -> subprocess.CompletedProcess:
    script = tmp_path / "empty.txt"
    script.write_text("")
    return subprocess.run([sys.executable, "-m", "clank_story", "run", str(script), "--campaign", str(campaign),
                           "--seed", str(seed)], capture_output=True, text=True, timeout=120)


def test_each_run_plays_the_next_campaign_game_and_writes_it_down(tmp_path):
    campaign = all_bot_campaign(tmp_path / "c.yaml")
    text = campaign.read_text()
    campaign.write_text("# our branch, est. this morning\n" + text)
    for game in (1, 2):
        result = run_next_game(tmp_path, campaign, seed=game)
        assert result.returncode == 0, result.stderr
        c = read_campaign(campaign).campaign
        assert c.game_number == game + 1 and len(c.mission_reports) == game
        assert "Mission report" in result.stdout or "mission report" in result.stdout.lower()
    assert campaign.read_text().startswith("# our branch, est. this morning\n")


def test_a_campaign_run_is_reproducible(tmp_path):
    a = run_next_game(tmp_path, all_bot_campaign(tmp_path / "a.yaml"), seed=5)
    b = run_next_game(tmp_path, all_bot_campaign(tmp_path / "b.yaml"), seed=5)
    assert a.returncode == b.returncode == 0 and a.stdout == b.stdout


def test_all_ten_games_play_to_the_finale_with_bots(tmp_path):
    path = all_bot_campaign(tmp_path / "ten.yaml")
    for number in range(1, 11):
        table = open_table(path, seed=100 + number)
        assert table.setup.game_number == number
        session = table.session
        events = session.opening()
        assert session.game.over, "every seat is a bot: the game plays to its end"
        events += finish_game(table)
        assert table.closing
        opened = {e.passage for e in events if e.kind == "PassageOpened"}
        epilogue = table.definition.game(number).epilogue
        assert epilogue in opened, f"game {number}: its epilogue {epilogue} was not read"
        assert not [e for e in events if e.kind == "StoryApology"], "an authoring error was met in play"
        c = read_campaign(path).campaign
        assert len(c.mission_reports) == number
    assert read_campaign(path).campaign.game_number == 11


def test_a_games_patron_waits_in_the_reserve(tmp_path):
    path = all_bot_campaign(tmp_path / "p.yaml")
    for number in (1, 2):
        table = open_table(path, seed=number)
        if number == 2:
            assert table.definition.game(2).patron == "widow-marrowby"
            assert table.session.game.ruleset.reserve.get("widow-marrowby") == 1
        table.session.opening()
        finish_game(table)
