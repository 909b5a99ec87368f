"""Story fixtures: books written into a temporary folder, and legacy tables with a book attached."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from scenarios import DATA, Table, make_table

from clank_story.story.state import StoryState
from clank_story.table.session import attach_book

BOOK = DATA / "book"


@pytest.fixture(autouse=True)
def _story_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never write the parsed-book cache into the user's cache folder from tests."""
    monkeypatch.setenv("CLANK_STORY_CACHE", str(tmp_path_factory.getbasetemp() / "story-cache"))


@pytest.fixture
def write_book(tmp_path: Path) -> Callable[..., Path]:
    """write_book(text) or write_book({"a.yaml": text, "sub/b.yaml": text}) -> the book folder."""

    def write(files: str | dict[str, str]) -> Path:
        folder = tmp_path / "book"
        folder.mkdir(exist_ok=True)
        for name, text in ({"book.yaml": files} if isinstance(files, str) else files).items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        return folder

    return write


def at_the_wood(**ana: Any) -> dict[str, Any]:
    """Ana one Boot away from the Old Well (waypoint "12") with Sidestep and four Burgles."""
    return {"name": "Ana", "space": "wood", "hand": ["sidestep", "burgle", "burgle", "burgle", "burgle"],
            "deck": ["burgle"] * 5, "discard": [], **ana}


@pytest.fixture
def story_table() -> Callable[..., Table]:
    """story_table(book_dir, ana={...}, state=StoryState(...)) -> a tiny-legacy Table with the book."""

    def build(book: Path = BOOK, ana: dict[str, Any] | None = None, rex: dict[str, Any] | None = None,
              state: StoryState | None = None, **scenario: Any) -> Table:
        seats = [ana or at_the_wood(), {"name": "Rex", "space": "hq", "hand": ["burgle"] * 5,
                                        "deck": ["burgle"] * 5, "discard": [], **(rex or {})}]
        table = make_table("legacy", "tiny-legacy", seats, **scenario)
        attach_book(table.session, book, state)
        table.opened = table.session.opening()  # type: ignore[attr-defined]
        return table

    return build
