"""`look` (where you are, what lies here, the paths out and what they cost) and `map` (a tree of the
spaces within a few paths)."""

from __future__ import annotations

from clank_story.looking.common import join, path_cost, space_name, space_things, w
from clank_story.rules.state import HEALTH, Game

MAP_RADIUS, MAP_MOST = 2, 4


def look(game: Game) -> str:
    p = game.me
    if p.out:
        return w(f"look.where_out.{p.status}", turn=game.turn_number)
    lines = [w("look.where", turn=game.turn_number, space=space_name(game, p.space))]
    things = space_things(game, p.space)
    if things:
        lines.append(w("look.here", things=w("sep").join(things)))
    others = [q.name for q in game.players if q is not p and not q.out and q.space == p.space]
    if others:
        lines.append(w("look.others", players=join(others)))
    lines.append(w("look.paths"))
    exits = sorted(dict(game.board.exits(p.space)), key=lambda s: space_name(game, s))
    for dest in exits:
        cost, notes = path_cost(game, p, dest)
        lines.append(w("look.path", space=space_name(game, dest), cost=cost, notes=notes))
    if not exits:
        lines.append(w("look.no_paths"))
    turn = game.turn
    lines.append(w("look.pools", skill=turn.skill, swords=turn.swords, boots=turn.boots, gold=p.gold,
                     health=p.health_left, most=HEALTH, hand=len(p.hand)))
    if turn.exhausted:
        lines.append(w("look.exhausted"))
    if turn.may_take:
        lines.append(w("look.may_take"))
    return "\n".join(lines)


def map_text(game: Game, radius: int = MAP_RADIUS) -> str:
    """A tree of the spaces within `radius` paths of the active player, each listed once (where it
    is first reached), with the cost of the path that leads to it and what lies there."""
    p = game.me
    board = game.board
    here = p.space
    seen = {here}
    frontier = [here]
    children: dict[str, list[str]] = {}
    for _ in range(radius):
        nxt = []
        for s in frontier:
            kids = [d for d, _ in board.exits(s) if d not in seen]
            kids = sorted(dict.fromkeys(kids), key=lambda d: space_name(game, d))
            for d in kids:
                seen.add(d)
            children[s] = kids
            nxt.extend(kids)
        frontier = nxt
    players_at: dict[str, list[str]] = {}
    for q in game.players:
        if not q.out and q is not p:
            players_at.setdefault(q.space, []).append(q.name)

    def things(space_id: str) -> str:
        items = space_things(game, space_id)
        if space_id in players_at:
            items.append(w("map.players", names=join(players_at[space_id])))
        return w("map.things", things=w("sep").join(items)) if items else ""

    lines = [w("map.title", n=radius, space=space_name(game, here)),
             w("map.root", space=space_name(game, here), things=things(here))]

    def walk(parent: str, prefix: str) -> None:
        kids = children.get(parent, [])
        for i, kid in enumerate(kids):
            last = i == len(kids) - 1
            cost, notes = path_cost(game, p, kid, origin=parent)
            lines.append(prefix + w("map.last" if last else "map.branch")
                         + w("map.node", space=space_name(game, kid), cost=cost, notes=notes, things=things(kid)))
            walk(kid, prefix + w("map.blank" if last else "map.pipe"))

    walk(here, "")
    return "\n".join(lines)
