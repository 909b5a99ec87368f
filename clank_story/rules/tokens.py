"""Tokens on the board: artifacts, secrets (and mystic fruit), monkey idols; kept potions."""

from __future__ import annotations

from clank_story.rules import effects
from clank_story.rules import events as ev
from clank_story.rules.dragon import change_rage
from clank_story.rules.state import Game, Player


def artifact_limit(game: Game, p: Player) -> int:
    """One artifact each; in classic a Backpack carries a second."""
    if not game.legacy and any(effects.token_kind(game, t) == "backpack" for t in p.tokens):
        return 2
    return 1


def take_artifact(game: Game, p: Player, out: list[ev.Event]) -> None:
    """Taking an artifact raises the dragon's rage by one."""
    value = game.artifacts.pop(p.space)
    p.artifacts.append(value)
    game.turn.may_take = False
    out.append(ev.TokenTaken(p.name, p.space, "artifact", value))
    change_rage(game, 1, out)


def take_idol(game: Game, p: Player, out: list[ev.Event]) -> None:
    game.idols[p.space] -= 1
    p.tokens.append("monkey-idol")
    game.turn.may_take = False
    out.append(ev.TokenTaken(p.name, p.space, "monkey-idol"))


def take_secret(game: Game, p: Player, space: str, out: list[ev.Event]) -> None:
    """A secret is revealed as it is taken: kept ones (potions) wait for `use`; the rest act now."""
    secret_id = game.secrets[space].pop(0)
    if space == p.space:
        game.turn.may_take = False
    secret = game.ruleset.secrets[secret_id]
    out.append(ev.TokenTaken(p.name, space, secret_id))
    if secret.keep or secret.points:
        p.tokens.append(secret_id)
    if secret.rage:
        change_rage(game, secret.rage, out)
    if secret.keep:
        return
    if secret.timing == "end_of_turn":
        game.turn.end_queue.append({"p": p.name, "src": secret_id, "fx": effects.plain(secret.effects)})
    else:
        effects.enqueue(game, p, secret.effects, secret_id)


def use_secret(game: Game, p: Player, token: str, out: list[ev.Event]) -> None:
    p.tokens.remove(token)
    out.append(ev.SecretUsed(p.name, token))
    effects.enqueue(game, p, game.ruleset.secrets[token].effects, token)
