"""A strategy bot carries its reading of the table from one decision to the next (weights, travellers,
decks, roads, this turn's artifact pick, card values; issue 20). What it carries must never show: at
any point of any game, a bot with everything it remembered must choose what a bot working it all out
afresh chooses, and leave the game's RNG in the same state (its misjudgements are drawn from it)."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clank_story.authoring.sim import board_ruleset
from clank_story.bots import base, make_bot, routes
from clank_story.bots import knowledge as kn
from clank_story.bots import strategy as sb
from clank_story.rules.engine import apply
from clank_story.rules.setup import setup_game
from clank_story.rules.state import Game

MEMOS = (kn._VALUES, kn._QUICK, kn._PLAYERLESS, kn._PLAIN_VALUES, kn._KEYS, kn._AVERAGES, kn._ITEMS, kn._PER_HAND, kn._MULTISETS, kn._CACHE)


def forget_everything() -> None:
    """Empty every memo the bots keep for the process (dicts and lru caches)."""
    for memo in MEMOS:
        memo.clear()
    for module in (kn, sb, routes, base):
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


def fresh_twin(bot: sb.StrategyBot) -> sb.StrategyBot:
    """A bot of the same kind that remembers nothing but what its play depends on: this turn's
    misjudgements and the rivals' estimate it last made (first_out's memo is part of how it plays)."""
    twin = make_bot(f"{bot.name}:{bot.level_name}")
    assert isinstance(twin, sb.StrategyBot)
    twin._noise = (bot._noise[0], dict(bot._noise[1]))
    twin._first_out = bot._first_out
    return twin


def check_game(board: str, seats: list[str], seed: int, every: int, steps: int) -> int:
    """Play `steps` decisions; at every `every`-th, compare the carrying bot with a fresh twin."""
    game = setup_game(board_ruleset(board), seed, {"players": [{"name": f"P{i}", "bot": s} for i, s in enumerate(seats)]})
    bots = {p.name: make_bot(p.bot or "random") for p in game.players}
    compared = 0
    for step in range(steps):
        if game.over:
            break
        seat = str(game.pending["p"]) if game.pending is not None else game.me.name
        bot = bots[seat]
        sampled = isinstance(bot, sb.StrategyBot) and step % every == 0
        if sampled:
            twin_game = Game.from_dict(game.to_dict(), game.ruleset)
            twin_bot = fresh_twin(bot)  # type: ignore[arg-type]
        command = bot.choose(game)
        if sampled:
            forget_everything()
            assert twin_bot.choose(twin_game) == command, f"step {step}: {seat} chose differently afresh"
            assert twin_game.rng.getstate() == game.rng.getstate(), f"step {step}: the RNG moved differently"
            compared += 1
        apply(game, command)
    return compared


@pytest.mark.parametrize("board", ["cinder-halls", "brackenmoor"])
def test_a_bot_that_carries_its_reading_chooses_what_a_fresh_bot_chooses(board):
    seats = ["planner", "planner:easy", "greedy:hard", "storyteller"]
    assert sum(check_game(board, seats, seed=seed, every=2, steps=2000) for seed in (3, 4)) > 150


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=st.sampled_from(["cinder-halls", "brackenmoor"]),
       seats=st.lists(st.sampled_from(["planner", "planner:easy", "planner:hard", "cautious", "greedy",
                                       "storyteller", "random"]), min_size=2, max_size=4),
       seed=st.integers(0, 10_000), every=st.integers(1, 7))
def test_any_game_any_moment(board, seats, seed, every):
    check_game(board, seats, seed, every, steps=250)


@given(items=st.lists(st.tuples(st.integers(1, 8), st.floats(0.0, 40.0, allow_nan=False)), max_size=9),
       budget=st.integers(1, 14))
def test_the_best_buy_is_the_first_card_of_the_best_set(items, budget):
    offered = [(cost, value, f"card{i}") for i, (cost, value) in enumerate(items) if cost <= budget]
    whole = sb._knapsack(list(offered), budget)  # type: ignore[arg-type]
    assert sb._best_buy(list(offered), budget) == (whole[0] if whole else None)  # type: ignore[arg-type]


def test_a_remembered_block_value_is_the_value_worked_out_afresh():
    rng = random.Random(5)
    for board in ("cinder-halls", "brackenmoor"):
        ruleset = board_ruleset(board)
        game = setup_game(ruleset, 5, {"players": [{"name": "A", "bot": "planner"}, {"name": "B", "bot": "greedy"}]})
        p = game.me
        checked = 0
        for _ in range(60):
            p.damage = rng.randrange(0, 9)
            p.tokens = rng.sample(["master-key", "monkey-idol", "crown-10", "backpack"], rng.randrange(0, 3))
            p.discard = rng.choices(list(ruleset.cards), k=rng.randrange(0, 6))
            w = kn.Weights(clank=rng.choice([0.6, 0.9, 1.4]), boots=rng.choice([0.3, 1.6, 2.0]))
            avg = rng.choice([1.0, 1.37, 2.2])
            for card in ruleset.cards.values():
                for timing in ("defeat", "acquire", "use"):
                    if card.block(timing):
                        assert kn.card_block_value(game, p, card, timing, w, avg) == \
                            kn.block_value(game, p, card.block(timing), w, avg)
                        checked += 1
        assert checked > 100
