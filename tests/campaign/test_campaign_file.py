"""The campaign file: its layout, round-trip saves that keep a person's comments and key order, and
where it lives."""

from __future__ import annotations

from pathlib import Path

import pytest

from clank_story.campaign.model import Campaign, CampaignError, MissionReport, Sticker
from clank_story.campaign.store import (
    ENV_VAR,
    backup_path,
    campaign_path,
    create_campaign,
    default_campaign_path,
    read_campaign,
)

FIELDS = ["schema_version", "definition", "franchise", "game_number", "players", "mission_reports",
          "contract_row", "flags", "counters", "passages_seen", "destroyed_cards", "cardporium_cards",
          "stickers", "dran_track", "unlocked_rules", "in_progress"]


def busy(c: Campaign) -> Campaign:
    """The same campaign a few games on."""
    c.game_number = 3
    c.players[0].status.checkmarks = 4
    c.players[0].status.level = "copper"
    c.players[0].goals.ticked.append("home-for-tea")
    c.mission_reports.append(MissionReport(1, "brackenmoor", {"Ana": 31, "Rex": 0}, "Ana", ["Ana"], ["Rex"], ["Rex"]))
    c.contract_row.append("mind-the-mill")
    c.flags["met_oma"] = True
    c.counters["favours"] = 2
    c.passages_seen += ["101", "prologue-1"]
    c.destroyed_cards.append("bog-imp")
    c.stickers.append(Sticker("tollbury-tips", {"space_gold": {"space": "tollbury", "gold": 2}}))
    c.dran_track.append(1)
    c.in_progress = {"turn": 4, "players": [{"name": "Ana", "hand": ["burgle"]}], "rng": [3, [1, 2, 3], None]}
    return c


def test_a_new_file_lists_every_field_in_order_under_a_header(campaign_file) -> None:
    text = campaign_file.path.read_text(encoding="utf-8")
    assert text.startswith("# A Gilt & Gristle franchise file")
    assert list(read_campaign(campaign_file.path).doc) == FIELDS
    assert "bot: null" in text and "schema_version: 2" in text


def test_what_is_saved_is_what_is_read_back(campaign_file) -> None:
    c = busy(campaign_file.campaign)
    campaign_file.save(c)
    assert read_campaign(campaign_file.path).campaign == c


def test_saving_an_unchanged_campaign_rewrites_the_same_bytes(campaign_file) -> None:
    campaign_file.save(busy(campaign_file.campaign))
    before = campaign_file.path.read_bytes()
    cf = read_campaign(campaign_file.path)
    cf.save()
    assert campaign_file.path.read_bytes() == before


def test_passage_ids_that_look_like_numbers_stay_text(campaign_file) -> None:
    campaign_file.save(busy(campaign_file.campaign))
    assert "'101'" in campaign_file.path.read_text(encoding="utf-8")
    assert read_campaign(campaign_file.path).campaign.passages_seen == ["101", "prologue-1"]


def test_a_persons_comments_and_key_order_survive_every_save(campaign_file) -> None:
    path = campaign_file.path
    text = path.read_text(encoding="utf-8")
    # a person moves `flags` to the top, and writes comments above, beside and after things
    lines = text.splitlines()
    lines.remove("flags: {}")
    at = lines.index("schema_version: 2")
    lines[at:at] = ["# set by the book, do not touch", "flags: {}"]
    text = "\n".join(lines) + "\n# last line of the file\n"
    text = text.replace("  - name: Rex\n", "  # the rival from head office\n  - name: Rex   # always blue\n")
    text = text.replace("contract_row: []", "contract_row: []   # none yet")
    path.write_text(text, encoding="utf-8")
    order = list(read_campaign(path).doc)
    for _ in range(3):
        cf = read_campaign(path)
        c = cf.campaign
        c.game_number += 1
        c.mission_reports.append(MissionReport(c.game_number - 1, "brackenmoor", {"Ana": 1, "Rex": 2}, "Rex"))
        c.contract_row.append(f"contract-{c.game_number}")
        c.flags[f"flag{c.game_number}"] = c.game_number
        cf.save(c)
    saved = path.read_text(encoding="utf-8")
    for comment in ("# set by the book, do not touch", "# the rival from head office", "# always blue",
                    "# none yet", "# last line of the file", "# A Gilt & Gristle franchise file"):
        assert saved.count(comment) == 1, comment
    assert saved.rstrip().endswith("# last line of the file")
    assert saved.index("# the rival from head office") < saved.index("- name: Rex")
    assert list(read_campaign(path).doc) == order and order[0] == "flags"


def test_the_previous_version_is_kept_as_a_backup(campaign_file) -> None:
    first = campaign_file.path.read_bytes()
    campaign_file.save(busy(campaign_file.campaign))
    assert backup_path(campaign_file.path).read_bytes() == first


def test_a_new_campaign_never_replaces_a_file(tmp_path: Path, fresh: Campaign) -> None:
    path = tmp_path / "taken.yaml"
    path.write_text("my shopping list\n", encoding="utf-8")
    with pytest.raises(CampaignError, match="already stands there"):
        create_campaign(path, fresh)
    assert path.read_text(encoding="utf-8") == "my shopping list\n"


def test_a_file_changed_by_hand_since_it_was_opened_is_not_overwritten(campaign_file) -> None:
    path = campaign_file.path
    edited = path.read_text(encoding="utf-8").replace("game_number: 1", "game_number: 2  # skipped one")
    path.write_text(edited, encoding="utf-8")
    with pytest.raises(CampaignError, match="changed on disk"):
        campaign_file.save()
    assert path.read_text(encoding="utf-8") == edited


def test_the_campaign_lives_in_the_data_folder_unless_an_option_or_the_environment_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert default_campaign_path() == tmp_path / "data" / "clank-story" / "campaign.yaml"
    assert campaign_path() == default_campaign_path()
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env.yaml"))
    assert campaign_path() == tmp_path / "env.yaml"
    assert campaign_path(str(tmp_path / "option.yaml")) == tmp_path / "option.yaml"
    assert campaign_path(None, environ={}) == default_campaign_path()


def test_a_campaign_in_a_folder_that_does_not_exist_yet_creates_the_folder(tmp_path: Path, fresh: Campaign) -> None:
    cf = create_campaign(tmp_path / "deep" / "er" / "c.yaml", fresh)
    assert read_campaign(cf.path).campaign == fresh


def test_a_saved_game_is_kept_as_one_json_text_and_read_back_as_data(campaign_file) -> None:
    c = busy(campaign_file.campaign)
    campaign_file.save(c)
    text = campaign_file.path.read_text(encoding="utf-8")
    assert 'in_progress: |-\n  {"turn":4,"players":[{"name":"Ana","hand":["burgle"]}]' in text
    assert read_campaign(campaign_file.path).campaign.in_progress == c.in_progress


def test_a_saved_game_written_by_hand_as_a_mapping_is_read_too(campaign_file) -> None:
    path = campaign_file.path
    path.write_text(path.read_text(encoding="utf-8").replace("in_progress: null", "in_progress:\n  turn: 2\n"),
                    encoding="utf-8")
    assert read_campaign(path).campaign.in_progress == {"turn": 2}


def test_play_opens_the_campaign_or_creates_one_where_none_stands(tmp_path: Path, mini) -> None:
    from clank_story.campaign.lifecycle import default_campaign
    from clank_story.campaign.store import open_or_create

    path = tmp_path / "data" / "campaign.yaml"
    first = open_or_create(path, lambda: default_campaign(mini))
    assert [e.name for e in first.campaign.players] == ["Tamsin Wick", "Rex", "Rival 2"]  # you and two rivals
    first.save(busy(first.campaign))
    assert open_or_create(path, lambda: default_campaign(mini)).campaign.game_number == 3
    path.write_text("schema_version: [\n", encoding="utf-8")
    with pytest.raises(CampaignError, match="left exactly as it is"):
        open_or_create(path, lambda: default_campaign(mini))
    assert path.read_text(encoding="utf-8") == "schema_version: [\n"
