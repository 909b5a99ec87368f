"""Checking a narration file (locale/<lang>/narration.yaml): under `narrate:`, `events:` one-line
templates keyed by event kind, `prose:` Jinja variants (docs/narration.md), and words (format strings,
or forms chosen by plural category or grammatical person)."""

from __future__ import annotations

import functools
import string

from clank_story.content.diagnostics import Report
from clank_story.content.schema import suggest
from clank_story.content.yamlio import Node


@functools.lru_cache(maxsize=1)
def event_kinds() -> frozenset[str]:
    """Every event class of the engine, the story and the solo director."""
    import importlib

    from clank_story.rules.events import Event

    for module in ("clank_story.story.events", "clank_story.bots.solo"):  # the story's events, SoloNews
        importlib.import_module(module)

    kinds: set[str] = set()
    todo = [Event]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            kinds.add(sub.__name__)
            todo.append(sub)
    return frozenset(kinds)


def check_narration(node: Node, report: Report) -> None:
    path = node.path
    if not isinstance(node.value, dict) or "narrate" not in node.value:
        report.error(path, 1, 1, "LN051", "a narration file is a mapping `narrate:` with `events:`, `prose:` and words")
        return
    for key in node.value:
        if key != "narrate":
            line, col = node.key_pos(key)
            report.error(path, line, col, "LN051", f"unknown section '{key}'{suggest(str(key), ['narrate'])}")
    top = node.child("narrate")
    if not isinstance(top.value, dict):
        report.error(path, top.line, top.col, "LN051", "`narrate:` is a mapping")
        return
    words = {}
    for key, section in top.items():
        if key in ("events", "prose") and not isinstance(section.value, dict):
            report.error(path, section.line, section.col, "LN051", f"`{key}:` is a mapping")
        elif key == "prose":
            _prose(section, report)
        elif key == "events":
            _formats(section, report, events=True)
        else:
            words[key] = section
    _words(words, report)


def _words(words: dict[str, Node], report: Report) -> None:
    for key, item in words.items():
        variants = [item] if not isinstance(item.value, dict) else [item.child(k) for k in item.value]
        for v in variants:
            if not isinstance(v.value, str):
                report.error(v.path, v.line, v.col, "LN051", f"'{key}' should be text (or one: / other: forms)")
                continue
            problem = format_problem(v.value)
            if problem:
                report.error(v.path, v.line, v.col, "LN052", f"'{key}': {problem}")


def _formats(section: Node, report: Report, *, events: bool) -> None:
    kinds = event_kinds()
    for key, item in section.items():
        line, col = section.key_pos(key)
        if events and key not in kinds:
            report.error(section.path, line, col, "LN050",
                         f"no event kind '{key}'{suggest(str(key), sorted(kinds))}")
        variants = [item] if not isinstance(item.value, dict) else [item.child(k) for k in item.value]
        for v in variants:
            if not isinstance(v.value, str):
                report.error(v.path, v.line, v.col, "LN051", f"'{key}' should be text (or a you:/they: pair)")
                continue
            problem = format_problem(v.value)
            if problem:
                report.error(v.path, v.line, v.col, "LN052", f"'{key}': {problem}")


def format_problem(text: str) -> str | None:
    try:
        for _, field_name, _spec, _conv in string.Formatter().parse(text):
            if field_name is not None and (not field_name or not field_name.replace("_", "a").isidentifier()):
                return f"'{{{field_name}}}' is not a placeholder name (write {{{{ and }}}} for braces)"
    except ValueError as e:
        return f"cannot read the placeholders ({e}; write {{{{ and }}}} for braces)"
    return None


def _prose(section: Node, report: Report) -> None:
    from jinja2 import Environment, TemplateSyntaxError

    env = Environment()
    for key, item in section.items():
        if not isinstance(item.value, list):
            report.error(item.path, item.line, item.col, "LN051", f"prose '{key}' is a list of variants")
            continue
        for variant in item.elements():
            forms = [variant] if isinstance(variant.value, str) else (
                [variant.child(k) for k in variant.value] if isinstance(variant.value, dict) else [])
            if not forms or (isinstance(variant.value, dict) and not set(variant.value) <= {"you", "they"}):
                report.error(variant.path, variant.line, variant.col, "LN051",
                             f"a variant of '{key}' is text, or a mapping with `you:` and `they:`")
                continue
            for form in forms:
                if not isinstance(form.value, str):
                    report.error(form.path, form.line, form.col, "LN051", f"a variant of '{key}' should be text")
                    continue
                try:
                    env.parse(form.value)
                except TemplateSyntaxError as e:
                    report.error(form.path, form.line, form.col, "LN053", f"'{key}': {e.message}")
