"""Putting a Book of Secrets into a session: load it (leniently: authoring errors are logged and
the broken passages apologise when reached; or strictly, for `run`: any error refuses the book), and
route the game's events through it."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from clank_story.paths import shipped

if TYPE_CHECKING:
    from clank_story.session import Session
    from clank_story.story.passages import Book
    from clank_story.story.router import Router
    from clank_story.story.state import StoryState

log = logging.getLogger("clank_story.story")


def shipped_book() -> Path:
    return shipped("book_of_secrets")


def shipped_campaign_cards() -> list[str]:
    """Cards the shipped campaign definitions bring (patrons): passages may name them, and a
    campaign game has them in its ruleset."""
    from clank_story.content.library import catalog

    roots = [d for d in shipped("campaigns").iterdir() if d.name != "core" and (d / "cards").is_dir()]
    return list(catalog(roots).cards())


def load_for_game(folder: str | Path | None, cards: list[str] | None = None, *, strict: bool = False) -> Book:
    """The book in `folder` (the shipped one if None), its diagnostics logged. Lenient by default (a
    broken passage apologises when reached); `strict` raises ContentError on any error instead."""
    from clank_story.story.passages import load_book, log_diagnostics

    if folder is None and cards is not None:  # the shipped book may name the shipped campaigns' cards
        cards = [*cards, *shipped_campaign_cards()]
    book = load_book(Path(folder) if folder is not None else shipped_book(), cards=cards, strict=strict)
    log_diagnostics(book)
    return book


def attach_book(session: Session, folder: str | Path | None = None, state: StoryState | None = None, *,
                prologue: str | None = None, epilogue: str | None = None,
                waypoints: dict[str, str] | None = None, strict: bool = False) -> Router:
    book = load_for_game(folder, list(session.game.ruleset.cards), strict=strict)
    return session.attach_story(book, state, prologue=prologue, epilogue=epilogue, waypoints=waypoints)
