"""The solo director: threat cubes and the threat track, the final audit, row clearing, tasks, a target
score; all of it deterministic from the seed and carried in saves."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from scenarios import Table, make_table

from clank_story.bots.solo import THREAT, SoloDirector, SoloError, SoloNews
from clank_story.cli.main import cli
from clank_story.rules.state import Game
from clank_story.table.session import Session

ROW = ["lantern", "sword", "boots", "hush", "pal", "orc"]
DECK = ["lantern", "sword", "boots", "hush", "pal", "gem", "gem", "sword"]


def solo(**seat) -> tuple[Table, list]:
    ana = {"name": "Ana", "hand": ["burgle"] * 5, "deck": ["burgle"] * 30, **seat}
    table = make_table("classic", "tiny", [ana], row=list(ROW), deck=list(DECK), bag={"black": 20})
    SoloDirector.attach(table.session)
    return table, table.session.opening()


def news(events, what: str) -> list[SoloNews]:
    return [e for e in events if isinstance(e, SoloNews) and e.what == what]


def notes(table: Table) -> dict:
    return table.game.notes["solo"]


def test_the_director_opens_with_a_target_score_and_threat_cubes_in_the_clank_area():
    table, events = solo()
    began = news(events, "began")
    assert began and str(notes(table)["target"]) in began[0].text
    assert table.game.clank_area[THREAT] == 2 and began[0].info["cubes"] == 2
    assert not news(events, "threat_added")  # the opening sentence has said so


def test_threat_cubes_the_dragon_draws_move_the_threat_track():
    table, _ = solo(hand=["alarm"])
    table.game.bag = {"black": 0, "Ana": 0}
    events = table.do("play alarm")  # an attack: the area (2 threat cubes) goes into the bag
    drawn = news(events, "threat_drawn")
    assert drawn and notes(table)["threat"] == 2
    assert notes(table)["supply"] == 20 - 2 + 2  # drawn threat cubes go back to the director


def test_a_full_threat_track_starts_the_final_audit_which_seals_the_doors_at_step_five():
    table, _ = solo(hand=["alarm"])
    table.game.bag = {"black": 0, "Ana": 0}  # only threat cubes to draw
    notes(table)["threat"] = notes(table)["track"] - 1
    table.game.bag[THREAT] = 0
    table.game.clank_area[THREAT] = 5
    events = table.do("play alarm")
    assert news(events, "audit_began") and notes(table)["audit"] == 1
    events = table.do("end")
    steps = [e.info["step"] for e in news(events, "audit")]
    for _ in range(6):
        if table.game.over:
            break
        events = table.do("play all", "end")
        steps += [e.info["step"] for e in news(events, "audit")]
    assert steps == [2, 3, 4]
    assert table.game.over and table.game.players[0].status == "knocked_out"
    assert news(events, "audit_end") and news(events, "verdict")


def test_between_turns_a_rival_franchise_clears_a_row_card_and_the_row_refills():
    table, _ = solo()
    events = table.do("play all", "end")
    cleared = news(events, "row_cleared")
    assert len(cleared) == 1
    assert cleared[0].info["card_id"] in table.game.deck_discard
    assert len(table.game.row) == 6
    assert news(events, "threat_added")[0].info["n"] == 1  # and one more threat cube


def test_rivals_take_cards_that_have_been_lying_in_the_row_not_the_one_just_revealed():
    table, _ = solo()
    for _ in range(6):
        newest = table.game.row[-1]
        events = table.do("play all", "end")
        assert news(events, "row_cleared")[0].info["card_id"] != newest or table.game.row.count(newest) > 1


def test_a_task_met_in_time_pays_its_reward():
    table, _ = solo(hand=["sword", "sword"])
    notes(table)["task"] = {"kind": "slay", "turns": 2, "have": 0, "need": 1, "space": None, "reward": "gold",
                            "penalty": "rage"}
    events = table.do("play all", "fight orc", "end")
    assert news(events, "task_met")
    assert table.game.players[0].gold == 4 + 3  # the Orc's Gold, then the reward
    assert notes(table)["done"] == 1


def test_a_task_missed_charges_its_penalty():
    table, _ = solo()
    notes(table)["task"] = {"kind": "slay", "turns": 1, "have": 0, "need": 1, "space": None, "reward": "gold",
                            "penalty": "rage"}
    rage = table.game.rage
    events = table.do("play all", "end")
    assert news(events, "task_missed")
    assert table.game.rage == rage + 1 and notes(table)["missed"] == 1


def test_the_director_sets_tasks_with_a_turn_limit_after_a_turn_to_settle_in():
    table, _ = solo()
    table.do("play all", "end")
    events = table.do("play all", "end")
    task = news(events, "task_set")
    assert task and notes(table)["task"]["turns"] in (2, 3, 4)
    assert "turn" in task[0].text


def play_turns(table: Table, turns: int) -> list[str]:
    texts = []
    for _ in range(turns):
        if table.game.over:
            break
        texts += [e.text for e in table.do("play all", "end") if isinstance(e, SoloNews)]
    return texts


def test_a_solo_game_is_a_pure_function_of_the_seed_and_the_commands():
    first, _ = solo()
    second, _ = solo()
    assert play_turns(first, 8) == play_turns(second, 8)
    assert first.game.to_dict() == second.game.to_dict()


def test_a_saved_solo_game_resumes_exactly_where_it_left_off():
    table, _ = solo()
    play_turns(table, 3)
    saved = table.game.to_dict()
    restored = Session(Game.from_dict(saved, table.game.ruleset))
    SoloDirector.attach(restored)
    resumed = Table(restored)
    assert play_turns(resumed, 5) == play_turns(table, 5)
    assert resumed.game.to_dict() == table.game.to_dict()


def test_a_solo_game_has_exactly_one_seat():
    table = make_table("classic", "tiny", [{"name": "Ana"}, {"name": "Rex"}])
    with pytest.raises(SoloError, match="one seat"):
        SoloDirector.attach(table.session)


def test_a_bot_plays_a_whole_solo_game_to_a_verdict():
    from clank_story.authoring.sim import board_ruleset
    from clank_story.rules.setup import setup_game

    session = Session(setup_game(board_ruleset("brackenmoor"), 4, {"players": [{"name": "Ada", "bot": "planner"}]}))
    SoloDirector.attach(session)
    events = session.opening()
    assert session.game.over
    verdict = news(events, "verdict")
    assert len(verdict) == 1 and str(verdict[0].info["target"]) in verdict[0].text


def test_run_solo_plays_one_seat_with_the_director_and_is_repeatable(tmp_path):
    script = tmp_path / "turns.txt"
    script.write_text("play all\nend\nplay all\nend\n")
    runner = CliRunner()
    first = runner.invoke(cli, ["run", str(script), "--solo", "--seed", "5"])
    second = runner.invoke(cli, ["run", str(script), "--solo", "--seed", "5"])
    assert first.exit_code == 0, first.output
    assert first.output == second.output


def test_run_solo_refuses_a_scenario_with_rivals(tmp_path):
    scenario = tmp_path / "two.yaml"
    scenario.write_text("board: cinder-halls\nplayers:\n  - name: Ana\n  - name: Rex\n    bot: planner\n")
    script = tmp_path / "empty.txt"
    script.write_text("")
    result = CliRunner().invoke(cli, ["run", str(script), "--solo", "--scenario", str(scenario)])
    assert result.exit_code == 2 and "one seat" in result.output
