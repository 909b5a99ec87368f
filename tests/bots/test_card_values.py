"""A card's worth to a bot is remembered (bots/knowledge.py) under exactly what its effects read, so the
remembered value must be the very float a fresh sum gives, for every card, player and weighting met in
whole games; otherwise a seeded bot game would change (issue 20)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from botgames import played

from clank_story.bots import knowledge as kn
from clank_story.bots import make_bot
from clank_story.content.scenario import load_scenario
from clank_story.rules.setup import setup_game


def fresh_play_value(game, p, card, w, avg):
    value = kn.block_value(game, p, card.block("play"), w, avg)
    if card.block("end_of_turn"):
        value += kn.block_value(game, p, card.block("end_of_turn"), w, avg)
    return value


def fresh_deck_average(game, p, w):
    owned = Counter(p.owned())
    total = 0.0
    for card_id, n in owned.items():
        total += n * fresh_play_value(game, p, game.card(card_id), w, 1.0)
    return total / sum(owned.values())


@pytest.mark.parametrize("board", ["cinder-halls", "brackenmoor"])
def test_a_remembered_card_value_is_the_value_worked_out_afresh(board):
    seats = [{"name": f"P{i}", "bot": bot} for i, bot in enumerate(("planner", "greedy", "random", "cautious"))]
    pos = load_scenario(board=board, seats=seats)
    kn._VALUES.clear()
    checked = 0
    for seed in range(3):
        start = setup_game(pos.ruleset, seed, pos.scenario)
        bots = {p.name: make_bot(p.bot or "random") for p in start.players}
        weightings = [kn.Weights(), kn.Weights(clank=1.4, points=1.2), kn.Weights(boots=2.0, swords=0.4, clank=0.9)]
        for step, game in enumerate(played(start, bots, random.Random(seed), 1500)):
            if game.over:
                break
            if step % 7 == 0:
                cards = [game.card(c) for c in dict.fromkeys([*game.row, *game.reserve, *game.me.owned()])]
                for p in game.players:
                    for w in weightings:
                        assert kn.deck_average(game, p, w) == fresh_deck_average(game, p, w)
                        for card in cards:
                            for avg in (1.0, 1.37):
                                assert kn.card_play_value(game, p, card, w, avg) == fresh_play_value(game, p, card, w, avg)
                                checked += 1
    assert checked > 5000
