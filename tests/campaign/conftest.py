"""Fixtures for the campaign layer: definitions, fresh campaign files, and short scripted games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from clank_story.campaign.definition import Definition, load_definition
from clank_story.campaign.lifecycle import GameResult, GameSetup, new_campaign, result_from_game
from clank_story.campaign.model import Campaign
from clank_story.campaign.setup import campaign_position
from clank_story.campaign.store import CampaignFile, create_campaign
from clank_story.table.session import Session

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def mini() -> Definition:
    """tests/campaign/data/mini: three games on Brackenmoor, promotions at 3 / 6 / 9 checkmarks."""
    return load_definition(DATA / "mini")[0]


@pytest.fixture(scope="session")
def gilt() -> Definition:
    return load_definition("gilt-and-gristle")[0]


@pytest.fixture
def fresh(mini: Definition) -> Campaign:
    """Ana (a person) and Rex (a bot rival) at the start of the mini campaign."""
    return new_campaign(mini, "The Test Branch", ["Ana"], rivals=1)


@pytest.fixture
def campaign_file(tmp_path: Path, fresh: Campaign) -> CampaignFile:
    return create_campaign(tmp_path / "franchise.yaml", fresh)


Play = Callable[[GameSetup, str, Sequence[str]], tuple[Session, GameResult]]


@pytest.fixture
def play(mini: Definition) -> Play:
    """Play one campaign game from a scenario (text) with the campaign's ruleset; the human seat's
    commands are given, bot seats play themselves; the game must end."""

    def run(setup: GameSetup, scenario: str, commands: Sequence[str] = ()) -> tuple[Session, GameResult]:
        session = Session.start(campaign_position(setup, mini, scenario=scenario, seed=3))
        session.opening()
        for command in commands:
            session.do(command)
        assert session.game.over, "the scripted game should have ended"
        return session, result_from_game(session.game)

    return run
