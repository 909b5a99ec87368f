"""The score lines told at the end of a game and shown by `score`: each player's total and what it is
made of (the parts come from the rules' scoring)."""

from __future__ import annotations

from clank_story.rules.scoring import card_points, scores_zero, token_points
from clank_story.rules.scoring import score as score_of
from clank_story.rules.state import Game
from clank_story.words import say


def w(key: str, **params: object) -> str:
    return say(f"look.{key}", **params)


def score_lines(game: Game) -> list[str]:
    """One line per player: the total and what it is made of (final scores once the game is over)."""

    width = max(len(p.name) for p in game.players)
    lines = []
    for p in game.players:
        total = p.score if game.over else score_of(game, p)
        if scores_zero(p):
            parts = w("score.zero." + ("no_artifact" if not p.artifacts else "depths"))
        else:
            bits = [("artifacts", sum(p.artifacts)), ("tokens", sum(token_points(game, x) for x in p.tokens)),
                    ("gold", p.gold), ("cards", card_points(game, p))]
            parts = w("score.parts", parts=" + ".join(w(f"score.part.{k}", n=n) for k, n in bits if n))
        lines.append(w("score.line", name=p.name, width=width, total=total, parts=parts))
    return lines
