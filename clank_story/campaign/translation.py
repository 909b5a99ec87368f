"""A campaign definition in the player's language: the names and texts of its levels, goals, stickers,
rules, contracts and rivals' characters from `campaigns/ID/locale/LANG/campaign.yaml`
(docs/translation.md). Ids, numbers and abilities stay the English file's."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from clank_story.campaign.definition import Definition

OVERLAY = "campaign.yaml"


@functools.lru_cache(maxsize=16)
def _read(path: Path, stamp: tuple[int, int]) -> Mapping[str, Any]:
    from clank_story.content.yamlio import load_data  # within the caps of every content file

    data = load_data(path, what="a translation file")
    return data if isinstance(data, dict) else {}


def overlay(folder: Path, lang: str) -> Mapping[str, Any]:
    if lang == "en":
        return {}
    path = folder / "locale" / lang / OVERLAY
    try:
        st = path.stat()
    except (OSError, ValueError):
        return {}
    import yaml  # only now: an English game, or a folder with no translation, never loads a YAML reader

    from clank_story.content.diagnostics import ContentError

    try:
        return _read(path, (st.st_mtime_ns, st.st_size))
    except (OSError, ValueError, yaml.YAMLError, ContentError):
        return {}


def _named(entry: Any) -> tuple[str | None, str | None]:
    """(name, text) of an overlay entry: a string is the name; a mapping may give both."""
    if isinstance(entry, str):
        return entry, None
    if isinstance(entry, Mapping):
        name, text = entry.get("name"), entry.get("text")
        return (name if isinstance(name, str) else None), (text if isinstance(text, str) else None)
    return None, None


def _renamed(thing: Any, entry: Any) -> Any:
    name, text = _named(entry)
    changes: dict[str, str] = {}
    if name is not None:
        changes["name"] = name
    if text is not None and hasattr(thing, "text"):
        changes["text"] = text
    return dataclasses.replace(thing, **changes) if changes else thing


def translate(d: Definition, lang: str) -> Definition:
    words = overlay(d.folder, lang)
    if not words:
        return d
    levels, goals = words.get("status_track") or {}, words.get("personal_goals") or {}
    stickers, rules = words.get("stickers") or {}, words.get("rules") or {}
    contracts, rivals = words.get("contracts") or {}, words.get("rivals") or {}

    def goal(g: Any) -> Any:
        text = goals.get(g.id)
        return dataclasses.replace(g, text=text) if isinstance(text, str) else g

    return dataclasses.replace(
        d,
        name=words["name"] if isinstance(words.get("name"), str) else d.name,
        dragon=words["dragon"] if isinstance(words.get("dragon"), str) else d.dragon,
        company=words["company"] if isinstance(words.get("company"), str) else d.company,
        status_track=tuple(_renamed(s, levels.get(s.level)) for s in d.status_track),
        personal_goals=tuple(tuple(goal(g) for g in row) for row in d.personal_goals),
        stickers=MappingProxyType({k: _renamed(v, stickers.get(k)) for k, v in d.stickers.items()}),
        rules=MappingProxyType({k: _renamed(v, rules.get(k)) for k, v in d.rules.items()}),
        contracts=MappingProxyType({k: _renamed(v, contracts.get(k)) for k, v in d.contracts.items()}),
        rivals=tuple(dataclasses.replace(r, character=rivals[r.name]) if isinstance(rivals.get(r.name), str) else r
                     for r in d.rivals))
