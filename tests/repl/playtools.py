"""Helpers for the play tests (a module name of its own: `conftest` is taken by tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

from clank_story.content.scenario import load_scenario
from clank_story.table.session import Session

HERE = Path(__file__).parent
CORRIDOR = HERE / "data" / "corridor.yaml"
DATA = HERE.parent / "data"


def session_from(text: str | None = None, path: Path | None = None, **options) -> Session:
    """A session on a scenario given as YAML text (boards and cards of tests/data are found) or a file."""
    if text is not None:
        position = load_scenario(DATA / "scenarios" / "inline.yaml", text=text, **options)
    else:
        position = load_scenario(path or CORRIDOR, **options)
    return Session.start(position)
