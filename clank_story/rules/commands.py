"""Commands are frozen value objects; `str(command)` is the canonical text that parses back to it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayCard:
    """`play CARD`: one card from the hand into play."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayAll:
    """`play all`: every card in the hand, in order."""

    def __str__(self) -> str:
        return "play all"


@dataclass(frozen=True, slots=True)
class Acquire:
    """`acquire CARD`: a card from the row or the reserve, for Skill."""

    card: str

    def __str__(self) -> str:
        return f"acquire {self.card}"


@dataclass(frozen=True, slots=True)
class Use:
    """`use CARD`: a device in the row, for Skill, or a kept secret (a potion)."""

    card: str  # a device in the row, or a kept secret token (potions)

    def __str__(self) -> str:
        return f"use {self.card}"


@dataclass(frozen=True, slots=True)
class Fight:
    """`fight CARD`: a monster in the row, for Swords."""

    card: str

    def __str__(self) -> str:
        return f"fight {self.card}"


@dataclass(frozen=True, slots=True)
class Move:
    """`move SPACE`: along one path, paying Boots (and Swords past monsters)."""

    to: str
    swords: int | None = None  # None: spend Swords first, then take damage

    def __str__(self) -> str:
        return f"move {self.to}" + ("" if self.swords is None else f" swords {self.swords}")


@dataclass(frozen=True, slots=True)
class Teleport:
    """`teleport SPACE`: to a space next to this one, paying no Boots."""

    to: str

    def __str__(self) -> str:
        return f"teleport {self.to}"


@dataclass(frozen=True, slots=True)
class Take:
    """`take WHAT`: a token on the current space."""

    what: str  # artifact | secret | idol

    def __str__(self) -> str:
        return f"take {self.what}"


@dataclass(frozen=True, slots=True)
class Market:
    """`market ITEM`: an item from the market, for Gold."""

    item: str  # an item kind: master-key, backpack, crown, canoe ...

    def __str__(self) -> str:
        return f"market {self.item}"


@dataclass(frozen=True, slots=True)
class Coach:
    """`coach TOWN`: a coach ride to another town, for Gold."""

    to: str

    def __str__(self) -> str:
        return f"coach {self.to}"


@dataclass(frozen=True, slots=True)
class Choose:
    """`choose N`: an answer to the question asked."""

    option: int  # 1-based

    def __str__(self) -> str:
        return f"choose {self.option}"


@dataclass(frozen=True, slots=True)
class End:
    """`end`: the end of this turn."""

    def __str__(self) -> str:
        return "end"


Command = PlayCard | PlayAll | Acquire | Use | Fight | Move | Teleport | Take | Market | Coach | Choose | End
