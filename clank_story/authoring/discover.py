"""Which files `book lint` reads and what each one is.

A file's kind comes from where it stands (the folder conventions the loaders use: `cards/`, `boards/`,
`scenarios/`, `secrets.yaml`, `market.yaml`, `campaign.yaml`, `locale/*/narration.yaml`) and, failing
that, from its top-level keys. Reading the top-level keys needs no YAML parse: they are the lines that
start in column 1."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from clank_story.content.reading import yaml_files
from clank_story.paths import locale_dir, shipped
from clank_story.words import ENGLISH, LANGUAGES

KINDS = ("cards", "board", "scenario", "secrets", "market", "book", "definition", "narration", "translation",
         "catalog")
CAMPAIGN_FILE = "campaign-file"  # a campaign in play: checked as a campaign file, not as content
CAMPAIGN_FILE_KEYS = frozenset({"schema_version", "franchise", "charter", "in_progress", "saved_game"})
SCENARIO_KEYS = frozenset({"ruleset", "board", "seed", "players", "active", "rage", "bag", "row", "deck", "cards",
                           "artifacts"})
CARD_FILE_KEYS = frozenset({"cards", "ruleset", "deck"})
BOOK_FOLDERS = frozenset({"book", "book_of_secrets"})  # every YAML file below these is a book file
_TOP_KEY = re.compile(r"""^(?:"([^"]*)"|'([^']*)'|([^\s#'"][^:#]*?))\s*:(?:\s|$)""")


@dataclass(frozen=True)
class SourceFile:
    path: Path  # as given (or found) on disk
    shown: str  # how diagnostics name it: relative to the working folder when inside it
    kind: str | None  # one of KINDS, or None: not a content file


def default_paths() -> list[Path]:
    """The shipped content: campaign definitions and content, the Book of Secrets, the narration, and
    the translations of the program's sentences."""
    translations = [locale_dir(lang) for lang in LANGUAGES if lang != ENGLISH and locale_dir(lang).is_dir()]
    return [shipped("campaigns"), shipped("book_of_secrets"), locale_dir("en") / "narration.yaml", *translations]


def translation_language(path: Path) -> str | None:
    """The language of an overlay file (`.../locale/ja/...`), or None when it is not a translation."""
    parts = path.parts
    for i, part in enumerate(parts[:-1]):
        if part == "locale" and i + 1 < len(parts) - 1 and parts[i + 1] in LANGUAGES and parts[i + 1] != ENGLISH:
            return parts[i + 1]
    return None


def shown_path(path: Path | str) -> str:
    """Relative to the working folder when the file is inside it (stable output), else absolute."""
    p = Path(path)
    try:
        absolute = p if p.is_absolute() else Path.cwd() / p
        rel = os.path.relpath(absolute, Path.cwd())
    except (OSError, ValueError):
        return str(p)
    return str(absolute) if rel.startswith("..") else Path(rel).as_posix()


def collect(paths: list[Path]) -> tuple[list[tuple[Path, tuple[str, ...]]], list[str]]:
    """YAML files under the paths (sorted, hidden folders skipped), each with the folder names from the
    path given down to it (`book/` below a path given marks book files), and the paths that do not exist.
    A folder is walked as the game walks a book (content/reading.py): far too big a folder (`/`) raises
    ContentError (CT008) at once instead of being read."""
    files: list[tuple[Path, tuple[str, ...]]] = []
    missing: list[str] = []
    for path in paths:
        if path.is_file():
            files.append((path, (path.parent.name,)))
        elif path.is_dir():  # walked within the play loader's caps (ContentError, CT008, past them)
            for found in yaml_files(path, what="a folder of content"):
                rel = found.relative_to(path).parts
                files.append((found, (path.resolve().name, *rel[:-1])))
        else:
            missing.append(str(path))
    seen: set[Path] = set()
    unique = []
    for f, folders in files:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            unique.append((f, folders))
    return unique, missing


_OTHER_BREAKS = "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"  # where splitlines() breaks a line but at "\n"
_AT_MARGIN = re.compile(r"\n([^ \t#\n-][^\n]*)")  # a line that starts at the margin with something (a
# literal first, which the regex engine looks for fast; `^` with MULTILINE is tried at every character)


def top_keys(text: str) -> set[str]:
    keys: set[str] = set()
    if not any(c in text for c in _OTHER_BREAKS):  # lines end at "\n" alone: look only at those at the margin
        lines = (m.group(1) for m in _AT_MARGIN.finditer("\n" + text))  # (a book file has two of its thousands)
    else:
        lines = iter(text.splitlines())
    for line in lines:
        if not line or line[0] in " \t#-" or line.startswith("---") or line.startswith("..."):
            continue
        m = _TOP_KEY.match(line)
        if m:
            keys.add((m.group(1) or m.group(2) or m.group(3) or "").strip())
    return keys


def classify(path: Path, text: str, folders: tuple[str, ...] = ()) -> str | None:
    """The kind of content a file holds; `folders` are the folder names above it inside the lint path."""
    name, parent = path.name, path.parent.name
    if translation_language(path) is not None:
        return "translation"
    if name == "narration.yaml" and path.parent.parent.name == "locale":
        return "narration"
    if parent == ENGLISH and path.parent.parent.name == "locale":
        return "catalog"  # the English sentences a translation overlays
    keys = top_keys(text)
    if keys & CAMPAIGN_FILE_KEYS:
        return CAMPAIGN_FILE
    if name == "campaign.yaml" or "games" in keys:
        return "definition"
    if name == "secrets.yaml":
        return "secrets"
    if name == "market.yaml":
        return "market"
    if keys & {"passages", "contracts"} or any(f in BOOK_FOLDERS for f in folders):
        return "book"
    if parent == "boards" or {"spaces", "paths"} <= keys:
        return "board"
    if parent == "scenarios":
        return "scenario"
    if parent == "cards" or ("cards" in keys and keys <= CARD_FILE_KEYS):
        return "cards"
    if keys and keys <= SCENARIO_KEYS:
        return "scenario"
    return None
