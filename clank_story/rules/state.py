"""The mutable game state. Everything here round-trips through plain JSON-compatible data."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from clank_story.rules.model import Ruleset

HEALTH = 10
CUBES = 30
BLACK_CUBES = 24

PLAYING, ESCAPED, KNOCKED_OUT = "playing", "escaped", "knocked_out"
RESOLVE, REFILL, ATTACK = 1, 2, 3  # the stages of ending a turn (Turn.ending), in order


@dataclass(slots=True)
class Player:
    """One player's side of the table: where they are, their cards, cubes, tokens and Health."""

    name: str
    bot: str | None = None
    space: str = ""
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # top first
    discard: list[str] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)
    trashed: list[str] = field(default_factory=list)  # out for this game; back afterwards
    damage: int = 0  # cubes on the health meter
    supply: int = CUBES
    gold: int = 0
    tokens: list[str] = field(default_factory=list)  # market items, idols, kept secrets, mastery
    artifacts: list[int] = field(default_factory=list)
    status: str = PLAYING
    left_start: bool = False
    in_depths_at_end: bool = False
    score: int = 0

    @property
    def artifact(self) -> int | None:
        return max(self.artifacts) if self.artifacts else None

    @property
    def health_left(self) -> int:
        return HEALTH - self.damage

    @property
    def out(self) -> bool:
        return self.status != PLAYING

    def owned(self) -> list[str]:
        """Every card this player owns this game (trashed cards excluded)."""
        return [*self.hand, *self.deck, *self.discard, *self.in_play]


@dataclass(slots=True)
class Turn:
    """What the active player has this turn; cleared when the turn ends."""

    skill: int = 0
    swords: int = 0
    boots: int = 0
    teleports: int = 0
    clank_credit: int = 0  # negative Clank not yet used up
    clank_made: int = 0  # cubes actually added to the area (not offset, not missing from the supply)
    gold_gained: int = 0
    discount: int = 0  # Skill off the next card acquired
    exhausted: bool = False
    no_exhaustion: bool = False  # exhausting spaces do not exhaust for the rest of the turn
    may_take: bool = False  # entered a space and has not taken a token since
    rewarded: list[str] = field(default_factory=list)  # spaces whose rewards were given this turn
    played_types: list[str] = field(default_factory=list)  # one entry per played card per type
    watches: list[dict[str, Any]] = field(default_factory=list)  # conditional effects waiting
    end_queue: list[dict[str, Any]] = field(default_factory=list)  # effects resolved at end of turn
    ending: int = 0  # the stage of ending the turn (RESOLVE, REFILL, ATTACK); 0 while it goes on
    dragon_due: bool = False  # a newly revealed row card showed the dragon symbol


@dataclass(slots=True)
class Game:
    """The whole position: players, board state, decks, the bag and the one seeded RNG."""

    ruleset: Ruleset
    players: list[Player]
    rng: random.Random
    active: int = 0
    turn_number: int = 1
    rage: int = 1  # rage-track space, 1-based
    bag: dict[str, int] = field(default_factory=dict)  # 'black' / player name -> cubes
    clank_area: dict[str, int] = field(default_factory=dict)
    black_out: int = 0  # black cubes set aside after being drawn
    row: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # top first
    deck_discard: list[str] = field(default_factory=list)
    reserve: dict[str, int] = field(default_factory=dict)
    market: dict[str, int] = field(default_factory=dict)
    artifacts: dict[str, int] = field(default_factory=dict)  # space -> value
    secrets: dict[str, list[str]] = field(default_factory=dict)  # space -> face-down secret ids
    secret_bank: list[str] = field(default_factory=list)  # legacy: minor secrets in the bank, top first
    idols: dict[str, int] = field(default_factory=dict)
    countdown: int | None = None  # classic Countdown Track space
    countdown_holder: str | None = None
    over: bool = False
    turn: Turn = field(default_factory=Turn)
    queue: list[dict[str, Any]] = field(default_factory=list)  # effects still to resolve
    pending: dict[str, Any] | None = None  # a question only `choose N` answers
    notes: dict[str, Any] = field(default_factory=dict)  # plain data of drivers outside the engine (solo director)

    # -- lookups -------------------------------------------------------------------------------
    @property
    def me(self) -> Player:
        return self.players[self.active]

    @property
    def board(self):  # -> Board
        return self.ruleset.board

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def card(self, card_id: str):  # -> CardDef
        return self.ruleset.cards[card_id]

    @property
    def legacy(self) -> bool:
        return self.ruleset.legacy

    # -- plain data ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        data: dict[str, Any] = {
            "ruleset": self.ruleset.name,
            "board": self.ruleset.board.id,
            "players": [_fields_dict(p) for p in self.players],
            "rng": [version, list(internal), gauss],
            "turn": _fields_dict(self.turn),
        }
        for f in fields(self):
            if f.name in ("ruleset", "players", "rng", "turn"):
                continue
            value = getattr(self, f.name)
            data[f.name] = _copy(value)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], ruleset: Ruleset) -> Game:
        rng = random.Random()
        version, internal, gauss = data["rng"]
        rng.setstate((version, tuple(internal), gauss))
        kwargs = {
            f.name: _copy(data[f.name])
            for f in fields(cls)
            if f.name not in ("ruleset", "players", "rng", "turn") and f.name in data
        }
        return cls(
            ruleset=ruleset,
            players=[Player(**_copy(p)) for p in data["players"]],
            rng=rng,
            turn=Turn(**_copy(data["turn"])),
            **kwargs,
        )


_PLAIN = frozenset((str, int, float, bool, type(None)))


class _NotPlain(Exception):
    pass


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain data, containers of the same kind, as `dataclasses.asdict` makes it."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        if _PLAIN.issuperset(map(type, value)):  # a pile of card ids: a shallow copy is a deep one
            return value.copy()
        return [_plain_copy(v) for v in value]
    if kind is dict:
        return {_plain_copy(k): _plain_copy(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(_plain_copy(v) for v in value)
    raise _NotPlain


def _fields_dict(obj: Any) -> dict[str, Any]:
    """`asdict(obj)` for a Player or Turn, several times faster: undo takes a snapshot of the game
    before every command, and this was most of a replayed command's time (issue 20). Anything but
    plain data inside goes the way of `asdict` itself."""
    try:
        return {name: _plain_copy(getattr(obj, name)) for name in _FIELD_NAMES[type(obj)]}
    except _NotPlain:
        return asdict(obj)


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind in _PLAIN:  # the common cases first, by exact type: this runs for every snapshot
        return value
    if kind is list or kind is tuple:
        if _PLAIN.issuperset(map(type, value)):
            return list(value)
        return [_copy(v) for v in value]
    if kind is dict and _PLAIN.issuperset(map(type, value.values())):
        return dict(value)
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value


_FIELD_NAMES = {cls: tuple(f.name for f in fields(cls)) for cls in (Player, Turn)}
