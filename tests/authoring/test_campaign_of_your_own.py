"""A campaign of your own: it reads its own book and board whichever command opens it (`run`, `play`,
`book preview`, `sim`), and its campaign file finds its definition again from any folder."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from clank_story.campaign.definition import campaign_definition, folder_ref, load_definition
from clank_story.campaign.model import CampaignError
from clank_story.campaign.store import read_campaign
from clank_story.cli.main import cli

PROLOGUE = "~ First Day on the Valley Road ~"


def invoke(*args: str, stdin: str = ""):
    return CliRunner().invoke(cli, list(args), input=stdin)


@pytest.fixture
def made(tmp_path, monkeypatch) -> Path:
    """The scaffold in tmp/work/the-mill-job, a campaign file beside it, and the work folder as cwd."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    assert invoke("campaign", "scaffold", "The Mill Job").exit_code == 0
    assert invoke("campaign", "new", "Valley", "--definition", "the-mill-job", "--campaign", "valley.yaml").exit_code == 0
    return work


def test_run_and_play_read_the_campaigns_own_prologue(made):
    script = made / "quit.script"
    script.write_text("")
    ran = invoke("run", str(script), "--campaign", "valley.yaml", "--seed", "2")
    assert ran.exit_code == 0, ran.stderr
    assert PROLOGUE in ran.stdout and "Head office hands you a map" in ran.stdout
    played = invoke("play", "--campaign", "valley.yaml", "--new", "--seed", "3", stdin="quit\n")
    assert played.exit_code == 0, played.stderr
    assert PROLOGUE in played.stdout


def test_book_overrides_the_campaigns_own_book(made, tmp_path):
    other = tmp_path / "other-book"
    other.mkdir()
    (other / "story.yaml").write_text(Path(made / "the-mill-job/book/story.yaml").read_text().replace(
        "First Day on the Valley Road", "A Different Morning"))
    script = made / "quit.script"
    script.write_text("")
    ran = invoke("run", str(script), "--campaign", "valley.yaml", "--book", str(other), "--seed", "2")
    assert "~ A Different Morning ~" in ran.stdout and PROLOGUE not in ran.stdout


def test_preview_with_a_campaign_reads_its_book_board_and_story_so_far(made):
    shown = invoke("book", "preview", "signpost", "--campaign", "valley.yaml", "--set", "campaign.flags.has_map=true")
    assert shown.exit_code == 0, shown.stderr
    out = shown.stdout
    assert "on The Mill Job: the Valley Road" in out and re.search(r"Reader: [^,]+, in (the )?Old Signpost", out)
    assert "Your map agrees with none of them." in out
    assert "campaign.contracts" not in out


def test_preview_with_a_campaign_shows_the_games_own_passage_for_a_waypoint(made):
    cf = read_campaign("valley.yaml")
    cf.save(type(cf.campaign)(**{**cf.campaign.__dict__, "game_number": 2}))
    shown = invoke("book", "preview", "signpost-again", "--campaign", "valley.yaml", "--set", "me.gold=2")
    assert shown.exit_code == 0, shown.stderr
    assert re.search(r"Reader: [^,]+, in (the )?Old Signpost", shown.stdout)  # game 2 maps the signpost here
    assert "1. Leave a coin for the painter" in shown.stdout


def test_sim_plays_a_campaigns_board_with_its_own_cards_and_book(made):
    result = invoke("sim", "--board", "the-mill-job/boards/the-mill-job.yaml", "--players", "planner,greedy",
                    "-n", "6", "--json")
    assert result.exit_code == 0, result.stderr
    import json

    report = json.loads(result.stdout)
    assert set(report["passages"]) <= {"signpost"} and report["waypoints"], report["waypoints"]


def test_the_campaign_file_finds_its_definition_from_any_folder(made, tmp_path, monkeypatch):
    assert "definition_folder: the-mill-job" in (made / "valley.yaml").read_text()
    monkeypatch.chdir(tmp_path)
    shown = invoke("campaign", "show", "--campaign", str(made / "valley.yaml"))
    assert shown.exit_code == 0 and "The Mill Job" in shown.stdout and shown.stderr == ""
    script = tmp_path / "empty.script"
    script.write_text("")
    ran = invoke("run", str(script), "--campaign", str(made / "valley.yaml"), "--seed", "1")
    assert ran.exit_code == 0 and PROLOGUE in ran.stdout


def test_a_definition_elsewhere_is_stored_as_an_absolute_path(made, tmp_path):
    result = invoke("campaign", "new", "Far", "--definition", "the-mill-job", "--campaign", str(tmp_path / "far" / "f.yaml"))
    assert result.exit_code == 0, result.stderr
    stored = read_campaign(tmp_path / "far" / "f.yaml").campaign
    assert stored.definition == "the-mill-job" and stored.definition_folder == str((made / "the-mill-job").resolve())


def test_a_shipped_definition_is_stored_by_its_id_alone(made):
    assert invoke("campaign", "new", "Moor", "--campaign", "moor.yaml").exit_code == 0
    text = (made / "moor.yaml").read_text()
    assert "definition: gilt-and-gristle" in text and "definition_folder" not in text


def test_a_moved_definition_is_named_with_where_it_was_looked_for(made):
    shutil.move(made / "the-mill-job", made / "elsewhere")
    script = made / "empty.script"
    script.write_text("")
    ran = invoke("run", str(script), "--campaign", "valley.yaml")
    assert ran.exit_code == 2
    assert "definition 'the-mill-job' is not in" in ran.stderr and "definition_folder" in ran.stderr
    assert "Traceback" not in ran.stderr


def test_a_folder_holding_another_definition_is_refused(made, tmp_path):
    other = tmp_path / "other"
    shutil.copytree(made / "the-mill-job", other)
    (other / "campaign.yaml").write_text((other / "campaign.yaml").read_text().replace("id: the-mill-job", "id: other-job"))
    with pytest.raises(CampaignError, match="holds the campaign definition 'other-job'"):
        campaign_definition("the-mill-job", str(other), made / "valley.yaml")


def test_a_file_written_before_definition_folder_still_opens_and_learns_where_it_is(made, tmp_path, monkeypatch):
    """Older files named a definition of your own by id, found as a folder in the working folder."""
    old = made / "old.yaml"
    old.write_text((made / "valley.yaml").read_text().replace("definition_folder: the-mill-job\n", ""))
    assert read_campaign(old).campaign.definition_folder is None
    script = made / "turn.script"
    script.write_text("play all\nend\n")
    ran = invoke("run", str(script), "--campaign", str(old), "--seed", "4")
    assert ran.exit_code == 0, ran.stderr
    saved = read_campaign(old)
    assert saved.campaign.definition_folder == "the-mill-job"
    assert saved.text().index("\ndefinition_folder:") < saved.text().index("\nfranchise:")  # written beside it


def test_folder_ref_is_relative_below_the_campaign_file_and_absolute_elsewhere(made, tmp_path):
    definition, _ = load_definition(made / "the-mill-job")
    assert folder_ref(definition, made / "valley.yaml") == "the-mill-job"
    assert folder_ref(definition, tmp_path / "x" / "c.yaml") == str((made / "the-mill-job").resolve())
    shipped, _ = load_definition("gilt-and-gristle")
    assert folder_ref(shipped, tmp_path / "c.yaml") is None
