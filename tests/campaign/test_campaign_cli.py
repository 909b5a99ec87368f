"""`clank-story campaign new|show`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from clank_story.campaign.store import ENV_VAR, read_campaign
from clank_story.cli.main import cli


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, list(args), env=env)


def test_campaign_new_writes_a_file_with_people_and_rivals(tmp_path: Path) -> None:
    path = tmp_path / "branch.yaml"
    result = run("campaign", "new", "The Brackenmoor Branch", "--players", "Ana:Pennywise Thrupp,Ben",
                 "--rivals", "2", "--bot", "cautious", "--campaign", str(path))
    assert result.exit_code == 0, result.output
    assert "Started the campaign 'The Brackenmoor Branch'" in result.output
    c = read_campaign(path).campaign
    assert (c.definition, c.franchise, c.game_number) == ("gilt-and-gristle", "The Brackenmoor Branch", 1)
    assert [(e.name, e.bot) for e in c.players] == [
        ("Ana", None), ("Ben", None), ("Mirela Quillfeather", "cautious"), ("Barnaby Snitch", "cautious")]
    assert c.players[0].characters == ["Pennywise Thrupp"]


def test_campaign_new_uses_the_environment_and_another_definition(tmp_path: Path) -> None:
    path = tmp_path / "env.yaml"
    mini = Path(__file__).parent / "data" / "mini"
    result = run("campaign", "new", "Mini", "--definition", str(mini), "--rivals", "0", env={ENV_VAR: str(path)})
    assert result.exit_code == 0, result.output
    c = read_campaign(path).campaign
    assert c.definition == "mini" and [e.name for e in c.players] == ["Tamsin Wick"]


@pytest.mark.parametrize(("args", "message"), [
    (["--rivals", "5"], "--rivals is a whole number from 0 to 3"),
    (["--players", "Ana,,Ben"], "--players takes names separated by commas"),
    (["--bot", "telepath"], "--bot telepath: no such bot strategy"),
    (["--definition", "nowhere"], "no campaign definition 'nowhere'"),
    (["--players", "A,B,C,D"], "a campaign seats 1 to 4"),
])
def test_campaign_new_refuses_bad_options_with_a_sentence(tmp_path: Path, args: list[str], message: str) -> None:
    result = run("campaign", "new", "X", "--campaign", str(tmp_path / "c.yaml"), *args)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "c.yaml").exists()


def test_campaign_new_never_replaces_a_campaign(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    assert run("campaign", "new", "First", "--campaign", str(path)).exit_code == 0
    before = path.read_bytes()
    result = run("campaign", "new", "Second", "--campaign", str(path))
    assert result.exit_code == 2 and "already stands there" in result.output
    assert path.read_bytes() == before


def test_campaign_show_prints_status_reports_and_the_franchise_board(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    run("campaign", "new", "The Branch", "--players", "Ana", "--campaign", str(path))
    text = path.read_text(encoding="utf-8")
    text = text.replace("destroyed_cards: []", "destroyed_cards: [bog-imp]").replace("dran_track: []", "dran_track: [1]")
    text = text.replace("mission_reports: []", "mission_reports:\n  - {game: 1, board: brackenmoor, scores: "
                        "{Ana: 31, Mirela Quillfeather: 0}, winner: Ana, escaped: [Ana], notes: A good day.}")
    text = text.replace("stickers: []", "stickers: [{id: turnip-tithe, ability: {space_gold: {space: turnip-lane, gold: 1}}}]")
    path.write_text(text, encoding="utf-8")
    result = run("campaign", "show", "--campaign", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("The Branch — a Gilt & Gristle, Licensed Retrieval franchise (gilt-and-gristle)")
    assert "Next: game 1 of 10, on the board 'brackenmoor'." in out
    assert "  Ana (you; red; deck box: Ana) — New Hire, 0 checkmarks" in out
    assert "  Mirela Quillfeather (blue, a bot rival; deck box: Quill the Auditor)" in out
    assert "  Game 1 (brackenmoor): Most Valuable Employee Ana. Ana 31 (escaped), Mirela Quillfeather 0." in out
    assert "    Notes: A good day." in out
    assert "  Stickers: The Turnip Tithe" in out and "  Cards destroyed: Bog Imp" in out
    assert "  Rival track: X _ _ _ _ (1 X)" in out


def test_campaign_show_json_is_the_file_as_data(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    run("campaign", "new", "The Branch", "--campaign", str(path))
    result = run("campaign", "show", "--json", "--campaign", str(path))
    data = json.loads(result.output)
    assert data["schema_version"] == 2 and data["franchise"] == "The Branch"
    assert data == read_campaign(path).campaign.to_dict()


def test_campaign_show_without_a_file_says_how_to_start_one(tmp_path: Path) -> None:
    result = run("campaign", "show", "--campaign", str(tmp_path / "none.yaml"))
    assert result.exit_code == 2 and "`clank-story campaign new NAME` starts one" in result.output
