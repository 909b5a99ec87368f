"""The campaign file's read cache (issue 20): a file read or saved before comes back from the cache as
exactly what reading it gives, its round-trip document is parsed only to save, and any change to
the file's text reads the file itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from clank_story.campaign.model import MissionReport
from clank_story.campaign.store import read_campaign
from clank_story.content.readcache import entry_file


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CLANK_STORY_CACHE", str(folder))
    return folder


def _uncached(path: Path, monkeypatch: pytest.MonkeyPatch):
    with monkeypatch.context() as m:
        m.setenv("CLANK_STORY_CACHE", "off")
        return read_campaign(path)


def _a_game_later(cf) -> None:
    c = cf.campaign
    c.game_number += 1
    c.mission_reports.append(MissionReport(c.game_number - 1, "brackenmoor", {"Ana": 9, "Rex": 4}, "Ana"))
    c.flags[f"flag{c.game_number}"] = True
    c.in_progress = {"turn": 2, "players": [{"name": "Ana", "hand": ["burgle"]}], "rng": [3, [1, 2], None]}
    cf.save(c)


def test_a_saved_file_reads_back_from_the_cache_as_the_file_itself_reads(campaign_file, own_cache, monkeypatch):
    _a_game_later(campaign_file)
    cached = read_campaign(campaign_file.path)
    assert cached._doc is None, "read from the cache: the round-trip document is not parsed"
    fresh = _uncached(campaign_file.path, monkeypatch)
    assert cached.campaign == fresh.campaign and cached.migrated_from == fresh.migrated_from
    assert cached.text() == fresh.text()


def test_a_file_changed_by_hand_is_read_afresh(campaign_file, own_cache):
    read_campaign(campaign_file.path)
    text = campaign_file.path.read_text(encoding="utf-8")
    campaign_file.path.write_text(text.replace("The Test Branch", "The Moor Branch"), encoding="utf-8")
    assert read_campaign(campaign_file.path).campaign.franchise == "The Moor Branch"


def test_a_save_after_a_cached_read_keeps_the_comments(campaign_file, own_cache):
    path = campaign_file.path
    text = path.read_text(encoding="utf-8").replace("flags: {}", "flags: {}   # set by the book")
    path.write_text("# my own notes\n" + text, encoding="utf-8")
    read_campaign(path)  # parsed, and remembered
    cf = read_campaign(path)
    assert cf._doc is None
    _a_game_later(cf)
    saved = path.read_text(encoding="utf-8")
    assert "# my own notes" in saved and "# set by the book" in saved
    assert read_campaign(path).campaign.game_number == 2


def test_a_damaged_cache_entry_is_ignored(campaign_file, own_cache, monkeypatch):
    read_campaign(campaign_file.path)
    entry = entry_file("campaigns", campaign_file.path)
    assert entry is not None and entry.exists()
    entry.write_text('{"key": "', encoding="utf-8")
    assert read_campaign(campaign_file.path).campaign == _uncached(campaign_file.path, monkeypatch).campaign


def test_a_file_that_cannot_be_read_is_never_taken_from_the_cache(campaign_file, own_cache):
    from clank_story.campaign.model import CampaignError

    read_campaign(campaign_file.path)
    text = campaign_file.path.read_text(encoding="utf-8")
    campaign_file.path.write_text(text.replace("game_number: 1", "game_number: one"), encoding="utf-8")
    with pytest.raises(CampaignError):
        read_campaign(campaign_file.path)
