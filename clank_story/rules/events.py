"""Engine events: the only thing narration, story routing and bots listen to."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in the game: a frozen value, told once, heard by every listener."""

    @property
    def kind(self) -> str:
        return type(self).__name__

    def data(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A player's turn began (turns are counted from 1)."""

    player: str
    turn: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card went from a hand into play."""

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
    """A card was bought from the row or the reserve for Skill."""

    player: str
    card: str
    cost: int


@dataclass(frozen=True, slots=True)
class DeviceUsed(Event):
    """A device was paid for with Skill and used, then left the row."""

    player: str
    card: str
    cost: int


@dataclass(frozen=True, slots=True)
class MonsterDefeated(Event):
    """A monster was beaten with Swords and its reward taken."""

    player: str
    card: str
    cost: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A player went from one space to the next, paying Boots (and Swords for monsters, Gold for a coach)."""

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
    """A player stopped on an exhausting space and may move no further this turn."""

    player: str
    space: str


@dataclass(frozen=True, slots=True)
class TookDamage(Event):
    """A player lost Health; `source` names what hurt them."""

    player: str
    amount: int
    source: str


@dataclass(frozen=True, slots=True)
class Healed(Event):
    """A player got Health back."""

    player: str
    amount: int


@dataclass(frozen=True, slots=True)
class ClankChanged(Event):
    """Clank cubes went into the Clank area or came back out of it."""

    player: str
    amount: int  # cubes actually moved (+ into the area, - back to supply)
    asked: int  # what the effect said


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """A player drew cards, shuffling their discard into a new deck when it ran out."""

    player: str
    count: int
    reshuffled: bool = False


@dataclass(frozen=True, slots=True)
class TokenTaken(Event):
    """A token came off the board: a secret, a monkey idol or an artifact."""

    player: str
    space: str
    token: str  # secret id, 'monkey-idol', or 'artifact'
    value: int = 0


@dataclass(frozen=True, slots=True)
class SecretUsed(Event):
    """A player spent a secret they held."""

    player: str
    token: str


@dataclass(frozen=True, slots=True)
class RageChanged(Event):
    """The dragon's Rage marker moved along its track."""

    rage: int
    by: int


@dataclass(frozen=True, slots=True)
class MarketBought(Event):
    """A market item was bought for Gold."""

    player: str
    item: str
    price: int


@dataclass(frozen=True, slots=True)
class CardTrashed(Event):
    """A card left the game for good, from the pile `pile` names."""

    player: str
    card: str
    pile: str


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A card went to its owner's discard pile."""

    player: str
    card: str


@dataclass(frozen=True, slots=True)
class CardGained(Event):
    """A card was put into a player's discard pile without being bought."""

    player: str
    card: str


@dataclass(frozen=True, slots=True)
class RowCardRemoved(Event):
    """A card left the row without anyone taking it."""

    card: str


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A card was turned up from the dungeon deck into the row."""

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
    """The dragon drew cubes from the bag and hurt whoever owned them."""

    cubes: int  # how many were drawn
    hits: dict[str, int] = field(default_factory=dict)  # player -> damage
    black: int = 0
    returned: int = 0  # cubes of players already out, given back
    reason: str = "row"  # row | countdown | off_clock | effect
    neutral: dict[str, int] = field(default_factory=dict)  # cubes of no player drawn (solo threat cubes)


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    """A player's Health ran out; outside the depths they still score."""

    player: str
    scores_zero: bool


@dataclass(frozen=True, slots=True)
class Escaped(Event):
    """A player got out of the dungeon alive."""

    player: str


@dataclass(frozen=True, slots=True)
class WaypointEntered(Event):
    """A player stepped onto a waypoint, which opens a passage of the Book of Secrets."""

    player: str
    space: str
    passage: str


@dataclass(frozen=True, slots=True)
class CountdownAdvanced(Event):
    """The countdown track moved on, toward the end of the game."""

    space: int


@dataclass(frozen=True, slots=True)
class QuestionAsked(Event):
    """A question waits for the player's `choose N`."""

    player: str
    question: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """A player's turn ended."""

    player: str


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended; the scores and the winner, and why it ended."""

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
    """A player answered a question with one of its options."""

    player: str
    question: str
    option: int


@dataclass(frozen=True, slots=True)
class StoryChoice(Event):
    """A player chose an option of a Book of Secrets passage."""

    player: str
    passage: str
    option: int
    data: dict[str, Any] = field(default_factory=dict)
