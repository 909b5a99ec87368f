"""Tokens: what kind a token is, Gold from the bank, artifacts, secrets (and mystic fruit), monkey
idols, and kept potions.

Classic secrets lie face down on their spaces and are taken with `take`, one token per entry. Legacy
secrets are space *rewards*, given the first time you enter the space each turn: a minor secret is
drawn from the bank, a major secret or a mystic fruit is the one placed on that space at setup."""

from __future__ import annotations

from collections.abc import Iterable

from clank_story.rules import events as ev
from clank_story.rules.dragon import change_rage
from clank_story.rules.queue import enqueue, plain
from clank_story.rules.state import Game, Player


# -- kinds -----------------------------------------------------------------------------------------
def is_kind(game: Game, token: str, kind: str) -> bool:
    """A token answers to its own id and to its kind (a market item's `kind`: crown, master-key, ...)."""
    return token == kind or game.ruleset.token_kind(token) == kind


def holds_kind(game: Game, p: Player, kind: str) -> bool:
    return any(is_kind(game, t, kind) for t in p.tokens)


def distinct_kinds(game: Game, p: Player, among: Iterable[str] | None = None) -> int:
    """How many different kinds of token `p` holds (only kinds in `among`, when given)."""
    kinds = {game.ruleset.token_kind(t) for t in p.tokens}
    if among is None:
        return len(kinds)
    return sum(1 for kind in dict.fromkeys(among) if kind in kinds or kind in p.tokens)


# -- Gold ------------------------------------------------------------------------------------------
def gain_gold(game: Game, p: Player, n: int) -> None:
    """Gold from the bank (or back to it, for a negative n; never below 0). What the active player
    gains is counted for the turn (the `gold_gained` counter)."""
    p.gold = max(0, p.gold + n)
    if n > 0 and p is game.players[game.active]:
        game.turn.gold_gained += n


# -- on the board ----------------------------------------------------------------------------------
def artifact_limit(game: Game, p: Player) -> int:
    """One artifact each; in classic a Backpack carries a second."""
    if not game.ruleset.legacy and holds_kind(game, p, "backpack"):
        return 2
    return 1


def takeable(game: Game, space: str) -> bool:
    """Is there a token to `take` here? Legacy secrets and fruit are rewards, never taken."""
    return bool(game.artifacts.get(space) or game.idols.get(space)) or takeable_secret(game, space)


def takeable_secret(game: Game, space: str) -> bool:
    return not game.ruleset.legacy and bool(game.secrets.get(space))


def secret_available(game: Game, space: str) -> bool:
    """A secret could be had at `space`: one lying there, or (legacy) a minor-secret space while the
    bank still holds minor secrets."""
    if game.secrets.get(space):
        return True
    s = game.ruleset.board.spaces.get(space)
    return bool(game.ruleset.legacy and s is not None and s.minor_secrets and game.secret_bank)


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


def take_secret(game: Game, p: Player, space: str, out: list[ev.Event], *, from_bank: bool | None = None) -> None:
    """A secret is revealed as it is taken: kept ones (potions) wait for `use`; the rest act now.
    It comes from the space, or from the bank (legacy minor secrets); by default one lying on the
    space comes first."""
    if from_bank is None:
        from_bank = not game.secrets.get(space)
    secret_id = game.secret_bank.pop(0) if from_bank else game.secrets[space].pop(0)
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
        game.turn.end_queue.append({"p": p.name, "src": secret_id, "fx": plain(secret.effects)})
    else:
        enqueue(game, p, secret.effects, secret_id)


def secret_rewards(game: Game, p: Player, space: str, out: list[ev.Event]) -> None:
    """Legacy: entering a space rewards you with a minor secret from the bank (a minor-secret space)
    and the secret or fruit lying there, if any (the caller gives each space's rewards once a turn)."""
    if game.ruleset.board.spaces[space].minor_secrets and game.secret_bank:
        take_secret(game, p, space, out, from_bank=True)
    if game.secrets.get(space):
        take_secret(game, p, space, out, from_bank=False)


def use_secret(game: Game, p: Player, token: str, out: list[ev.Event]) -> None:
    p.tokens.remove(token)
    out.append(ev.SecretUsed(p.name, token))
    enqueue(game, p, game.ruleset.secrets[token].effects, token)
