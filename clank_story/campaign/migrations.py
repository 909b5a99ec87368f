"""Bringing an older campaign file up to the current layout, one version at a time.

Each migration edits the round-trip document in place, so a person's comments and key order come
through it; the file itself is only rewritten by the next save (its `.bak` keeps the old version).
A migration never assumes the old layout was valid: it moves what it recognises and leaves the rest
for validation to point at.

Version 1 (the first layout): `version: 1`; `campaign` (definition id), `charter` (franchise name),
`game`; each player has `character` (one name), `bot` (true/false), `checkmarks`, `promotion` (a level
or null), `goals` (ticked ids) and `rows` (completed rows); `reports` (with `mvp`), `contracts`, `seen`,
`destroyed`, `cardporium`, `stickers` (`{sticker, ability}`), `dran` (the game of each X), `unlocked`,
`saved_game`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from clank_story.campaign.model import NO_LEVEL, SCHEMA_VERSION

DEFAULT_BOT = "random"


def rename_key(m: CommentedMap, old: str, new: str) -> None:
    """Rename a key in place, keeping its position, its comments and its line number."""
    if old not in m or new in m:
        return
    pos = list(m).index(old)
    comment = m.ca.items.pop(old, None)
    where = m.lc.data.get(old) if getattr(m.lc, "data", None) else None
    value = m.pop(old)
    m.insert(pos, new, value)
    if comment is not None:
        m.ca.items[new] = comment
    if where is not None:
        m.lc.data[new] = where


def _flow(value: dict[str, Any] | list[Any]) -> Any:
    node: Any = CommentedMap(value) if isinstance(value, dict) else CommentedSeq(value)
    node.fa.set_flow_style()
    return node


def _replace_key(m: CommentedMap, olds: list[str], new: str, value: Any) -> None:
    """Put `new: value` where the first of `olds` stood, dropping the others."""
    present = [k for k in olds if k in m]
    pos = list(m).index(present[0]) if present else len(m)
    where = m.lc.data.get(present[0]) if present and getattr(m.lc, "data", None) else None
    comments = [m.ca.items.pop(k, None) for k in present]
    for k in present:
        del m[k]
    m.insert(pos, new, value)
    merged = _merge_comments([c[2] for c in comments if c and len(c) > 2 and c[2] is not None])
    if merged is not None:
        m.ca.items[new] = [None, None, merged, None]
    if where is not None:
        m.lc.data[new] = where


def _merge_comments(tokens: list[Any]) -> Any:
    """Several keys' comments onto one key: their end-of-line parts on one line, then the lines that
    followed them."""
    if not tokens:
        return None
    heads, rests = [], []
    for token in tokens:
        head, _, rest = token.value.partition("\n")
        if head.strip():
            heads.append(head.strip())
        rests.append(rest)
    token = tokens[0]
    token.value = "  ".join(heads) + "\n" + "".join(rests)
    return token


def v1_to_v2(doc: CommentedMap) -> None:
    """Version 1 -> 2: clearer names, and a player's status and goals as small records."""
    rename_key(doc, "version", "schema_version")
    for old, new in (("campaign", "definition"), ("charter", "franchise"), ("game", "game_number"),
                     ("reports", "mission_reports"), ("contracts", "contract_row"), ("seen", "passages_seen"),
                     ("destroyed", "destroyed_cards"), ("cardporium", "cardporium_cards"), ("dran", "dran_track"),
                     ("unlocked", "unlocked_rules"), ("saved_game", "in_progress")):
        rename_key(doc, old, new)
    for player in doc.get("players") or []:
        if not isinstance(player, CommentedMap):
            continue
        if "character" in player:
            character = player["character"]
            _replace_key(player, ["character"], "characters", _flow([character] if character else []))
        if isinstance(player.get("bot"), bool):
            player["bot"] = DEFAULT_BOT if player["bot"] else None
        if "checkmarks" in player or "promotion" in player:
            status = {"checkmarks": player.get("checkmarks", 0), "level": player.get("promotion") or NO_LEVEL}
            _replace_key(player, ["checkmarks", "promotion"], "associate_status", _flow(status))
        if "goals" in player or "rows" in player:
            goals = {"ticked": _flow(list(player.get("goals") or [])),
                     "rows_done": _flow(list(player.get("rows") or []))}
            _replace_key(player, ["goals", "rows"], "personal_goals", CommentedMap(goals))
    for report in doc.get("mission_reports") or []:
        if isinstance(report, CommentedMap):
            rename_key(report, "mvp", "winner")
    for sticker in doc.get("stickers") or []:
        if isinstance(sticker, CommentedMap):
            rename_key(sticker, "sticker", "id")
    if "unlocked_rules" not in doc:
        doc["unlocked_rules"] = _flow([])
    doc["schema_version"] = 2


# version N -> the function that makes it N + 1
MIGRATIONS: dict[int, Callable[[CommentedMap], None]] = {1: v1_to_v2}


def detect_version(doc: Any) -> tuple[int | None, str]:
    """The layout version and the key that told us (`schema_version`, or version 1's `version`)."""
    if not isinstance(doc, dict):
        return None, ""
    for key in ("schema_version", "version"):
        if key in doc:
            value = doc[key]
            return (value if isinstance(value, int) and not isinstance(value, bool) else None), key
    return None, ""


def migrate(doc: CommentedMap, version: int) -> list[int]:
    """Run every migration from `version` up to SCHEMA_VERSION; returns the versions passed through."""
    passed: list[int] = []
    while version < SCHEMA_VERSION:
        MIGRATIONS[version](doc)
        passed.append(version)
        version += 1
    return passed
