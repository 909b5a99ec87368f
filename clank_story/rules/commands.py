"""Commands are frozen value objects; `str(command)` is the canonical text that parses back to it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayAll:
    def __str__(self) -> str:
        return "play all"


@dataclass(frozen=True, slots=True)
class Acquire:
    card: str

    def __str__(self) -> str:
        return f"acquire {self.card}"


@dataclass(frozen=True, slots=True)
class Use:
    card: str  # a device in the row, or a kept secret token (potions)

    def __str__(self) -> str:
        return f"use {self.card}"


@dataclass(frozen=True, slots=True)
class Fight:
    card: str

    def __str__(self) -> str:
        return f"fight {self.card}"


@dataclass(frozen=True, slots=True)
class Move:
    to: str
    swords: int | None = None  # None: spend Swords first, then take damage

    def __str__(self) -> str:
        return f"move {self.to}" + ("" if self.swords is None else f" swords {self.swords}")


@dataclass(frozen=True, slots=True)
class Teleport:
    to: str

    def __str__(self) -> str:
        return f"teleport {self.to}"


@dataclass(frozen=True, slots=True)
class Take:
    what: str  # artifact | secret | idol

    def __str__(self) -> str:
        return f"take {self.what}"


@dataclass(frozen=True, slots=True)
class Market:
    item: str  # an item kind: master-key, backpack, crown, canoe ...

    def __str__(self) -> str:
        return f"market {self.item}"


@dataclass(frozen=True, slots=True)
class Coach:
    to: str

    def __str__(self) -> str:
        return f"coach {self.to}"


@dataclass(frozen=True, slots=True)
class Choose:
    option: int  # 1-based

    def __str__(self) -> str:
        return f"choose {self.option}"


@dataclass(frozen=True, slots=True)
class End:
    def __str__(self) -> str:
        return "end"


Command = PlayCard | PlayAll | Acquire | Use | Fight | Move | Teleport | Take | Market | Coach | Choose | End
