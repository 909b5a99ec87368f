"""The score lines told at the end of a game and shown by `score`: each player's total and what it is
made of (the parts come from the rules' scoring)."""

from __future__ import annotations

from clank_story.rules.scoring import score, score_parts, scores_zero, standing
from clank_story.rules.state import Game
from clank_story.words import say


def w(key: str, **params: object) -> str:
    return say(f"look.{key}", **params)


def score_lines(game: Game) -> list[str]:
    """One line per player: the total and what it is made of (final scores once the game is over)."""

    width = max(len(p.name) for p in game.players)
    lines = []
    for p in game.players:
        total = standing(game, p)
        if scores_zero(p):
            parts = w("score.zero." + ("no_artifact" if not p.artifacts else "depths"))
        elif total == 0 and not game.over and score(game, p) > 0:
            parts = w("score.zero.depths_now")  # still in the depths: nothing, if it ended now
        else:
            bits = score_parts(game, p)
            parts = w("score.parts", parts=" + ".join(w(f"score.part.{k}", n=n) for k, n in bits.items() if n))
        lines.append(w("score.line", name=p.name, width=width, total=total, parts=parts))
    return lines
