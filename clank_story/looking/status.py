"""`status` (the dragon, the bag, every player at a glance) and the one-line toolbar the prompt shows."""

from __future__ import annotations

from clank_story.bots import label as bot_label
from clank_story.looking.common import counted, space_name, w
from clank_story.narrate.wrap import cells
from clank_story.rules.dragon import danger_cards, rage_cubes, row_cubes
from clank_story.rules.state import ESCAPED, HEALTH, Game


def status(game: Game) -> str:

    danger = danger_cards(game)
    lines = [w("status.dragon", turn=game.turn_number, rage=game.rage, most=len(game.board.rage_track),
                 cubes=rage_cubes(game), danger=w("status.danger", n=danger) if danger else "")]
    bag = [w("status.black", n=game.bag.get("black", 0))]
    bag += [w("status.bag_part", name=p.name, n=game.bag.get(p.name, 0)) for p in game.players]
    lines.append(w("status.bag", cubes=w("sep").join(bag)))
    if game.countdown is not None and not game.legacy:
        lines.append(w("status.countdown", n=game.countdown))
    for i, p in enumerate(game.players):
        where = space_name(game, p.space) if not p.out else w(f"status.{p.status}")
        tokens = counted(game, p.tokens)
        lines.append(w(
            "status.player", mark=w("status.active") if i == game.active and not game.over else w("status.idle"),
            name=p.name + (w("status.bot", bot=bot_label(p.bot)) if p.bot else ""), where=where,
            health=p.health_left, most=HEALTH, clank=game.clank_area.get(p.name, 0), gold=p.gold,
            artifact=w("status.artifact", n="+".join(str(a) for a in p.artifacts)) if p.artifacts else "",
            tokens=w("status.tokens", tokens=w("sep").join(tokens)) if tokens else ""))
    return "\n".join(lines)


def status_line(game: Game) -> str:
    """One line for the REPL's bottom toolbar, in full (`toolbar` fits it to a width)."""

    if game.over:
        return w("bar.over", scores=w("sep").join(f"{p.name} {p.score}" for p in game.players))
    p = game.me
    turn = game.turn
    return w("bar", turn=game.turn_number, space=space_name(game, p.space) if p.status != ESCAPED else
               w("status.escaped"), skill=turn.skill, swords=turn.swords, boots=turn.boots, gold=p.gold,
               health=p.health_left, most=HEALTH, clank=game.clank_area.get(p.name, 0), rage=game.rage,
               cubes=row_cubes(game))


ELLIPSIS = "…"
NAME_LEAST = 4  # a space name is cut no shorter than this (plus the ellipsis) before it goes


def toolbar(game: Game, width: int | None = None) -> str:
    """The toolbar fitted to `width` cells: the names are cut first (the space, then the players'),
    then labels shortened and separators tightened; Clank, Health and Rage keep their words."""
    full = status_line(game) + _teleports(game, short=False)
    if width is None or cells(full) <= width:
        return full
    if game.over:
        return _over(game, width)
    for short in (False, True):
        numbers = _numbers(game, short)
        for where in _wheres(game, short):
            line = numbers + where
            if cells(line) <= width:
                return line
        cut = _cut_where(game, width - cells(numbers), short)
        if cut is not None:
            return numbers + cut
    return _numbers(game, True)


def _teleports(game: Game, short: bool) -> str:
    n = game.turn.teleports if not game.over else 0
    if not n:
        return ""
    return w("bar.sep.short" if short else "bar.sep") + w("bar.teleport.short" if short else "bar.teleport", n=n)


def _numbers(game: Game, short: bool) -> str:
    """The numbers of the bar, without the turn and place: long labels, or short ones."""
    p, turn = game.me, game.turn
    sfx = ".short" if short else ""
    sep, group = w(f"bar.sep{sfx}"), w(f"bar.group{sfx}")
    pools = [w(f"bar.skill{sfx}", n=turn.skill), w(f"bar.swords{sfx}", n=turn.swords),
             w(f"bar.boots{sfx}", n=turn.boots)]
    if turn.teleports:
        pools.append(w(f"bar.teleport{sfx}", n=turn.teleports))
    mine = [w(f"bar.gold{sfx}", n=p.gold), w("bar.health", health=p.health_left, most=HEALTH),
            w("bar.clank", n=game.clank_area.get(p.name, 0))]
    return group.join([sep.join(pools), sep.join(mine), w("bar.rage", rage=game.rage, cubes=row_cubes(game))])


def _space(game: Game) -> str:
    p = game.me
    return space_name(game, p.space) if p.status != ESCAPED else w("status.escaped")


def _wheres(game: Game, short: bool) -> list[str]:
    sfx = ".short" if short else ""
    group = w(f"bar.group{sfx}")
    return [group + w("bar.where", turn=game.turn_number, space=_space(game))]


def _cut_where(game: Game, room: int, short: bool) -> str | None:
    """The turn and as much of the space's name as fits in `room` cells, else the turn alone; None
    when not even that fits."""
    sfx = ".short" if short else ""
    group = w(f"bar.group{sfx}")
    name = _space(game)
    for keep in range(len(name) - 1, NAME_LEAST - 1, -1):
        text = group + w("bar.where", turn=game.turn_number, space=name[:keep].rstrip() + ELLIPSIS)
        if cells(text) <= room:
            return text
    for key in ("bar.turn", "bar.turn.short"):
        text = group + w(key, turn=game.turn_number)
        if cells(text) <= room:
            return text
    return None


def _over(game: Game, width: int) -> str:
    """The game is over: the scores, players' names cut before the numbers go."""
    for keep in (12, 8, 4, 1):
        scores = ", ".join(f"{_cut(p.name, keep)} {p.score}" for p in game.players)
        line = w("bar.over", scores=scores)
        if cells(line) <= width:
            return line
    return w("bar.over.short", scores=" ".join(str(p.score) for p in game.players))


def _cut(name: str, keep: int) -> str:
    return name if len(name) <= keep else name[:keep] + ELLIPSIS
