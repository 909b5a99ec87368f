"""Moving: Boots along paths, monster paths, locks, water, one-way paths, exhaustion, teleports,
coaches, and what happens on entering a space."""

from __future__ import annotations

from collections.abc import Callable

from clank_story.rules import cards, cubes, tokens
from clank_story.rules import events as ev
from clank_story.rules.commands import Coach, Move, Teleport
from clank_story.rules.model import LOCK_KEY, Path
from clank_story.rules.outcomes import escape
from clank_story.rules.refusal import Refusal
from clank_story.rules.state import Game, Player


def _name(game: Game, space: str) -> str:
    return game.ruleset.board.spaces[space].name


has_kind = tokens.holds_kind  # kept for callers outside rules/ until they use tokens.holds_kind


def missing_for(game: Game, p: Player, path: Path) -> str | None:
    """The token kind `p` lacks to walk `path` (a Master Key for a lock, a Canoe for water), if any."""
    for kind in path.needs:
        if not tokens.holds_kind(game, p, kind):
            return kind
    return None


def path_to(game: Game, p: Player, to: str) -> Path | None:
    best: Path | None = None
    for dest, path in game.ruleset.board.exits(p.space):
        if dest == to and (best is None or _cost_rank(game, p, path) < _cost_rank(game, p, best)):
            best = path
    return best


def _cost_rank(game: Game, p: Player, path: Path) -> tuple[int, int, int]:
    return (int(missing_for(game, p, path) is not None), path.boots, path.monsters)


def swords_for(game: Game, path: Path, asked: int | None) -> int:
    return min(game.turn.swords, path.monsters) if asked is None else asked


def move_refusal(game: Game, p: Player, cmd: Move) -> Refusal | None:
    """Why a move is refused (None: it is allowed)."""
    here, to = p.space, cmd.to

    def names(**more: object) -> Callable[[], dict[str, object]]:
        return lambda: {"here": _name(game, here), "there": _name(game, to), **more}

    if to == here:
        return Refusal("move.here", names())
    path = path_to(game, p, to)
    if path is None:
        if any(dest == here for dest, _ in game.ruleset.board.exits(to)):
            return Refusal("move.one_way", names())
        return Refusal("move.no_path", lambda: {**names()(), "options": ", ".join(
            sorted(_name(game, d) for d, _ in game.ruleset.board.exits(here))) or "-"})
    turn = game.turn
    if turn.exhausted:
        return Refusal("move.exhausted", names())
    missing = missing_for(game, p, path)
    if missing is not None:
        return Refusal("move.locked" if missing == LOCK_KEY else "move.water", names())
    if turn.boots < path.boots:
        return Refusal("move.boots", names(need=path.boots, have=turn.boots))
    if to == game.ruleset.board.start and not p.artifacts:
        return Refusal("move.start_without_artifact", names())
    swords = swords_for(game, path, cmd.swords)
    if swords > path.monsters:
        return Refusal("move.too_many_swords", names(monsters=path.monsters, swords=swords))
    if swords > turn.swords:
        return Refusal("move.swords", names(swords=swords, have=turn.swords))
    if path.monsters - swords >= p.health_left:
        return Refusal("move.lethal", names(damage=path.monsters - swords, left=p.health_left))
    return None


def do_move(game: Game, p: Player, cmd: Move, path: Path, out: list[ev.Event]) -> None:
    swords = swords_for(game, path, cmd.swords)
    game.turn.boots -= path.boots
    game.turn.swords -= swords
    hurt = path.monsters - swords
    origin = p.space
    out.append(ev.Moved(p.name, origin, cmd.to, path.boots, swords, hurt))
    if hurt:
        cubes.damage_from_supply(p, hurt, "path", out)
    enter_space(game, p, cmd.to, out)


def teleport_refusal(game: Game, p: Player, cmd: Teleport) -> Refusal | None:
    def names() -> dict[str, object]:
        return {"here": _name(game, p.space), "there": _name(game, cmd.to)}

    if game.turn.teleports < 1:
        return Refusal("teleport.none", names)
    if cmd.to not in game.ruleset.board.adjacent(p.space):
        return Refusal("teleport.not_adjacent", names)
    if cmd.to == game.ruleset.board.start and not p.artifacts:
        return Refusal("move.start_without_artifact", names)
    return None


def do_teleport(game: Game, p: Player, cmd: Teleport, out: list[ev.Event]) -> None:
    game.turn.teleports -= 1
    out.append(ev.Moved(p.name, p.space, cmd.to, 0, teleport=True))
    enter_space(game, p, cmd.to, out)


def coach_fare(game: Game, p: Player, to: str) -> int:
    here = game.ruleset.board.spaces[p.space].coach or 0
    return here + (game.ruleset.board.spaces[to].coach or 0)


def coach_refusal(game: Game, p: Player, cmd: Coach) -> Refusal | None:
    space = game.ruleset.board.spaces[p.space]

    def names(**more: object) -> Callable[[], dict[str, object]]:
        return lambda: {"here": space.name, "there": _name(game, cmd.to), **more}

    if not game.ruleset.legacy:
        return Refusal("coach.classic")
    if space.coach is None:
        return Refusal("coach.not_here", names())
    if game.ruleset.board.spaces[cmd.to].coach is None or cmd.to == p.space:
        return Refusal("coach.not_a_stop", names())
    if game.turn.boots < 1:
        return Refusal("coach.boots", names())
    fare = coach_fare(game, p, cmd.to)
    if p.gold < fare:
        return Refusal("coach.gold", names(fare=fare, gold=p.gold))
    if cmd.to == game.ruleset.board.start and not p.artifacts:
        return Refusal("move.start_without_artifact", names())
    return None


def do_coach(game: Game, p: Player, cmd: Coach, out: list[ev.Event]) -> None:
    """A coach costs 1 Boot and the Gold shown on both stops."""
    fare = coach_fare(game, p, cmd.to)
    game.turn.boots -= 1
    p.gold -= fare
    out.append(ev.Moved(p.name, p.space, cmd.to, 1, coach_gold=fare))
    enter_space(game, p, cmd.to, out)


def enter_space(game: Game, p: Player, to: str, out: list[ev.Event]) -> None:
    """Entering: escape at the start, exhaustion, once-a-turn rewards (legacy secrets and fruit among
    them), waypoints, tokens to take."""
    board = game.ruleset.board
    if p.space == board.start:
        p.left_start = True
    p.space = to
    space = board.spaces[to]
    turn = game.turn
    if to == board.start:
        if p.artifacts:
            escape(game, p, out)
        return
    if space.exhausting and not turn.no_exhaustion:
        turn.exhausted = True
        out.append(ev.Exhausted(p.name, to))
    secrets = game.ruleset.legacy and bool(space.minor_secrets or game.secrets.get(to))
    if (space.rewards or secrets) and to not in turn.rewarded:
        turn.rewarded.append(to)
        gains = {k: v for k, v in (("heal", space.heal), ("gold", space.gold)) if v}
        if space.gold:
            tokens.gain_gold(game, p, space.gold)
        if gains:
            out.append(ev.Gained(p.name, to, gains))
        if space.heal:
            cubes.heal(p, space.heal, out)
        if space.draw:
            cards.draw(game, p, space.draw, out)
        if secrets:
            tokens.secret_rewards(game, p, to, out)
    turn.may_take = tokens.takeable(game, to)
    if space.waypoint:
        out.append(ev.WaypointEntered(p.name, to, space.waypoint))
