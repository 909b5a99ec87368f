"""Permanent abilities: what a sticker on the franchise board (or an unlocked rule) changes in every
later game. Each is a small change the engine already supports, applied to the game's Ruleset (a new
frozen object: nothing shared is mutated) or to a seat before setup.

An ability is written as a one-key mapping: `{space_gold: {space: turnip-lane, gold: 1}}` or
`{starting_gold: 2}`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from clank_story.rules.model import Board, Ruleset


@dataclass(frozen=True)
class Ability:
    """An ability stickers and unlocked rules can give: its arguments and what it changes (the ruleset, a seat)."""

    name: str
    doc: str
    args: Mapping[str, str]  # argument -> kind (space, card, item, int); {"": "int"} for a bare number
    ruleset: Callable[[Ruleset, Any], Ruleset] | None = None
    seat: Callable[[dict[str, Any], Any], None] | None = None


def _space_reward(attr: str) -> Callable[[Ruleset, Any], Ruleset]:
    def apply(rules: Ruleset, args: Mapping[str, Any]) -> Ruleset:
        board = rules.board
        space = board.spaces.get(args["space"])
        if space is None:  # a sticker for a space this board side does not have
            return rules
        changed = dataclasses.replace(space, **{attr: getattr(space, attr) + int(args[attr])})
        spaces = MappingProxyType({**board.spaces, space.id: changed})
        return dataclasses.replace(rules, board=_board(board, spaces))

    return apply


def _board(board: Board, spaces: Mapping[str, Any]) -> Board:
    return dataclasses.replace(board, spaces=spaces)


def _market_stock(rules: Ruleset, args: Mapping[str, Any]) -> Ruleset:
    market = tuple(dataclasses.replace(item, count=item.count + int(args["count"])) if item.id == args["item"]
                   else item for item in rules.market)
    return dataclasses.replace(rules, market=market)


def _reserve_pile(rules: Ruleset, args: Mapping[str, Any]) -> Ruleset:
    if args["card"] not in rules.reserve:
        return rules
    reserve = {**rules.reserve, args["card"]: rules.reserve[args["card"]] + int(args["count"])}
    return dataclasses.replace(rules, reserve=MappingProxyType(reserve))


def _starting_gold(seat: dict[str, Any], n: Any) -> None:
    seat["gold"] = int(seat.get("gold") or 0) + int(n)


ABILITIES: dict[str, Ability] = {a.name: a for a in (
    Ability("space_gold", "entering the space gives this much more Gold (once per turn)",
            {"space": "space", "gold": "int"}, ruleset=_space_reward("gold")),
    Ability("space_heal", "entering the space heals this much more (once per turn)",
            {"space": "space", "heal": "int"}, ruleset=_space_reward("heal")),
    Ability("space_draw", "entering the space draws this many more cards (once per turn)",
            {"space": "space", "draw": "int"}, ruleset=_space_reward("draw")),
    Ability("market_stock", "the market stocks more of an item", {"item": "item", "count": "int"},
            ruleset=_market_stock),
    Ability("reserve_pile", "a Reserve pile holds more cards", {"card": "card", "count": "int"},
            ruleset=_reserve_pile),
    Ability("starting_gold", "every employee starts each game with this much Gold", {"": "int"},
            seat=_starting_gold),
)}


def parse_ability(spec: Any) -> tuple[str, Any] | str:
    """`(name, args)` for a well-formed ability, else a sentence saying what is wrong."""
    if not isinstance(spec, Mapping) or len(spec) != 1:
        return f"an ability is a one-key mapping naming one of: {', '.join(ABILITIES)}"
    (name, args), = spec.items()
    ability = ABILITIES.get(name)
    if ability is None:
        return f"unknown ability '{name}' (abilities: {', '.join(ABILITIES)})"
    if "" in ability.args:
        if not isinstance(args, int) or isinstance(args, bool):
            return f"'{name}' takes a whole number"
        return name, args
    if not isinstance(args, Mapping) or set(args) != set(ability.args):
        wanted = ", ".join(f"{k}: ..." for k in ability.args)
        return f"'{name}' takes {{{wanted}}}"
    for key, kind in ability.args.items():
        ok = isinstance(args[key], int) and not isinstance(args[key], bool) if kind == "int" else isinstance(
            args[key], str)
        if not ok:
            return f"'{key}' of '{name}' should be {'a whole number' if kind == 'int' else 'an id'}"
    return name, args


def references(spec: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(kind, id) pairs an ability names, for checking them against content."""
    parsed = parse_ability(spec)
    if isinstance(parsed, str):
        return []
    name, args = parsed
    return [(kind, args[key]) for key, kind in ABILITIES[name].args.items() if kind in ("space", "card", "item")]


def _parsed(spec: Mapping[str, Any]) -> tuple[Ability, Any]:
    """The ability a spec names, with its arguments; ValueError saying what is wrong with the spec."""
    parsed = parse_ability(spec)
    if isinstance(parsed, str):
        raise ValueError(parsed)
    name, args = parsed
    return ABILITIES[name], args


def apply_abilities(rules: Ruleset, specs: Iterable[Mapping[str, Any]]) -> Ruleset:
    for spec in specs:
        ability, args = _parsed(spec)
        if ability.ruleset is not None:
            rules = ability.ruleset(rules, args)
    return rules


def seat_ability(name: str) -> bool:
    """Whether the ability acts on a seat (and so can be one employee's perk)."""
    return name in ABILITIES and ABILITIES[name].seat is not None


def seat_changes(seats: Sequence[Mapping[str, Any]], specs: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Seats (scenario `players` entries) with the abilities that act on a seat applied: `specs` to
    every seat, and each seat's own `perks` (an employee's promotion) to that seat alone."""
    out = [dict(s) for s in seats]
    for seat in out:
        for spec in seat.pop("perks", None) or ():
            _apply_to_seat(seat, spec)
    for spec in specs:
        for seat in out:
            _apply_to_seat(seat, spec)
    return out


def _apply_to_seat(seat: dict[str, Any], spec: Mapping[str, Any]) -> None:
    ability, args = _parsed(spec)
    if ability.seat is not None:
        ability.seat(seat, args)
