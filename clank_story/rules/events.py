"""Engine events: the only thing narration, story routing and bots listen to."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, asdict, dataclass, field, fields
from types import CellType, FunctionType
from typing import Any, TypeVar

E = TypeVar("E", bound=type)
_FACTORY: Any = object()  # the default of a field made by a factory (the dataclass's own `<factory>`)


def _unbound(obj: Any, value: Any) -> None:  # pragma: no cover  (every class binds its own)
    raise AssertionError("an event template was called unbound")


def _templates() -> tuple[Callable[..., None], ...]:
    """One __init__ per number of fields: argument i goes into a slot through setter f<i> (a free
    variable each class binds to its own slots' descriptors)."""
    f0 = f1 = f2 = f3 = f4 = f5 = f6 = f7 = _unbound  # closed over below

    def i1(self: Any, a0: Any) -> None:
        f0(self, a0)

    def i2(self: Any, a0: Any, a1: Any) -> None:
        f0(self, a0)
        f1(self, a1)

    def i3(self: Any, a0: Any, a1: Any, a2: Any) -> None:
        f0(self, a0)
        f1(self, a1)
        f2(self, a2)

    def i4(self: Any, a0: Any, a1: Any, a2: Any, a3: Any) -> None:
        f0(self, a0)
        f1(self, a1)
        f2(self, a2)
        f3(self, a3)

    def i5(self: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any) -> None:
        f0(self, a0)
        f1(self, a1)
        f2(self, a2)
        f3(self, a3)
        f4(self, a4)

    def i6(self: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any) -> None:
        f0(self, a0)
        f1(self, a1)
        f2(self, a2)
        f3(self, a3)
        f4(self, a4)
        f5(self, a5)

    def i7(self: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any, a6: Any) -> None:
        f0(self, a0)
        f1(self, a1)
        f2(self, a2)
        f3(self, a3)
        f4(self, a4)
        f5(self, a5)
        f6(self, a6)

    def i8(self: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any, a6: Any, a7: Any) -> None:
        f0(self, a0)
        f1(self, a1)
        f2(self, a2)
        f3(self, a3)
        f4(self, a4)
        f5(self, a5)
        f6(self, a6)
        f7(self, a7)

    return i1, i2, i3, i4, i5, i6, i7, i8


_TEMPLATES = _templates()


def _checked_templates() -> tuple[Callable[..., None], ...]:
    """The same, for a class with fields made by a factory: argument i, or what factory d<i> makes when
    it is the default's marker, goes into its slot (no call of a wrapper per such field)."""
    f0 = f1 = f2 = f3 = f4 = f5 = f6 = f7 = _unbound  # closed over below
    d0 = d1 = d2 = d3 = d4 = d5 = d6 = d7 = _no_factory

    def c1(self: Any, a0: Any) -> None:
        f0(self, d0() if a0 is _FACTORY else a0)

    def c2(self: Any, a0: Any, a1: Any) -> None:
        f0(self, d0() if a0 is _FACTORY else a0)
        f1(self, d1() if a1 is _FACTORY else a1)

    def c3(self: Any, a0: Any, a1: Any, a2: Any) -> None:
        f0(self, d0() if a0 is _FACTORY else a0)
        f1(self, d1() if a1 is _FACTORY else a1)
        f2(self, d2() if a2 is _FACTORY else a2)

    def c4(self: Any, a0: Any, a1: Any, a2: Any, a3: Any) -> None:
        f0(self, d0() if a0 is _FACTORY else a0)
        f1(self, d1() if a1 is _FACTORY else a1)
        f2(self, d2() if a2 is _FACTORY else a2)
        f3(self, d3() if a3 is _FACTORY else a3)

    def c5(self: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any) -> None:
        f0(self, d0() if a0 is _FACTORY else a0)
        f1(self, d1() if a1 is _FACTORY else a1)
        f2(self, d2() if a2 is _FACTORY else a2)
        f3(self, d3() if a3 is _FACTORY else a3)
        f4(self, d4() if a4 is _FACTORY else a4)

    def c6(self: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any) -> None:
        f0(self, d0() if a0 is _FACTORY else a0)
        f1(self, d1() if a1 is _FACTORY else a1)
        f2(self, d2() if a2 is _FACTORY else a2)
        f3(self, d3() if a3 is _FACTORY else a3)
        f4(self, d4() if a4 is _FACTORY else a4)
        f5(self, d5() if a5 is _FACTORY else a5)

    def c7(self: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any, a6: Any) -> None:
        f0(self, d0() if a0 is _FACTORY else a0)
        f1(self, d1() if a1 is _FACTORY else a1)
        f2(self, d2() if a2 is _FACTORY else a2)
        f3(self, d3() if a3 is _FACTORY else a3)
        f4(self, d4() if a4 is _FACTORY else a4)
        f5(self, d5() if a5 is _FACTORY else a5)
        f6(self, d6() if a6 is _FACTORY else a6)

    def c8(self: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any, a6: Any, a7: Any) -> None:
        f0(self, d0() if a0 is _FACTORY else a0)
        f1(self, d1() if a1 is _FACTORY else a1)
        f2(self, d2() if a2 is _FACTORY else a2)
        f3(self, d3() if a3 is _FACTORY else a3)
        f4(self, d4() if a4 is _FACTORY else a4)
        f5(self, d5() if a5 is _FACTORY else a5)
        f6(self, d6() if a6 is _FACTORY else a6)
        f7(self, d7() if a7 is _FACTORY else a7)

    return c1, c2, c3, c4, c5, c6, c7, c8


def _no_factory() -> Any:  # pragma: no cover  (only a field with a factory gets its marker)
    raise AssertionError("a field without a factory was given the factory's marker")


_CHECKED_TEMPLATES = _checked_templates()


def quick(cls: E) -> E:
    """Replace a frozen slotted dataclass's __init__ with one of the same signature that fills each slot
    through its descriptor. The one @dataclass writes calls `object.__setattr__` per field (a slot
    wrapper that checks the whole class before it stores: about 1.3 k instructions a field on 3.11);
    the engine makes some 800 events a game. Everything else about the class (fields, repr, equality,
    hashing, frozenness) is the dataclass's own. No source is compiled: the code of a template above
    is given the field names as its parameters."""
    own = fields(cls)  # type: ignore[arg-type]
    if not own or len(own) > len(_TEMPLATES) or any(not f.init for f in own):
        return cls
    cells: dict[str, Any] = {}
    defaults: list[Any] = []
    for i, f in enumerate(own):
        cells[f"f{i}"] = cls.__dict__[f.name].__set__
        cells[f"d{i}"] = _no_factory
        if f.default_factory is not MISSING:
            cells[f"d{i}"] = f.default_factory
            defaults.append(_FACTORY)
        elif f.default is not MISSING:
            defaults.append(f.default)
    checked = any(f.default_factory is not MISSING for f in own)
    template = (_CHECKED_TEMPLATES if checked else _TEMPLATES)[len(own) - 1]
    code = template.__code__.replace(co_varnames=("self", *(f.name for f in own)), co_name="__init__",
                                     co_qualname=f"{cls.__qualname__}.__init__")
    closure = tuple(CellType(cells[name]) for name in code.co_freevars)
    init = FunctionType(code, template.__globals__, "__init__", tuple(defaults) or None, closure)
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]
    return cls


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in the game: a frozen value, told once, heard by every listener."""

    @property
    def kind(self) -> str:
        return type(self).__name__

    def data(self) -> dict[str, Any]:
        return asdict(self)


@quick
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A player's turn began (turns are counted from 1)."""

    player: str
    turn: int


@quick
@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card went from a hand into play."""

    player: str
    card: str


@quick
@dataclass(frozen=True, slots=True)
class Gained(Event):
    """Resources from a card, a token or a space: {'skill': 2, 'gold': 1}."""

    player: str
    source: str
    gains: dict[str, int] = field(default_factory=dict)


@quick
@dataclass(frozen=True, slots=True)
class CardAcquired(Event):
    """A card was bought from the row or the reserve for Skill."""

    player: str
    card: str
    cost: int


@quick
@dataclass(frozen=True, slots=True)
class DeviceUsed(Event):
    """A device was paid for with Skill and used, then left the row."""

    player: str
    card: str
    cost: int


@quick
@dataclass(frozen=True, slots=True)
class MonsterDefeated(Event):
    """A monster was beaten with Swords and its reward taken."""

    player: str
    card: str
    cost: int


@quick
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


@quick
@dataclass(frozen=True, slots=True)
class Exhausted(Event):
    """A player stopped on an exhausting space and may move no further this turn."""

    player: str
    space: str


@quick
@dataclass(frozen=True, slots=True)
class TookDamage(Event):
    """A player lost Health; `source` names what hurt them."""

    player: str
    amount: int
    source: str


@quick
@dataclass(frozen=True, slots=True)
class Healed(Event):
    """A player got Health back."""

    player: str
    amount: int


@quick
@dataclass(frozen=True, slots=True)
class ClankChanged(Event):
    """Clank cubes went into the Clank area or came back out of it."""

    player: str
    amount: int  # cubes actually moved (+ into the area, - back to supply)
    asked: int  # what the effect said


@quick
@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """A player drew cards, shuffling their discard into a new deck when it ran out."""

    player: str
    count: int
    reshuffled: bool = False


@quick
@dataclass(frozen=True, slots=True)
class TokenTaken(Event):
    """A token came off the board: a secret, a monkey idol or an artifact."""

    player: str
    space: str
    token: str  # secret id, 'monkey-idol', or 'artifact'
    value: int = 0


@quick
@dataclass(frozen=True, slots=True)
class SecretUsed(Event):
    """A player spent a secret they held."""

    player: str
    token: str


@quick
@dataclass(frozen=True, slots=True)
class RageChanged(Event):
    """The dragon's Rage marker moved along its track."""

    rage: int
    by: int


@quick
@dataclass(frozen=True, slots=True)
class MarketBought(Event):
    """A market item was bought for Gold."""

    player: str
    item: str
    price: int


@quick
@dataclass(frozen=True, slots=True)
class CardTrashed(Event):
    """A card left the game for good, from the pile `pile` names."""

    player: str
    card: str
    pile: str


@quick
@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A card went to its owner's discard pile."""

    player: str
    card: str


@quick
@dataclass(frozen=True, slots=True)
class CardGained(Event):
    """A card was put into a player's discard pile without being bought."""

    player: str
    card: str


@quick
@dataclass(frozen=True, slots=True)
class RowCardRemoved(Event):
    """A card left the row without anyone taking it."""

    card: str


@quick
@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A card was turned up from the dungeon deck into the row."""

    card: str
    dragon: bool = False
    event: bool = False


@quick
@dataclass(frozen=True, slots=True)
class DragonAlerted(Event):
    """A card with the dragon symbol came into the row in the middle of a turn: the dragon does not
    attack now, but once the turn ends (one attack however many symbols)."""

    card: str


@quick
@dataclass(frozen=True, slots=True)
class Refreshed(Event):
    """An exhausted player may move with Boots again this turn."""

    player: str
    source: str


@quick
@dataclass(frozen=True, slots=True)
class DragonAttacked(Event):
    """The dragon drew cubes from the bag and hurt whoever owned them."""

    cubes: int  # how many were drawn
    hits: dict[str, int] = field(default_factory=dict)  # player -> damage
    black: int = 0
    returned: int = 0  # cubes of players already out, given back
    reason: str = "row"  # row | countdown | off_clock | effect
    neutral: dict[str, int] = field(default_factory=dict)  # cubes of no player drawn (solo threat cubes)


@quick
@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    """A player's Health ran out; outside the depths they still score."""

    player: str
    scores_zero: bool


@quick
@dataclass(frozen=True, slots=True)
class Escaped(Event):
    """A player got out of the dungeon alive."""

    player: str


@quick
@dataclass(frozen=True, slots=True)
class WaypointEntered(Event):
    """A player stepped onto a waypoint, which opens a passage of the Book of Secrets."""

    player: str
    space: str
    passage: str


@quick
@dataclass(frozen=True, slots=True)
class CountdownAdvanced(Event):
    """The countdown track moved on, toward the end of the game."""

    space: int


@quick
@dataclass(frozen=True, slots=True)
class QuestionAsked(Event):
    """A question waits for the player's `choose N`."""

    player: str
    question: str
    options: tuple[str, ...] = ()


@quick
@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """A player's turn ended."""

    player: str


@quick
@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended; the scores and the winner, and why it ended."""

    scores: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    reason: str = "all_out"  # all_out | countdown | empty_bag


@quick
@dataclass(frozen=True, slots=True)
class StoryEffect(Event):
    """A story or campaign effect (flag, contract, sticker, ...) for the story layer to apply."""

    player: str
    source: str
    effect: str
    value: Any = None


@quick
@dataclass(frozen=True, slots=True)
class Answered(Event):
    """A player answered a question with one of its options."""

    player: str
    question: str
    option: int


@quick
@dataclass(frozen=True, slots=True)
class StoryChoice(Event):
    """A player chose an option of a Book of Secrets passage."""

    player: str
    passage: str
    option: int
    data: dict[str, Any] = field(default_factory=dict)
