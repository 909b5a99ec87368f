"""`help` and `help TOPIC`: every command with what it does, its aliases and examples.

The commands, their groups and their aliases come from the verb table (passed in by the table, the
layer above, so there is one list of verbs); the words come from the catalog (`help.*`)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, Protocol

from clank_story.rules.errors import UnknownCommand
from clank_story.words import say, section

HELP_WIDTH = 78
GROUPS = {"game": "actions", "looking": "looking", "session": "session"}  # verb kind -> help group


class VerbLike(Protocol):
    name: str
    kind: str
    aliases: tuple[str, ...]


def topics() -> dict[str, Any]:
    """Every help topic: usage, summary, text and examples, by command."""
    return section("help.topics")


def help_text(topic: str | None, verbs: Sequence[VerbLike]) -> str:
    entries = topics()
    shown = [v for v in verbs if v.name in entries and v.kind in GROUPS]
    if topic is None:
        lines = [textwrap.fill(" ".join(say("help.intro").split()), HELP_WIDTH), ""]
        width = max(len(entries[v.name]["usage"]) for v in shown)
        for kind, group in GROUPS.items():
            lines.append(say(f"help.groups.{group}"))
            for v in shown:
                if v.kind == kind:
                    e = entries[v.name]
                    lines.append(textwrap.fill(f"  {e['usage']:<{width}}  {e['summary']}", HELP_WIDTH,
                                               subsequent_indent=" " * (width + 4)))
            lines.append("")
        lines.append(textwrap.fill(say("help.footer").strip(), HELP_WIDTH))
        return "\n".join(lines)
    key = topic.split()[0].lower()
    verb = next((v for v in shown if key == v.name or key in v.aliases), None)
    if verb is None:
        near = [v for v in shown if v.name.startswith(key)]
        if len(near) != 1:
            raise UnknownCommand("help.unknown", f"help {topic}", text=topic, topics=", ".join(entries))
        verb = near[0]
    e = entries[verb.name]
    lines = [say("help.usage", usage=e["usage"]), "", e["summary"][:1].upper() + e["summary"][1:] + "."]
    if e.get("text"):
        lines += ["", textwrap.fill(" ".join(e["text"].split()), HELP_WIDTH)]
    if verb.aliases:
        lines += ["", say("help.aliases", aliases=", ".join(verb.aliases))]
    lines += ["", say("help.examples")] + [f"  {x}" for x in e.get("examples", ())]
    return "\n".join(lines)
