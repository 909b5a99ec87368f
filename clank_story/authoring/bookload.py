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


def lint_entry(path: str, text: str | None = None) -> tuple[dict[str, Any], dict[tuple[str, str], list[Fact] | None]]:
    """One book file (or the mended text of it): the loader's entry, and the facts of every template
    and condition in it."""
    from clank_story.story.passages import entry_from_text, load_entry

    with capture_trees() as trees:
        entry = load_entry(Path(path)) if text is None else entry_from_text(text, path)
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


class Pending:
    """Book files being checked: in worker processes for a big book (so the main process can read the
    rest of the content meanwhile), or here when `result()` is asked for."""

    def __init__(self, paths: list[str], texts: dict[str, str] | None = None) -> None:
        self.paths = paths
        self.texts = texts or {}  # mended texts of files with structure errors (authoring/mend.py)
        self.pool: Any = None
        self.future: Any = None
        workers = min(len(paths), _cpus(), 4)
        if workers > 1 and _size(paths) >= PARALLEL_BYTES and _forks():
            try:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
                chunk = max(1, len(paths) // (workers * 4))
                # map() hands every file to the workers now; the answers are collected in result()
                texts = [self.texts.get(p) for p in paths]
                self.future = _MapFuture(self.pool.map(lint_entry, paths, texts, chunksize=chunk))
            except Exception:  # any trouble with worker processes: do the work here instead
                self.close()

    def result(self) -> list[tuple[dict[str, Any], dict[tuple[str, str], list[Fact] | None]]]:
        try:
            if self.future is not None:
                try:
                    return self.future.get()
                except Exception:
                    pass
            return [lint_entry(p, self.texts.get(p)) for p in self.paths]
        finally:
            self.close()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool = self.future = None


class _MapFuture:
    def __init__(self, iterator: Any) -> None:
        self.iterator = iterator

    def get(self) -> list[Any]:
        return list(self.iterator)


def _cpus() -> int:
    import os

    return os.cpu_count() or 1


def _size(paths: list[str]) -> int:
    try:
        return sum(Path(p).stat().st_size for p in paths)
    except OSError:
        return 0


def _forks() -> bool:
    import sys

    return sys.platform == "linux"


def start(paths: list[str], texts: dict[str, str] | None = None) -> Pending:
    return Pending(paths, texts)


def load(paths: list[str] | Pending, cards: set[str] | None) -> BookFacts:
    """The book made of these files (shown paths), checked as `load_book` checks a folder."""
    from clank_story.story import passages

    pending = paths if isinstance(paths, Pending) else Pending(paths)
    results = pending.result()
    book = Book(str(Path(pending.paths[0]).parent) if pending.paths else "")
    book.files = len(results)
    facts: dict[tuple[str, str], list[Fact] | None] = {}
    for _, part in results:
        facts.update(part)
    passages.assemble(book, [entry for entry, _ in results], cards)
    return BookFacts(book, facts, list(pending.paths))
