"""Helpers for the authoring tests: small content folders written on the fly."""

from __future__ import annotations

import textwrap
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
LINT = DATA / "lint"
CLEAN_BOOK = LINT / "LN031" / "good"  # a contract, and a passage that sets and reads a flag


def write(folder: Path, files: dict[str, str]) -> Path:
    """Files (relative path -> text, dedented) under `folder`; returns the folder."""
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return folder


def book(passages: str, contracts: str = "") -> str:
    """A book file whose contract opens passage `start`."""
    head = contracts or """\
        contracts:
          - id: errand
            name: Errand
            description: Run an errand.
            trigger: end_of_turn
            passage: start
        """
    return textwrap.dedent(head) + "passages:\n" + textwrap.indent(textwrap.dedent(passages).lstrip("\n"), "  ")
