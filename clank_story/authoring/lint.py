"""`book lint`: every content file checked by the loader the game uses, then the checks that need the
whole picture (authoring/crossref.py). Diagnostics come back sorted, as text or stable JSON.

What belongs together: all card files, boards, secrets and market files of a run join the shipped core
content (as a campaign folder's content does in play); all Book of Secrets files of a run are one book;
campaign definitions are checked against that book. Without a book in the run, nothing is said about
passages a board or definition names (the definition loader does the same)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_story.authoring import lintcache
from clank_story.authoring.codes import ALLOW_MARK
from clank_story.authoring.discover import (
    CAMPAIGN_FILE,
    SourceFile,
    classify,
    collect,
    default_paths,
    shown_path,
)
from clank_story.content.diagnostics import ContentError, Diagnostic, Report, said
from clank_story.rules.model import Board, CardDef

JSON_VERSION = 1


@dataclass
class Project:
    """What one lint run read: the files, the content they add to the core, the book, definitions."""

    files: list[SourceFile] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)  # shown path -> text
    mended: dict[str, str | None] = field(default_factory=dict)  # shown path -> the text checked (mend.py)
    cards: dict[str, CardDef] = field(default_factory=dict)  # core + linted
    boards: dict[str, Board] = field(default_factory=dict)  # core + linted
    linted_boards: dict[str, str] = field(default_factory=dict)  # board id -> shown path
    book: Any = None  # BookFacts, when the run has book files
    definitions: list[tuple[Any, str]] = field(default_factory=list)  # (Definition, shown path)


@dataclass
class LintResult:
    diagnostics: list[Diagnostic]
    files: int

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    def status(self, strict: bool = False) -> int:
        return 1 if self.errors or (strict and self.warnings) else 0

    def as_json(self) -> str:
        data = {
            "version": JSON_VERSION,
            "files": self.files,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "diagnostics": [d.as_json() for d in self.diagnostics],
        }
        return json.dumps(data, indent=2, ensure_ascii=False)

    def as_text(self) -> list[str]:
        return [str(d) for d in self.diagnostics]


class LintUsageError(Exception):
    """A path that does not exist, or the like: exit status 2."""


def lint(paths: Sequence[Path | str] | None = None) -> LintResult:
    """Lint the files and folders given (default: the shipped content), the cycle collector waiting
    meanwhile (bookload.collector_paused: a book's worth of objects that live to the end)."""
    from clank_story.authoring.bookload import collector_paused
    from clank_story.authoring.crossref import cross_checks

    with collector_paused():
        project, report = load_project(paths)
        cross_checks(project, report)
        return LintResult(_finish(report.diagnostics, project.texts), len(project.files))


def load_project(paths: Sequence[Path | str] | None = None) -> tuple[Project, Report]:
    """Every file read by its loader (the per-file diagnostics in the report); `book graph` uses this
    too. Raises LintUsageError for paths that do not exist."""
    from clank_story.content.reading import MAX_BOOK_FILE_BYTES, decode, read_bytes

    chosen = [Path(p) for p in paths] if paths else default_paths()
    report = Report()
    project = Project()
    try:
        found, missing = collect(chosen)
    except ContentError as e:  # a folder far too big to be content (`book lint /`): nothing is read
        report.diagnostics += e.diagnostics
        return project, report
    if missing:
        raise LintUsageError(", ".join(missing))
    for path, folders in found:
        shown = shown_path(path)
        try:  # within the largest cap of any kind (a book file's); each loader checks its own
            text = decode(read_bytes(path, limit=MAX_BOOK_FILE_BYTES, what="a content file"), shown)
        except ContentError as e:
            report.diagnostics += [dataclasses.replace(d, path=shown) for d in e.diagnostics]
            project.files.append(SourceFile(path, shown, None))
            continue
        project.texts[shown] = text
        project.files.append(SourceFile(path, shown, classify(path, text, folders)))
    from clank_story.authoring import bookload

    book_files = [(f.shown, project.texts[f.shown]) for f in project.files if f.kind == "book"]
    pending = bookload.start(book_files) if book_files else None  # big books: workers start now
    try:
        _content(project, report)
        _definition_content(project, report)
    except BaseException:
        if pending is not None:
            pending.close()
        raise
    if pending is not None:
        loaded = bookload.load(pending, set(project.cards))
        report.diagnostics.extend(loaded.structure)
        if loaded.files:  # not a book when none of its files could be read at all
            project.book = loaded
            report.diagnostics.extend(loaded.book.diagnostics)
    _definitions(project, report)
    _others(project, report)
    check_translations(project, report)
    return project, report


# -- the loaders --------------------------------------------------------------------------------------
def mended(f: SourceFile, project: Project, report: Report) -> str | None:
    """The file's text to check: with a duplicate or numeric key mended (those errors reported once
    here), so that the rest of the file is checked too; None when it cannot be read at all."""
    from clank_story.authoring.mend import mend

    if f.shown not in project.mended:
        text, problems = mend(project.texts[f.shown], f.shown)
        report.diagnostics.extend(problems)
        project.mended[f.shown] = text
    return project.mended[f.shown]


def _node(f: SourceFile, project: Project, report: Report):  # -> Node | None
    from clank_story.content.yamlio import load_text

    text = mended(f, project, report)
    if text is None:
        return None
    try:
        node = load_text(text, f.shown)
    except ContentError as e:
        report.diagnostics.extend(e.diagnostics)
        return None
    return node if node.value is not None else None


CONTENT_KINDS = ("cards", "board", "secrets", "market")


def content_root(f: SourceFile) -> Path | None:
    """The folder the game loads this file with (`cards/x.yaml` and `boards/x.yaml` one level down,
    `secrets.yaml` and `market.yaml` in it), or None for a file standing elsewhere."""
    if f.kind in ("cards", "board") and f.path.parent.name == ("cards" if f.kind == "cards" else "boards"):
        return f.path.resolve().parent.parent
    if f.kind in ("secrets", "market") and f.path.name == f"{f.kind}.yaml":
        return f.path.resolve().parent
    return None


def _content(project: Project, report: Report) -> None:
    """Cards, boards, secrets and market files, merged over the core content. Each content folder is
    loaded by the game's own loader (library.load_root, with its caches); a folder it refuses is then
    checked file by file, so every file's problems are reported, not only the first."""
    from clank_story.content import library
    from clank_story.content.effects_check import Refs

    try:
        core = library.catalog()
        project.cards.update(core.cards())
        project.boards.update(core.boards)
    except ContentError as e:  # the shipped core itself is broken: say so, and check the rest anyway
        report.diagnostics.extend(e.diagnostics)
    refs = Refs()
    by_root: dict[Path | None, list[SourceFile]] = {}
    for f in project.files:
        if f.kind in CONTENT_KINDS:
            by_root.setdefault(content_root(f), []).append(f)
    for root, files in by_root.items():
        loaded = None
        if root is not None:
            try:
                loaded = library.load_root(root)
            except ContentError:
                loaded = None
        if loaded is None:
            for f in files:
                _content_file(f, project, report, refs)
            continue
        project.cards.update(loaded.cards())
        project.boards.update(loaded.boards)
        refs.cards.extend(loaded.refs.cards)
        for f in files:
            if f.kind == "board":
                _board_warnings(f, project, report)
    from clank_story.content.schema import hint

    for card_id, where in refs.cards:  # what a game's setup reports when a card names a missing card
        if card_id not in project.cards:
            report.error(where.path, where.line, where.col, "SC001",
                         said("content.no_card", card=card_id, hint=hint(card_id, sorted(project.cards))))


def _content_file(f: SourceFile, project: Project, report: Report, refs: Any) -> None:
    from clank_story.content import library
    from clank_story.content.boards import board_from_node, board_warnings
    from clank_story.content.cards import load_card_file

    node = _node(f, project, report)
    if node is None:
        return
    if f.kind == "cards":
        for card in load_card_file(node, report, refs).cards:
            project.cards[card.id] = card
    elif f.kind == "board":
        board = board_from_node(node, report)
        if board is not None:
            board_warnings(board, node, report)
            project.boards[board.id] = board
            project.linted_boards[board.id] = f.shown
    else:
        (library._load_secrets if f.kind == "secrets" else library._load_market)(node, library.Catalog(), report)


def _board_warnings(f: SourceFile, project: Project, report: Report) -> None:
    """A board the loader accepted: only its warnings (unreachable spaces, artifacts with no way home)
    are left to find. They depend on the file's text alone, so the lint cache keeps them: an unchanged
    board is not parsed again (and the YAML reader not even imported)."""
    key = lintcache.inputs_key("board", [(f.shown, project.texts[f.shown].encode("utf-8", "surrogatepass"))])
    kept = lintcache.load_board(key)
    if kept is None:
        kept = _read_board_warnings(f, project.texts[f.shown])
        lintcache.store_board(key, *kept)
    board_id, diagnostics = kept
    report.diagnostics.extend(diagnostics)
    if board_id is not None:
        project.linted_boards[board_id] = f.shown


def _read_board_warnings(f: SourceFile, text: str) -> tuple[str | None, list[Diagnostic]]:
    """The board's id and warnings; its positions come from the fast reader, which places keys as
    ruamel does."""
    from clank_story.content.boards import board_from_node, board_warnings
    from clank_story.content.yamlfast import load_text

    try:
        node = load_text(text, f.shown)
    except ContentError as e:
        return None, list(e.diagnostics)
    board = board_from_node(node, Report())
    if board is None:
        return None, []
    warnings = Report()
    board_warnings(board, node, warnings)
    return board.id, warnings.diagnostics


def _definition_content(project: Project, report: Report) -> None:
    """A definition folder's own boards/ and cards/ join the content (as in its games), even when only
    its campaign.yaml is linted."""
    from clank_story.content.library import catalog

    for f in project.files:
        folder = f.path.parent
        if f.kind != "definition" or not ((folder / "boards").is_dir() or (folder / "cards").is_dir()):
            continue
        try:
            content = catalog([folder])
        except ContentError:
            continue  # the files themselves are linted (or the definition loader reports them)
        for card_id, card in content.cards().items():
            project.cards.setdefault(card_id, card)
        for board_id, board in content.boards.items():
            project.boards.setdefault(board_id, board)


def _definitions(project: Project, report: Report) -> None:
    files = [f for f in project.files if f.kind == "definition"]
    if not files:  # a run of book files alone does not import the campaign loader
        return
    from clank_story.campaign.definition import load_definition
    from clank_story.campaign.model import CampaignError

    book = set(project.book.book.passages) if project.book is not None else None
    for f in files:
        text = mended(f, project, report)
        if text is None:
            continue
        try:
            definition, warnings = load_definition(f.path, book=book, text=text)
        except CampaignError as e:
            report.diagnostics.extend(e.diagnostics or [Diagnostic(f.shown, 1, 1, "CT000", e.message or str(e))])
            continue
        except ContentError as e:
            report.diagnostics.extend(e.diagnostics)
            continue
        report.diagnostics.extend(warnings)
        project.definitions.append((definition, f.shown))


def check_translations(project: Project, report: Report) -> None:
    """Overlay files against the English they translate (authoring/translations.py)."""

    files = [f for f in project.files if f.kind == "translation"]
    catalogs = {f.path.parent.parent for f in files if (f.path.parent.parent / "en").is_dir()}
    key = _translations_key(project, files, catalogs)
    cached = lintcache.load_diagnostics(key)
    if cached is not None:  # nothing on either side changed since the last lint
        report.diagnostics.extend(cached)
        return
    found = Report()
    _check_translations(project, found, files, catalogs)
    lintcache.store_diagnostics(key, found.diagnostics)
    report.diagnostics.extend(found.diagnostics)


_KEY_FILES, _KEY_FILE_BYTES = 2_000, 4_000_000  # what the translation cache's key may read (the book file cap)


def _translations_key(project: Project, files: list[SourceFile], catalogs: set[Path]) -> tuple[Path, str] | None:
    """What the translation check reads: the files linted (overlays, and the book they translate), the
    English catalogs beside the catalog overlays, and the English content and definitions of each
    overlay's root (its YAML files but its locale/ folders)."""
    from clank_story.authoring import translations as t

    if not files or lintcache.cache_dir() is None:
        return None
    inputs: dict[str, bytes] = {f.shown: project.texts.get(f.shown, "").encode("utf-8", "surrogatepass")
                                for f in project.files}
    extra: set[Path] = set()
    for root in catalogs:
        extra.update((root / "en").glob("*.yaml"))
    for f in files:
        if f.path.parent.parent not in catalogs:
            base = t.overlay_root(f.path)
            extra.update(p for p in base.rglob("*.yaml") if "locale" not in p.relative_to(base).parts)
    if len(extra) > _KEY_FILES:
        return None  # a tree this big is checked afresh rather than read twice
    try:
        for path in extra:
            if path.stat().st_size > _KEY_FILE_BYTES:
                return None
            inputs.setdefault(str(path.resolve()), path.read_bytes())
    except OSError:
        return None
    return lintcache.translations_key(list(inputs.items()))


def _check_translations(project: Project, report: Report, files: list[SourceFile], catalogs: set[Path]) -> None:
    from clank_story.authoring import translations as t

    for root in catalogs:
        t.check_catalogs(report, root)
    books: set[Path] = set()
    for f in files:
        if f.path.parent.parent in catalogs:
            continue
        base = t.overlay_root(f.path)  # ROOT/locale/LANG/file.yaml, or ROOT/locale/LANG/folders/file.yaml
        top = f.path.parent.parent.name == "locale"  # content and definition overlays sit right under LANG
        if top and f.path.name == t.CONTENT and ((base / "cards").is_dir() or (base / "boards").is_dir()):
            t.check_content_overlay(report, f.path, base)
        elif top and f.path.name == "campaign.yaml" and (base / "campaign.yaml").is_file():
            t.check_definition_overlay(report, f.path, base)
        else:
            book = project.book.book if project.book is not None else None
            t.check_book_overlay_of(report, f.path, base, book)
            books.add(base)
    for base in sorted(books):
        if project.book is not None:
            t.book_coverage(report, base, project.book.book)


def _others(project: Project, report: Report) -> None:
    """Scenarios (their loader builds a whole game's content), narration, and unknown files."""
    from clank_story.authoring.narration import check_narration
    from clank_story.content.scenario import load_scenario

    for f in project.files:
        if f.kind == "scenario":
            text = mended(f, project, report)
            if text is None:
                continue
            try:
                load_scenario(f.shown, text=text)
            except ContentError as e:
                for d in e.diagnostics:  # "no board" speaks of `<board>`: point at the scenario's board
                    if d.path.startswith("<"):
                        line, col = _value_pos(project.texts[f.shown], "board")
                        d = d.moved(f.shown, line, col)
                    report.diagnostics.append(d)
        elif f.kind == "narration":
            node = _node(f, project, report)
            if node is not None:
                check_narration(node, report)
        elif f.kind == CAMPAIGN_FILE:
            _campaign_file(f, project, report)
        elif f.kind is None and f.shown in project.texts and project.texts[f.shown].strip():
            report.warning(f.shown, 1, 1, "LN001", said("lint.not_content"))


def _campaign_file(f: SourceFile, project: Project, report: Report) -> None:
    """A campaign in play (kept beside its definition, say): checked as `campaign show` reads it, and
    its definition must be found from where the file stands."""
    from clank_story.campaign.definition import campaign_definition
    from clank_story.campaign.model import CampaignError
    from clank_story.campaign.store import parse_campaign

    text = mended(f, project, report)
    if text is None:
        return
    try:
        c = parse_campaign(text, Path(f.shown)).campaign
    except CampaignError as e:
        report.diagnostics.extend(e.diagnostics)
        return
    try:
        campaign_definition(c.definition, c.definition_folder, f.path)
    except (CampaignError, ContentError) as e:
        line, col = _value_pos(project.texts[f.shown], "definition_folder" if c.definition_folder else "definition")
        message = getattr(e, "said", None) or getattr(e, "message", "") or str(e).splitlines()[-1]
        report.error(f.shown, line, col, "LN002", message)


def _value_pos(text: str, key: str) -> tuple[int, int]:
    """Where a top-level key's value starts (1, 1 when the key is not written)."""
    for i, line in enumerate(text.splitlines(), 1):
        if line.startswith(key + ":"):
            rest = line[len(key) + 1:]
            return i, len(key) + 2 + len(rest) - len(rest.lstrip())
    return 1, 1


# -- finishing ----------------------------------------------------------------------------------------
def _finish(diagnostics: list[Diagnostic], texts: dict[str, str]) -> list[Diagnostic]:
    """Paths as shown, duplicates merged, warnings an author allowed on their line dropped, sorted."""
    out: set[Diagnostic] = set()
    lines: dict[str, list[str]] = {}
    shown_as: dict[str, str] = {}  # each path worked out once, and each file split once, however many
    for d in diagnostics:              # diagnostics it has (a hostile file may have tens of thousands)
        shown = shown_as.get(d.path)
        if shown is None:
            shown = shown_as[d.path] = shown_path(d.path) if d.path and not d.path.startswith("<") else d.path
        d = d.moved(shown)
        if d.severity == "warning" and shown in texts:
            file_lines = lines.get(shown)
            if file_lines is None:
                file_lines = lines[shown] = texts[shown].splitlines()
            if 1 <= d.line <= len(file_lines) and _allowed(file_lines[d.line - 1], d.code):
                continue
        out.add(d)
    return sorted(out)


def _allowed(line: str, code: str) -> bool:
    at = line.find(ALLOW_MARK)
    if at < 0:
        return False
    words = line[at + len(ALLOW_MARK):].replace(",", " ").split()
    return code in words or "all" in words
