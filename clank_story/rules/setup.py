"""Setting up a game: the normal setup for the player count, or an exact position (a scenario)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from clank_story.rules import chance
from clank_story.rules import effects as _effects  # noqa: F401  (a game's cards need the effect vocabulary)
from clank_story.rules.model import Ruleset
from clank_story.rules.row import first_deal
from clank_story.rules.state import BLACK_CUBES, CUBES, Game, Player
from clank_story.rules.tokens import takeable

STARTING_CLANK = (3, 2, 1, 0)
RAGE_START = {1: 3, 2: 3, 3: 2, 4: 1}
ARTIFACTS_REMOVED = {1: 2, 2: 2, 3: 1}  # classic only


def rage_start(players: int) -> int:
    """The dragon marker starts on space 1 with four players, 2 with three, 3 with two."""
    return RAGE_START.get(players, 1)


def setup_game(ruleset: Ruleset, seed: int, scenario: Mapping[str, Any]) -> Game:
    """`scenario` follows DESIGN.md §3 with the board and extra cards already resolved into
    `ruleset`; every key is optional and what is left out comes from the normal setup."""
    rng = random.Random(seed)
    seats: Sequence[Mapping[str, Any]] = scenario.get("players") or [{"name": "You"}]
    players = [_player(ruleset, rng, seat, i) for i, seat in enumerate(seats)]
    game = Game(ruleset=ruleset, players=players, rng=rng)

    game.reserve = dict(ruleset.reserve)
    game.market = {item.id: item.count for item in ruleset.market}
    game.rage = int(scenario.get("rage") or rage_start(len(players)))

    for i, (seat, p) in enumerate(zip(seats, players, strict=True)):
        clank = seat.get("clank")
        area = int(clank) if clank is not None else STARTING_CLANK[i] if i < 4 else 0
        p.supply -= area
        game.clank_area[p.name] = area
    bag = scenario.get("bag")
    game.bag = {"black": BLACK_CUBES}
    if bag is not None:
        game.bag = {"black": int(bag.get("black", 0))}
        for p in players:
            game.bag[p.name] = int(bag.get(p.name, 0))
            p.supply -= game.bag[p.name]
    else:
        for p in players:
            game.bag[p.name] = 0
    game.black_out = BLACK_CUBES - game.bag["black"]

    if "deck" in scenario and scenario["deck"] is not None:
        game.deck = list(scenario["deck"])
    else:
        game.deck = list(ruleset.deck)
        chance.shuffle(rng, game.deck)
        for card_id in scenario.get("row") or ():
            if card_id in game.deck:
                game.deck.remove(card_id)
    if scenario.get("row") is not None:
        game.row = list(scenario["row"])
    else:
        first_deal(game)

    if scenario.get("artifacts") is not None:
        game.artifacts = {k: int(v) for k, v in scenario["artifacts"].items()}
    else:
        game.artifacts = place_artifacts(ruleset, len(players), rng)
    _place_tokens(game, rng)
    if scenario.get("secrets") is not None:
        game.secrets = {space: list(ids) for space, ids in scenario["secrets"].items() if ids}
    if scenario.get("secret_bank") is not None:
        game.secret_bank = list(scenario["secret_bank"])
    if scenario.get("market") is not None:
        game.market = {item.id: int(scenario["market"].get(item.id, 0)) for item in ruleset.market}

    active = scenario.get("active")
    if active is not None:
        game.active = [p.name for p in players].index(active)
    game.turn.may_take = takeable(game, game.me.space)
    return game


def place_artifacts(ruleset: Ruleset, players: int, rng: random.Random) -> dict[str, int]:
    """Classic: every artifact but one (three players) or two (two players, or solo), removed at
    random. Legacy: the campaign's setup places every artifact, whatever the number of players."""
    board = ruleset.board
    spaces = [s.id for s in board.spaces.values() if s.artifact is not None]
    if not ruleset.legacy:
        for _ in range(ARTIFACTS_REMOVED.get(players, 0)):
            if spaces:
                spaces.remove(rng.choice(spaces))
    return {s: board.spaces[s].artifact for s in spaces}  # type: ignore[misc]


def _player(ruleset: Ruleset, rng: random.Random, seat: Mapping[str, Any], i: int) -> Player:
    p = Player(name=str(seat.get("name") or f"Player {i + 1}"), bot=seat.get("bot"))
    p.space = seat.get("space") or ruleset.board.start
    p.left_start = p.space != ruleset.board.start
    if any(k in seat for k in ("hand", "deck", "discard")):
        p.hand = list(seat.get("hand") or [])
        p.deck = list(seat.get("deck") or [])
        p.discard = list(seat.get("discard") or [])
    else:
        p.deck = list(ruleset.starting)
        chance.shuffle(rng, p.deck)
        p.hand, p.deck = p.deck[:5], p.deck[5:]
    p.damage = int(seat.get("damage") or 0)
    p.supply = CUBES - p.damage
    p.gold = int(seat.get("gold") or 0)
    p.tokens = list(seat.get("tokens") or [])
    artifact = seat.get("artifact")
    p.artifacts = [int(artifact)] if artifact is not None else []
    return p


def _place_tokens(game: Game, rng: random.Random) -> None:
    """Secrets face down on their spaces (shuffled pools), monkey idols on the shrine. Legacy minor
    secrets go to the bank instead: a minor-secret space deals one from there as its reward."""
    ruleset = game.ruleset
    pools = {size: ruleset.secrets_of(size) for size in ("minor", "major", "fruit")}
    for pool in pools.values():
        chance.shuffle(rng, pool)
    if ruleset.legacy:
        game.secret_bank = pools.pop("minor")
    for space in ruleset.board.spaces.values():
        placed: list[str] = []
        for size, n in (("minor", space.minor_secrets), ("major", space.major_secrets),
                        ("fruit", space.mystic_fruit)):
            if size not in pools:
                continue
            for _ in range(n):
                if pools[size]:
                    placed.append(pools[size].pop())
        if placed:
            game.secrets[space.id] = placed
        if space.monkey_idols:
            game.idols[space.id] = space.monkey_idols
