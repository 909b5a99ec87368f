"""`campaign scaffold NAME`: a new campaign that lints clean, runs its script, and plays a whole game."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from clank_story.authoring.scaffold import ScaffoldError, scaffold
from clank_story.authoring.schemas import MODELINE
from clank_story.cli.main import cli
from clank_story.content.yamlio import load_text, plain


@pytest.fixture
def made(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["campaign", "scaffold", "The Mill Job"])
    assert result.exit_code == 0, result.stderr
    assert "Made the campaign 'The Mill Job' in the-mill-job/." in result.stdout
    return Path("the-mill-job")


def test_the_new_campaign_has_a_definition_board_card_book_scenario_and_script(made):
    files = sorted(str(p.relative_to(made)) for p in made.rglob("*") if p.is_file() and p.parent.name != "schemas")
    assert files == ["README.md", "boards/the-mill-job.yaml", "book/contracts.yaml", "book/story.yaml",
                     "campaign.yaml", "cards/the-mill-job.yaml", "scenarios/first-steps.yaml",
                     "scripts/bots.script", "scripts/first-steps.script"]


def test_the_new_campaign_lints_clean_with_strict(made):
    result = CliRunner().invoke(cli, ["book", "lint", str(made), "--strict"])
    assert result.exit_code == 0 and result.stdout == "", result.stdout


def test_every_file_names_its_schema_and_the_schema_accepts_it(made):
    for path in made.rglob("*.yaml"):
        text = path.read_text()
        first = text.split("\n", 1)[0]
        assert first.startswith(MODELINE), path
        schema = json.loads((path.parent / first.removeprefix(MODELINE)).read_text())
        assert not list(jsonschema.Draft7Validator(schema).iter_errors(plain(load_text(text, str(path)).value)))


def test_its_script_walks_onto_the_waypoint_and_its_checks_hold(made):
    result = CliRunner().invoke(cli, ["run", str(made / "scripts" / "first-steps.script"), "--scenario",
                                      str(made / "scenarios" / "first-steps.yaml"), "--book", str(made / "book")])
    assert result.exit_code == 0, result.stderr
    assert "~ The Old Signpost ~" in result.stdout and "Ask the signpost the way" in result.stdout


def test_its_waypoint_passage_previews_with_the_reader_on_its_own_board(made):
    result = CliRunner().invoke(cli, ["book", "preview", "signpost", "--book", str(made / "book"), "--choose", "1"])
    assert result.exit_code == 0, result.stderr
    assert "Reader: You, in Old Signpost" in result.stdout
    assert "flags {} → {asked_the_way: True}" in result.stdout


def test_it_plays_a_whole_campaign_game_prologue_to_epilogue(made):
    from clank_story.campaign.definition import load_definition
    from clank_story.campaign.lifecycle import new_campaign
    from clank_story.campaign.store import create_campaign, read_campaign
    from clank_story.table.opening import CampaignGame, Options, open_game

    definition, warnings = load_definition(made)
    assert warnings == [] and definition.id == "the-mill-job"
    create_campaign("valley.yaml", new_campaign(definition, "Valley Branch", players=[], rivals=2))
    table = open_game(CampaignGame("valley.yaml", seed=4, book=str(made / "book")), Options(interactive=False))
    assert table.campaign.setup.prologue == "prologue" and "deliver-the-parcel" in table.session.story.contracts
    table.opening()
    table.close()
    assert table.game.over, "every seat is a bot: the game plays to its end"
    campaign = read_campaign("valley.yaml").campaign
    assert {"prologue", "epilogue"} <= set(campaign.passages_seen)
    assert campaign.game_number == 2 and len(campaign.mission_reports) == 1
    assert campaign.counters.get("games_played") == 1


def test_it_will_not_write_over_a_folder_or_take_a_name_with_no_letters(tmp_path):
    (tmp_path / "taken").mkdir()
    with pytest.raises(ScaffoldError, match="already exists"):
        scaffold("Taken", tmp_path)
    with pytest.raises(ScaffoldError, match="no usable id"):
        scaffold("!!!", tmp_path)


def test_it_is_a_two_game_campaign_with_a_waypoint_passage_of_each_game(made):
    from clank_story.campaign.definition import load_definition

    definition, _ = load_definition(made)
    assert [g.number for g in definition.games] == [1, 2]
    assert definition.games[1].waypoints == (("signpost", "signpost-again"),)


@pytest.mark.parametrize("seats", [1, 2, 3])
def test_every_table_size_finds_an_artifact_and_every_bots_only_game_has_a_winner(made, seats):
    """Setup takes artifacts away for small tables; the scaffold's board keeps one for every size, so
    each game of the campaign ends with a winner who scored."""
    from clank_story.campaign.definition import load_definition
    from clank_story.campaign.lifecycle import new_campaign
    from clank_story.campaign.store import create_campaign, read_campaign
    from clank_story.table.opening import CampaignGame, Options, open_game

    definition, _ = load_definition(made)
    for seed in (1, 2, 3):
        path = f"bots-{seed}.yaml"
        create_campaign(path, new_campaign(definition, "Bots", players=[], rivals=seats))
        for _ in definition.games:
            table = open_game(CampaignGame(path, seed=seed), Options(interactive=False))
            table.opening()
            table.close()
        reports = read_campaign(path).campaign.mission_reports
        assert len(reports) == 2
        assert all(r.winner and r.scores[r.winner] > 0 for r in reports), reports


def test_following_its_printed_next_steps_keeps_lint_strict_clean(made):
    """The next steps make a campaign file beside the folder, not in it, and lint stays clean."""
    import shlex

    result = CliRunner().invoke(cli, ["campaign", "scaffold", "Second Job"])
    steps = [line.split("#")[0].strip() for line in result.stdout.splitlines() if line.strip().startswith("clank-story")]
    assert any(s.startswith("clank-story play --campaign") for s in steps)
    for step in steps:
        if step.startswith("clank-story play"):
            continue  # the prompt: test_author_loop plays it in a pty
        done = CliRunner().invoke(cli, shlex.split(step)[1:])
        assert done.exit_code == 0, (step, done.stdout, done.stderr)
    assert CliRunner().invoke(cli, ["book", "lint", "second-job", "--strict"]).exit_code == 0
    both = CliRunner().invoke(cli, ["book", "lint", "franchise.yaml", "second-job", "--strict"])  # the campaign file too
    assert both.exit_code == 0, both.stdout


def test_its_comments_and_help_point_at_guides_a_wheel_user_has(made):
    for path in made.rglob("*"):
        if path.is_file() and path.suffix in (".yaml", ".md", ".script"):
            text = path.read_text()
            assert "docs/" not in text and "DESIGN.md" not in text, path
    for command in (["book", "--help"], ["book", "lint", "--help"], ["campaign", "scaffold", "--help"]):
        out = CliRunner().invoke(cli, command).stdout
        assert "docs/" not in out and "DESIGN.md" not in out, command


def test_campaign_show_of_a_campaign_with_no_rival_track_says_so(made, tmp_path):
    campaign = tmp_path / "franchise.yaml"
    runner = CliRunner()
    started = runner.invoke(cli, ["campaign", "new", "My Franchise", "--definition", str(made),
                                  "--campaign", str(campaign)])
    assert started.exit_code == 0, started.output
    out = runner.invoke(cli, ["campaign", "show", "--campaign", str(campaign)]).output
    assert "  Rival track: none" in out
