"""Going off the clock: knock-outs, escapes, and the end of the game."""

from __future__ import annotations

from clank_story.rules import cubes
from clank_story.rules import events as ev
from clank_story.rules.scoring import score_all, winner
from clank_story.rules.state import ESCAPED, HEALTH, KNOCKED_OUT, Game, Player


def check_knock_out(game: Game, p: Player, out: list[ev.Event]) -> None:
    if not p.out and p.damage >= HEALTH:
        knock_out(game, p, out)


def knock_out(game: Game, p: Player, out: list[ev.Event], *, ending: bool = False) -> None:
    """A full health meter knocks you out; without an artifact, or in the depths, you score 0.
    `ending`: the game is ending anyway (everyone still in is knocked out where they stand)."""
    space = game.board.spaces.get(p.space)
    p.status = KNOCKED_OUT
    p.in_depths_at_end = bool(space and space.depths)
    cubes.return_area_cubes(game, p)
    out.append(ev.KnockedOut(p.name, p.in_depths_at_end or not p.artifacts))
    if not ending:
        _went_out(game, p, out)


def escape(game: Game, p: Player, out: list[ev.Event]) -> None:
    """Back at the start with an artifact: take the escape token (20) and leave the board."""
    p.status = ESCAPED
    p.tokens.append("mug" if game.legacy else "mastery")
    cubes.return_area_cubes(game, p)
    out.append(ev.Escaped(p.name))
    _went_out(game, p, out)


def _went_out(game: Game, p: Player, out: list[ev.Event]) -> None:
    if not game.legacy and game.countdown is None:
        game.countdown = 1
        game.countdown_holder = p.name
        out.append(ev.CountdownAdvanced(1))
    if all(q.out for q in game.players) and not game.over:
        end_game(game, "all_out", out)


def end_game(game: Game, reason: str, out: list[ev.Event]) -> None:
    for p in game.players:
        if not p.out:
            knock_out(game, p, out, ending=True)
    game.over = True
    game.pending = None
    game.queue.clear()
    scores = score_all(game)
    out.append(ev.GameOver(scores, winner(game), reason))

