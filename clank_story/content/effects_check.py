"""Validating effect blocks against the one effect registry (rules/queue.py, filled by rules/effects.py):
effect names and arguments, conditions (`if:`), counters (`per:`) and prices (`pay:`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from clank_story.content.diagnostics import Report, Said, said
from clank_story.content.schema import hint
from clank_story.content.yamlio import Node
from clank_story.rules.effects import PILES, REGISTRY
from clank_story.rules.queue import CONDITION_SPECS, COUNTER_SPECS, PAYABLE, TestSpec


@dataclass
class Refs:
    """Ids that content mentions, checked once everything is loaded."""

    cards: list[tuple[str, Node]] = field(default_factory=list)


def check_block(node: Node, report: Report, refs: Refs, *, story: bool = False, scoring: bool = False) -> None:
    """`scoring`: a card's `score` block, judged once the game is over: only `points` (with `if`/`per`)
    means anything there, and only conditions and counters that can be judged then."""
    value = node.value
    if isinstance(value, dict):
        mappings = [node]
    elif isinstance(value, list):
        mappings = list(node.elements())
    else:
        report.error(node.path, node.line, node.col, "CD100", said("effects.block_shape"))
        return
    for m in mappings:
        if not isinstance(m.value, dict):
            report.error(m.path, m.line, m.col, "CD100", said("effects.item_shape", example="{skill: 1}"))
            continue
        for key in m.value:
            child = m.child(key)
            if key == "if":
                _check_test(child, CONDITION_SPECS, report, "condition", scoring)
            elif key == "per":
                _check_test(child, COUNTER_SPECS, report, "counter", scoring)
            elif key == "pay":
                _check_pay(child, report, scoring)
            elif key not in REGISTRY:
                report.error(m.path, *m.key_pos(key), "CD101", said("effects.unknown", effect=key,
                                                                    hint=hint(key, list(REGISTRY))))
            elif REGISTRY[key].story and not story:
                report.error(m.path, *m.key_pos(key), "CD104", said("effects.story_only", effect=key))
            elif scoring and key != "points":
                report.error(m.path, *m.key_pos(key), "CD106", said("effects.not_in_score", effect=key))
            else:
                _check_arg(key, child, report, refs, story)


def _check_test(node: Node, table: dict[str, TestSpec], report: Report, what: str, scoring: bool) -> None:
    if not isinstance(node.value, dict) or len(node.value) != 1:
        report.error(node.path, node.line, node.col, "CD105", said(f"effects.{what}_shape", example="{played: companion}"))
        return
    (key,) = node.value
    line, col = node.key_pos(key)
    spec = table.get(key)
    if spec is None:
        report.error(node.path, line, col, "CD105", said(f"effects.unknown_{what}", name=key, hint=hint(key, list(table))))
        return
    if scoring and not spec.at_game_end:
        report.error(node.path, line, col, "CD106", said(f"effects.{what}_not_at_end", name=key))
        return
    problem = _test_arg_problem(spec, node.value[key])
    if problem:
        vline, vcol = node.value_pos(key)
        report.error(node.path, vline, vcol, "CD107", said(f"effects.bad_{what}_value", name=key, expected=problem))


def _test_arg_problem(spec: TestSpec, v: object) -> Said | str:
    """What the value should have been, or '' when it is fine."""
    if spec.arg == "str":
        return "" if isinstance(v, str) else said("expect.name")
    if spec.arg == "int":
        return "" if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else said("type.int")
    if spec.arg == "bool":
        return "" if isinstance(v, bool) else said("type.bool")
    # kinds: a condition wants {at_least: N, of: [...]}; a counter wants true or a list of kinds
    strings = isinstance(v, list) and all(isinstance(k, str) for k in v)
    if spec.name in CONDITION_SPECS and CONDITION_SPECS[spec.name] is spec:
        good = isinstance(v, dict) and set(v) <= {"at_least", "of"} and isinstance(v.get("at_least"), int) and \
            not isinstance(v.get("at_least"), bool) and ("of" not in v or (isinstance(v["of"], list) and
                                                                           all(isinstance(k, str) for k in v["of"])))
        return "" if good else said("expect.at_least", example="{at_least: 2, of: [crown, master-key, backpack]}")
    return "" if v is True or strings else said("expect.kinds")


def _check_pay(node: Node, report: Report, scoring: bool) -> None:
    v = node.value
    good = isinstance(v, dict) and bool(v) and all(
        k in PAYABLE and isinstance(n, int) and not isinstance(n, bool) and n >= 0 for k, n in v.items())
    if scoring:
        report.error(node.path, node.line, node.col, "CD106", said("effects.no_price_in_score"))
    elif not good:
        report.error(node.path, node.line, node.col, "CD108", said("effects.price_shape", payable=", ".join(PAYABLE),
                                                                   example="{gold: 2}"))


def _check_arg(key: str, node: Node, report: Report, refs: Refs, story: bool) -> None:
    kind = REGISTRY[key].arg
    v = node.value
    bad = False
    if kind == "int":
        bad = not isinstance(v, int) or isinstance(v, bool)
    elif kind == "bool":
        bad = not isinstance(v, bool)
    elif kind == "card":
        bad = not isinstance(v, str)
        if not bad:
            refs.cards.append((v, node))
    elif kind == "str":
        bad = not isinstance(v, str | dict)
    elif kind == "trash":
        if isinstance(v, dict):
            piles = v.get("from", [])
            extra = set(v) - {"from", "optional"}
            bad = bool(extra) or not isinstance(piles, list) or any(p not in PILES for p in piles)
        else:
            bad = v is not True
    elif kind == "trash_card":
        if isinstance(v, str):
            refs.cards.append((v, node))
        elif isinstance(v, dict) and isinstance(v.get("card"), str) and set(v) <= {"card", "optional"} and \
                isinstance(v.get("optional", False), bool):
            refs.cards.append((v["card"], node.child("card")))
        else:
            bad = True
    elif kind == "block":
        check_block(node, report, refs, story=story)
    elif kind == "blocks":
        if isinstance(v, list) and v:
            for child in node.elements():
                check_block(child, report, refs, story=story)
        else:
            bad = True
    if bad:
        report.error(node.path, node.line, node.col, "CD102", said("book.bad_argument", effect=key,
                                                                    expected=said(f"expect.{kind}",
                                                                                  example=_EXAMPLES.get(kind, ""))))


_EXAMPLES = {"trash": "{from: [hand, discard, play], optional: true}", "trash_card": "{card: ID, optional: true}"}

