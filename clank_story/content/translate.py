"""Content in the player's language: the names and texts of a content root's cards, boards, secrets and
market items from its overlay, `ROOT/locale/LANG/content.yaml` (docs/translation.md).

Only words are translated, never data: effects, costs and ids stay as the English files say. A
translated card or space keeps its English name as an alias, so it can still be typed that way."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from clank_story.rules.model import Board, CardDef, MarketItem, SecretDef
from clank_story.words import Place

OVERLAY = "content.yaml"


def overlay_path(root: Path, lang: str) -> Path:
    return root / "locale" / lang / OVERLAY


@functools.lru_cache(maxsize=32)
def _read(path: Path, stamp: tuple[int, int]) -> Mapping[str, Any]:
    """Read like any content file, within the caps (a downloaded campaign's overlay may be hostile)."""
    from clank_story.content.yamlio import load_data

    data = load_data(path, what="a translation file")
    return data if isinstance(data, dict) else {}


def overlay(root: Path, lang: str) -> Mapping[str, Any]:
    """The translations a content root has for `lang` ({} when it has none, or for English)."""
    if lang == "en":
        return {}
    path = overlay_path(root, lang)
    try:
        st = path.stat()
    except OSError:
        return {}
    import yaml

    from clank_story.content.diagnostics import ContentError

    try:
        return _read(path, (st.st_mtime_ns, st.st_size))
    except (OSError, ValueError, yaml.YAMLError, ContentError):  # a broken overlay: English it is (lint says why)
        return {}


def _text(entry: Any, key: str = "name") -> str | None:
    if isinstance(entry, str):
        return entry if key == "name" else None
    if isinstance(entry, Mapping) and isinstance(entry.get(key), str):
        return entry[key]
    return None


def card(c: CardDef, words: Mapping[str, Any]) -> CardDef:
    entry = words.get(c.id)
    name, flavor = _text(entry), _text(entry, "flavor")
    if name is None and flavor is None:
        return c
    return dataclasses.replace(c, name=name or c.name, flavor=flavor if flavor is not None else c.flavor,
                               aliases=(*c.aliases, c.name) if name and name != c.name else c.aliases)


def board(b: Board, words: Mapping[str, Any]) -> Board:
    entry = words.get(b.id)
    if not isinstance(entry, Mapping):
        return b
    names = entry.get("spaces") or {}
    spaces = {}
    for sid, space in b.spaces.items():
        given = names.get(sid) if isinstance(names, Mapping) else None
        name = _place(given)
        spaces[sid] = dataclasses.replace(space, name=name, aliases=(*space.aliases, space.name)) \
            if name is not None and name != space.name else space
    return dataclasses.replace(b, name=_place(entry) or b.name, spaces=MappingProxyType(spaces))


def _place(entry: Any) -> Place | None:
    """A translated place name: `"Vila do Pedágio"`, or `{name: ..., article: a}` where the language
    contracts a preposition with the place's article ("na Vila do Pedágio")."""
    name = _text(entry)
    if name is None:
        return None
    article = entry.get("article") if isinstance(entry, Mapping) else None
    return Place(name, article if isinstance(article, str) else "")


def secret(s: SecretDef, words: Mapping[str, Any]) -> SecretDef:
    name = _text(words.get(s.id))
    return dataclasses.replace(s, name=name) if name else s


def item(i: MarketItem, words: Mapping[str, Any]) -> MarketItem:
    name = _text(words.get(i.id))
    return dataclasses.replace(i, name=name) if name else i
