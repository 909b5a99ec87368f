"""Checking effect blocks of passages and contracts (shared by story/passages.py and
story/contracts.py): the rules' effect checks plus the story effects table, with the book's own codes,
and `if:` conditions compiled where they stand."""

from __future__ import annotations

import dataclasses
from typing import Any

from clank_story.content.diagnostics import Report, said
from clank_story.content.effects_check import Refs, check_block
from clank_story.content.yamlfast import PosMap
from clank_story.content.yamlio import Node, plain
from clank_story.story import effects as story_effects

_CODES = {"CT004": "BS010", "CT005": "BS011", "CT006": "BS012", "CT007": "BS013",
          "CD100": "BS100", "CD101": "BS101", "CD102": "BS102", "CD104": "BS104", "CD105": "BS105"}
CARD_EFFECTS = ("gain_card", *story_effects.referring_to("card"))
CONTRACT_EFFECTS = story_effects.referring_to("contract")
PASSAGE_EFFECTS = story_effects.referring_to("passage")


def remap(local: Report, report: Report) -> None:
    """Field and effect checks shared with cards speak CT/CD codes; the book speaks BS."""
    for d in local.diagnostics:
        report.diagnostics.append(dataclasses.replace(d, code=_CODES.get(d.code, d.code)))



def check_effects(node: Node, report: Report, codes: dict[str, Any] | None = None, prefix: str = "effect",
                  data: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """An effect block as a list of mappings. A string `if:` is a Jinja condition judged when the
    passage is read; a mapping `if:` is a card condition. Story effects are allowed."""
    items = [node] if isinstance(node.value, dict) else list(node.elements()) if isinstance(node.value, list) else []
    if not items:
        report.error(node.path, node.line, node.col, "BS100", said("book.effects_shape"))
        return []
    out: list[dict[str, Any]] = []
    for i, m in enumerate(items):
        if not isinstance(m.value, dict):
            report.error(m.path, m.line, m.col, "BS100", said("book.effect_is_a_mapping", example="{gold: 2}"))
            continue
        rest = m
        cond = m.value.get("if")
        if isinstance(cond, str):
            key = f"{prefix}.{i}.if"
            if codes is not None:
                from clank_story.story.render import compile_condition

                _compile(compile_condition, cond, m.child("if"), report, codes, key)
                if data is not None:
                    data["pos"][key] = m.value_pos("if")
            trimmed = PosMap((k, val) for k, val in m.value.items() if k != "if")
            trimmed.lc = m.value.lc
            rest = Node(trimmed, m.path, m.line, m.col)
        local = Report()
        refs = Refs()
        check_block(rest, local, refs, story=True)
        remap(local, report)
        _story_args(rest, report)
        if data is not None:
            for card, cnode in refs.cards:
                data["refs"].append(("card", card, cnode.line, cnode.col))
            for key, value in rest.value.items():
                if key in PASSAGE_EFFECTS and isinstance(value, str):
                    data["refs"].append(("passage", value, *rest.value_pos(key)))
                elif key in CONTRACT_EFFECTS and isinstance(value, str):
                    data["refs"].append(("contract", value, *rest.value_pos(key)))
        out.append(plain(m.value))
    return out


def _story_args(m: Node, report: Report) -> None:
    """Finer argument checks for story effects than the rules registry's argument kinds, from the
    story effects table (story/effects.py)."""
    for key, value in m.value.items():
        expected = story_effects.argument_problem(str(key), value)
        if expected:
            line, col = m.value_pos(key)
            report.error(m.path, line, col, "BS102", said("book.bad_argument", effect=key, expected=expected))


def _compile(fn: Any, source: str, node: Node | None, report: Report, codes: dict[str, Any], key: str,
             path: str | None = None, pos: tuple[int, int] | None = None) -> None:
    from clank_story.story.render import StoryProblem

    try:
        fn(source)
        codes[key] = source
    except StoryProblem as e:
        if pos is not None:  # a `|` block: template line N is N lines below the `|`
            line, col = pos[0] + e.line, pos[1]
            report.error(path or "", line, col, e.code, e.text)
        elif node is not None:
            report.error(node.path, node.line, node.col, e.code, e.text)
