"""Older campaign files are brought up to date one version at a time, keeping their comments; a file
from a newer clank-story is refused and left alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from clank_story.campaign.migrations import MIGRATIONS
from clank_story.campaign.model import SCHEMA_VERSION, CampaignError
from clank_story.campaign.store import backup_path, read_campaign

DATA = Path(__file__).parent / "data"


def copy_of(name: str, tmp_path: Path) -> Path:
    path = tmp_path / "franchise.yaml"
    shutil.copy(DATA / name, path)
    return path


def test_every_older_version_has_a_migration_and_a_sample_file() -> None:
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION))
    for version in MIGRATIONS:
        assert (DATA / f"v{version}.yaml").is_file()


@pytest.mark.parametrize("version", sorted(MIGRATIONS))
def test_each_older_version_reads_as_the_current_one(version: int, tmp_path: Path) -> None:
    cf = read_campaign(copy_of(f"v{version}.yaml", tmp_path))
    assert cf.migrated_from == version
    assert cf.doc["schema_version"] == SCHEMA_VERSION
    assert cf.campaign.franchise == "The Brackenmoor Branch"


def test_version_1_moves_every_field_to_its_version_2_name(tmp_path: Path) -> None:
    c = read_campaign(copy_of("v1.yaml", tmp_path)).campaign
    assert (c.definition, c.franchise, c.game_number) == ("gilt-and-gristle", "The Brackenmoor Branch", 2)
    ana, mirela = c.players
    assert (ana.characters, ana.bot, ana.status.checkmarks, ana.status.level) == (["Pennywise Thrupp"], None, 3, "copper")
    assert ana.goals.ticked == ["home-for-tea"] and ana.goals.rows_done == []
    assert (mirela.bot, mirela.status.level) == ("random", "none")
    assert c.mission_reports[0].winner == "Ana" and c.mission_reports[0].notes == "Mirela got lost."
    assert c.contract_row == ["mind-the-mill"] and c.passages_seen == ["prologue-1", "101"]
    assert c.destroyed_cards == ["bog-imp"] and c.dran_track == [1]
    assert c.stickers[0].id == "turnip-tithe" and c.unlocked_rules == [] and c.in_progress is None
    assert (c.flags, c.counters) == ({"met_oma": True}, {"favours": 2})


def test_a_migrated_file_keeps_its_comments_and_is_rewritten_only_by_a_save(tmp_path: Path) -> None:
    path = copy_of("v1.yaml", tmp_path)
    original = path.read_text(encoding="utf-8")
    cf = read_campaign(path)
    assert path.read_text(encoding="utf-8") == original  # reading changes nothing on disk
    cf.save()
    saved = path.read_text(encoding="utf-8")
    assert "schema_version: 2" in saved and "\nversion:" not in saved
    for comment in ("# Our Tuesday franchise", "# named after the moor", "# Ana earned these the hard way",
                    "# the rival", "# end of the file"):
        assert comment in saved, comment
    assert saved.index("# named after the moor") < saved.index("game_number:")
    assert backup_path(path).read_text(encoding="utf-8") == original
    assert read_campaign(path).campaign == cf.campaign


def test_a_version_1_file_with_a_broken_layout_is_reported_not_crashed_on(tmp_path: Path) -> None:
    path = tmp_path / "franchise.yaml"
    path.write_text("version: 1\ncampaign: gilt-and-gristle\ncharter: X\ngame: 1\nplayers: Ana\n", encoding="utf-8")
    with pytest.raises(CampaignError, match=r"franchise.yaml:5:10: error\[CT005\]: 'players'"):
        read_campaign(path)
    assert path.read_text(encoding="utf-8").startswith("version: 1")


def test_a_file_from_a_newer_clank_story_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "franchise.yaml"
    text = f"# from the future\ndefinition: x\nschema_version: {SCHEMA_VERSION + 1}\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CampaignError, match=r"franchise.yaml:3:17: error\[CF012\]: .*upgrade clank-story"):
        read_campaign(path)
    assert path.read_text(encoding="utf-8") == text
