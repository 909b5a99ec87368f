"""`score`: the scores as they stand, or the final ones once the game is over."""

from __future__ import annotations

from clank_story.looking.common import w
from clank_story.narrate.lines import person
from clank_story.narrate.scores import score_lines
from clank_story.rules.scoring import winner
from clank_story.rules.state import Game


def score(game: Game) -> str:
    """Scores as they stand (final ones once the game is over); reading, never writing, the state."""

    lines = [w("score.final" if game.over else "score.title"), *score_lines(game)]
    if game.over:
        name = winner(game) if any(p.score > 0 for p in game.players) else None
        lines.append(w("score.winner", name=name, you=name == person(game)) if name else w("score.no_winner"))
    return "\n".join(lines)
