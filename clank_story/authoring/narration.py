"""Checking a narration file (locale/<lang>/narration.yaml): under `narrate:`, `events:` one-line
templates keyed by event kind, `prose:` Jinja variants (docs/narration.md), and words (format strings,
or forms chosen by plural category or grammatical person)."""

from __future__ import annotations

import functools
import string

from clank_story.content.diagnostics import Report, Said, said
from clank_story.content.schema import hint
from clank_story.content.yamlio import Node
from clank_story.story import jinjawords


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
        report.error(path, 1, 1, "LN051", said("narration.not_a_mapping"))
        return
    for key in node.value:
        if key != "narrate":
            line, col = node.key_pos(key)
            report.error(path, line, col, "LN051", said("narration.unknown_section", section=key,
                                                           hint=hint(str(key), ['narrate'])))
    top = node.child("narrate")
    if not isinstance(top.value, dict):
        report.error(path, top.line, top.col, "LN051", said("narration.narrate_is_a_mapping"))
        return
    words = {}
    for key, section in top.items():
        if key in ("events", "prose") and not isinstance(section.value, dict):
            report.error(path, section.line, section.col, "LN051", said("narration.section_is_a_mapping", section=key))
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
                report.error(v.path, v.line, v.col, "LN051", said("narration.words_are_text", key=key))
                continue
            problem = format_problem(v.value)
            if problem:
                report.error(v.path, v.line, v.col, "LN052", said("narration.placeholder_problem", key=key,
                                                                  problem=problem))


def _formats(section: Node, report: Report, *, events: bool) -> None:
    kinds = event_kinds()
    for key, item in section.items():
        line, col = section.key_pos(key)
        if events and key not in kinds:
            report.error(section.path, line, col, "LN050",
                         said("narration.no_event_kind", kind=key, hint=hint(str(key), sorted(kinds))))
        variants = [item] if not isinstance(item.value, dict) else [item.child(k) for k in item.value]
        for v in variants:
            if not isinstance(v.value, str):
                report.error(v.path, v.line, v.col, "LN051", said("narration.event_is_text", key=key))
                continue
            problem = format_problem(v.value)
            if problem:
                report.error(v.path, v.line, v.col, "LN052", said("narration.placeholder_problem", key=key,
                                                                  problem=problem))


def format_problem(text: str) -> Said | None:
    try:
        for _, field_name, _spec, _conv in string.Formatter().parse(text):
            if field_name is not None and (not field_name or not field_name.replace("_", "a").isidentifier()):
                return said("narration.not_a_placeholder", field="{" + field_name + "}")
    except ValueError as e:
        return said("narration.unreadable_placeholders", error=str(e))
    return None


def _prose(section: Node, report: Report) -> None:
    from jinja2 import Environment, TemplateSyntaxError

    env = Environment()
    for key, item in section.items():
        if not isinstance(item.value, list):
            report.error(item.path, item.line, item.col, "LN051", said("narration.prose_is_a_list", key=key))
            continue
        for variant in item.elements():
            forms = [variant] if isinstance(variant.value, str) else (
                [variant.child(k) for k in variant.value] if isinstance(variant.value, dict) else [])
            if not forms or (isinstance(variant.value, dict) and not set(variant.value) <= {"you", "they"}):
                report.error(variant.path, variant.line, variant.col, "LN051", said("narration.variant_shape", key=key))
                continue
            for form in forms:
                if not isinstance(form.value, str):
                    report.error(form.path, form.line, form.col, "LN051", said("narration.variant_is_text", key=key))
                    continue
                try:
                    env.parse(form.value)
                except TemplateSyntaxError as e:
                    report.error(form.path, form.line, form.col, "LN053", said("narration.jinja_error", key=key, error=jinjawords.explain(e.message)))
