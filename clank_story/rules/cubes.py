"""Cubes: Clank in the area, damage on the health meter, healing, and the dragon bag."""

from __future__ import annotations

from clank_story.rules import chance
from clank_story.rules import events as ev
from clank_story.rules.state import HEALTH, PLAYING, Game, Player


def add_clank(game: Game, p: Player, amount: int, out: list[ev.Event]) -> None:
    """Positive Clank puts cubes from supply in the area (none when the supply is empty).
    Negative Clank removes your cubes from the area first, then offsets later Clank this turn.
    "Clank you made this turn" counts the cubes really added (later removal does not undo them)."""
    if amount == 0 or p.status != PLAYING:  # (p.out)
        return
    turn = game.turn
    active = p is game.players[game.active]
    moved = 0
    if amount > 0:
        if active:
            offset = min(turn.clank_credit, amount)
            turn.clank_credit -= offset
            amount -= offset
        moved = min(amount, p.supply)
        p.supply -= moved
        game.clank_area[p.name] = game.clank_area.get(p.name, 0) + moved
        if active:
            turn.clank_made += moved  # only cubes really added count as Clank you made
    else:
        want = -amount
        here = game.clank_area.get(p.name, 0)
        back = min(want, here)
        game.clank_area[p.name] = here - back
        p.supply += back
        moved = -back
        if active:
            turn.clank_credit += want - back
    out.append(ev.ClankChanged(p.name, moved, amount))


def heal(p: Player, amount: int, out: list[ev.Event]) -> None:
    """Healing returns cubes from the health meter to the supply."""
    cured = min(amount, p.damage)
    if cured > 0:
        p.damage -= cured
        p.supply += cured
        out.append(ev.Healed(p.name, cured))


def damage_from_supply(p: Player, amount: int, source: str, out: list[ev.Event]) -> None:
    """Damage that is not the dragon's takes cubes from your own supply."""
    taken = min(amount, p.supply, HEALTH - p.damage)
    if taken > 0:
        p.supply -= taken
        p.damage += taken
        out.append(ev.TookDamage(p.name, taken, source))


def bag_total(game: Game) -> int:
    return sum(game.bag.values())


def empty_area_into_bag(game: Game) -> None:
    for name, n in game.clank_area.items():
        if n:
            game.bag[name] = game.bag.get(name, 0) + n
            game.clank_area[name] = 0


def draw_from_bag(game: Game) -> str | None:
    """One cube drawn at random; the bag's keys are in a fixed order so the draw is reproducible."""
    total = bag_total(game)
    if total == 0:
        return None
    pick = chance.below(game.rng, total)
    for colour, n in game.bag.items():
        if pick < n:
            game.bag[colour] = n - 1
            return colour
        pick -= n
    raise AssertionError("unreachable: the bag count was wrong")


def return_area_cubes(game: Game, p: Player) -> None:
    """A player who goes off the clock takes their cubes back from the Clank area."""
    n = game.clank_area.get(p.name, 0)
    if n:
        game.clank_area[p.name] = 0
        p.supply += n
