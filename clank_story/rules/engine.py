"""apply(game, command): check first (pure), then perform (the only place that mutates)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clank_story.rules import actions, movement, queue
from clank_story.rules import effects as _effects  # noqa: F401  (registers every effect and question)
from clank_story.rules import events as ev
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
from clank_story.rules.refusal import Refusal
from clank_story.rules.state import ESCAPED, PLAYING, Game, Player
from clank_story.rules.turns import continue_ending, end_turn

NEEDS_BOARD = (Move, Teleport, Coach, Take, Market)


def check(game: Game, command: Command, typed: str = "") -> None:
    """Raise IllegalCommand with the reason if `command` cannot be done now; never mutates."""
    found = refusal(game, command)
    if found is not None:
        raise found.error(typed or str(command))


def refusal(game: Game, command: Command) -> Refusal | None:
    """Why `command` cannot be done now, or None if it can; never mutates, never raises."""
    p = game.players[game.active]
    if game.over:
        return Refusal("game.over")
    if game.pending is not None:
        n = len(game.pending["options"])
        if not isinstance(command, Choose):
            return Refusal("pending.answer_first", lambda: {"n": n})
        if not 1 <= command.option <= n:
            return Refusal("choose.range", lambda: {"n": n})
        return None
    if isinstance(command, Choose):
        return Refusal("choose.nothing")
    status = p.status
    if status != PLAYING:
        if status != ESCAPED:
            return Refusal("out", lambda: {"player": p.name})
        if isinstance(command, NEEDS_BOARD):
            return Refusal("escaped.no_board")
    return RULES[type(command)](game, p, command)


def _play_all(game: Game, p: Player, command: PlayAll) -> Refusal | None:
    return None if p.hand else Refusal("play.empty_hand")


def _end(game: Game, p: Player, command: End) -> Refusal | None:
    return Refusal("end.cards_left", lambda: {"n": len(p.hand)}) if p.hand else None


# The rule each kind of command answers to, once the game, a pending question and the player's
# status have been judged (legal_commands calls these directly).
RULES: dict[type, Callable[[Game, Player, Any], Refusal | None]] = {
    PlayCard: actions.play_refusal, PlayAll: _play_all, Acquire: actions.acquire_refusal,
    Use: actions.use_refusal, Fight: actions.fight_refusal, Move: movement.move_refusal,
    Teleport: movement.teleport_refusal, Coach: movement.coach_refusal, Take: actions.take_refusal,
    Market: actions.market_refusal, End: _end,
}


def apply(game: Game, command: Command, typed: str = "") -> list[ev.Event]:
    found = refusal(game, command)  # `check`, a call nearer: every command comes here
    if found is not None:
        raise found.error(typed or str(command))
    return perform(game, command)


def perform(game: Game, command: Command) -> list[ev.Event]:
    out: list[ev.Event] = []
    p = game.players[game.active]
    kind = type(command)
    if kind is End:
        end_turn(game, out)
        return out
    if kind is PlayCard:  # the commonest command, without the table's call
        actions.do_play(game, p, command.card, out)  # type: ignore[union-attr]
    else:
        DOERS[kind](game, p, command, out)
    settle(game, out)
    return out


def _play_all(game: Game, p: Player, command: PlayAll, out: list[ev.Event]) -> None:
    while p.hand and not game.pending and not game.over and p is game.players[game.active]:
        actions.do_play(game, p, p.hand[0], out)
        if game.queue or game.turn.watches:  # else `queue.run` has nothing to do (most cards)
            queue.run(game, out)


def _move(game: Game, p: Player, command: Move, out: list[ev.Event]) -> None:
    path = movement.path_to(game, p, command.to)  # check() has judged the move legal
    assert path is not None
    movement.do_move(game, p, command, path, out)


def _choose(game: Game, p: Player, command: Choose, out: list[ev.Event]) -> None:
    queue.answer(game, command.option, out)


# What each kind of command does once it is judged legal (End and PlayCard are `perform`'s own).
DOERS: dict[type, Callable[[Game, Player, Any, list[ev.Event]], None]] = {
    PlayAll: _play_all, Move: _move, Acquire: actions.do_acquire, Fight: actions.do_fight, Choose: _choose,
    Take: actions.do_take, Use: actions.do_use, Teleport: movement.do_teleport, Coach: movement.do_coach,
    Market: actions.do_market,
}


def settle(game: Game, out: list[ev.Event]) -> None:
    """Run what is queued; finish a paused turn-end; end the turn of a player knocked out on it."""
    if game.turn.ending:
        continue_ending(game, out)
        return
    if game.queue or game.turn.watches:  # else `queue.run` has nothing to do (most commands)
        queue.run(game, out)
    p = game.players[game.active]
    if not game.over and not game.pending and p.status != PLAYING and p.status != ESCAPED:  # out, not escaped
        end_turn(game, out)
