"""Rival bots: they play legal, whole games from the rules API alone, answer questions sensibly, and the
planner beats the random bot."""

from __future__ import annotations

import random
import statistics

import pytest
from scenarios import hand

from clank_story.authoring.sim import SimSpec, board_ruleset, game_seed, run_games
from clank_story.bots import BOTS, known_bot, make_bot
from clank_story.bots.personas import persona
from clank_story.bots.strategies import PlannerBot
from clank_story.rules.commands import Choose, PlayAll
from clank_story.rules.engine import apply
from clank_story.rules.state import Game
from clank_story.table.session import Session, SessionError

STRATEGIES = ("cautious", "greedy", "planner")
BOARDS = ("cinder-halls", "brackenmoor")


def new_game(board: str, bots: list[str], seed: int) -> Session:
    from clank_story.rules.setup import setup_game

    seats = [{"name": f"Seat {i + 1}", "bot": b} for i, b in enumerate(bots)]
    return Session(setup_game(board_ruleset(board), seed, {"players": seats}))


def play_strictly(session: Session) -> Game:
    """Play a whole game applying each bot command directly: a refused command fails the test."""
    game = session.game
    for _ in range(20_000):
        if game.over:
            return game
        command = session.bots[game.me.name].choose(game)
        apply(game, command)  # raises if the bot asked for something illegal
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("board", BOARDS)
def test_every_strategy_plays_only_legal_commands_to_the_end_of_a_game(board):
    for seed in range(2):
        game = play_strictly(new_game(board, ["planner", "greedy:easy", "cautious", "planner:hard"], seed))
        assert all(p.out for p in game.players)


def test_a_difficulty_follows_the_strategy_after_a_colon():
    assert known_bot("planner:hard") and known_bot("greedy:easy") and known_bot("cautious")
    assert not known_bot("planner:legendary") and not known_bot("wizard") and not known_bot("random:hard")
    assert make_bot("planner:easy").level_name == "easy"
    assert make_bot("planner").level_name == "normal"


def test_a_session_refuses_an_unknown_strategy_and_accepts_a_difficulty():
    assert new_game("cinder-halls", ["planner:hard", "cautious"], 1).bots
    with pytest.raises(SessionError, match="wizard"):
        new_game("cinder-halls", ["wizard"], 1)


def test_every_strategy_has_a_name_and_a_personality_for_the_narration():
    for strategy in BOTS:
        who = persona(strategy)
        assert who.name and who.name != strategy and len(who.personality) > 20
    assert persona("planner:hard").level


def test_bots_take_their_dice_from_the_game_and_never_from_the_random_module():
    random.seed(12345)
    expected = random.random()
    random.seed(12345)
    first = play_strictly(new_game("brackenmoor", ["planner:easy", "greedy", "cautious", "random"], 3))
    assert random.random() == expected
    again = play_strictly(new_game("brackenmoor", ["planner:easy", "greedy", "cautious", "random"], 3))
    assert [p.score for p in first.players] == [p.score for p in again.players]
    assert first.to_dict() == again.to_dict()


def test_a_bot_decides_the_same_whatever_order_the_hidden_cards_are_in():
    session = new_game("cinder-halls", ["planner:hard"] * 4, 8)
    game = session.game
    bot = PlannerBot("hard")
    for _ in range(60):  # a few turns in, with a discard pile and a used dungeon deck
        apply(game, session.bots[game.me.name].choose(game))
    if game.me.hand:
        apply(game, PlayAll())
    shuffled = Game.from_dict(game.to_dict(), game.ruleset)
    rng = random.Random(99)
    rng.shuffle(shuffled.deck)
    rng.shuffle(shuffled.me.deck)
    for pile in shuffled.secrets.values():
        rng.shuffle(pile)
    assert bot.choose(shuffled) == bot.choose(game)


def test_a_bot_trashes_a_stumble_when_asked_what_to_trash(tiny):
    table = tiny(ana=hand("scrubber", "burgle", "stumble", "burgle"))
    table.do("play scrubber")
    pending = table.game.pending
    assert pending["q"] == "trash"
    choice = make_bot("planner").choose(table.game)
    assert pending["options"][choice.option - 1]["card"] == "stumble"


def test_a_bot_discards_its_weakest_card_for_a_good_reward(tiny):
    table = tiny(ana=hand("barter", "sword", "stumble"))
    table.do("play barter")
    pending = table.game.pending
    choice = make_bot("cautious").choose(table.game)
    assert pending["options"][choice.option - 1]["card"] == "stumble"


def test_a_bot_picks_the_better_block_of_a_choice(tiny):
    table = tiny(ana=hand("choice"))
    table.do("play choice")
    choice = make_bot("greedy").choose(table.game)
    assert choice == Choose(1)  # +2 Skill beats +2 Swords with nothing to fight


def test_a_hurt_bot_takes_the_healing_when_offered_gold_or_healing(tiny):
    table = tiny(ana={**hand("burgle"), "damage": 6}, row=["sword"], cards=[
        {"id": "mimic", "name": "Mimic", "kind": "monster", "cost": 0, "defeat": {"choose": [{"gold": 1}, {"heal": 3}]}}])
    table.game.row.append("mimic")
    table.do("play burgle", "fight mimic")
    assert make_bot("planner").choose(table.game) == Choose(2)


def test_a_bot_with_an_artifact_heads_for_the_exit(tiny):
    table = tiny(ana={"space": "hall", "artifact": 5, **hand("sidestep")})
    table.do("play sidestep")
    bot = make_bot("planner:hard")
    first = bot.choose(table.game)
    assert str(first) == "take secret"  # free for the taking on the way out
    apply(table.game, first)
    assert str(bot.choose(table.game)) == "move hq"


def test_the_planner_beats_the_random_bot_on_a_fixed_set_of_seeds():
    for board in BOARDS:
        games = run_games(SimSpec(players=("planner", "random", "planner", "random"), board=board, seed=11, games=6))
        planner = [s for g in games for s in g.seats if s.strategy == "planner"]
        rnd = [s for g in games for s in g.seats if s.strategy == "random"]
        assert sum(s.status == "escaped" for s in planner) > len(planner) / 2
        assert statistics.fmean(s.score for s in planner) > statistics.fmean(s.score for s in rnd) + 10


def test_game_seeds_depend_only_on_the_run_seed_and_the_game_index():
    assert game_seed(5, 3) == game_seed(5, 3)
    assert len({game_seed(5, i) for i in range(50)} | {game_seed(6, 0)}) == 51
