"""Ending a turn, in order: end-of-turn effects; clear the play area and draw five; refill the row
(Arrive and Events resolve); at most one dragon attack; then the next player's turn, with the
classic countdown or legacy off-the-clock draws for players who are out."""

from __future__ import annotations

from clank_story.rules import cards
from clank_story.rules import events as ev
from clank_story.rules.dragon import attack, countdown_step, off_the_clock, row_cubes
from clank_story.rules.queue import enqueue, run
from clank_story.rules.row import refill
from clank_story.rules.state import ATTACK, REFILL, RESOLVE, Game, Turn


def end_turn(game: Game, out: list[ev.Event]) -> None:
    turn = game.turn
    turn.ending = RESOLVE
    turn.watches = []  # conditions still false now lapse
    p = game.players[game.active]
    for item in turn.end_queue:
        enqueue(game, game.player(item["p"]), item["fx"], item["src"], watch=False)
    turn.end_queue = []
    if p.out:
        game.queue.clear()
    continue_ending(game, out)


def continue_ending(game: Game, out: list[ev.Event]) -> None:
    """Carry the ending on from wherever a question paused it."""
    turn = game.turn
    run(game, out)
    if game.pending or game.over:
        return
    if turn.ending == RESOLVE:
        turn.ending = REFILL
        p = game.players[game.active]
        cards.clear_play_area(p)
        if not p.out or p.status == "escaped":
            cards.draw_hand(game, p, out)
        turn.dragon_due = refill(game, out) or turn.dragon_due  # a mid-turn symbol is due too
        run(game, out)
        if game.pending or game.over:
            return
    if turn.ending == REFILL:
        turn.ending = ATTACK
        if turn.dragon_due:
            attack(game, row_cubes(game), "row", out)
    if not game.over:
        out.append(ev.TurnEnded(game.players[game.active].name))
        next_turn(game, out)


def next_turn(game: Game, out: list[ev.Event]) -> None:
    n = len(game.players)
    for _ in range(8 * n):
        if game.over:
            return
        game.active = (game.active + 1) % n
        if game.active == 0:
            game.turn_number += 1
        game.turn = Turn()
        p = game.players[game.active]
        if not p.out:
            game.turn.may_take = False
            out.append(ev.TurnStarted(p.name, game.turn_number))
            return
        if game.ruleset.legacy:
            off_the_clock(game, out)
        elif game.countdown_holder == p.name:
            countdown_step(game, out)
