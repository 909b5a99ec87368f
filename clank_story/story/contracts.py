"""Contracts: jobs in the contract row that complete themselves when their trigger fires and their
condition holds — pay the cost, take the reward, read the passage, and (usually) leave the row.

A contract file (any Book of Secrets file) holds a `contracts:` list:

    contracts:
      - id: mill-inspection
        name: Mill Inspection
        description: End a turn at the Creaking Old Mill holding 3 Gold.
        trigger: end_of_turn            # end_of_game | start_of_game | {enter_space: ID}
        if: me.space == 'old-mill'      #   | {acquire: CARD} | {defeat: CARD}
        cost: {gold: 3}                 # paid when completed; gold/skill/swords/boots must be there
        passage: "201"
        reward: [{checkmark: 1}]
        destroy: true                   # default: leaves the row when done
        expires: campaign.game_number > 6 or campaign.flags.mill_sold
        expired: The mill has new owners, who do their own inspecting.

A contract that can no longer be done says so with `expires` (a Jinja condition, judged before the
contract row is read at the start of every game and whenever the contract's trigger fires): it then
leaves the row with its `expired` line of prose instead of completing, and is never read aloud again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clank_story.content.diagnostics import Report, said
from clank_story.content.schema import Field, check_fields, hint
from clank_story.content.yamlio import Node, plain
from clank_story.story.effectcheck import check_effects, remap

SIMPLE_TRIGGERS = ("end_of_turn", "end_of_game", "start_of_game")
ARG_TRIGGERS = {"enter_space": "a space id", "acquire": "a card id", "defeat": "a card id"}
COST_KEYS = {"gold": "Gold", "skill": "Skill", "swords": "Swords", "boots": "Boots", "damage": "damage",
             "clank": "Clank"}
MUST_HAVE = ("gold", "skill", "swords", "boots")  # the rest (damage, clank) can always be paid

CONTRACT = {
    "id": Field("id", "unique slug", True),
    "name": Field("str", "display name", True),
    "description": Field("str", "what the contract row shows", True),
    "trigger": Field("any", "when it is checked", True),
    "if": Field("str", "a Jinja condition (me is the player it is checked for)"),
    "cost": Field("map", "paid when completed: gold, skill, swords, boots, damage, clank"),
    "passage": Field("id", "the passage to read when completed"),
    "reward": Field("block", "effects when completed"),
    "destroy": Field("bool", "leave the row (and the campaign) when done; default true"),
    "expires": Field("str", "a Jinja condition: when it holds the contract can no longer be done and leaves "
                            "the row (checked before the row is read and when its trigger fires)"),
    "expired": Field("str", "the line of prose told when it expires"),
}


@dataclass(frozen=True)
class Contract:
    """A contract: its trigger and target, and what completing it does."""

    id: str
    name: str
    description: str
    trigger: str  # end_of_turn | end_of_game | start_of_game | enter_space | acquire | defeat
    target: str | None = None  # the space or card of enter_space / acquire / defeat
    condition: str | None = None
    cost: dict[str, int] = field(default_factory=dict)
    passage: str | None = None
    reward: list[dict[str, Any]] = field(default_factory=list)
    destroy: bool = True
    expires: str | None = None
    expired: str = ""
    path: str = ""
    line: int = 1
    col: int = 1

    @classmethod
    def from_data(cls, d: dict[str, Any]) -> Contract:
        return cls(**d)


def check_contract(node: Node, report: Report) -> dict[str, Any] | None:
    """Validate one contract mapping; plain data for `Contract.from_data`, or None if unusable."""
    local = Report()
    if not check_fields(node, CONTRACT, local, said("what.contract")):
        remap(local, report)
        return None
    remap(local, report)
    v = node.value
    trigger, target = _trigger(node, report)
    if "cost" in v:
        cost = node.child("cost")
        for key, amount in cost.items():
            if key not in COST_KEYS:
                line, col = cost.key_pos(key)
                report.error(node.path, line, col, "BS073", said("book.unknown_cost", key=key, hint=hint(key, list(COST_KEYS))))
            elif not isinstance(amount.value, int) or isinstance(amount.value, bool) or amount.value < 0:
                report.error(node.path, amount.line, amount.col, "BS073", said("book.cost_is_a_number", key=key))
    reward: list[dict[str, Any]] = []
    if "reward" in v:
        reward = check_effects(node.child("reward"), report)
    if trigger is None:
        return None
    return {
        "id": str(v["id"]), "name": str(v["name"]), "description": str(v["description"]), "trigger": trigger,
        "target": target, "condition": v.get("if"), "cost": plain(v.get("cost") or {}),
        "passage": v.get("passage"), "reward": reward, "destroy": bool(v.get("destroy", True)),
        "expires": v.get("expires"), "expired": str(v.get("expired") or ""),
        "path": node.path, "line": node.line, "col": node.col,
    }


def _trigger(node: Node, report: Report) -> tuple[str | None, str | None]:
    t = node.child("trigger")
    value = t.value
    every = [*SIMPLE_TRIGGERS, *ARG_TRIGGERS]
    if isinstance(value, str):
        if value in SIMPLE_TRIGGERS:
            return str(value), None
        if value in ARG_TRIGGERS:
            report.error(t.path, t.line, t.col, "BS070", said("book.trigger_needs_id", trigger=value,
                                                              needs=said(f"book.trigger_arg.{value}"),
                                                              example="{" + f"{value}: ID" + "}"))
            return None, None
        report.error(t.path, t.line, t.col, "BS070", said("book.unknown_trigger", trigger=value,
                                                              hint=hint(str(value), every)))
        return None, None
    if isinstance(value, dict) and len(value) == 1:
        (key, arg), = value.items()
        if key in ARG_TRIGGERS and isinstance(arg, str):
            return str(key), str(arg)
        line, col = t.key_pos(key)
        if key not in ARG_TRIGGERS:
            report.error(t.path, line, col, "BS070", said("book.unknown_trigger", trigger=key, hint=hint(str(key), every)))
        else:
            report.error(t.path, line, col, "BS070", said("book.trigger_needs", trigger=key,
                                                          needs=said(f"book.trigger_arg.{key}")))
        return None, None
    report.error(t.path, t.line, t.col, "BS070", said("book.trigger_shape", triggers=", ".join(SIMPLE_TRIGGERS),
                                                      examples="{enter_space: ID}, {acquire: CARD}, {defeat: CARD}"))
    return None, None
