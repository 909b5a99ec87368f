"""apply(game, command): check first (pure), then perform (the only place that mutates)."""

from __future__ import annotations

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
from clank_story.rules.errors import IllegalCommand
from clank_story.rules.state import ESCAPED, Game
from clank_story.rules.turns import continue_ending, end_turn

NEEDS_BOARD = (Move, Teleport, Coach, Take, Market)


def check(game: Game, command: Command, typed: str = "") -> None:
    """Raise IllegalCommand with the reason if `command` cannot be done now; never mutates."""
    typed = typed or str(command)
    p = game.me
    if game.over:
        raise IllegalCommand("game.over", typed)
    if game.pending is not None:
        if not isinstance(command, Choose):
            raise IllegalCommand("pending.answer_first", typed, n=len(game.pending["options"]))
        if not 1 <= command.option <= len(game.pending["options"]):
            raise IllegalCommand("choose.range", typed, n=len(game.pending["options"]))
        return
    if isinstance(command, Choose):
        raise IllegalCommand("choose.nothing", typed)
    if p.status == ESCAPED and isinstance(command, NEEDS_BOARD):
        raise IllegalCommand("escaped.no_board", typed)
    if p.out and p.status != ESCAPED:
        raise IllegalCommand("out", typed, player=p.name)
    match command:
        case PlayCard():
            actions.check_play(game, p, command, typed)
        case PlayAll():
            if not p.hand:
                raise IllegalCommand("play.empty_hand", typed)
        case Acquire():
            actions.check_acquire(game, p, command, typed)
        case Use():
            actions.check_use(game, p, command, typed)
        case Fight():
            actions.check_fight(game, p, command, typed)
        case Move():
            movement.check_move(game, p, command, typed)
        case Teleport():
            movement.check_teleport(game, p, command, typed)
        case Coach():
            if not game.legacy:
                raise IllegalCommand("coach.classic", typed)
            movement.check_coach(game, p, command, typed)
        case Take():
            actions.check_take(game, p, command, typed)
        case Market():
            actions.check_market(game, p, command, typed)
        case End():
            if p.hand:
                raise IllegalCommand("end.cards_left", typed, n=len(p.hand))


def apply(game: Game, command: Command, typed: str = "") -> list[ev.Event]:
    check(game, command, typed)
    return perform(game, command)


def perform(game: Game, command: Command) -> list[ev.Event]:
    out: list[ev.Event] = []
    p = game.me
    match command:
        case Choose():
            queue.answer(game, command.option, out)
        case PlayCard():
            actions.do_play(game, p, command.card, out)
        case PlayAll():
            while p.hand and not game.pending and not game.over and p is game.me:
                actions.do_play(game, p, p.hand[0], out)
                queue.run(game, out)
        case Acquire():
            actions.do_acquire(game, p, command, out)
        case Use():
            actions.do_use(game, p, command, out)
        case Fight():
            actions.do_fight(game, p, command, out)
        case Move():
            path = movement.path_to(game, p, command.to)  # check() has judged the move legal
            assert path is not None
            movement.do_move(game, p, command, path, out)
        case Teleport():
            movement.do_teleport(game, p, command, out)
        case Coach():
            movement.do_coach(game, p, command, out)
        case Take():
            actions.do_take(game, p, command, out)
        case Market():
            actions.do_market(game, p, command, out)
        case End():
            end_turn(game, out)
            return out
    settle(game, out)
    return out


def settle(game: Game, out: list[ev.Event]) -> None:
    """Run what is queued; finish a paused turn-end; end the turn of a player knocked out on it."""
    if game.turn.ending:
        continue_ending(game, out)
        return
    queue.run(game, out)
    p = game.me
    if not game.over and not game.pending and p.out and p.status != ESCAPED:
        end_turn(game, out)
