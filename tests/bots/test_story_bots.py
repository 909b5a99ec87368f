"""Bots and the Book of Secrets: a persona answers a story choice by its own weights, drawn from the
game's RNG (not always option 1), and the story-minded rival walks to where the story is."""

from __future__ import annotations

import random
from collections import Counter

from scenarios import make_table

from clank_story.bots import make_bot
from clank_story.bots.story import Taste, errands, option_worth, story_answer
from clank_story.bots.strategies import CautiousBot, GreedyBot, PlannerBot, StorytellerBot

GOLD = {"label": "Pocket the tongs (+3 Gold)", "effects": [{"gold": 3}], "new": False}
CLANK = {"label": "Kick the door (+3 Clank)", "effects": [{"clank": 3}], "new": False}
STORY = {"label": "Ask about the old days", "effects": [{"flag": "asked"}], "new": True}
RAGE = {"label": "Wake him (+2 rage, 1 checkmark)", "effects": [{"rage": 2}, {"checkmark": 1}], "new": False}


def table():
    return make_table("legacy", "tiny-legacy", [{"name": "Ana", "bot": "planner"}, {"name": "Rex", "bot": "random"}],
                      seed=3)


def answers(bot, options, n=200):
    game = table().game
    p = game.player("Ana")
    w = bot.weights(game, p)
    return Counter(story_answer(game, p, options, w, bot.profile.taste).option for _ in range(n))


def test_a_persona_leans_towards_the_option_its_weights_favour_but_does_not_always_take_it():
    got = answers(StorytellerBot(), [CLANK, GOLD, STORY], n=300)
    assert got[2] > got[3] > got[1] > 0  # the Gold, then the story, then the Clank, now and then


def test_personas_differ_a_cautious_bot_avoids_rage_a_greedy_one_minds_it_less():
    cautious = answers(CautiousBot(), [RAGE, STORY])
    greedy = answers(GreedyBot(), [RAGE, STORY])
    assert cautious[1] < greedy[1]


def test_the_storyteller_goes_where_it_has_not_been():
    got = answers(StorytellerBot(), [GOLD, STORY])
    assert got[2] > answers(PlannerBot(), [GOLD, STORY])[2]


def test_the_answer_comes_from_the_games_rng_and_only_from_it():
    a, b = table().game, table().game
    taste = Taste()
    w = PlannerBot().weights(a, a.player("Ana"))
    state = random.getstate()
    first = [story_answer(a, a.player("Ana"), [GOLD, STORY, CLANK], w, taste).option for _ in range(20)]
    second = [story_answer(b, b.player("Ana"), [GOLD, STORY, CLANK], w, taste).option for _ in range(20)]
    assert first == second and random.getstate() == state


def test_a_strategy_bot_answers_a_pending_story_question_with_its_taste():
    game = table().game
    game.pending = {"q": "story", "p": "Ana", "src": "well", "passage": "12", "options": [CLANK, GOLD]}
    picks = Counter(make_bot("planner").choose(game).option for _ in range(60))
    assert picks[2] > picks[1]  # not option 1 because it is first: the Gold, by the planner's weights


def test_option_worth_counts_checkmarks_rage_and_a_string_condition_as_a_maybe():
    game = table().game
    p = game.player("Ana")
    w = PlannerBot().weights(game, p)
    taste = Taste(checkmark=2.0, rage=-1.0)
    assert option_worth(game, p, RAGE, w, 1.0, taste) == 2.0 * 1 - 1.0 * 2
    maybe = {"effects": [{"if": "campaign.flags.x", "checkmark": 1}]}
    assert option_worth(game, p, maybe, w, 1.0, taste) == 1.0


# -- errands -------------------------------------------------------------------------------------------
def test_errands_are_waypoints_nobody_has_read_this_game_more_so_with_a_contract_waiting():
    game = table().game
    assert errands(game) == {"well": 1.0}
    game.notes["story"] = {"contracts": [["survey", "enter_space", "well"]], "waypoints": []}
    assert errands(game) == {"well": 2.5}
    game.notes["story"] = {"contracts": [["survey", "enter_space", "well"]], "waypoints": ["12"]}
    assert errands(game) == {}


def test_the_storyteller_stops_at_an_unread_waypoint_the_planner_walks_through():
    seats = [{"name": "Ana", "bot": "storyteller", "space": "lane", "hand": ["sidestep"] * 5, "deck": ["burgle"] * 5},
             {"name": "Rex", "bot": "random"}]
    game = make_table("legacy", "tiny-legacy", seats, seed=1, artifacts={"pit": 25}).game
    teller, planner = StorytellerBot(), PlannerBot()
    p = game.player("Ana")
    assert teller.read(game, p).goal == "well"  # the Old Well first: its passage is unread
    assert planner.read(game, p).goal == "pit"
    game.notes["story"] = {"contracts": [], "waypoints": ["12"]}  # somebody has read the Old Well
    assert teller.read(game, p).goal == "pit"


def test_a_contract_waiting_for_a_card_makes_it_worth_more_to_the_storyteller():
    game = table().game
    game.notes["story"] = {"contracts": [["shop", "acquire", "explore"]], "waypoints": []}
    assert StorytellerBot().story_bonus(game, "explore") > 0 and StorytellerBot().story_bonus(game, "mercenary") == 0
    assert PlannerBot().story_bonus(game, "explore") == 0
