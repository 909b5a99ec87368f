"""legal_commands(game): every command `apply` would accept now (for bots and completion)."""

from __future__ import annotations

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
from clank_story.rules.state import Game


def candidates(game: Game) -> list[Command]:
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


def legal_commands(game: Game) -> list[Command]:
    legal = []
    for command in candidates(game):
        try:
            engine.check(game, command)
        except CommandError:
            continue
        legal.append(command)
    return legal
