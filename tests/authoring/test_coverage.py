"""Story coverage (`clank-story sim --campaign`): whole campaigns played by bots, and what the story
reached. A small seeded batch checks the campaign keeps its promises: a card destroyed for good never
comes back, a contract that expired is never read, and every ending can be reached."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from clank_story.authoring.coverage import (
    CoverageError,
    CoverageSpec,
    check_spec,
    play_next_game,
    run_campaigns,
    summarise,
    table,
    universe,
)
from clank_story.campaign.definition import load_definition
from clank_story.campaign.lifecycle import new_campaign
from clank_story.campaign.store import create_campaign
from clank_story.cli.main import cli
from clank_story.story.book import load_for_game

SPEC = CoverageSpec("gilt-and-gristle", campaigns=2, seed=11, narration=True)
GILT, _ = load_definition("gilt-and-gristle")


@pytest.fixture(scope="module")
def batch():
    return run_campaigns(SPEC, jobs=2)


@pytest.fixture(scope="module")
def report(batch):
    return summarise(SPEC, batch)


def test_a_destroyed_card_never_comes_back_and_an_expired_contract_is_never_read(batch):
    games = [g for r in batch for g in r.games]
    assert len(games) == 2 * len(GILT.games)
    destroyed = {c for g in games for c in g.destroyed}
    assert "fire-drill" in destroyed  # the game-9 prologue cancels the Mandatory Fire Drill for good
    assert any(g.contracts["expired"] for g in games)
    problems = [p for g in games for p in g.problems
                if "came back" in p or "expired contract" in p or "apologised" in p]
    assert problems == []


def test_the_same_seed_gives_the_same_report_whatever_the_number_of_processes(batch):
    spec = CoverageSpec("gilt-and-gristle", campaigns=2, seed=11)  # the batch's, without the narration
    quiet = [replace(r, games=[replace(g, narration={}) for g in r.games]) for r in batch]
    assert summarise(spec, run_campaigns(spec, jobs=1)) == summarise(spec, quiet)


def test_the_report_counts_what_was_reached_out_of_what_could_be(report):
    assert report["campaigns"] == 2 and report["games"] == 10
    for kind in ("passages", "flags", "endings", "contracts", "stickers", "rules"):
        part = report[kind]
        assert set(part) >= {"reached", "total", "never"} and 0 <= part["reached"] <= part["total"]
        items = list(part["items"])
        assert items[:len(part["never"])] == part["never"]  # never-reached items come first
        assert all(part["items"][i]["campaigns"] == 0 for i in part["never"])
    assert report["passages"]["total"] > 200 and report["endings"]["total"] == 7
    assert set(report["promotions"]) == {str(n) for n in range(1, 11)}
    assert report["game_length"]["mean"] > 5
    assert all(0 <= c["rate"] <= 1 for c in report["contracts"]["completion"].values())


def test_narration_variants_are_counted_when_asked(report):
    told = report["narration"]
    assert told["dragon_attack"] and all(n > 0 for n in told["dragon_attack"].values())


def test_the_readable_table_lists_what_was_never_reached(report):
    text = "\n".join(table(report))
    assert "Passages:" in text and "Endings:" in text and "never:" in text
    assert "Associate status after each game" in text


def test_the_universe_is_what_the_definition_can_open():
    book = load_for_game(None, None)
    u = universe(GILT, book)
    assert "g10-105" in u.passages and "quarterly-targets" in u.passages  # a rule's reading counts
    assert "101" not in u.passages  # the one-shot sample passages are no part of the campaign
    assert u.endings == ["g10-end-tabled", "g10-end-cobblestone", "g10-end-lights-out", "g10-end-defiance",
                         "g10-end-wyrm", "g10-end-mutual", "g10-end-void"]
    assert "quarterly-target" in u.contracts and "met_oma" in u.flags


# -- every ending, by some seeded mix ----------------------------------------------------------------
ROUTES = {  # an ending -> the state game 10 starts from, and mixes of seats to try
    "mutual": ({"counters": {"allies_count": 3}}, [["planner", "storyteller"], ["planner", "planner", "greedy"]]),
    "void": ({"flags": {"oma_secret": True}}, [["planner", "planner"], ["cautious", "planner", "planner"]]),
    "wyrm": ({}, [["greedy", "planner"], ["greedy", "greedy"]]),
    "cobblestone": ({"flags": {"cobblestone_majority": True}}, [["greedy", "greedy"], ["cautious", "cautious"]]),
    "defiance": ({}, [["random", "random", "planner"], ["storyteller", "random"], ["random", "greedy"]]),
    "tabled": ({}, [["cautious", "cautious"], ["cautious", "random"]]),
    "lights_out": ({}, [["random", "random", "random"], ["random", "random"], ["random", "cautious"]]),
}


def _game_ten(tmp_path: Path, n: int, seats: list[str], state: dict) -> Path:
    campaign = new_campaign(GILT, "Finale Branch", players=[], rivals=len(seats))
    for employee, strategy in zip(campaign.players, seats, strict=True):
        employee.bot = strategy
    campaign.game_number = 10
    campaign.flags.update(state.get("flags", {}))
    campaign.counters.update(state.get("counters", {}))
    path = tmp_path / f"finale-{n}.yaml"
    create_campaign(path, campaign)
    return path


def test_every_ending_is_reached_by_some_seeded_mix(tmp_path):
    reached: dict[str, tuple[list[str], int]] = {}
    n = 0
    for ending, (state, mixes) in ROUTES.items():
        for seed in range(12):
            for seats in mixes:
                n += 1
                played = play_next_game(_game_ten(tmp_path, n, seats, state), seed)
                got = played.after.flags.get("ending")
                reached.setdefault(got, (seats, seed))
                if ending in reached:
                    break
            if ending in reached:
                break
    assert set(ROUTES) <= set(reached), f"endings never reached: {sorted(set(ROUTES) - set(reached))}"


# -- any definition: ids, folders, scaffolds; the command ----------------------------------------------
def test_a_scaffolded_campaign_is_covered_from_its_own_book(tmp_path):
    from clank_story.authoring.scaffold import scaffold

    folder = scaffold("The Mill Job", tmp_path)
    definition, _ = load_definition(folder)
    u = universe(definition, load_for_game(definition.book, None))
    assert "signpost" in u.passages and u.endings == [definition.games[-1].epilogue]
    assert "deliver-the-parcel" in u.contracts


def test_what_cannot_run_is_refused_with_a_sentence():
    with pytest.raises(CoverageError, match="no-such-campaign"):
        check_spec(CoverageSpec("no-such-campaign"))
    with pytest.raises(CoverageError, match="wizard"):
        check_spec(CoverageSpec("gilt-and-gristle", strategies=("wizard",)))
    with pytest.raises(CoverageError, match="--campaigns"):
        check_spec(CoverageSpec("gilt-and-gristle", campaigns=0))


def test_sim_campaign_prints_the_report_as_json():
    result = CliRunner().invoke(cli, ["sim", "--campaign", "gilt-and-gristle", "--campaigns", "1", "--seed", "3",
                                      "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["campaigns"] == 1
    for kind in ("passages", "flags", "endings", "contracts"):
        assert {"reached", "total", "never"} <= set(report[kind])
    bad = CliRunner().invoke(cli, ["sim", "--campaign", "nowhere", "--campaigns", "1"])
    assert bad.exit_code == 2 and "nowhere" in bad.output
