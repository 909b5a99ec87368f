"""A Book of Secrets in the player's language: titles, texts and choice labels from the overlay files
under `BOOK/locale/LANG/` (docs/translation.md), laid over the English passages and contracts.

Only words are replaced, never what a passage does: conditions, effects and gotos stay the English
file's. A translated template that does not compile, or reads a name the English one does not, is
left out (the English one is said) — `book lint` reports it (LN073, LN074)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clank_story.story.render import StoryProblem, compile_template

if TYPE_CHECKING:
    from clank_story.story.passages import Book

LOCALE = "locale"


def overlay_files(root: Path, lang: str) -> list[Path]:
    """The translation's files, walked within a book folder's caps (none past them)."""
    from clank_story.content.diagnostics import ContentError
    from clank_story.content.reading import yaml_files

    folder = root / LOCALE / lang
    if not folder.is_dir():
        return []
    try:
        return yaml_files(folder, what="a book's translation")
    except ContentError:
        return []


@functools.lru_cache(maxsize=64)
def _read(path: Path, stamp: tuple[int, int]) -> Mapping[str, Any]:
    """Read like a book file, within its caps (a downloaded book's translation may be hostile)."""
    from clank_story.content.reading import MAX_BOOK_FILE_BYTES, MAX_BOOK_FILE_VALUES
    from clank_story.content.yamlio import load_data

    data = load_data(path, limit=MAX_BOOK_FILE_BYTES, max_values=MAX_BOOK_FILE_VALUES, what="a translation file")
    return data if isinstance(data, dict) else {}


def overlay(root: Path, lang: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(passages, contracts) a book's translation into `lang` gives, by id."""
    import yaml

    from clank_story.content.diagnostics import ContentError

    passages: dict[str, Any] = {}
    contracts: dict[str, Any] = {}
    for path in overlay_files(root, lang):
        try:
            st = path.stat()
            data = _read(path, (st.st_mtime_ns, st.st_size))
        except (OSError, ValueError, yaml.YAMLError, ContentError):
            continue  # a broken overlay file: its passages stay English (lint says why)
        for key, target in (("passages", passages), ("contracts", contracts)):
            table = data.get(key)
            if isinstance(table, Mapping):
                target.update({str(k): v for k, v in table.items() if isinstance(v, Mapping)})
    return passages, contracts


def _usable(source: Any) -> bool:
    if not isinstance(source, str):
        return False
    try:
        compile_template(source)
    except StoryProblem:
        return False
    return True


def translate(book: Book, root: Path, lang: str) -> None:
    """Lay `lang`'s words over the book's passages and contracts, in place."""
    if lang == "en":
        return
    passages, contracts = overlay(root, lang)
    for pid, words in passages.items():
        passage = book.passages.get(pid)
        if passage is None:
            continue
        data = dict(passage.data)
        sources = dict(passage.sources)
        if isinstance(words.get("title"), str):
            data["title"] = words["title"]
        for key in ("text", "again"):
            if key in sources and _usable(words.get(key)):
                sources[key] = words[key]
        choices = [dict(c) for c in data.get("choices") or []]
        for i, (choice, theirs) in enumerate(zip(choices, words.get("choices") or [], strict=False)):
            text = theirs.get("text") if isinstance(theirs, Mapping) else theirs
            if not isinstance(text, str):
                continue
            key = f"choice.{i}.text"
            if key in sources:
                if not _usable(text):
                    continue  # the English label is said
                sources[key] = text
            choice["text"] = text
        data["choices"] = choices
        book.passages[pid] = type(passage)(data, sources)
    for cid, words in contracts.items():
        contract = book.contracts.get(cid)
        if contract is None:
            continue
        said = {key: words[key] for key in ("name", "description", "expired") if isinstance(words.get(key), str)}
        book.contracts[cid] = dataclasses.replace(contract, **said)
