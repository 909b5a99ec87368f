"""Engine events: the only thing narration, story routing and bots listen to."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    @property
    def kind(self) -> str:
        return type(self).__name__

    def data(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: str
    turn: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Gained(Event):
    """Resources from a card, a token or a space: {'skill': 2, 'gold': 1}."""

    player: str
    source: str
    gains: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CardAcquired(Event):
    player: str
    card: str
    cost: int


@dataclass(frozen=True, slots=True)
class DeviceUsed(Event):
    player: str
    card: str
    cost: int


@dataclass(frozen=True, slots=True)
class MonsterDefeated(Event):
    player: str
    card: str
    cost: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    player: str
    origin: str
    to: str
    boots: int
    swords: int = 0
    damage: int = 0
    teleport: bool = False
    coach_gold: int = 0


@dataclass(frozen=True, slots=True)
class Exhausted(Event):
    player: str
    space: str


@dataclass(frozen=True, slots=True)
class TookDamage(Event):
    player: str
    amount: int
    source: str


@dataclass(frozen=True, slots=True)
class Healed(Event):
    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class ClankChanged(Event):
    player: str
    amount: int  # cubes actually moved (+ into the area, - back to supply)
    asked: int  # what the effect said


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    player: str
    count: int
    reshuffled: bool = False


@dataclass(frozen=True, slots=True)
class TokenTaken(Event):
    player: str
    space: str
    token: str  # secret id, 'monkey-idol', or 'artifact'
    value: int = 0


@dataclass(frozen=True, slots=True)
class SecretUsed(Event):
    player: str
    token: str


@dataclass(frozen=True, slots=True)
class RageChanged(Event):
    rage: int
    by: int


@dataclass(frozen=True, slots=True)
class MarketBought(Event):
    player: str
    item: str
    price: int


@dataclass(frozen=True, slots=True)
class CardTrashed(Event):
    player: str
    card: str
    pile: str


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class CardGained(Event):
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class RowCardRemoved(Event):
    card: str


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    card: str
    dragon: bool = False
    event: bool = False


@dataclass(frozen=True, slots=True)
class DragonAlerted(Event):
    """A card with the dragon symbol came into the row in the middle of a turn: the dragon does not
    attack now, but once the turn ends (one attack however many symbols)."""

    card: str


@dataclass(frozen=True, slots=True)
class Refreshed(Event):
    """An exhausted player may move with Boots again this turn."""

    player: str
    source: str


@dataclass(frozen=True, slots=True)
class DragonAttacked(Event):
    cubes: int  # how many were drawn
    hits: dict[str, int] = field(default_factory=dict)  # player -> damage
    black: int = 0
    returned: int = 0  # cubes of players already out, given back
    reason: str = "row"  # row | countdown | off_clock | effect
    neutral: dict[str, int] = field(default_factory=dict)  # cubes of no player drawn (solo threat cubes)


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    player: str
    scores_zero: bool


@dataclass(frozen=True, slots=True)
class Escaped(Event):
    player: str


@dataclass(frozen=True, slots=True)
class WaypointEntered(Event):
    player: str
    space: str
    passage: str


@dataclass(frozen=True, slots=True)
class CountdownAdvanced(Event):
    space: int


@dataclass(frozen=True, slots=True)
class QuestionAsked(Event):
    player: str
    question: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    player: str


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    scores: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    reason: str = "all_out"  # all_out | countdown | empty_bag


@dataclass(frozen=True, slots=True)
class StoryEffect(Event):
    """A story or campaign effect (flag, contract, sticker, ...) for the story layer to apply."""

    player: str
    source: str
    effect: str
    value: Any = None


@dataclass(frozen=True, slots=True)
class Answered(Event):
    player: str
    question: str
    option: int


@dataclass(frozen=True, slots=True)
class StoryChoice(Event):
    player: str
    passage: str
    option: int
    data: dict[str, Any] = field(default_factory=dict)
