"""Invariants over whole games: hundreds of seeded random-bot games played to the end with the
engine's bookkeeping checked after every command; refused commands change nothing; the same seed
gives the same game; the whole state round-trips through plain data."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clank_story.bots import make_bot
from clank_story.content.scenario import load_scenario
from clank_story.rules.engine import apply
from clank_story.rules.errors import CommandError
from clank_story.rules.legal import legal_commands
from clank_story.rules.parse import parse
from clank_story.rules.setup import setup_game
from clank_story.rules.state import BLACK_CUBES, CUBES, HEALTH, Game

SEATS = [{"name": f"P{i}", "bot": "random"} for i in range(4)]
POSITIONS = {r: load_scenario(ruleset=r, seats=SEATS) for r in ("classic", "legacy")}


def new_game(ruleset: str, seed: int, players: int = 4) -> Game:
    pos = POSITIONS[ruleset]
    scenario = {**pos.scenario, "players": SEATS[:players]}
    return setup_game(pos.ruleset, seed, scenario)


def all_cards(game: Game) -> Counter:
    counted = Counter(game.row + game.deck + game.deck_discard)
    for c, n in game.reserve.items():
        if not game.card(c).stays:
            counted[c] += n
    for p in game.players:
        counted.update(p.owned() + p.trashed)
    return counted


def check_invariants(game: Game, cards: Counter) -> None:
    for p in game.players:
        assert p.supply + game.clank_area.get(p.name, 0) + game.bag.get(p.name, 0) + p.damage == CUBES
        assert p.supply >= 0 and p.gold >= 0 and 0 <= p.damage <= HEALTH
    assert game.bag["black"] + game.black_out == BLACK_CUBES
    turn = game.turn
    assert min(turn.skill, turn.swords, turn.boots, turn.teleports) >= 0
    assert all_cards(game) == cards


def play_out(game: Game, check: bool = True, limit: int = 20_000) -> int:
    bots = {p.name: make_bot(p.bot or "random") for p in game.players}
    cards = all_cards(game)
    commands = 0
    while not game.over:
        command = bots[game.me.name].choose(game)
        apply(game, command)
        commands += 1
        if check:
            check_invariants(game, cards)
        assert commands < limit, "a bot game did not finish"
    return commands


@pytest.mark.parametrize("ruleset", ["classic", "legacy"])
def test_hundreds_of_seeded_random_bot_games_finish_with_the_books_balanced(ruleset):
    rounds = []
    for seed in range(150):
        game = new_game(ruleset, seed, players=2 + seed % 3)
        play_out(game)
        assert all(p.out for p in game.players)
        rounds.append(game.turn_number)
    assert 5 <= sum(rounds) / len(rounds) <= 60


def test_the_same_seed_gives_the_same_game():
    a, b = new_game("legacy", 11), new_game("legacy", 11)
    play_out(a, check=False)
    play_out(b, check=False)
    assert a.to_dict() == b.to_dict()


def test_different_seeds_give_different_games():
    assert new_game("classic", 1).to_dict() != new_game("classic", 2).to_dict()


def test_the_whole_state_round_trips_through_json_mid_game():
    game = new_game("legacy", 5)
    bots = {p.name: make_bot("random") for p in game.players}
    for _ in range(120):
        apply(game, bots[game.me.name].choose(game))
    data = json.loads(json.dumps(game.to_dict()))
    copy = Game.from_dict(data, game.ruleset)
    assert copy.to_dict() == game.to_dict()
    play_out(game, check=False)
    play_out(copy, check=False)
    assert copy.to_dict() == game.to_dict()


def test_every_legal_command_is_accepted():
    game = new_game("classic", 3)
    bots = {p.name: make_bot("random") for p in game.players}
    for _ in range(60):
        for command in legal_commands(game):
            trial = Game.from_dict(game.to_dict(), game.ruleset)
            apply(trial, command)
        apply(game, bots[game.me.name].choose(game))


WORDS = ["play", "acquire", "buy", "use", "fight", "move", "teleport", "take", "market", "coach", "choose",
         "end", "all", "burgle", "hall", "artifact", "secret", "master-key", "swords", "1", "3", "x", "-"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), steps=st.integers(0, 40),
       words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=4))
def test_a_refused_command_changes_nothing(seed, steps, words):
    game = new_game("legacy" if seed % 2 else "classic", seed, players=2)
    bots = {p.name: make_bot("random") for p in game.players}
    for _ in range(steps):
        if game.over:
            break
        apply(game, bots[game.me.name].choose(game))
    before = game.to_dict()
    text = " ".join(words)
    try:
        apply(game, parse(text, game), text)
    except CommandError as e:
        assert game.to_dict() == before
        assert str(e).startswith(text.strip()) and len(e.reason) > 10
