"""Commands are frozen value objects; `str(command)` is the canonical text that parses back to it.
Those with fields are built by the rules' quicker `__init__` (rules/events.py `quick`): every line of
a script and every candidate a bot weighs makes one."""

from __future__ import annotations

from dataclasses import dataclass

from clank_story.rules.events import quick


@quick
@dataclass(frozen=True, slots=True)
class PlayCard:
    """`play CARD`: one card from the hand into play."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@quick
@dataclass(frozen=True, slots=True)
class PlayAll:
    """`play all`: every card in the hand, in order."""

    def __str__(self) -> str:
        return "play all"


@quick
@dataclass(frozen=True, slots=True)
class Acquire:
    """`acquire CARD`: a card from the row or the reserve, for Skill."""

    card: str

    def __str__(self) -> str:
        return f"acquire {self.card}"


@quick
@dataclass(frozen=True, slots=True)
class Use:
    """`use CARD`: a device in the row, for Skill, or a kept secret (a potion)."""

    card: str  # a device in the row, or a kept secret token (potions)

    def __str__(self) -> str:
        return f"use {self.card}"


@quick
@dataclass(frozen=True, slots=True)
class Fight:
    """`fight CARD`: a monster in the row, for Swords."""

    card: str

    def __str__(self) -> str:
        return f"fight {self.card}"


@quick
@dataclass(frozen=True, slots=True)
class Move:
    """`move SPACE`: along one path, paying Boots (and Swords past monsters)."""

    to: str
    swords: int | None = None  # None: spend Swords first, then take damage

    def __str__(self) -> str:
        return f"move {self.to}" + ("" if self.swords is None else f" swords {self.swords}")


@quick
@dataclass(frozen=True, slots=True)
class Teleport:
    """`teleport SPACE`: to a space next to this one, paying no Boots."""

    to: str

    def __str__(self) -> str:
        return f"teleport {self.to}"


@quick
@dataclass(frozen=True, slots=True)
class Take:
    """`take WHAT`: a token on the current space."""

    what: str  # artifact | secret | idol

    def __str__(self) -> str:
        return f"take {self.what}"


@quick
@dataclass(frozen=True, slots=True)
class Market:
    """`market ITEM`: an item from the market, for Gold."""

    item: str  # an item kind: master-key, backpack, crown, canoe ...

    def __str__(self) -> str:
        return f"market {self.item}"


@quick
@dataclass(frozen=True, slots=True)
class Coach:
    """`coach TOWN`: a coach ride to another town, for Gold."""

    to: str

    def __str__(self) -> str:
        return f"coach {self.to}"


@quick
@dataclass(frozen=True, slots=True)
class Choose:
    """`choose N`: an answer to the question asked."""

    option: int  # 1-based

    def __str__(self) -> str:
        return f"choose {self.option}"


@quick
@dataclass(frozen=True, slots=True)
class End:
    """`end`: the end of this turn."""

    def __str__(self) -> str:
        return "end"


Command = PlayCard | PlayAll | Acquire | Use | Fight | Move | Teleport | Take | Market | Coach | Choose | End
