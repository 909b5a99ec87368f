"""Validating effect blocks against the one effect registry (rules/queue.py, filled by rules/effects.py):
effect names and arguments, conditions (`if:`), counters (`per:`) and prices (`pay:`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from clank_story.content.diagnostics import Report
from clank_story.content.schema import suggest
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
        report.error(node.path, node.line, node.col, "CD100", "an effect block is a mapping or a list of mappings")
        return
    for m in mappings:
        if not isinstance(m.value, dict):
            report.error(m.path, m.line, m.col, "CD100", "each effect in a list is a mapping like {skill: 1}")
            continue
        for key in m.value:
            child = m.child(key)
            line, col = m.key_pos(key)
            if key == "if":
                _check_test(child, CONDITION_SPECS, report, "condition", scoring)
            elif key == "per":
                _check_test(child, COUNTER_SPECS, report, "counter", scoring)
            elif key == "pay":
                _check_pay(child, report, scoring)
            elif key not in REGISTRY:
                report.error(m.path, line, col, "CD101", f"unknown effect '{key}'{suggest(key, list(REGISTRY))}")
            elif REGISTRY[key].story and not story:
                report.error(m.path, line, col, "CD104", f"'{key}' is a story effect; cards cannot use it")
            elif scoring and key != "points":
                report.error(m.path, line, col, "CD106",
                             f"'{key}' in a score block would never happen: a score block only counts `points`")
            else:
                _check_arg(key, child, report, refs, story)


def _check_test(node: Node, table: dict[str, TestSpec], report: Report, what: str, scoring: bool) -> None:
    if not isinstance(node.value, dict) or len(node.value) != 1:
        report.error(node.path, node.line, node.col, "CD105", f"a {what} is a one-key mapping, like {{played: companion}}")
        return
    (key,) = node.value
    line, col = node.key_pos(key)
    spec = table.get(key)
    if spec is None:
        report.error(node.path, line, col, "CD105", f"unknown {what} '{key}'{suggest(key, list(table))}")
        return
    if scoring and not spec.at_game_end:
        report.error(node.path, line, col, "CD106",
                     f"the {what} '{key}' is about a turn, so it cannot be judged in a score block at the end")
        return
    problem = _test_arg_problem(spec, node.value[key])
    if problem:
        vline, vcol = node.value_pos(key)
        report.error(node.path, vline, vcol, "CD107", f"bad value for the {what} '{key}': expected {problem}")


def _test_arg_problem(spec: TestSpec, v: object) -> str:
    """What the value should have been, or '' when it is fine."""
    if spec.arg == "str":
        return "" if isinstance(v, str) else "a name, like companion"
    if spec.arg == "int":
        return "" if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else "a whole number"
    if spec.arg == "bool":
        return "" if isinstance(v, bool) else "true or false"
    # kinds: a condition wants {at_least: N, of: [...]}; a counter wants true or a list of kinds
    strings = isinstance(v, list) and all(isinstance(k, str) for k in v)
    if spec.name in CONDITION_SPECS and CONDITION_SPECS[spec.name] is spec:
        good = isinstance(v, dict) and set(v) <= {"at_least", "of"} and isinstance(v.get("at_least"), int) and \
            not isinstance(v.get("at_least"), bool) and ("of" not in v or (isinstance(v["of"], list) and
                                                                           all(isinstance(k, str) for k in v["of"])))
        return "" if good else "{at_least: 2, of: [crown, master-key, backpack]} (`of` may be left out)"
    return "" if v is True or strings else "true (every kind) or a list of kinds"


def _check_pay(node: Node, report: Report, scoring: bool) -> None:
    v = node.value
    good = isinstance(v, dict) and bool(v) and all(
        k in PAYABLE and isinstance(n, int) and not isinstance(n, bool) and n >= 0 for k, n in v.items())
    if scoring:
        report.error(node.path, node.line, node.col, "CD106", "a score block cannot ask for a price")
    elif not good:
        report.error(node.path, node.line, node.col, "CD108",
                     f"a price is a mapping of {', '.join(PAYABLE)} to whole numbers, like {{gold: 2}}")


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
        report.error(node.path, node.line, node.col, "CD102", f"bad argument for '{key}': expected {_ARG_WORDS[kind]}")


_ARG_WORDS = {
    "int": "a whole number", "bool": "true or false", "card": "a card id", "str": "an id",
    "trash": "{from: [hand, discard, play], optional: true}", "trash_card": "a card id, or {card: ID, optional: true}",
    "block": "an effect block", "blocks": "a list of effect blocks", "any": "a value",
}
