"""Scoring: artifacts + tokens + Gold + card points (+20 for escaping); 0 for a knock-out without an
artifact or in the depths; ties go to the most valuable artifact."""

from __future__ import annotations

from clank_story.rules.queue import count, holds
from clank_story.rules.state import KNOCKED_OUT, Game, Player

ESCAPE_TOKENS = {"mastery": 20, "mug": 20}
IDOL_POINTS = 5
PARTS = ("artifacts", "tokens", "gold", "cards")


def scores_zero(p: Player) -> bool:
    return not p.artifacts or (p.status == KNOCKED_OUT and p.in_depths_at_end)


def token_points(game: Game, token: str) -> int:
    if token in ESCAPE_TOKENS:
        return ESCAPE_TOKENS[token]
    if token == "monkey-idol":
        return IDOL_POINTS
    for item in game.ruleset.market:
        if item.id == token:
            return item.points
    secret = game.ruleset.secrets.get(token)
    return secret.points if secret else 0


def card_points(game: Game, p: Player) -> int:
    """Printed points plus each card's `score` block (an `if:` there is judged at the end)."""
    total = 0
    for card_id in p.owned():
        card = game.card(card_id)
        total += card.points
        for m in card.block("score"):
            if "if" in m and not holds(game, p, m["if"], card_id):
                continue
            n = m.get("points", 0)
            total += n * count(game, p, m["per"], card_id) if "per" in m else n
    return total


def score_parts(game: Game, p: Player) -> dict[str, int]:
    """What a score is made of, part by part (whether or not the player scores 0 in the end)."""
    return {"artifacts": sum(p.artifacts), "tokens": sum(token_points(game, t) for t in p.tokens),
            "gold": p.gold, "cards": card_points(game, p)}


def score(game: Game, p: Player) -> int:
    if scores_zero(p):
        return 0
    return sum(score_parts(game, p).values())


def standing(game: Game, p: Player) -> int:
    """What `p` would score if the game ended now: a player still in would be knocked out where they
    stand (so 0 in the depths); once the game is over, the final score."""
    if game.over:
        return p.score
    if not p.out:
        space = game.board.spaces.get(p.space)
        if space is not None and space.depths:
            return 0
    return score(game, p)


def score_all(game: Game) -> dict[str, int]:
    for p in game.players:
        p.score = score(game, p)
    return {p.name: p.score for p in game.players}


def _order(game: Game, p: Player) -> tuple[int, int]:
    return standing(game, p), p.artifact or 0


def winner(game: Game) -> str | None:
    """The best score; a tie goes to the most valuable artifact. Nobody wins with 0."""
    best = max(game.players, key=lambda p: (p.score, p.artifact or 0))
    return best.name if best.score > 0 else None


def ranks(game: Game) -> dict[str, int]:
    """Each player's place (1 = first) by standing, ties broken by the most valuable artifact;
    players level on both share a place."""
    keys = {p.name: _order(game, p) for p in game.players}
    return {name: 1 + sum(1 for other in keys.values() if other > key) for name, key in keys.items()}
