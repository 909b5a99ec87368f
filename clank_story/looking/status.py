"""`status` (the dragon, the bag, every player at a glance) and the one-line toolbar the prompt shows."""

from __future__ import annotations

from clank_story.looking.common import counted, space_name, w
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
            name=p.name + (w("status.bot", bot=p.bot) if p.bot else ""), where=where,
            health=p.health_left, most=HEALTH, clank=game.clank_area.get(p.name, 0), gold=p.gold,
            artifact=w("status.artifact", n="+".join(str(a) for a in p.artifacts)) if p.artifacts else "",
            tokens=w("status.tokens", tokens=w("sep").join(tokens)) if tokens else ""))
    return "\n".join(lines)


def status_line(game: Game) -> str:
    """One line for the REPL's bottom toolbar."""

    if game.over:
        return w("bar.over", scores=", ".join(f"{p.name} {p.score}" for p in game.players))
    p = game.me
    turn = game.turn
    return w("bar", turn=game.turn_number, space=space_name(game, p.space) if p.status != ESCAPED else
               w("status.escaped"), skill=turn.skill, swords=turn.swords, boots=turn.boots, gold=p.gold,
               health=p.health_left, most=HEALTH, clank=game.clank_area.get(p.name, 0), rage=game.rage,
               cubes=row_cubes(game))
