"""The start and end of a campaign game, as the rulebook orders them, over plain campaign data."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from clank_story.campaign.definition import Section
from clank_story.campaign.lifecycle import (
    GameResult,
    PlayerResult,
    Reading,
    apply_story_effect,
    campaign_view,
    end_of_game,
    give_checkmarks,
    mark_seen,
    most_valuable_employee,
    new_campaign,
    result_from_game,
    start_of_game,
    with_story,
)
from clank_story.campaign.model import Campaign, CampaignError, Employee


def result(ana: int, rex: int, *, ana_artifact: int | None = 10, rex_artifact: int | None = None,
           ana_status: str = "escaped", rex_status: str = "knocked_out", ana_gold: int = 0, **kw) -> GameResult:
    return GameResult((PlayerResult("Ana", ana, ana_status, ana_artifact, ana_gold),
                       PlayerResult("Rex", rex, rex_status, rex_artifact)), **kw)


# -- Most Valuable Employee ------------------------------------------------------------------------
def test_the_most_valuable_employee_has_the_highest_score() -> None:
    assert most_valuable_employee(result(31, 40, rex_artifact=5, rex_status="escaped")) == "Rex"


def test_a_tied_score_goes_to_the_most_valuable_artifact() -> None:
    assert most_valuable_employee(result(30, 30, ana_artifact=10, rex_artifact=15)) == "Rex"
    assert most_valuable_employee(result(30, 30, ana_artifact=20, rex_artifact=15)) == "Ana"


def test_nobody_is_most_valuable_when_everyone_scored_nothing() -> None:
    assert most_valuable_employee(result(0, 0, ana_artifact=None)) is None


# -- new campaigns ---------------------------------------------------------------------------------
def test_a_new_campaign_seats_people_then_named_rivals_with_colours(mini) -> None:
    c = new_campaign(mini, "Branch", [("Ana", "Pennywise"), "Ben"], rivals=2)
    assert [(e.name, e.colour, e.bot) for e in c.players] == [
        ("Ana", "red", None), ("Ben", "blue", None), ("Rex", "green", "random"), ("Rival 2", "yellow", "random")]
    assert c.players[0].characters == ["Pennywise"] and c.players[2].characters == ["Rex the Reckless"]
    assert (c.definition, c.game_number) == ("mini", 1)


def test_a_campaign_seats_at_most_four_with_different_names(mini) -> None:
    with pytest.raises(CampaignError, match="1 to 4"):
        new_campaign(mini, "Branch", ["A", "B", "C"], rivals=2)
    with pytest.raises(CampaignError, match="same name"):
        new_campaign(mini, "Branch", ["Ana", "Ana"], rivals=0)


# -- start of a game -------------------------------------------------------------------------------
def test_the_start_of_a_game_reads_the_game_number_from_the_campaign(mini, fresh: Campaign) -> None:
    fresh.game_number = 3
    fresh.contract_row = ["mind-the-mill"]
    fresh.unlocked_rules = ["signing-bonus"]
    fresh.destroyed_cards = ["bog-imp"]
    c, setup = start_of_game(fresh, mini)
    assert (setup.game_number, setup.board, setup.prologue, setup.patron) == (
        3, "brackenmoor", "mini-prologue-3", "explore")
    assert setup.contract_row == ("mind-the-mill",) and setup.destroyed_cards == ("bog-imp",)
    assert setup.abilities == ({"starting_gold": 2},)
    assert setup.seats == ({"name": "Ana"}, {"name": "Rex", "bot": "random"})
    assert c.contract_row == ["mind-the-mill"] and fresh.contract_row == ["mind-the-mill"]


def test_a_games_new_contracts_join_the_row_once(mini, fresh: Campaign) -> None:
    fresh.contract_row = ["mind-the-mill"]
    c, setup = start_of_game(fresh, mini)
    assert setup.contract_row == ("mind-the-mill",) and c.contract_row == ["mind-the-mill"]
    c.game_number = 2
    c, setup = start_of_game(c, mini)
    assert c.contract_row == ["mind-the-mill", "ledger-of-debts"]


def test_a_campaign_only_plays_games_of_its_own_definition(gilt, fresh: Campaign) -> None:
    with pytest.raises(CampaignError, match="'mini', not 'gilt-and-gristle'"):
        start_of_game(fresh, gilt)


# -- end of a game ---------------------------------------------------------------------------------
def test_the_end_of_a_game_reads_contracts_then_epilogue_then_promotions_then_dran(mini, fresh: Campaign) -> None:
    fresh.contract_row = ["ledger-of-debts", "no-passage-contract", "mind-the-mill"]
    fresh.players[0].status.checkmarks = 2
    end = end_of_game(fresh, mini, result(31, 0))
    assert end.readings == (
        Reading("mini-contract-ledger", "contract", detail="ledger-of-debts"),
        Reading("mini-contract-mill", "contract", detail="mind-the-mill"),
        Reading("mini-epilogue-1", "epilogue"),
        Reading("mini-copper", "promotion", "Ana", "copper"),
        Reading("mini-dran-1", "dran", detail="1"),
    )
    assert end.campaign.contract_row == fresh.contract_row  # contracts still in the row carry over


def test_contract_passages_may_come_from_the_book_instead(mini, fresh: Campaign) -> None:
    fresh.contract_row = ["mind-the-mill"]
    end = end_of_game(fresh, mini, result(31, 5, rex_artifact=5), contract_passages={"mind-the-mill": "77"})
    assert end.readings[0] == Reading("77", "contract", detail="mind-the-mill")


def test_the_mission_report_records_scores_winner_and_who_got_out(mini, fresh: Campaign) -> None:
    end = end_of_game(fresh, mini, result(31, 0, notes="Rex fell in the Overdraft Drop."))
    r = end.report
    assert (r.game, r.board, r.scores, r.winner) == (1, "brackenmoor", {"Ana": 31, "Rex": 0}, "Ana")
    assert (r.escaped, r.knocked_out, r.scored_zero) == (["Ana"], ["Rex"], ["Rex"])
    assert r.notes == "Rex fell in the Overdraft Drop." and end.campaign.mission_reports == [r]


def test_employee_reviews_give_a_checkmark_for_scoring_winning_and_each_goals_row(mini, fresh: Campaign) -> None:
    end = end_of_game(fresh, mini, result(31, 4, rex_artifact=5, ana_gold=3))
    ana, rex = end.reviews
    # Ana escaped with 3 Gold and 31 points: both goals rows are complete
    assert ana.checkmarks == ("scored", "won", "goals-row-1", "goals-row-2")
    assert ana.goals_ticked == ("home-for-tea", "tip-taker", "thirty-up")
    assert rex.checkmarks == ("scored",) and rex.goals_ticked == ()
    assert [e.status.checkmarks for e in end.campaign.players] == [4, 1]


def test_a_goals_row_earns_its_checkmark_once(mini, fresh: Campaign) -> None:
    end = end_of_game(fresh, mini, result(31, 0))
    end2 = end_of_game(end.campaign, mini, result(35, 0))
    assert end2.reviews[0].checkmarks == ("scored", "won")


def test_scoring_nothing_earns_no_checkmark(mini, fresh: Campaign) -> None:
    end = end_of_game(fresh, mini, result(31, 0))
    assert end.reviews[1].checkmarks == ()


def test_a_goal_ticked_by_a_passage_counts_at_the_review(mini, fresh: Campaign) -> None:
    end = end_of_game(fresh, mini, result(12, 0, goals={"Ana": ["tip-taker"]}))
    assert end.reviews[0].goals_ticked == ("home-for-tea", "tip-taker")
    assert "goals-row-1" in end.reviews[0].checkmarks


def test_crossing_two_sections_at_once_is_two_promotions_in_order(mini) -> None:
    e = Employee("Ana", status=dataclasses.replace(Employee("x").status, checkmarks=2))
    entered = give_checkmarks(e, mini, 5)
    assert [s.level for s in entered] == ["copper", "silver"] and e.status.level == "silver"
    assert give_checkmarks(e, mini, 1) == [] and e.status.checkmarks == 8


def test_a_section_without_a_passage_still_promotes(mini) -> None:
    quiet = dataclasses.replace(mini, status_track=(Section("copper", 1),))
    e = Employee("Ana")
    assert [s.level for s in give_checkmarks(e, quiet, 1)] == ["copper"] and e.status.level == "copper"


def test_one_x_on_the_dran_track_however_many_scored_nothing(mini, fresh: Campaign) -> None:
    end = end_of_game(fresh, mini, result(0, 0, ana_artifact=None, ana_status="knocked_out"))
    assert end.dran_x and end.campaign.dran_track == [1]
    assert [r for r in end.readings if r.why == "dran"] == [Reading("mini-dran-1", "dran", detail="1")]


def test_an_x_past_the_end_of_the_dran_track_is_recorded_and_reads_nothing(mini, fresh: Campaign) -> None:
    fresh.dran_track = [1, 2]
    fresh.game_number = 3
    end = end_of_game(fresh, mini, result(31, 0))
    assert end.campaign.dran_track == [1, 2, 3]
    assert not [r for r in end.readings if r.why == "dran"]


def test_no_x_when_everyone_scored(mini, fresh: Campaign) -> None:
    end = end_of_game(fresh, mini, result(31, 5, rex_artifact=5))
    assert not end.dran_x and end.campaign.dran_track == []


def test_the_end_of_a_game_resets_the_saved_game_and_moves_on(mini, fresh: Campaign) -> None:
    fresh.in_progress = {"turn": 9}
    end = end_of_game(fresh, mini, result(31, 0))
    assert end.campaign.in_progress is None and end.campaign.game_number == 2


def test_the_end_of_a_game_changes_a_copy_not_the_campaign_given(mini, fresh: Campaign) -> None:
    before = copy.deepcopy(fresh)
    end_of_game(fresh, mini, result(31, 0))
    assert fresh == before


def test_a_game_ends_once_and_only_for_its_own_players(mini, fresh: Campaign) -> None:
    end = end_of_game(fresh, mini, result(31, 0))
    done = dataclasses.replace(end.campaign, game_number=1)
    with pytest.raises(CampaignError, match="already has a mission report"):
        end_of_game(done, mini, result(31, 0))
    strangers = GameResult((PlayerResult("Zed", 3, "escaped"),))
    with pytest.raises(CampaignError, match="played by Zed, but the campaign's employees are Ana, Rex"):
        end_of_game(fresh, mini, strangers)


def test_a_result_comes_only_from_a_finished_game(unfinished_game) -> None:
    with pytest.raises(CampaignError, match="not over"):
        result_from_game(unfinished_game)


@pytest.fixture
def unfinished_game():
    from clank_story.content.scenario import load_scenario
    from clank_story.table.session import Session

    return Session.start(load_scenario(ruleset="legacy", board="brackenmoor")).game


# -- story effects on the campaign -----------------------------------------------------------------
def test_passages_change_flags_counters_cards_contracts_and_rules(mini, fresh: Campaign) -> None:
    c = fresh
    for name, value in [("flag", "met_oma"), ("flag", {"mood": "grim"}), ("counter", {"favours": 2}),
                        ("counter", "favours"), ("unflag", "mood"), ("destroy_card", "bog-imp"),
                        ("cardporium", "regulation-pitchfork"), ("add_contract", "mind-the-mill"),
                        ("add_contract", "ledger-of-debts"), ("add_contract", "mind-the-mill"),
                        ("complete_contract", "mind-the-mill"), ("unlock", "signing-bonus"),
                        ("sticker", "tollbury-tips"), ("sticker", "tollbury-tips")]:
        c, readings = apply_story_effect(c, mini, name, value, "Ana")
        assert readings == []
    assert c.flags == {"met_oma": True} and c.counters == {"favours": 3}
    assert c.destroyed_cards == ["bog-imp"] and c.cardporium_cards == ["regulation-pitchfork"]
    assert c.contract_row == ["ledger-of-debts"] and c.unlocked_rules == ["signing-bonus"]
    assert [(s.id, s.ability) for s in c.stickers] == [("tollbury-tips", {"space_gold": {"space": "tollbury", "gold": 2}})]
    c, _ = apply_story_effect(c, mini, "destroy_contract", "ledger-of-debts")
    assert c.contract_row == [] and fresh.flags == {}


def test_a_checkmark_from_a_passage_can_promote(mini, fresh: Campaign) -> None:
    fresh.players[1].status.checkmarks = 2
    c, readings = apply_story_effect(fresh, mini, "checkmark", 1, "Rex")
    assert readings == [Reading("mini-copper", "promotion", "Rex", "copper")]
    assert c.employee("Rex").status.level == "copper"


def test_story_effects_that_are_not_about_the_campaign_are_refused(mini, fresh: Campaign) -> None:
    with pytest.raises(CampaignError, match="'gold' is not an effect on the campaign"):
        apply_story_effect(fresh, mini, "gold", 2)
    with pytest.raises(CampaignError, match="no sticker 'gold-star'"):
        apply_story_effect(fresh, mini, "sticker", "gold-star")
    with pytest.raises(CampaignError, match="needs a player"):
        apply_story_effect(fresh, mini, "checkmark", 1)


def test_a_games_story_state_is_taken_over_at_its_end(fresh: Campaign) -> None:
    c = mark_seen(mark_seen(fresh, "101"), "101")
    c = with_story(c, flags={"met_oma": True}, counters={"favours": 1}, seen=["102", "101"],
                   contract_row=["mind-the-mill"])
    assert (c.flags, c.counters, c.passages_seen, c.contract_row) == (
        {"met_oma": True}, {"favours": 1}, ["101", "102"], ["mind-the-mill"])
    view = campaign_view(c)
    assert (view.name, view.game_number, view.flags["met_oma"], view.seen("102"), view.seen("9")) == (
        "The Test Branch", 1, True, True, False)


def test_the_mission_report_and_reviews_are_told_in_sentences(mini, fresh: Campaign) -> None:
    from clank_story.table.ending import report_lines

    fresh.contract_row = ["mind-the-mill"]
    end = end_of_game(fresh, mini, result(31, 0))
    assert report_lines(end, mini) == [
        "Mission report for game 1: the Most Valuable Employee is Ana.",
        "Ana ticks a Personal Goal: Escape with an artifact.",
        "Ana ticks a Personal Goal: Score 30 or more.",
        "Ana earns 3 checkmarks of grudging approval, for scoring, winning, completing Personal Goals row 2 (3 in all).",
        "Rex earns no checkmark this time.",
    ]


def test_a_games_story_state_starts_from_the_campaign_and_is_written_down_at_its_end(mini, fresh: Campaign) -> None:
    from clank_story.campaign.lifecycle import absorb_story, story_seed
    from clank_story.story.state import StoryState

    fresh.passages_seen = ["prologue-0"]
    fresh.contract_row = ["mind-the-mill"]
    fresh.players[0].status.checkmarks = 2
    story = StoryState.for_game(**story_seed(fresh))
    assert story.has_seen("prologue-0") and story.contracts == ["mind-the-mill"]
    story.flags["met_oma"] = True
    story.seen.append("101")
    story.contracts = ["ledger-of-debts"]
    story.journal += [["destroy_card", "bog-imp", "Ana"], ["cardporium", "regulation-pitchfork", "Ana"],
                      ["sticker", "tollbury-tips", "Ana"], ["unlock", "signing-bonus", "Ana"],
                      ["checkmark", 1, "Ana"], ["patron", "explore", "Ana"]]
    c, readings = absorb_story(fresh, mini, story)
    assert readings == [Reading("mini-copper", "promotion", "Ana", "copper")]
    assert (c.flags, c.passages_seen, c.contract_row) == ({"met_oma": True}, ["prologue-0", "101"], ["ledger-of-debts"])
    assert (c.destroyed_cards, c.cardporium_cards, [s.id for s in c.stickers], c.unlocked_rules) == (
        ["bog-imp"], ["regulation-pitchfork"], ["tollbury-tips"], ["signing-bonus"])
    end = end_of_game(c, mini, result(31, 0), story_done=True)
    # the router has read the contracts and the epilogue; the reviews and the Dran track remain
    assert [(r.why, r.detail) for r in end.readings] == [("promotion", "silver"), ("dran", "1")]
