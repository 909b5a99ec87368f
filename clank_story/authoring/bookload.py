"""Loading the Book of Secrets files of a lint run with the game's own loader (story/passages.py),
keeping what each template and condition reads (authoring/templates.py) on the way.

Each file is checked by `passages.load_entry`, exactly as in play; the syntax trees the loader parses
are walked there and then, so nothing is parsed twice. A big book is spread over worker processes
like the game's loader does (the facts are plain tuples and travel back with each entry). The disk
cache of parsed books is not used: a lint always checks the files as they are."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_story.authoring.templates import Fact, capture_trees, facts_for
from clank_story.story.passages import Book

PARALLEL_BYTES = 256 * 1024


@dataclass
class BookFacts:
    """A book, and what its templates and conditions read: (kind, source) -> facts (None: unreadable)."""

    book: Book
    facts: dict[tuple[str, str], list[Fact] | None] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)


def _kind(key: str) -> str:
    return "condition" if key.endswith(".if") else "template"


def lint_entry(path: str) -> tuple[dict[str, Any], dict[tuple[str, str], list[Fact] | None]]:
    """One book file: the loader's entry, and the facts of every template and condition in it."""
    from clank_story.story.passages import load_entry

    with capture_trees() as trees:
        entry = load_entry(Path(path))
    facts: dict[tuple[str, str], list[Fact] | None] = {}
    for item in entry["passages"]:
        for key, source in item["sources"].items():
            kind = _kind(key)
            if (kind, source) not in facts:
                facts[(kind, source)] = facts_for(source, kind, trees)
    for data in entry["contracts"]:
        sources = [data.get("condition")] + [e.get("if") for e in data.get("reward") or []]
        for source in sources:
            if isinstance(source, str) and ("condition", source) not in facts:
                facts[("condition", source)] = facts_for(source, "condition")
    return entry, facts


def load(paths: list[str], cards: set[str] | None) -> BookFacts:
    """The book made of these files (shown paths), checked as `load_book` checks a folder."""
    from clank_story.story import passages

    results = _run(paths)
    book = Book(str(Path(paths[0]).parent) if paths else "")
    book.files = len(results)
    facts: dict[tuple[str, str], list[Fact] | None] = {}
    for _, part in results:
        facts.update(part)
    passages._assemble(book, [entry for entry, _ in results], cards)
    return BookFacts(book, facts, list(paths))


def _run(paths: list[str]) -> list[tuple[dict[str, Any], dict[tuple[str, str], list[Fact] | None]]]:
    import os
    import sys

    workers = min(len(paths), os.cpu_count() or 1, 4)
    try:
        size = sum(Path(p).stat().st_size for p in paths)
    except OSError:
        size = 0
    if workers > 1 and size >= PARALLEL_BYTES and sys.platform == "linux":
        try:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
                return list(pool.map(lint_entry, paths, chunksize=max(1, len(paths) // (workers * 4))))
        except Exception:  # any trouble with worker processes: do the work here instead
            pass
    return [lint_entry(p) for p in paths]
