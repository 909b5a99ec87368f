"""Loading the Book of Secrets: YAML files at any depth under a folder, each with a `passages:`
mapping (string ids) and/or a `contracts:` list, validated into a `Book` (DESIGN.md §3 "Passage").

Every problem is a Diagnostic `path:line:col: error[CODE]: message`; template lines are mapped back
to the YAML file (text lives in `|` blocks so line N of the template is line N after the `|`).
Loading is lenient: a passage with errors is kept as *broken* (the router apologises when it is
reached, and the game goes on); `Book.raise_errors()` makes it strict for linting. Codes are listed
in docs/book-of-secrets.md."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clank_story.content.diagnostics import ContentError, Diagnostic, Report, Said, said
from clank_story.content.reading import MAX_BOOK_FILE_BYTES, SIZE_CODE, decode, read_bytes, yaml_files
from clank_story.content.schema import Field, check_fields
from clank_story.content.yamlfast import is_literal, load_text
from clank_story.content.yamlio import Node
from clank_story.story.contracts import Contract, check_contract
from clank_story.story.effectcheck import CARD_EFFECTS, CONTRACT_EFFECTS, _compile, check_effects, remap
from clank_story.words import language

if TYPE_CHECKING:  # Jinja is imported when a template is checked or played: a book read from the
    from clank_story.story.render import Compiled  # lint cache never needs it

MAX_FILE_ERRORS = 200  # errors in one book file before the rest of it is left unchecked

log = logging.getLogger("clank_story.story")

PASSAGE = {
    "title": Field("str", "the heading shown above the text"),
    "text": Field("str", "the prose: a `|` block, Jinja allowed"),
    "effects": Field("block", "effects applied when the passage is read"),
    "choices": Field("list", "options the reader picks one of with `choose N`"),
    "goto": Field("id", "the passage to read next (after the choice, if any)"),
    "once": Field("any", "true, or a `|` short text: later visits show only the short form"),
    "franchise": Field("bool", "its choice is the franchise's to make (a signature that binds the branch): "
                               "it is put to the first seat a person plays, whoever read the passage"),
}
CHOICE = {
    "text": Field("str", "what the option says (Jinja allowed)", True),
    "if": Field("str", "a Jinja condition: the option is offered only when it holds"),
    "effects": Field("block", "effects of taking the option"),
    "goto": Field("id", "the passage to read after taking the option"),
}
BOOK_FILE = {
    "passages": Field("map", "passages by id"),
    "contracts": Field("list", "contract definitions"),
}


# -- the book ---------------------------------------------------------------------------------------
@dataclass
class Passage:
    """One passage: its validated data and its compiled templates (made on first use if needed)."""

    data: dict[str, Any]
    sources: dict[str, str] = field(default_factory=dict)  # key -> checked template or condition source

    id = property(lambda s: s.data["id"])
    title = property(lambda s: s.data.get("title") or "")
    effects = property(lambda s: s.data.get("effects") or [])
    choices = property(lambda s: s.data.get("choices") or [])
    goto = property(lambda s: s.data.get("goto"))
    once = property(lambda s: bool(s.data.get("once")))
    path = property(lambda s: s.data["path"])
    line = property(lambda s: s.data["line"])

    def compiled(self, key: str) -> Compiled | None:
        """'text', 'again', 'choice.N.text', 'choice.N.if', 'effect.N.if' (None if there is none).
        Raises StoryProblem if the source does not check (a book loaded from a stale cache)."""
        from clank_story.story.render import compile_condition, compile_template

        source = self.sources.get(key)
        if source is None:
            return None
        return compile_condition(source) if key.endswith(".if") else compile_template(source)

    def where(self, key: str, template_line: int = 1) -> tuple[int, int]:
        """File (line, col) of a template line inside one of this passage's texts or conditions."""
        line, col = self.data.get("pos", {}).get(key, (self.line, self.data.get("col", 1)))
        if key in ("text", "again"):
            return line + template_line, col
        return line, col


@dataclass
class Book:
    """The Book of Secrets, loaded: its passages and contracts, and what is wrong with them."""

    root: str = ""
    passages: dict[str, Passage] = field(default_factory=dict)
    contracts: dict[str, Contract] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    broken: dict[str, list[Diagnostic]] = field(default_factory=dict)  # passage id -> its errors
    files: int = 0

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def raise_errors(self) -> None:
        if self.errors:
            raise ContentError(sorted(self.errors))

    def compile_all(self) -> None:
        """Generate the code of every template now (play does it on first use; benchmarks and
        `book lint --deep` may want it all)."""
        for p in self.passages.values():
            for key in p.sources:
                compiled = p.compiled(key)
                if compiled is not None:
                    compiled.runner()


# -- loading ----------------------------------------------------------------------------------------
def book_files(root: Path) -> list[Path]:
    """The book's own files: every YAML file under `root` but its translations (`locale/`), hidden ones
    skipped, walked within the folder caps (ContentError, CT008, past them: content/reading.py)."""
    return yaml_files(root, prune=frozenset({"locale"}))


def load_book(root: str | Path, *, cards: Iterable[str] | None = None, cache: bool = True,
              strict: bool = False) -> Book:
    """Every file under `root`; `cards` (known card ids) enables card reference checks. With `strict`,
    a book with any error raises ContentError carrying every diagnostic (errors and warnings), so a
    command can refuse a broken book before play starts instead of skipping its broken passages."""
    from clank_story.story import cache as disk

    root = Path(root)
    book = Book(str(root))
    try:
        paths = book_files(root)
    except ContentError as e:  # a folder far too big to be a book: nothing is read
        book.diagnostics = sorted(e.diagnostics)
        if strict:
            raise
        return book
    entries: list[dict[str, Any] | None] = [disk.load(path, well_formed) if cache else None for path in paths]
    missing = [i for i, e in enumerate(entries) if e is None]
    for i, entry in zip(missing, _load_entries([paths[i] for i in missing]), strict=True):
        entries[i] = entry
        if cache:
            disk.store(paths[i], entry)
    book.files = len(entries)
    assemble(book, [e for e in entries if e is not None], set(cards) if cards is not None else None)
    if strict and book.errors:
        raise ContentError(book.diagnostics)
    from clank_story.story.translation import translate

    translate(book, Path(root), language())  # the player's language over the English words
    return book


PARALLEL_BYTES = 256 * 1024  # below this, worker processes cost more than they save


def _load_entries(paths: list[Path]) -> list[dict[str, Any]]:
    """Read and check files; a big uncached book is spread over the machine's cores (forked workers
    on systems that have fork), since checking templates is CPU-bound Python."""
    import os
    import sys

    workers = min(len(paths), os.cpu_count() or 1, 4)
    try:
        size = sum(p.stat().st_size for p in paths)
    except OSError:
        size = 0
    if workers > 1 and size >= PARALLEL_BYTES and sys.platform == "linux":
        try:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                                     initializer=leave_interrupts_to_the_parent) as pool:
                try:
                    with interrupts_held():  # map() forks the workers and hands out the files
                        entries = pool.map(load_entry, paths, chunksize=max(1, len(paths) // (workers * 4)))
                    return list(entries)
                except KeyboardInterrupt:  # files not begun are dropped: Ctrl-C is answered at once
                    pool.shutdown(cancel_futures=True)
                    raise
        except Exception:  # any trouble with worker processes: do the work here instead
            pass
    return [load_entry(p) for p in paths]


def leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to the whole process group): the process that
    started it takes the command back and says so; a worker interrupted mid-file only printed a
    traceback over that sentence. It was forked with Ctrl-C held (`interrupts_held`): ignored now, it
    is let through again."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C held back while worker processes are forked, and answered as soon as they are. One that
    lands during a fork interrupts Python's after-fork hooks (logging's, among them), which only print
    "Exception ignored" and go on: the Ctrl-C was lost, and the command ran to its end. A forked
    worker starts with it held too, until `leave_interrupts_to_the_parent` has it ignored."""
    import signal

    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def well_formed(entry: Any) -> bool:
    """A cached entry has the shape load_entry makes, as far as loading the book relies on it: a cache
    file of any other shape is a miss, never a crash later. (One that passes is plain data.)"""
    from dataclasses import MISSING, fields

    try:
        for _path, line, col, code, message, severity, pid, sentence in entry["diags"]:
            if not (type(line) is int and type(col) is int and type(code) is str and type(message) is str
                    and type(severity) is str and (pid is None or type(pid) is str)):
                return False
            if sentence is not None:
                Said.from_plain(sentence)  # ValueError when it is not one
        for item in entry["passages"]:
            data = item["data"]
            if not (type(data["id"]) is str and type(data["line"]) is int and type(data["col"]) is int):
                return False
            for v in item["sources"].values():
                if type(v) is not str:
                    return False
            for ref in data["refs"]:
                if len(ref) != 4:
                    return False
            for pos in data["pos"].values():
                if len(pos) != 2:
                    return False
            for x in (*data.get("choices", ()), *data.get("effects", ())):
                if type(x) is not dict:
                    return False
        names = {f.name for f in fields(Contract)}
        required = {f.name for f in fields(Contract) if f.default is MISSING and f.default_factory is MISSING}
        return all(type(c) is dict and required <= c.keys() <= names for c in entry["contracts"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return False


def load_entry(path: Path) -> dict[str, Any]:
    """One file's passages, contracts, compiled code and local diagnostics, as plain data."""
    shown = str(path)
    try:
        text = decode(read_bytes(path, limit=MAX_BOOK_FILE_BYTES, what="a Book of Secrets file"), shown)
    except ContentError as e:
        return {"path": shown, "passages": [], "contracts": [], "diags": [_plain_diag(d, None) for d in e.diagnostics]}
    return entry_from_text(text, shown)


def entry_from_text(text: str, path: str, node: Node | None = None) -> dict[str, Any]:
    """One file's entry from its text (`node`: the text's tree, when the caller has read it already)."""
    from clank_story.story.render import compile_condition

    report = Report()
    entry: dict[str, Any] = {"path": path, "passages": [], "contracts": [], "diags": []}
    if node is None:
        try:
            node = load_text(text, path)
        except ContentError as e:
            entry["diags"] = [_plain_diag(d, None) for d in e.diagnostics]
            return entry
    if node.value is None:
        return entry
    if not isinstance(node.value, dict):
        report.error(path, 1, 1, "BS001", said("book.file_shape"))
    else:
        local = Report()
        check_fields(node, BOOK_FILE, local, said("what.book_file"))
        remap(local, report)
        lines = text.splitlines()
        if isinstance(node.value.get("passages"), dict):
            passages = node.child("passages")
            errors = 0
            for pid, pnode in passages.items():
                if errors >= MAX_FILE_ERRORS:  # a file this broken: say so once, not ten thousand times
                    line, col = passages.key_pos(pid)
                    report.error(path, line, col, SIZE_CODE, said("book.too_many_errors", most=MAX_FILE_ERRORS))
                    break
                before = len(report.diagnostics)
                data, codes = check_passage(str(pid), pnode, passages.key_pos(pid), report, lines)
                own = [_plain_diag(d, str(pid)) for d in report.diagnostics[before:]]
                errors += sum(d.severity == "error" for d in report.diagnostics[before:])
                del report.diagnostics[before:]
                entry["diags"].extend(own)
                if data is not None:
                    entry["passages"].append({"data": data, "sources": codes})
        if isinstance(node.value.get("contracts"), list):
            for cnode in node.child("contracts").elements():
                data = check_contract(cnode, report)
                if data is not None:
                    for key, field_name in (("condition", "if"), ("expires", "expires")):
                        if data.get(key) is not None:
                            _compile(compile_condition, data[key], cnode.child(field_name), report, {}, field_name)
                    entry["contracts"].append(data)
    entry["diags"].extend(_plain_diag(d, None) for d in report.diagnostics)
    return entry


def check_passage(pid: str, node: Node, key_pos: tuple[int, int], report: Report,
                  lines: list[str]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    line, col = key_pos
    data: dict[str, Any] = {"id": pid, "path": node.path, "line": line, "col": col, "pos": {}, "refs": []}
    codes: dict[str, Any] = {}
    if pid != pid.strip() or not pid:
        report.error(node.path, line, col, "BS003", said("book.blank_id", passage=pid))
    local = Report()
    if not check_fields(node, PASSAGE, local, said("what.passage", passage=pid)):
        remap(local, report)
        return None, codes
    remap(local, report)
    v = node.value
    if "title" in v:
        data["title"] = str(v["title"])
    if v.get("franchise"):
        data["franchise"] = True
    if "text" in v:
        _text(node, "text", data, codes, report, lines)
    if "once" in v:
        once = v["once"]
        if isinstance(once, bool):
            data["once"] = once
        elif isinstance(once, str):
            data["once"] = True
            _text(node, "once", data, codes, report, lines, key="again")
        else:
            vl, vc = node.value_pos("once")
            report.error(node.path, vl, vc, "BS011", said("book.once_shape"))
    if "effects" in v:
        data["effects"] = check_effects(node.child("effects"), report, codes, "effect", data)
    if "goto" in v:
        data["goto"] = str(v["goto"])
        data["refs"].append(("passage", data["goto"], *node.value_pos("goto")))
    if "choices" in v:
        data["choices"] = []
        for i, cnode in enumerate(node.child("choices").elements()):
            choice = _choice(i, cnode, report, codes, data)
            if choice is not None:
                data["choices"].append(choice)
    data["pos"] = {k: list(v) for k, v in data["pos"].items()}  # JSON's shapes: the disk cache gives back
    data["refs"] = [list(r) for r in data["refs"]]  # exactly what was stored
    return data, codes


def _text(node: Node, field_name: str, data: dict[str, Any], codes: dict[str, Any], report: Report,
          lines: list[str], key: str | None = None) -> None:
    from clank_story.story.render import compile_template

    key = key or field_name
    value = node.value[field_name]
    vline, vcol = node.value_pos(field_name)
    if not is_literal(value):
        report.error(node.path, vline, vcol, "BS020", said("book.literal_block", key=field_name))
        return
    data[key] = str(value)
    indent = 1
    for raw in lines[vline:vline + 50]:  # the first non-blank line of the block
        if raw.strip():
            indent = len(raw) - len(raw.lstrip(" ")) + 1
            break
    data["pos"][key] = (vline, indent)
    _compile(compile_template, str(value), None, report, codes, key, node.path, (vline, indent))


def _choice(i: int, cnode: Node, report: Report, codes: dict[str, Any], data: dict[str, Any]) -> dict[str, Any] | None:
    from clank_story.story.render import compile_condition, compile_template

    local = Report()
    if not check_fields(cnode, CHOICE, local, said("what.choice", n=i + 1)):
        remap(local, report)
        return None
    remap(local, report)
    v = cnode.value
    choice: dict[str, Any] = {"text": str(v["text"])}
    prefix = f"choice.{i}"
    data["pos"][f"{prefix}.text"] = cnode.value_pos("text")
    if "{{" in choice["text"] or "{%" in choice["text"]:
        _compile(compile_template, choice["text"], cnode.child("text"), report, codes, f"{prefix}.text")
    if "if" in v:
        choice["if"] = str(v["if"])
        data["pos"][f"{prefix}.if"] = cnode.value_pos("if")
        _compile(compile_condition, choice["if"], cnode.child("if"), report, codes, f"{prefix}.if")
    if "effects" in v:
        choice["effects"] = check_effects(cnode.child("effects"), report, codes, f"{prefix}.effect", data)
    if "goto" in v:
        choice["goto"] = str(v["goto"])
        data["refs"].append(("passage", choice["goto"], *cnode.value_pos("goto")))
    return choice


def _plain_diag(d: Diagnostic, passage: str | None) -> list[Any]:
    """A diagnostic as plain data (a cache, a worker's answer): its sentence's id and parameters too."""
    return [d.path, d.line, d.col, d.code, d.message, d.severity, passage, d.said.plain() if d.said else None]


def diagnostic(plain: list[Any]) -> Diagnostic:
    path, line, col, code, message, severity, _pid, sentence = plain
    return Diagnostic(path, line, col, code, message, severity, Said.from_plain(sentence) if sentence else None)


# -- putting the files together ---------------------------------------------------------------------
def assemble(book: Book, entries: list[dict[str, Any]], cards: set[str] | None) -> None:
    report = Report()
    for entry in entries:
        for plain in entry["diags"]:
            d, pid, severity = diagnostic(plain), plain[6], plain[5]
            report.diagnostics.append(d)
            if pid is not None and severity == "error":
                book.broken.setdefault(pid, []).append(d)
        for item in entry["passages"]:
            data = item["data"]
            pid = data["id"]
            if pid in book.passages:
                first = book.passages[pid]
                d = Diagnostic.of(data["path"], data["line"], data["col"], "BS002",
                                  said("book.duplicate_passage", passage=pid, where=f"{first.path}:{first.line}"))
                report.diagnostics.append(d)
                continue
            book.passages[pid] = Passage(data, dict(item["sources"]))
        for cdata in entry["contracts"]:
            if cdata["id"] in book.contracts:
                report.error(cdata["path"], cdata["line"], cdata["col"], "BS072",
                             said("book.duplicate_contract", contract=cdata["id"]))
                continue
            book.contracts[cdata["id"]] = Contract.from_data(cdata)
    for p in book.passages.values():
        for kind, value, line, col in p.data.get("refs", []):
            problem = _ref_problem(book, kind, value, cards)
            if problem:
                d = Diagnostic.of(p.path, line, col, problem[0], problem[1])
                report.diagnostics.append(d)
                book.broken.setdefault(p.id, []).append(d)
    for c in book.contracts.values():
        if c.passage is not None and c.passage not in book.passages:
            report.error(c.path, c.line, c.col, "BS040", said("book.contract_passage", contract=c.id,
                                                              passage=c.passage))
        for item in c.reward:
            for key, value in item.items():
                problem = _ref_problem(book, "card" if key in CARD_EFFECTS else "contract" if key in
                                       CONTRACT_EFFECTS else "", value, cards)
                if problem:
                    report.error(c.path, c.line, c.col, *problem)
    _goto_loops(book, report)
    book.diagnostics = sorted(report.diagnostics)


def _ref_problem(book: Book, kind: str, value: Any, cards: set[str] | None) -> tuple[str, Said] | None:
    if kind == "passage" and value not in book.passages:
        return "BS040", said("book.no_passage", passage=value)
    if kind == "contract" and value not in book.contracts:
        return "BS071", said("book.no_contract", contract=value)
    if kind == "card" and cards is not None and isinstance(value, str) and value not in cards:
        from clank_story.content.schema import hint

        return "BS060", said("content.no_card", card=value, hint=hint(value, sorted(cards)))
    return None


def _goto_loops(book: Book, report: Report) -> None:
    """A ring of passages that lead to each other with no choice to break it never ends (the router
    stops it at play time too). A warning: conditions or `once` may still break it."""
    def next_of(p: Passage) -> str | None:
        if p.choices or p.once:
            return None
        targets = [e["goto"] for e in p.effects if isinstance(e.get("goto"), str) and "if" not in e]
        return targets[0] if targets else p.goto

    done: set[str] = set()
    for start in book.passages:
        path: list[str] = []
        here: str | None = start
        while here is not None and here in book.passages and here not in done and here not in path:
            path.append(here)
            here = next_of(book.passages[here])
        if here is not None and here in path:
            ring = [*path[path.index(here):], here]
            first = book.passages[here]
            report.warning(first.path, first.line, first.data.get("col", 1), "BS041",
                           said("book.goto_loop", ring=" -> ".join(ring)))
        done.update(path)


def log_diagnostics(book: Book) -> None:
    for d in book.diagnostics:
        (log.error if d.severity == "error" else log.warning)(str(d))
