"""Read-only views of the state for expressions (DESIGN.md §4): `game`, `me`, `players`, `campaign`.

Views hold no logic of their own beyond reading; the story layer evaluates Jinja over them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from clank_story.rules.dragon import rage_cubes
from clank_story.rules.scoring import ranks, standing, winner
from clank_story.rules.state import Game, Player


class PlayerView:
    __slots__ = ("_game", "_p")

    def __init__(self, game: Game, p: Player) -> None:
        self._game = game
        self._p = p

    @property
    def _active(self) -> bool:
        return self._game.me is self._p

    name = property(lambda s: s._p.name)
    space = property(lambda s: s._p.space)
    damage = property(lambda s: s._p.damage)
    health_left = property(lambda s: s._p.health_left)
    gold = property(lambda s: s._p.gold)
    supply = property(lambda s: s._p.supply)
    hand = property(lambda s: tuple(s._p.hand))
    deck_size = property(lambda s: len(s._p.deck))
    discard = property(lambda s: tuple(s._p.discard))
    in_play = property(lambda s: tuple(s._p.in_play))
    artifact = property(lambda s: s._p.artifact)
    tokens = property(lambda s: tuple(s._p.tokens))
    status = property(lambda s: s._p.status)
    bot = property(lambda s: s._p.bot)
    trashed = property(lambda s: tuple(s._p.trashed))

    @property
    def score(self) -> int:
        """What they would score if the game ended now (their final score once it is over)."""
        return standing(self._game, self._p)

    @property
    def rank(self) -> int:
        """Their place by score (1 = first; ties by the most valuable artifact; level players share)."""
        return ranks(self._game)[self._p.name]

    @property
    def teleports(self) -> int:
        return self._game.turn.teleports if self._active else 0

    @property
    def skill(self) -> int:
        return self._game.turn.skill if self._active else 0

    @property
    def swords(self) -> int:
        return self._game.turn.swords if self._active else 0

    @property
    def boots(self) -> int:
        return self._game.turn.boots if self._active else 0

    @property
    def exhausted(self) -> bool:
        return self._game.turn.exhausted if self._active else False

    @property
    def clank(self) -> int:
        return self._game.clank_area.get(self._p.name, 0)

    def __repr__(self) -> str:
        return f"<player {self._p.name}>"


class PlayersView:
    """Seat order; also indexable by name: players['Ana']."""

    __slots__ = ("_views",)

    def __init__(self, views: list[PlayerView]) -> None:
        self._views = views

    def __getitem__(self, key: int | str) -> PlayerView:
        if isinstance(key, str):
            for v in self._views:
                if v.name == key:
                    return v
            raise KeyError(key)
        return self._views[key]

    def __iter__(self) -> Iterator[PlayerView]:
        return iter(self._views)

    def __len__(self) -> int:
        return len(self._views)


class GameView:
    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    ruleset = property(lambda s: s._game.ruleset.name)
    board = property(lambda s: s._game.board.id)
    turn = property(lambda s: s._game.turn_number)
    rage = property(lambda s: s._game.rage)
    rage_cubes = property(lambda s: rage_cubes(s._game))
    bag = property(lambda s: MappingProxyType(dict(s._game.bag)))
    clank_area = property(lambda s: MappingProxyType(dict(s._game.clank_area)))
    row = property(lambda s: tuple(s._game.row))
    countdown = property(lambda s: s._game.countdown)
    over = property(lambda s: s._game.over)
    artifacts = property(lambda s: MappingProxyType(dict(s._game.artifacts)))
    active = property(lambda s: s._game.me.name)
    row_discard = property(lambda s: tuple(s._game.deck_discard))
    deck_size = property(lambda s: len(s._game.deck))
    market = property(lambda s: MappingProxyType(dict(s._game.market)))
    reserve = property(lambda s: MappingProxyType(dict(s._game.reserve)))
    secrets = property(lambda s: MappingProxyType({k: len(v) for k, v in s._game.secrets.items() if v}))
    secret_bank = property(lambda s: len(s._game.secret_bank))
    idols = property(lambda s: MappingProxyType({k: n for k, n in s._game.idols.items() if n}))

    @property
    def winner(self) -> str | None:
        """Once the game is over, the winner's name (ties by the most valuable artifact), or none."""
        return winner(self._game) if self._game.over else None


class CampaignView:
    """What passages may read of the campaign; the campaign layer supplies the data."""

    __slots__ = ("_contracts", "_counters", "_flags", "_rules", "_seen", "_stickers", "game_number", "name")

    def __init__(self, name: str = "", game_number: int = 1, flags: Mapping[str, Any] | None = None,
                 counters: Mapping[str, int] | None = None, seen: frozenset[str] = frozenset(),
                 stickers: tuple[str, ...] = (), rules: tuple[str, ...] = (),
                 contracts: tuple[str, ...] = ()) -> None:
        self.name = name
        self.game_number = game_number
        self._flags = MappingProxyType(dict(flags or {}))
        self._counters = MappingProxyType(dict(counters or {}))
        self._seen = seen
        self._stickers = tuple(stickers)
        self._rules = tuple(rules)
        self._contracts = tuple(contracts)

    @property
    def stickers(self) -> tuple[str, ...]:
        """Ids of the stickers on the franchise board: `'turnip-tithe' in campaign.stickers`."""
        return self._stickers

    @property
    def rules(self) -> tuple[str, ...]:
        """Ids of the rules unlocked so far in the campaign."""
        return self._rules

    @property
    def contracts(self) -> tuple[str, ...]:
        """Ids of the open contracts in the contract row, left to right."""
        return self._contracts

    @property
    def flags(self) -> Mapping[str, Any]:
        return self._flags

    @property
    def counters(self) -> Mapping[str, int]:
        return self._counters

    def seen(self, passage: str) -> bool:
        return str(passage) in self._seen


def views(game: Game, campaign: CampaignView | None = None) -> dict[str, Any]:
    players = PlayersView([PlayerView(game, p) for p in game.players])
    return {"game": GameView(game), "me": players[game.active], "players": players,
            "campaign": campaign or CampaignView()}
