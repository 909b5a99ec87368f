"""Events the story layer adds to the engine's: narration prints them (locale/en/narration.yaml,
keyed by kind) like any other event."""

from __future__ import annotations

from dataclasses import dataclass

from clank_story.rules.events import Event


@dataclass(frozen=True, slots=True)
class PassageOpened(Event):
    """A passage is read: its heading and rendered text (options follow as a question)."""

    player: str
    passage: str
    title: str
    text: str
    again: bool = False  # a later visit of a `once` passage: the short form


@dataclass(frozen=True, slots=True)
class StoryApology(Event):
    """An authoring error in a passage: it is skipped and the game goes on (the diagnostic is logged)."""

    passage: str
    message: str = ""


@dataclass(frozen=True, slots=True)
class ContractRow(Event):
    """The contract row read aloud at the start of a game: (id, name, description) each."""

    contracts: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class ContractAdded(Event):
    """A contract was added to the row."""

    contract: str
    name: str


@dataclass(frozen=True, slots=True)
class ContractCompleted(Event):
    """A player completed a contract."""

    player: str
    contract: str
    name: str


@dataclass(frozen=True, slots=True)
class ContractDestroyed(Event):
    """A contract left the row for good."""

    contract: str
    name: str


@dataclass(frozen=True, slots=True)
class ContractExpired(Event):
    """A contract that can no longer be done leaves the row, with its line of prose."""

    contract: str
    name: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class OnlyOption(Event):
    """A passage's choices came down to one option: it is taken without asking (told by its passage)."""

    player: str
    passage: str
    label: str


# Campaign-permanent changes (the StoryState records them for the campaign file).
@dataclass(frozen=True, slots=True)
class CardDestroyed(Event):
    """A card was destroyed for the rest of the campaign."""

    player: str
    card: str


@dataclass(frozen=True, slots=True)
class CardporiumAdded(Event):
    """A card was added to the Cardporium."""

    player: str
    card: str


@dataclass(frozen=True, slots=True)
class PatronPlaced(Event):
    """A player placed the game's patron."""

    player: str
    card: str


@dataclass(frozen=True, slots=True)
class StickerPlaced(Event):
    """A player placed a sticker."""

    player: str
    sticker: str


@dataclass(frozen=True, slots=True)
class RuleUnlocked(Event):
    """A rule was unlocked for the rest of the campaign."""

    player: str
    rule: str


@dataclass(frozen=True, slots=True)
class CheckmarksEarned(Event):
    """A player earned checkmarks on the status track."""

    player: str
    amount: int
