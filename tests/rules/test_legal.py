"""legal_commands must give exactly what checking every candidate through `engine.check` gives, in
the same order: bots draw from it with the game's seeded RNG, so the list is part of what makes a seed
give the same game (issue 20). The slow reference below is the generator as it was before it judged
candidates without raising."""

from __future__ import annotations

import random

import pytest
from botgames import played

from clank_story.bots import make_bot
from clank_story.content.scenario import load_scenario
from clank_story.rules import actions, engine
from clank_story.rules.commands import (
    Acquire,
    Choose,
    Coach,
    Command,
    End,
    Fight,
    Market,
    Move,
    PlayAll,
    PlayCard,
    Take,
    Teleport,
    Use,
)
from clank_story.rules.errors import CommandError
from clank_story.rules.legal import (
    iter_card_commands,
    legal_card_commands,
    legal_commands,
    legal_takes,
    legal_walks,
)
from clank_story.rules.setup import setup_game
from clank_story.rules.state import Game


def reference_candidates(game: Game) -> list[Command]:
    if game.over:
        return []
    if game.pending is not None:
        return [Choose(i + 1) for i in range(len(game.pending["options"]))]
    p = game.me
    turn = game.turn
    out: list[Command] = [PlayCard(c) for c in dict.fromkeys(p.hand)]
    if p.hand:
        out.append(PlayAll())
    for c in dict.fromkeys(game.row):
        kind = game.card(c).kind
        out.append(Acquire(c) if kind == "item" else Use(c) if kind == "device" else Fight(c))
    for c, n in game.reserve.items():
        if n > 0:
            out.append(Fight(c) if game.card(c).kind == "monster" else Acquire(c))
    out.extend(Use(t) for t in dict.fromkeys(p.tokens) if t in game.ruleset.secrets)
    for dest, path in game.board.exits(p.space):
        out.append(Move(dest))
        if path.monsters and turn.swords:
            out.extend(Move(dest, s) for s in range(min(path.monsters, turn.swords) + 1))
    if turn.teleports:
        out.extend(Teleport(s) for s in game.board.adjacent(p.space))
    if game.legacy and game.board.spaces[p.space].coach is not None:
        out.extend(Coach(s.id) for s in game.board.spaces.values() if s.coach is not None)
    if turn.may_take:
        out.extend(Take(w) for w in actions.TAKEABLE)
    if game.board.spaces[p.space].market:
        out.extend(Market(k) for k in dict.fromkeys(i.kind for i in game.ruleset.market))
    out.append(End())
    return out


def reference_legal(game: Game) -> list[Command]:
    legal = []
    for command in reference_candidates(game):
        try:
            engine.check(game, command)
        except CommandError:
            continue
        legal.append(command)
    return legal


BOARDS = [("classic", "cinder-halls"), ("legacy", "brackenmoor")]


def states(ruleset: str, board: str, games: int, bots: tuple[str, ...]):
    """Every state met in seeded all-bot games (the bots play with a side RNG: the states are what the
    game's own seed makes them)."""
    seats = [{"name": f"P{i}", "bot": bot} for i, bot in enumerate(bots)]
    pos = load_scenario(ruleset=ruleset, board=board, seats=seats)
    for seed in range(games):
        game = setup_game(pos.ruleset, seed, pos.scenario)
        players = {p.name: make_bot(p.bot or "random") for p in game.players}
        yield from played(game, players, random.Random(seed), 3000)


@pytest.mark.parametrize(("ruleset", "board"), BOARDS)
@pytest.mark.parametrize("bots", [("random",) * 4, ("greedy", "random", "planner")])
def test_the_fast_generator_gives_the_reference_list_in_every_state_met(ruleset, board, bots):
    met = 0
    for game in states(ruleset, board, 12, bots):
        assert legal_commands(game) == reference_legal(game), game.to_dict()
        met += 1
    assert met > 1000


@pytest.mark.parametrize(("ruleset", "board"), BOARDS)
def test_the_parts_a_bot_weighs_are_those_commands_of_the_whole_list_in_its_order(ruleset, board):
    """The random bot draws from these parts with the seeded RNG, so each must be exactly the whole
    list filtered (same commands, same order, repeats kept), in every state met."""
    met = 0
    for game in states(ruleset, board, 6, ("random", "greedy", "random", "planner")):
        legal = legal_commands(game)
        assert legal_card_commands(game) == [c for c in legal if isinstance(c, Acquire | Fight | Use)]
        assert legal_walks(game) == [c for c in legal if isinstance(c, Move) and c.swords is None]
        assert legal_takes(game) == [c for c in legal if isinstance(c, Take)]
        assert list(iter_card_commands(game)) == legal_card_commands(game)
        toward = {s for i, s in enumerate(game.board.spaces) if i % 2}.__contains__
        assert legal_walks(game, toward) == [c for c in legal_walks(game) if toward(c.to)]
        met += 1
    assert met > 500


def test_a_player_who_has_escaped_may_still_play_and_acquire_but_not_move(tiny):
    from scenarios import hand

    table = tiny(ana={**hand("burgle", "sword"), "artifact": 5, "space": "hall"}, rex={"space": "hall"}, row=["gem"])
    table.game.player("Ana").status = "escaped"
    assert legal_commands(table.game) == reference_legal(table.game)
    assert not any(isinstance(c, Move) for c in legal_commands(table.game))


def test_with_a_question_open_only_its_answers_are_legal(tiny):
    from scenarios import hand

    table = tiny(ana=hand("choice"))
    table.do("play choice")
    assert legal_commands(table.game) == [Choose(1), Choose(2)] == reference_legal(table.game)
