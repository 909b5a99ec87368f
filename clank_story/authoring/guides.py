"""`book docs [TOPIC]`: the guides that ship inside the package, so a person who installed the wheel
(and has no checkout, no `docs/` folder) reads the same author's guide and diagnostics reference:
`clank-story book docs authoring`, `clank-story book docs diagnostics`, or one code, `book docs LN046`.

A wheel carries `docs/*.md` as `clank_story/_shipped/docs` (pyproject.toml); a checkout reads `docs/`."""

from __future__ import annotations

import re
from pathlib import Path

from clank_story.content.schema import suggest
from clank_story.paths import shipped
from clank_story.words import say

CODE = re.compile(r"^[A-Z]{2}\d{3}$")


class GuideError(Exception):
    """No such topic or code; the message lists what there is."""


def folder() -> Path:
    return shipped("docs")


def topics() -> dict[str, str]:
    """Topic -> its title (the guide's first heading), in name order."""
    out: dict[str, str] = {}
    for path in sorted(folder().glob("*.md")) if folder().is_dir() else []:
        first = next((line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("# ")), "")
        out[path.stem] = first.removeprefix("# ").strip() or path.stem
    return out


def text(topic: str) -> str:
    """A guide's Markdown, or the reference entry of one diagnostic code (`LN046`, `ct002`)."""
    if CODE.match(topic.upper()):
        return code_entry(topic.upper())
    known = topics()
    if topic not in known:
        raise GuideError(say("authoring.docs.no_topic", topic=topic, topics=", ".join(known) or "-")
                         + suggest(topic, list(known)))
    return (folder() / f"{topic}.md").read_text(encoding="utf-8")


def code_entry(code: str) -> str:
    """The row of a code in the diagnostics reference, with the heading of its table."""
    lines = (folder() / "diagnostics.md").read_text(encoding="utf-8").splitlines()
    section = ""
    for line in lines:
        if line.startswith("## "):
            section = line.removeprefix("## ").strip()
        if line.startswith(f"| {code} |"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            what = cells[3] if len(cells) > 3 else ""
            return say("authoring.docs.code", code=code, severity=cells[1], meaning=cells[2], section=section,
                       fix=what).rstrip() + "\n"
    raise GuideError(say("authoring.docs.no_code", code=code))
