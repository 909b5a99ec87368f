"""Drawing DOT text as SVG with Graphviz, when it is installed (`book graph`, `board show`)."""

from __future__ import annotations

import shutil
import subprocess

from clank_story.words import say


class GraphvizMissing(Exception):
    """Graphviz is not installed (or failed); the message says how to get it."""


def to_svg(dot: str, program: str = "dot") -> str:
    """The SVG Graphviz draws from `dot`; `program` is `dot` (layered) or `neato` (pinned positions)."""
    exe = shutil.which(program)
    if exe is None:
        raise GraphvizMissing(say("authoring.graphviz.missing", program=program))
    try:
        done = subprocess.run([exe, "-Tsvg"], input=dot, capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise GraphvizMissing(say("authoring.graphviz.failed", error=e)) from None
    if done.returncode != 0:
        raise GraphvizMissing(say("authoring.graphviz.failed", error=done.stderr.strip() or f"exit status {done.returncode}"))
    return done.stdout
