"""The story effects: one table of every effect a passage or a contract may have on the story and the
campaign (name, argument, meaning, and how it changes things), read by the router (a game's story
state), the campaign lifecycle (the campaign file), the linter and the generated docs.

An effect is applied to a *ledger*, the place where story changes land:

- a game's ledger is its StoryState, kept by the router (story/router.py), which also tells what
  happened as events and can jump to another passage or end the game;
- the campaign's ledger is the campaign file (campaign/lifecycle.py), which keeps what outlives the
  game: flags, counters, the contract row, destroyed and Cardporium cards, stickers, unlocked rules,
  checkmarks.

Each effect says, once, what changes in the ledger's own words (set flags, add to counters, keep a
card for good, move a contract, give checkmarks); each ledger knows how it stores that. Effects marked
`recorded` are written into the game's journal and replayed on the campaign when the game is over
(`absorb_story`); flags, counters and the contract row travel whole.

The rules registry (rules/effects.py) knows the same names, so content checks tell a story effect
from a typo before this module is imported; `register()` gives it this table's words, and a test
keeps the two name lists equal."""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any, Protocol

from clank_story.rules import effects as rules_effects

GAME, CAMPAIGN = "game", "campaign"


class Ledger(Protocol):
    """Where story effects land: a game's story state or the campaign file."""

    flags: MutableMapping[str, Any]
    counters: MutableMapping[str, int]

    def keep(self, effect: str, value: str, player: str | None) -> None:
        """A card, sticker or rule changes the campaign for good (destroy_card, cardporium, sticker,
        unlock) or this game (patron)."""

    def contract(self, action: str, contract: str, player: str | None) -> None:
        """The contract row changes: add, complete or destroy."""

    def checkmarks(self, player: str | None, n: int) -> None: ...

    def goto(self, passage: str, player: str | None) -> None: ...

    def end_game(self) -> None: ...


Apply = Callable[[Ledger, Any, "str | None"], None]


@dataclass(frozen=True)
class StoryEffect:
    """An effect the story layer applies: its argument and what it does."""

    name: str
    arg: str  # the argument's kind in the rules registry: str | int | card | bool | any
    args: str  # the argument in words (lint messages, docs)
    doc: str
    apply: Apply
    scope: str = CAMPAIGN  # game: it means something only while a game is played (goto, end_game, patron)
    recorded: bool = False  # journalled in the game's story state and replayed on the campaign
    check: Callable[[Any], bool] | None = None  # a finer argument check than the kind (the linter)
    refers: str = ""  # what the argument names, for reference checks: passage | contract | card | sticker | rule


# -- arguments -------------------------------------------------------------------------------------
def _is_id(value: Any) -> bool:
    return isinstance(value, str) and bool(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _flag_arg(value: Any) -> bool:
    return _is_id(value) or (isinstance(value, Mapping) and bool(value) and all(_is_id(k) for k in value))


def _counter_arg(value: Any) -> bool:
    return _is_id(value) or (isinstance(value, Mapping) and bool(value) and all(_is_int(n) for n in value.values()))


def flag_values(value: Any) -> dict[str, Any]:
    """`flag: name` sets name to true; `flag: {name: value}` sets each value."""
    return {str(k): v for k, v in value.items()} if isinstance(value, Mapping) else {str(value): True}


def counter_steps(value: Any) -> dict[str, int]:
    """`counter: name` adds 1; `counter: {name: n}` adds each amount."""
    return {str(k): int(n) for k, n in value.items()} if isinstance(value, Mapping) else {str(value): 1}


# -- what each effect does ---------------------------------------------------------------------------
def _flag(ledger: Ledger, value: Any, player: str | None) -> None:
    ledger.flags.update(flag_values(value))


def _unflag(ledger: Ledger, value: Any, player: str | None) -> None:
    ledger.flags.pop(str(value), None)


def _counter(ledger: Ledger, value: Any, player: str | None) -> None:
    for key, n in counter_steps(value).items():
        ledger.counters[key] = ledger.counters.get(key, 0) + n


def _keep(ledger: Ledger, value: Any, player: str | None, *, effect: str) -> None:
    ledger.keep(effect, str(value), player)


def _contract(ledger: Ledger, value: Any, player: str | None, *, action: str) -> None:
    ledger.contract(action, str(value), player)


def _checkmark(ledger: Ledger, value: Any, player: str | None) -> None:
    ledger.checkmarks(player, int(value))


def _goto(ledger: Ledger, value: Any, player: str | None) -> None:
    ledger.goto(str(value), player)


def _end_game(ledger: Ledger, value: Any, player: str | None) -> None:
    if value:
        ledger.end_game()


def _bind(fn: Callable[..., None], **kw: str) -> Apply:
    return lambda ledger, value, player: fn(ledger, value, player, **kw)


EFFECTS: dict[str, StoryEffect] = {e.name: e for e in (
    StoryEffect("flag", "str", "a flag name, or {name: value}",
                "set a campaign flag (`flag: name` sets it to true; `flag: {name: value}` sets a value)",
                _flag, check=_flag_arg),
    StoryEffect("unflag", "str", "a flag name", "clear a campaign flag", _unflag, check=_is_id),
    StoryEffect("counter", "any", "a counter name (adds 1) or {name: amount}",
                "add to campaign counters: `counter: name` adds 1, `counter: {name: 2, other: -1}` adds each",
                _counter, check=_counter_arg),
    StoryEffect("goto", "str", "a passage id", "read another passage next (after this one's choice, if any)",
                _goto, scope=GAME, check=_is_id, refers="passage"),
    StoryEffect("end_game", "bool", "true", "end the game now (everyone still in is knocked out where "
                "they stand)", _end_game, scope=GAME),
    StoryEffect("destroy_card", "card", "a card id", "destroy a card for good: one copy leaves the "
                "reader's cards (or this game's adventure deck) now, and never comes back in a later deck, "
                "row or market of the campaign (a starting card leaves the reader's own deck box)",
                _bind(_keep, effect="destroy_card"), recorded=True, check=_is_id, refers="card"),
    StoryEffect("cardporium", "card", "a card id", "add one copy of a Cardporium card to the adventure "
                "deck of every later game", _bind(_keep, effect="cardporium"), recorded=True, check=_is_id,
                refers="card"),
    StoryEffect("patron", "card", "a card id", "place a Patron card in the Reserve for this game",
                _bind(_keep, effect="patron"), scope=GAME, check=_is_id, refers="card"),
    StoryEffect("sticker", "str", "a sticker id (the campaign definition's `stickers`)",
                "place a sticker on the franchise board: its ability holds in every later game",
                _bind(_keep, effect="sticker"), recorded=True, check=_is_id, refers="sticker"),
    StoryEffect("unlock", "str", "a rule id (the campaign definition's `rules`)",
                "reveal an unlocked rule for the rest of the campaign", _bind(_keep, effect="unlock"),
                recorded=True, check=_is_id, refers="rule"),
    StoryEffect("checkmark", "int", "a whole number",
                "give the reading player checkmarks of grudging approval (a promotion may follow)",
                _checkmark, recorded=True, check=_is_int),
    StoryEffect("add_contract", "str", "a contract id", "put a contract in the contract row",
                _bind(_contract, action="add"), check=_is_id, refers="contract"),
    StoryEffect("complete_contract", "str", "a contract id",
                "complete a contract in the row now, for the reader (no cost is paid)",
                _bind(_contract, action="complete"), check=_is_id, refers="contract"),
    StoryEffect("destroy_contract", "str", "a contract id", "tear up a contract: it leaves the row",
                _bind(_contract, action="destroy"), check=_is_id, refers="contract"),
)}


def apply(ledger: Ledger, name: str, value: Any, player: str | None = None) -> None:
    """Apply one story effect to a ledger (KeyError for a name that is not a story effect)."""
    EFFECTS[name].apply(ledger, value, player)


def referring_to(kind: str) -> tuple[str, ...]:
    """The story effects whose argument names a thing of this kind (passage, contract, card, ...)."""
    return tuple(e.name for e in EFFECTS.values() if e.refers == kind)


def is_story_effect(name: str) -> bool:
    return name in EFFECTS


def argument_problem(name: str, value: Any) -> str:
    """The expected argument in words when `value` does not fit effect `name`, else ''."""
    effect = EFFECTS.get(name)
    if effect is None or effect.check is None or effect.check(value):
        return ""
    return effect.args


def register() -> None:
    """Give the rules registry this table's words for the story effects it already names (the
    engine keeps its own handlers for the ones that also change the game: end_game, destroy_card,
    patron)."""
    for e in EFFECTS.values():
        old = rules_effects.REGISTRY.get(e.name)
        rules_effects.story_effect(e.name, e.arg, e.doc, old.handler if old is not None else None)


register()
