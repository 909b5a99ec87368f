"""Loading the Book of Secrets files of a lint run with the game's own loader (story/passages.py),
keeping what each template and condition reads (authoring/templates.py) on the way.

Each file is checked by `passages.entry_from_text`, exactly as in play, after its structure errors are
found and mended (authoring/mend.py; the YAML is read once for both); the syntax trees the loader
parses are walked there and then, so nothing is parsed twice. A big book is spread over worker
processes like the game's loader does (the facts are plain tuples and travel back with each entry).

What one file gives (its analysis: mend's errors, the loader's entry, the facts) depends only on its
text, its path and the code, so it is kept in a cache of its own (authoring/lintcache.py) keyed by
them: a file that did not change since the last lint is not parsed again. The analysis holds each
diagnostic's sentence (id and parameters), never one language's words, so the cache serves every
language."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from clank_story.authoring.facts import Fact
from clank_story.content.diagnostics import Diagnostic

if TYPE_CHECKING:  # the story loader (and Jinja, templates.py) only when a file is analysed: a lint
    from clank_story.story.passages import Book  # served from the cache needs neither

PARALLEL_BYTES = 256 * 1024

Analysis = dict[str, Any]  # {"mend": [plain diagnostics], "entry": entry | None, "facts": {(kind, source): facts}}


@dataclass
class BookFacts:
    """A book, and what its templates and conditions read: (kind, source) -> facts (None: unreadable)."""

    book: Book
    facts: dict[tuple[str, str], list[Fact] | None] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    structure: list[Diagnostic] = field(default_factory=list)  # mend's errors (duplicate keys, numeric keys)


def _kind(key: str) -> str:
    return "condition" if key.endswith(".if") else "template"


def lint_entry(path: str, text: str | None = None,
               node: Any = None) -> tuple[dict[str, Any], dict[tuple[str, str], list[Fact] | None]]:
    """One book file (or the mended text of it): the loader's entry, and the facts of every template
    and condition in it."""
    from pathlib import Path

    from clank_story.authoring.templates import capture_trees, facts_for
    from clank_story.story.passages import entry_from_text, load_entry

    with capture_trees() as trees:
        entry = load_entry(Path(path)) if text is None else entry_from_text(text, path, node)
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
                facts[("condition", source)] = facts_for(source, "condition", trees)
    return entry, facts


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off for the block (unless something else has it off already), then on
    again. Reading a book file makes a hundred thousand objects (YAML events, tokens, syntax trees)
    with no cycles among them, freed as they go, and a lint builds a book's worth that live to its
    end: the collector would only walk them again and again (a tenth of the time) and free nothing."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def analyse(path: str, text: str) -> Analysis:
    """Everything lint learns from one book file alone: structure errors (mended where they can be,
    so the rest of the file is checked too), the loader's entry and the facts of its templates. The
    cycle collector waits meanwhile, and runs once the file is done."""
    from clank_story.authoring.mend import mend_tree
    from clank_story.story.passages import _plain_diag

    with collector_paused():
        checked, problems, node = mend_tree(text, path)
        mended = [_plain_diag(d, None) for d in problems]
        if checked is None:
            return {"mend": mended, "entry": None, "facts": {}}
        entry, facts = lint_entry(path, checked, node)
        return {"mend": mended, "entry": entry, "facts": facts}


def analyse_and_keep(path: str, text: str, key: Any) -> Analysis:
    """`analyse`, and the answer kept in the lint cache by the process that made it (a worker writes
    its own files, so the main process does not encode them all one after another)."""
    from clank_story.authoring import lintcache

    analysis = analyse(path, text)
    lintcache.store(key, analysis)
    return analysis


class Pending:
    """Book files being checked: those the cache knows are answered at once; the others in worker
    processes for a big book (so the main process can read the rest of the content meanwhile), or
    here when `result()` is asked for."""

    def __init__(self, files: list[tuple[str, str]]) -> None:
        from clank_story.authoring import lintcache

        self.files = files  # (shown path, text)
        self.keys = [lintcache.key(path, text) for path, text in files]
        self.known: dict[int, Analysis] = {}
        for i, k in enumerate(self.keys):
            found = lintcache.load(k, files[i][0])
            if found is not None:
                self.known[i] = found
        self.todo = [i for i in range(len(files)) if i not in self.known]
        self.pool: Any = None
        self.future: Any = None
        workers = min(len(self.todo), _cpus(), 4)
        if workers > 1 and sum(len(files[i][1]) for i in self.todo) >= PARALLEL_BYTES and _forks():
            try:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                from clank_story.story.passages import interrupts_held

                _analysis_modules()  # imported once here, before the fork, rather than in every worker
                self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                                                initializer=_worker_start)
                chunk = max(1, len(self.todo) // (workers * 8))  # fine enough that no worker waits long at the end
                # map() hands every file to the workers now; the answers are collected in result()
                with interrupts_held():  # a Ctrl-C during the fork is answered, not lost
                    self.future = _MapFuture(self.pool.map(analyse_and_keep, [files[i][0] for i in self.todo],
                                                           [files[i][1] for i in self.todo],
                                                           [self.keys[i] for i in self.todo], chunksize=chunk))
            except Exception:  # any trouble with worker processes: do the work here instead
                self.close()

    @property
    def paths(self) -> list[str]:
        return [path for path, _ in self.files]

    def result(self) -> list[Analysis]:
        try:
            done: list[Analysis] | None = None
            if self.future is not None:
                try:
                    done = self.future.get()
                except Exception:
                    done = None
            if done is None:
                done = [analyse_and_keep(*self.files[i], self.keys[i]) for i in self.todo]
        finally:
            self.close()
        for i, analysis in zip(self.todo, done, strict=True):
            self.known[i] = analysis
        return [self.known[i] for i in range(len(self.files))]

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool = self.future = None


def _analysis_modules() -> None:
    """What analysing a file needs made once: the story loader with its renderer, Jinja, the template
    walk, the mending of keys, PyYAML's C reader (with what it imports), the story environment and
    its fast lexer. A lint served from the cache never needs them, so they are made only when some
    file is analysed; for a big book, here, before the worker processes fork, so that each worker
    does not make them again (about 60 ms a worker, tests/authoring/test_lint_workers.py)."""
    import clank_story.authoring.mend
    import clank_story.authoring.templates
    import clank_story.story.passages
    import clank_story.story.render  # noqa: F401
    from clank_story.content.yamlio import libyaml
    from clank_story.story.sandbox import environment

    libyaml()
    environment().lexer.prepare()


class _MapFuture:
    def __init__(self, iterator: Any) -> None:
        self.iterator = iterator

    def get(self) -> list[Any]:
        return list(self.iterator)


def _worker_start() -> None:
    """A worker forked from a lint: Ctrl-C is the lint's to answer, as for the book's loading workers
    (story/passages.py). The cycle collector stays off, as in the lint that forked it: analysing a
    file leaves no cycles (a clean book's files free nothing when collected), and a worker lives for one
    lint; what it inherited is frozen out of the collector's sight all the same, should anything in
    the worker run a collection."""
    from clank_story.story.passages import leave_interrupts_to_the_parent

    leave_interrupts_to_the_parent()
    gc.freeze()


def _cpus() -> int:
    import os

    return os.cpu_count() or 1


def _forks() -> bool:
    import sys

    return sys.platform == "linux"


def start(files: list[tuple[str, str]]) -> Pending:
    """Start checking these book files: (shown path, text) each."""
    return Pending(files)


def load(pending: Pending, cards: set[str] | None) -> BookFacts:
    """The book made of these files, checked as `load_book` checks a folder."""
    from pathlib import Path

    from clank_story.story import passages
    from clank_story.story.passages import Book

    results = pending.result()
    structure = [passages.diagnostic(d) for r in results for d in r["mend"]]
    used = [(path, r) for path, r in zip(pending.paths, results, strict=True) if r["entry"] is not None]
    book = Book(str(Path(used[0][0]).parent) if used else "")
    book.files = len(used)
    facts: dict[tuple[str, str], list[Fact] | None] = {}
    for _, r in used:
        facts.update(r["facts"])
    passages.assemble(book, [r["entry"] for _, r in used], cards)
    return BookFacts(book, facts, [path for path, _ in used], structure)
