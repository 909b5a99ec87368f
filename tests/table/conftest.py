"""Fixtures for games at the table: a private data directory (XDG_DATA_HOME and HOME point into
tmp_path, so no test touches the real one) and campaign files with a person's seat."""

from __future__ import annotations

from pathlib import Path

import pytest
from homes import private_home

from clank_story.campaign.definition import DEFAULT_DEFINITION, load_definition
from clank_story.campaign.lifecycle import new_campaign
from clank_story.campaign.store import create_campaign

DEFINITION, _ = load_definition(DEFAULT_DEFINITION)


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return private_home(tmp_path, monkeypatch)


@pytest.fixture
def make_campaign(tmp_path: Path):
    """make_campaign(name, people=("Ana",), rivals=1) -> the path of a new campaign file."""

    def build(name: str = "ours.yaml", people: tuple[str, ...] = ("Ana",), rivals: int = 1) -> Path:
        path = tmp_path / name
        create_campaign(path, new_campaign(DEFINITION, f"{name} Branch", players=list(people), rivals=rivals))
        return path

    return build
