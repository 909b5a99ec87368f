"""Which Book of Secrets a game reads, loaded for play: leniently (authoring errors are logged and
the broken passages apologise when reached), or strictly (every error stops the game before it starts)."""

from __future__ import annotations

import logging
from pathlib import Path

from clank_story.content.library import catalog
from clank_story.paths import shipped
from clank_story.story.passages import Book, load_book, log_diagnostics

log = logging.getLogger("clank_story.story")


def shipped_book() -> Path:
    return shipped("book_of_secrets")


def shipped_campaign_cards() -> list[str]:
    """Cards the shipped campaign definitions bring (patrons): passages may name them, and a
    campaign game has them in its ruleset."""
    roots = [d for d in shipped("campaigns").iterdir() if d.name != "core" and (d / "cards").is_dir()]
    return list(catalog(roots).cards())


def load_for_game(folder: str | Path | None, cards: list[str] | None = None, *, strict: bool = False) -> Book:
    """The book in `folder` (the shipped one if None), its diagnostics logged. Lenient by default (a
    broken passage apologises when reached); `strict` raises ContentError on any error instead."""
    if folder is None and cards is not None:  # the shipped book may name the shipped campaigns' cards
        cards = [*cards, *shipped_campaign_cards()]
    book = load_book(Path(folder) if folder is not None else shipped_book(), cards=cards, strict=strict)
    log_diagnostics(book)
    return book
