"""StoryState: what the story knows and has changed — flags, counters, passages seen, the contract
row, and the campaign-permanent changes of this game — as plain data.

The campaign layer persists it (`to_dict` / `from_dict`, JSON- and YAML-safe) and builds the next
game's state from its campaign file (`StoryState.for_game`). `campaign_view()` adapts it to the
read-only `campaign` that expressions see (rules/view.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from clank_story.rules.view import CampaignView
from clank_story.words import say


@dataclass
class StoryState:
    """The story's part of a game: the campaign's names, passages read, what is due."""

    campaign: str = ""
    game_number: int = 1
    dragon: str = ""  # names from the campaign definition (`campaign.dragon`, `campaign.company`)
    company: str = ""
    labels: dict[str, str] = field(default_factory=dict)  # "sticker:ID" / "unlock:ID" -> its name, to tell it
    flags: dict[str, Any] = field(default_factory=dict)  # campaign flags (set, cleared by passages)
    counters: dict[str, int] = field(default_factory=dict)  # campaign counters
    seen_before: list[str] = field(default_factory=list)  # passages read in earlier games
    stickers_before: list[str] = field(default_factory=list)  # stickers placed in earlier games
    rules_before: list[str] = field(default_factory=list)  # rules unlocked in earlier games
    seen: list[str] = field(default_factory=list)  # passages read in this game, in order, once each
    contracts: list[str] = field(default_factory=list)  # the contract row, left to right
    contracts_completed: list[str] = field(default_factory=list)
    contracts_destroyed: list[str] = field(default_factory=list)
    contracts_expired: list[str] = field(default_factory=list)
    # The story effects of this game the campaign keeps for good (story/effects.py `recorded`), and
    # Patrons placed, in order: [effect, value, player]. The campaign replays them (absorb_story).
    journal: list[list[Any]] = field(default_factory=list)
    ended_by_story: bool = False
    waypoints_read: list[str] = field(default_factory=list)  # waypoint numbers entered this game
    # The router's progress (so a saved or undone game resumes mid-passage):
    agenda: list[dict[str, Any]] = field(default_factory=list)
    chain: list[str] = field(default_factory=list)  # passages opened since the last player input
    started: bool = False
    row_read: bool = False  # the contract row was read aloud: expiry is checked as the game goes on
    finished: bool = False

    # -- what the journal holds, by kind -------------------------------------------------------------
    def journalled(self, effect: str) -> list[Any]:
        return [value for name, value, _ in self.journal if name == effect]

    @property
    def destroyed_cards(self) -> list[str]:
        return self.journalled("destroy_card")

    @property
    def cardporium(self) -> list[str]:
        return self.journalled("cardporium")

    @property
    def stickers(self) -> list[str]:
        return self.journalled("sticker")

    @property
    def unlocked(self) -> list[str]:
        return self.journalled("unlock")

    @property
    def patrons(self) -> list[str]:
        return self.journalled("patron")

    @property
    def checkmarks(self) -> dict[str, int]:
        given: dict[str, int] = {}
        for name, n, player in self.journal:
            if name == "checkmark":
                given[player] = given.get(player, 0) + int(n)
        return given

    # -- reading ----------------------------------------------------------------------------------
    def has_seen(self, passage: str) -> bool:
        return passage in self.seen or passage in self.seen_before

    def campaign_view(self) -> StoryCampaignView:
        return StoryCampaignView(self)

    # -- plain data -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        import copy

        return {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StoryState:
        import copy

        known = {f.name for f in fields(cls)}
        state = cls(**{k: copy.deepcopy(v) for k, v in data.items() if k in known})
        if "journal" not in data:  # a game saved before the journal: its lists, in the journal's words
            for key, effect in _OLD_LISTS.items():
                state.journal += [[effect, v, None] for v in data.get(key) or []]
            state.journal += [["checkmark", n, p] for p, n in (data.get("checkmarks") or {}).items()]
        return state

    @classmethod
    def for_game(cls, campaign: str = "", game_number: int = 1, flags: Mapping[str, Any] | None = None,
                 counters: Mapping[str, int] | None = None, seen: list[str] | None = None,
                 contracts: list[str] | None = None, stickers: list[str] | None = None,
                 rules: list[str] | None = None, dragon: str = "", company: str = "",
                 labels: Mapping[str, str] | None = None) -> StoryState:
        """A new game's story state from what the campaign file carries over."""
        return cls(campaign=campaign, game_number=game_number, flags=dict(flags or {}),
                   counters=dict(counters or {}), seen_before=list(seen or []), contracts=list(contracts or []),
                   stickers_before=list(stickers or []), rules_before=list(rules or []),
                   dragon=dragon, company=company, labels=dict(labels or {}))

    def seen_in_campaign(self) -> list[str]:
        """Every passage read so far, for the campaign file."""
        return [*self.seen_before, *(p for p in self.seen if p not in self.seen_before)]


_OLD_LISTS = {"destroyed_cards": "destroy_card", "cardporium": "cardporium", "stickers": "sticker",
              "unlocked": "unlock", "patrons": "patron"}


class _Defaulting(Mapping[str, Any]):
    """A read-only mapping whose missing keys read as a default: an unset flag is false, an unset
    counter is 0 (names of *data*, unlike misspelt variable names, are not errors)."""

    __slots__ = ("_data", "_default")

    def __init__(self, data: Mapping[str, Any], default: Any) -> None:
        self._data = data
        self._default = default

    def __getitem__(self, key: str) -> Any:
        return self._data.get(key, self._default)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return repr(dict(self._data))


class StoryCampaignView(CampaignView):
    """`campaign` for expressions, read live from a StoryState (rules/view.py's CampaignView)."""

    __slots__ = ("_state",)

    def __init__(self, state: StoryState) -> None:
        super().__init__(state.campaign, state.game_number)
        self._state = state

    @property
    def flags(self) -> Mapping[str, Any]:
        return _Defaulting(self._state.flags, False)

    @property
    def counters(self) -> Mapping[str, int]:
        return _Defaulting(self._state.counters, 0)

    @property
    def dragon(self) -> str:
        """The dragon's name, from the campaign definition (a plain word outside a campaign)."""
        return self._state.dragon or say("story.names.dragon")

    @property
    def company(self) -> str:
        return self._state.company or say("story.names.company")

    def seen(self, passage: str) -> bool:
        return self._state.has_seen(str(passage))

    @property
    def stickers(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys([*self._state.stickers_before, *self._state.stickers]))

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys([*self._state.rules_before, *self._state.unlocked]))

    @property
    def contracts(self) -> tuple[str, ...]:
        return tuple(self._state.contracts)

    def seen_this_game(self, passage: str) -> bool:
        return str(passage) in self._state.seen
