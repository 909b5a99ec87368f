"""Scoring: artifacts + tokens + Gold + card points (+20 for escaping); 0 for a knock-out without an
artifact or in the depths; ties go to the most valuable artifact."""

from __future__ import annotations

from clank_story.rules.effects import count
from clank_story.rules.state import KNOCKED_OUT, Game, Player

ESCAPE_TOKENS = {"mastery": 20, "mug": 20}
IDOL_POINTS = 5


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
    total = 0
    for card_id in p.owned():
        card = game.card(card_id)
        total += card.points
        for m in card.block("score"):
            n = m.get("points", 0)
            total += n * count(game, p, m["per"], card_id) if "per" in m else n
    return total


def score(game: Game, p: Player) -> int:
    if scores_zero(p):
        return 0
    return sum(p.artifacts) + sum(token_points(game, t) for t in p.tokens) + p.gold + card_points(game, p)


def score_all(game: Game) -> dict[str, int]:
    for p in game.players:
        p.score = score(game, p)
    return {p.name: p.score for p in game.players}


def winner(game: Game) -> str | None:
    best = max(game.players, key=lambda p: (p.score, p.artifact or 0))
    return best.name if best.score > 0 else None
