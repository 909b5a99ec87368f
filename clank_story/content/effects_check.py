"""Validating effect blocks against the one effect registry (rules/effects.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from clank_story.content.diagnostics import Report
from clank_story.content.schema import suggest
from clank_story.content.yamlio import Node
from clank_story.rules.effects import CONDITIONS, COUNTERS, REGISTRY

PILES = ("hand", "discard", "play", "deck")


@dataclass
class Refs:
    """Ids that content mentions, checked once everything is loaded."""

    cards: list[tuple[str, Node]] = field(default_factory=list)


def check_block(node: Node, report: Report, refs: Refs, *, story: bool = False) -> None:
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
                _check_one_key(child, CONDITIONS, report, "condition")
            elif key == "per":
                _check_one_key(child, COUNTERS, report, "counter")
            elif key not in REGISTRY:
                report.error(m.path, line, col, "CD101", f"unknown effect '{key}'{suggest(key, list(REGISTRY))}")
            elif REGISTRY[key].story and not story:
                report.error(m.path, line, col, "CD104", f"'{key}' is a story effect; cards cannot use it")
            else:
                _check_arg(key, child, report, refs, story)


def _check_one_key(node: Node, table: dict[str, str], report: Report, what: str) -> None:
    if not isinstance(node.value, dict) or len(node.value) != 1:
        report.error(node.path, node.line, node.col, "CD105", f"a {what} is a one-key mapping, like {{played: companion}}")
        return
    (key,) = node.value
    if key not in table:
        line, col = node.key_pos(key)
        report.error(node.path, line, col, "CD105", f"unknown {what} '{key}'{suggest(key, list(table))}")


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
    "trash": "{from: [hand, discard, play], optional: true}", "block": "an effect block",
    "blocks": "a list of effect blocks", "any": "a value",
}
