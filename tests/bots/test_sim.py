"""`clank-story sim`: reproducible whatever the number of processes, and a report with the numbers
authors need."""

from __future__ import annotations

import json

from click.testing import CliRunner

from clank_story.authoring.sim import SimError, SimSpec, check_spec, game_result, simulate
from clank_story.cli.main import cli
from clank_story.rules import events as ev

SPEC = SimSpec(players=("planner", "greedy", "cautious"), board="brackenmoor", seed=4, games=6)


def test_the_same_seed_gives_the_same_report_whatever_the_number_of_processes():
    assert simulate(SPEC, jobs=1) == simulate(SPEC, jobs=2)


def test_the_report_counts_escapes_knock_outs_scores_length_damage_cards_and_passages():
    report = simulate(SPEC)
    assert report["games"] == 6
    for s in report["strategies"].values():
        assert s["seats"] == 6
        assert abs(s["escaped"] + s["knocked_out"] - 1) < 1e-9  # every game ends with everyone out
        assert {"mean", "median", "p10", "p90", "histogram"} <= set(s["score"])
        assert s["dragon_damage"] >= 0
    assert report["rounds"]["min"] >= 1 and report["dragon_attacks"] > 0
    assert report["cards_acquired"] and sum(report["end_reasons"].values()) == 6


def test_waypoints_passages_contracts_and_story_events_are_counted():
    from clank_story.story import events as sev

    class Over:  # the fields game_result reads from a finished game
        def __init__(self) -> None:
            self.players: list = []
            self.turn_number = 9
            self.notes: dict = {}

    events = [ev.WaypointEntered("A", "well", "12"), sev.PassageOpened("A", "12", "The Well", "..."),
              ev.WaypointEntered("A", "well", "12"), ev.StoryEffect("A", "12", "add_contract", "rescue"),
              sev.ContractAdded("rescue", "Rescue"), sev.ContractCompleted("A", "rescue", "Rescue"),
              sev.StoryApology("13", "broken"), ev.GameOver({}, None, "all_out")]
    result = game_result(0, 1, [], Over(), events, None)
    assert result.waypoints == {"12": 2} and result.passages == {"12": 1}
    assert result.contracts == {"rescue added": 1, "rescue completed": 1}
    assert result.story == {"effect:add_contract": 1, "StoryApology": 1}


def test_a_legacy_board_is_simulated_with_its_book_of_secrets_as_run_plays_it():
    report = simulate(SPEC)
    assert report["waypoints"] and report["passages"]
    assert not simulate(SimSpec(**{**SPEC.__dict__, "story": False}))["passages"]


def test_a_spec_naming_an_unknown_strategy_or_board_is_refused_with_a_sentence():
    for bad, words in ((SimSpec(players=("wizard",)), "no bot strategy 'wizard'"),
                       (SimSpec(players=("planner",) * 5), "at most four"),
                       (SimSpec(players=("planner", "random"), solo=True), "single strategy"),
                       (SimSpec(players=("planner",), board="atlantis"), "atlantis")):
        try:
            check_spec(bad)
        except SimError as e:
            assert words in str(e)
        else:
            raise AssertionError(f"{bad} was accepted")


def test_sim_prints_a_table_or_json():
    runner = CliRunner()
    table = runner.invoke(cli, ["sim", "--games", "2", "--players", "planner,random", "--seed", "3"])
    assert table.exit_code == 0, table.output
    assert "planner" in table.output and "escaped" in table.output and "Game length" in table.output
    data = runner.invoke(cli, ["sim", "--games", "2", "--players", "cautious", "--solo", "--json",
                               "--board", "brackenmoor"])
    report = json.loads(data.output)
    assert report["solo"] and report["strategies"]["cautious"]["seats"] == 2 and "solo_target" in report


def test_sim_refuses_bad_options_with_exit_status_2():
    result = CliRunner().invoke(cli, ["sim", "--games", "2", "--players", "planner,wizard"])
    assert result.exit_code == 2 and "wizard" in result.output
