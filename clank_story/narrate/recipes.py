"""The narration templates' recipes (narrate/template.py), kept between runs in the cache folder.

Reading a template into its recipe (finding its tags, parsing its expressions with Python's parser) was
about a twentieth of replaying five scripted games, and every start of `play` or `run` read again the
templates it told (issue 20). A recipe hangs only on its template's text and on the names of the
filters and globals narration gives (narrate/prose.py), so the kept table maps each template's text to
its recipe: a text found there is the very text it was read from, whatever the language or the content
version, and a text that is not there is read as before. The first template a process does not find
has every template of the current language read at once and the table written again (one file, a
`marshal` of plain tuples, replaced whole); any later miss is read on its own. A damaged table, or
CLANK_STORY_CACHE=off, reads every template as it comes."""

from __future__ import annotations

import contextlib
import marshal
import os
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from clank_story.narrate.template import Recipe, recipe_of

if TYPE_CHECKING:
    from pathlib import Path

FORMAT = 1  # the recipes' own format: a change to narrate/template.py's recipes changes this
MOST = 5000  # recipes kept: past this (many edits of the words), the table starts afresh
_UNKNOWN: Any = object()


class Recipes:
    """One process's table of recipes, read from the cache folder when first asked."""

    def __init__(self, filters: Iterable[str], globals_: Iterable[str]) -> None:
        self.names = (tuple(sorted(filters)), tuple(sorted(globals_)))  # what the recipes hang on besides text
        self.table: dict[str, Recipe | None] | None = None
        self.filled: set[str] = set()  # languages whose every template has been read into the table

    def recipe(self, source: str, filters: Mapping[str, Any], globals_: Mapping[str, Any], lang: str,
               sources: Callable[[], Iterable[str]]) -> Recipe | None:
        """`source`'s recipe: kept, or read (with every template of `lang`, `sources`, once a process)."""
        table = self._table()
        found = table.get(source, _UNKNOWN)
        if found is not _UNKNOWN:
            return found
        if lang not in self.filled and _path() is not None:
            self.filled.add(lang)
            fresh = {text: recipe_of(text, filters, globals_) for text in sources() if text not in table}
            if fresh:
                if len(table) + len(fresh) > MOST:
                    table.clear()
                table.update(fresh)
                self._write(table)
            found = table.get(source, _UNKNOWN)
            if found is not _UNKNOWN:
                return found
        return recipe_of(source, filters, globals_)

    def _table(self) -> dict[str, Recipe | None]:
        if self.table is None:
            self.table = self._read()
        return self.table

    def _read(self) -> dict[str, Recipe | None]:
        path = _path()
        if path is not None:
            with contextlib.suppress(OSError, ValueError, EOFError, TypeError):
                data = marshal.loads(path.read_bytes())
                if isinstance(data, dict) and data.get("names") == self.names and isinstance(data.get("table"), dict):
                    return data["table"]
        return {}

    def _write(self, table: dict[str, Recipe | None]) -> None:
        path = _path()
        if path is None:
            return
        with contextlib.suppress(OSError, ValueError):
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            tmp.write_bytes(marshal.dumps({"names": self.names, "table": table}))
            os.replace(tmp, path)  # another process's table or this one, whole


def _path() -> Path | None:
    """Where the table is kept; None when caching is off (CLANK_STORY_CACHE=off) or there is no cache folder."""
    from clank_story.paths import user_cache

    folder = user_cache("narration")
    return None if folder is None else folder / f"recipes-{FORMAT}.marshal"
