"""Immutable content the rules read: cards, boards, secrets, market items.

The content layer builds these from YAML; tests may build them directly. Effect blocks are kept as
plain data (tuples of mappings) and interpreted by rules/effects.py.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

Block = tuple[Mapping[str, Any], ...]
EMPTY: Block = ()

TIMINGS = ("play", "acquire", "defeat", "arrive", "use", "end_of_turn", "score")
RAGE_TRACK = (2, 2, 3, 3, 4, 4, 5)


class FrozenDict(dict):
    """A read-only dict that pickles (MappingProxyType does not), so parsed content can be cached."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("content is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=repr)))


def as_block(data: Any) -> Block:
    """A block is a mapping or a list of mappings; normalise to a tuple of read-only mappings."""
    if not data:
        return EMPTY
    items = [data] if isinstance(data, Mapping) else list(data)
    return tuple(FrozenDict(item) for item in items)


@dataclass(frozen=True)
class CardDef:
    """A card as the content defines it: cost, points, types and effects; the game holds its id."""

    id: str
    name: str
    kind: str = "item"  # item | device | monster | event
    types: tuple[str, ...] = ()
    cost: int = 0
    points: int = 0
    count: int = 1
    dragon: bool = False
    danger: bool = False
    only: str | None = None  # classic: depths | crystal_cave
    flavor: str = ""
    effects: Mapping[str, Block] = field(default_factory=dict)
    reserve: bool = False  # lives in the Reserve (yellow banner)
    stays: bool = False  # a Reserve monster fought any number of times (goblin, cultist)
    ruleset: str | None = None  # a shared card limited to one ruleset
    aliases: tuple[str, ...] = ()  # other names it may be typed by (its English name, when translated)

    def block(self, timing: str) -> Block:
        return self.effects.get(timing, EMPTY)

    @property
    def acquirable(self) -> bool:
        return self.kind == "item"


@dataclass(frozen=True)
class Space:
    """A space of a board and what lies on it at the start."""

    id: str
    name: str
    minor_secrets: int = 0
    major_secrets: int = 0
    monkey_idols: int = 0
    artifact: int | None = None
    depths: bool = False
    exhausting: bool = False
    market: bool = False
    coach: int | None = None
    waypoint: str | None = None
    heal: int = 0
    gold: int = 0
    draw: int = 0
    magic_circle: bool = False
    mystic_fruit: int = 0
    pos: tuple[int, int] | None = None
    aliases: tuple[str, ...] = ()  # other names it may be typed by (its English name, when translated)

    @property
    def rewards(self) -> bool:
        return bool(self.heal or self.gold or self.draw)


LOCK_KEY = "master-key"  # the token kind a locked path needs
BOAT = "canoe"  # the token kind a water path needs


@dataclass(frozen=True)
class Path:
    """A path between two spaces: its Boots, monsters, lock, direction and water."""

    a: str  # from
    b: str  # to
    boots: int = 1
    monsters: int = 0
    locked: bool = False
    one_way: bool = False
    water: bool = False

    @functools.cached_property  # (asked of every path a move or a road passes)
    def needs(self) -> tuple[str, ...]:
        """The token kinds one must hold to walk this path: a Master Key for a lock, a Canoe for water.
        The one home of that rule (movement, the map, route planning and board checks read it)."""
        return (LOCK_KEY,) * self.locked + (BOAT,) * self.water

    def passable(self, kinds: Collection[str]) -> bool:
        """Walkable by someone holding tokens of these kinds (Boots, monsters and exhaustion aside)."""
        return all(k in kinds for k in self.needs)


@dataclass(frozen=True, eq=False)  # identity equality: boards are hashable cache keys
class Board:
    """A board: its spaces, its paths and its Rage track."""

    id: str
    name: str
    ruleset: str
    start: str
    spaces: Mapping[str, Space]
    paths: tuple[Path, ...]
    rage_track: tuple[int, ...] = RAGE_TRACK

    def __post_init__(self) -> None:
        exits: dict[str, list[tuple[str, Path]]] = {s: [] for s in self.spaces}
        for p in self.paths:
            exits.setdefault(p.a, []).append((p.b, p))
            if not p.one_way:
                exits.setdefault(p.b, []).append((p.a, p))
        object.__setattr__(self, "_exits", {k: tuple(v) for k, v in exits.items()})
        near: dict[str, set[str]] = {s: set() for s in self.spaces}
        for p in self.paths:
            near.setdefault(p.a, set()).add(p.b)
            near.setdefault(p.b, set()).add(p.a)
        object.__setattr__(self, "_near", {k: tuple(sorted(v)) for k, v in near.items()})

    def exits(self, space: str) -> tuple[tuple[str, Path], ...]:
        """Where one may walk from `space`: (destination, path), respecting one-way paths."""
        return self._exits.get(space, ())  # type: ignore[attr-defined]

    def adjacent(self, space: str) -> tuple[str, ...]:
        """Spaces joined to `space` by any path, either direction (teleport, adjacent secrets)."""
        return self._near.get(space, ())  # type: ignore[attr-defined]


@dataclass(frozen=True)
class SecretDef:
    """A secret token as the content defines it."""

    id: str
    name: str
    size: str  # minor | major | fruit
    effects: Block = EMPTY
    keep: bool = False
    points: int = 0
    rage: int = 0
    timing: str = "now"  # now | end_of_turn
    count: int = 1


@dataclass(frozen=True)
class MarketItem:
    """An item the market sells."""

    id: str
    name: str
    kind: str
    price: int = 7
    count: int = 1
    points: int = 0
    order: int = 0


@dataclass(frozen=True, eq=False)  # identity equality: rulesets are hashable cache keys
class Ruleset:
    """Everything one game reads: cards by id, the decks, the board, secrets and market."""

    name: str  # classic | legacy
    cards: Mapping[str, CardDef]
    starting: tuple[str, ...]
    reserve: Mapping[str, int]  # card id -> pile size (stays cards: 1)
    deck: tuple[str, ...]  # dungeon / adventure deck, one entry per copy
    board: Board
    secrets: Mapping[str, SecretDef] = field(default_factory=dict)
    market: tuple[MarketItem, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_kinds", {item.id: item.kind for item in self.market})

    @functools.cached_property  # (read at nearly every step of a game; kept beside the fields it is made of)
    def legacy(self) -> bool:
        return self.name == "legacy"

    def token_kind(self, token: str) -> str:
        """What a token is for: a market item's kind (crown, master-key, ...); any other token
        (a monkey idol, a kept secret, an escape token) is its own kind."""
        return self._kinds.get(token, token)  # type: ignore[attr-defined]

    def name_of(self, thing: str) -> str:
        """The display name of a card, secret or market item id (the id itself if none)."""
        card = self.cards.get(thing)
        if card is not None:
            return card.name
        secret = self.secrets.get(thing)
        if secret is not None:
            return secret.name
        for item in self.market:
            if item.id == thing:
                return item.name
        return thing

    def space_name(self, space_id: str) -> str:
        space = self.board.spaces.get(space_id)
        return space.name if space else space_id

    def secrets_of(self, size: str) -> list[str]:
        out: list[str] = []
        for s in self.secrets.values():
            if s.size == size:
                out.extend([s.id] * s.count)
        return out
