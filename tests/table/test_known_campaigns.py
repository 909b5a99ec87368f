"""The list of campaigns played here (`saves` reads it): the newest first, each once, and no write
when the campaign played is already the newest (every start used to rewrite and fsync it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from clank_story.table import saves


@pytest.fixture
def writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    written: list[str] = []
    real = saves.atomic_write

    def counting(path: Path, text: str) -> None:
        written.append(text)
        real(path, text)

    monkeypatch.setattr(saves, "atomic_write", counting)
    return written


def test_the_campaign_played_last_comes_first_and_each_is_listed_once(tmp_path, writes):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    saves.remember_campaign(a)
    saves.remember_campaign(b)
    saves.remember_campaign(a)
    assert saves.known_campaigns() == [a, b]
    assert len(writes) == 3


def test_playing_the_newest_campaign_again_writes_nothing(tmp_path, writes):
    a = tmp_path / "a.yaml"
    saves.remember_campaign(a)
    saves.remember_campaign(a)
    saves.remember_campaign(a)
    assert saves.known_campaigns() == [a]
    assert len(writes) == 1
