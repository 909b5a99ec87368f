"""Checking translations against the English they overlay (docs/translation.md), for `book lint`.

For every language: how many ids are not translated yet (a warning per file, with the count), ids
that no longer exist in English, placeholders or Jinja names that differ from the English entry,
Jinja that does not parse, and plural categories the language does not have — all as
`path:line:col: severity[CODE]: message`, with the line of the translated entry."""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from clank_story.content.diagnostics import ContentError, Report, Said, said
from clank_story.content.yamlio import Node, load_file, plain
from clank_story.paths import locale_dir
from clank_story.words import ENGLISH, LANGUAGES, PERSON_KEYS, PLURAL_KEYS, plural

CONTENT = "content.yaml"
MISSING, UNKNOWN, PLACEHOLDERS, JINJA_SYNTAX, JINJA_NAMES, CATEGORIES, CHOICES = (
    "LN070", "LN071", "LN072", "LN073", "LN074", "LN075", "LN076")
LANGUAGE_OWN = ("verbs.", "words.contract.")  # ids only a translation has: its words for a command, and
# how its prepositions contract with a place's article ("em" + "a" -> "na"), which English does not do
SHOWN_MISSING = 5  # ids named in a "not translated yet" warning


def other_languages() -> list[str]:
    return [lang for lang in LANGUAGES if lang != ENGLISH]


def categories(lang: str) -> set[str]:
    """The CLDR plural categories a language uses (from its rules, over the counts a game meets)."""
    return {plural(n, lang) for n in range(0, 2000)} | {"other"}


# -- the flattened entries of a file, with where each is --------------------------------------------
def _is_form(value: Any) -> bool:
    return isinstance(value, Mapping) and bool(set(value) - {"by"}) and set(value) <= PLURAL_KEYS | PERSON_KEYS | {"by"}


def entries(node: Node, prefix: str = "") -> Iterator[tuple[str, Node]]:
    """(id, node) for every entry of a locale file, nested mappings joined with dots as words.py does."""
    if not isinstance(node.value, Mapping):
        return
    for key, child in node.items():
        ident = f"{prefix}{key}"
        if isinstance(child.value, Mapping) and not _is_form(child.value):
            yield from entries(child, ident + ".")
        else:
            yield ident, child


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, Mapping):
        for k, v in value.items():
            if k != "by":
                yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, str):
        yield value


def fields(value: Any) -> set[str]:
    """The placeholder names of a format string (or of every form of an entry)."""
    out: set[str] = set()
    for text in _strings(value):
        try:
            for _, name, spec, _ in string.Formatter().parse(text):
                if name:
                    out.add(name.split(".")[0].split("[")[0])
                if spec and "{" in spec:
                    out |= fields(spec)
        except ValueError:
            out.add("<unreadable>")
    return out


class _AnyName(dict):  # type: ignore[type-arg]
    """Every filter and test name is known: jinja2's name finder compiles the template, and an
    unknown filter outside an `{% if %}` (`| plural`, `| and_list`) would hide the names it reads."""

    def __contains__(self, key: object) -> bool:
        return True

    def get(self, key: Any, default: Any = None) -> Any:
        return super().get(key, default) or _any_filter


def _any_filter(value: Any, *args: Any, **kwargs: Any) -> Any:
    return value


def jinja_names(source: str) -> set[str] | str:
    """The names a Jinja template reads, or the syntax error's message (in English)."""
    names = jinja_problem(source)
    return names.english() if isinstance(names, Said) else names


def jinja_problem(source: str) -> set[str] | Said:
    """The names a Jinja template reads, or the syntax error's message (said when shown)."""
    from jinja2 import Environment, TemplateSyntaxError, meta

    env = Environment()
    env.filters, env.tests = _AnyName(env.filters), _AnyName(env.tests)
    try:
        return set(meta.find_undeclared_variables(env.parse(source)))
    except TemplateSyntaxError as e:
        return said("translations.jinja_line", line=e.lineno, error=e.message)


def _plural_keys(value: Any) -> set[str]:
    if not isinstance(value, Mapping):
        return set()
    out = set(value) & PLURAL_KEYS
    for v in value.values():
        out |= _plural_keys(v)
    return out


# -- the program's sentences ------------------------------------------------------------------------
def check_catalogs(report: Report, root: Path | None = None) -> int:
    """Every language's locale files against English. Returns how many files were read."""
    base = root or locale_dir(ENGLISH).parent
    english: dict[str, tuple[Any, str]] = {}
    for path in sorted((base / ENGLISH).glob("*.yaml")):
        node = _load(path, report)
        if node is not None:
            english.update({ident: (plain(child.value), path.name) for ident, child in entries(node)})
    files = 0
    for lang in other_languages():
        folder = base / lang
        if not folder.is_dir():
            continue  # no translation into this language at all: nothing to check
        allowed = categories(lang)
        seen: set[str] = set()
        by_file: dict[str, str] = {}
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            files += 1
            node = _load(path, report)
            if node is None:
                continue
            by_file[path.name] = str(path)
            for ident, child in entries(node):
                seen.add(ident)
                line, col = child.line, child.col
                original = english.get(ident)
                if original is None and ident.startswith(LANGUAGE_OWN):
                    continue  # a language's own words for a command (table.yaml `verbs:`): English has none
                if original is None:
                    report.warning(str(path), line, col, UNKNOWN, said("translations.unknown_id", id=ident))
                    continue
                _compare(report, str(path), line, col, ident, original[0], plain(child.value), allowed, lang)
        missing = sorted(i for i in english if i not in seen)
        if missing:
            where = str(folder)
            shown = ", ".join(missing[:SHOWN_MISSING]) + (", ..." if len(missing) > SHOWN_MISSING else "")
            report.warning(where, 1, 1, MISSING, said("translations.missing_sentences", n=len(missing),
                                                      total=len(english), lang=lang, ids=shown))
    return files


def _compare(report: Report, path: str, line: int, col: int, ident: str, original: Any, translated: Any,
             allowed: set[str], lang: str) -> None:
    if isinstance(original, list) or isinstance(translated, list):  # narration variants: Jinja
        want = set().union(*(n for n in map(jinja_names, _strings(original)) if isinstance(n, set)))
        for text in _strings(translated):
            names = jinja_problem(text)
            if isinstance(names, Said):
                report.error(path, line, col, JINJA_SYNTAX, said("translations.jinja_syntax", id=ident, error=names))
            elif names - want - {"plural"}:
                report.error(path, line, col, JINJA_NAMES, said("translations.jinja_names", id=ident,
                                                                names=", ".join(sorted(names - want)),
                                                                known=", ".join(sorted(want)) or said("words.none")))
        return
    extra = fields(translated) - fields(original)
    if extra:
        report.error(path, line, col, PLACEHOLDERS, said(
            "translations.placeholders", id=ident, fields=", ".join("{" + f + "}" for f in sorted(extra)),
            known=", ".join("{" + f + "}" for f in sorted(fields(original))) or said("words.none")))
    wrong = _plural_keys(translated) - allowed
    if wrong:
        report.warning(path, line, col, CATEGORIES, said("translations.categories", id=ident,
                                                         forms=", ".join(sorted(wrong)), lang=lang,
                                                         used=", ".join(sorted(allowed))))


def _load(path: Path, report: Report) -> Node | None:
    try:
        return load_file(path)
    except ContentError as e:
        for d in e.diagnostics:
            report.diagnostics.append(d if d.severity == "error" else dataclasses.replace(d, severity="error"))
        return None


# -- content, definitions and books -----------------------------------------------------------------
def check_overlay_ids(report: Report, path: Path, known: Mapping[str, set[str]]) -> None:
    """An overlay file (content, a campaign definition) names only ids the English has: `known` maps
    each section (`cards`, `boards`, ...) to its ids."""
    node = _load(path, report)
    if node is None or not isinstance(node.value, Mapping):
        return
    for section, child in node.items():
        if section not in known or not isinstance(child.value, Mapping):
            continue
        for key in child.value:
            if str(key) not in known[section]:
                line, col = child.key_pos(key)
                report.warning(str(path), line, col, UNKNOWN, said("translations.not_in_content", section=section,
                                                                   id=key))


def check_book_overlay(report: Report, path: Path, passages: Mapping[str, Any], contracts: set[str]) -> None:
    """A book's translation file: passages and contracts the English book has, the same number of
    choices, and Jinja that parses and reads only the English passage's names (`passages` maps an
    id to its English passage: title, text, choices)."""
    node = _load(path, report)
    if node is None or not isinstance(node.value, Mapping):
        return
    if "contracts" in node.value:
        table = node.child("contracts")
        for key in table.value or {}:
            if str(key) not in contracts:
                line, col = table.key_pos(key)
                report.warning(str(path), line, col, UNKNOWN, said("translations.not_in_book", section="contracts",
                                                                   id=key))
    if "passages" not in node.value:
        return
    table = node.child("passages")
    for pid, child in table.items():
        line, col = table.key_pos(pid)
        english = passages.get(str(pid))
        if english is None:
            report.warning(str(path), line, col, UNKNOWN, said("translations.not_in_book", section="passages", id=pid))
            continue
        data = plain(child.value) if isinstance(child.value, Mapping) else {}
        want = _passage_names(english)
        theirs = data.get("choices") or []
        if len(theirs) != len(english.get("choices") or []):
            report.error(str(path), child.line, child.col, CHOICES, said(
                "translations.choices", passage=pid, n=len(theirs), english=len(english.get("choices") or [])))
        for key, text in _passage_texts(data):
            names = jinja_problem(text)
            if isinstance(names, Said):
                report.error(str(path), child.line, child.col, JINJA_SYNTAX, said(
                    "translations.passage_jinja_syntax", passage=pid, part=key, error=names))
            elif names - want:
                report.error(str(path), child.line, child.col, JINJA_NAMES, said(
                    "translations.passage_jinja_names", passage=pid, part=key, names=", ".join(sorted(names - want))))


def _passage_texts(data: Mapping[str, Any]) -> Iterator[tuple[str | Said, str]]:
    for key in ("title", "text"):
        if isinstance(data.get(key), str):
            yield key, data[key]
    for i, choice in enumerate(data.get("choices") or [], start=1):
        if isinstance(choice, Mapping) and isinstance(choice.get("text"), str):
            yield said("translations.choice", n=i), choice["text"]


def _passage_names(english: Mapping[str, Any]) -> set[str]:
    out: set[str] = set()
    for _, text in _passage_texts(english):
        names = jinja_names(text)
        if isinstance(names, set):
            out |= names
    return out


def _missing(report: Report, path: Path, lang: str, what: str, missing: list[str], total: int) -> None:
    if missing:
        shown = ", ".join(missing[:SHOWN_MISSING]) + (", ..." if len(missing) > SHOWN_MISSING else "")
        report.warning(str(path), 1, 1, MISSING, said(f"translations.missing_{what}", n=len(missing), total=total,
                                                      lang=lang, ids=shown))


def _translated_ids(path: Path, section: str) -> set[str]:
    try:
        data = plain(load_file(path).value)
    except ContentError:
        return set()
    table = data.get(section) if isinstance(data, Mapping) else None
    return {str(k) for k in table} if isinstance(table, Mapping) else set()


def check_content_overlay(report: Report, path: Path, root: Path) -> None:
    """`ROOT/locale/LANG/content.yaml` against the English content of ROOT."""
    from clank_story.content.library import load_root

    lang = path.parent.name
    try:
        english = load_root(root.resolve())
    except ContentError:
        return  # the content's own errors are reported where it is linted
    known = {"cards": {c.id for f in english.card_files for c in f.cards}, "boards": set(english.boards),
             "secrets": {k for table in english.secrets.values() for k in table},
             "market": {i.id for items in english.market.values() for i in items}}
    check_overlay_ids(report, path, known)
    cards = _translated_ids(path, "cards")
    _missing(report, path, lang, "card_names", sorted(known["cards"] - cards), len(known["cards"]))


def check_definition_overlay(report: Report, path: Path, folder: Path) -> None:
    """`campaigns/ID/locale/LANG/campaign.yaml` against the English definition."""
    from clank_story.campaign.definition import load_definition
    from clank_story.campaign.model import CampaignError

    try:
        definition, _ = load_definition(folder)
    except CampaignError:
        return
    known = {"stickers": set(definition.stickers), "rules": set(definition.rules),
             "contracts": set(definition.contracts),
             "personal_goals": {g.id for row in definition.personal_goals for g in row},
             "status_track": {s.level for s in definition.status_track},
             "rivals": {r.name for r in definition.rivals}}
    check_overlay_ids(report, path, known)


def check_book_overlay_of(report: Report, path: Path, folder: Path, book: Any) -> None:
    """A book's translation file, against the English book linted with it (or read from `folder`)."""
    if book is None or not book.passages:
        from clank_story.story.passages import load_book

        try:
            book = load_book(folder, cache=False)
        except Exception:  # the English book's own errors are reported where it is linted
            return
    passages = {pid: {"title": p.title, "text": p.data.get("text"), "choices": p.choices}
                for pid, p in book.passages.items()}
    check_book_overlay(report, path, passages, set(book.contracts))


def overlay_root(path: Path) -> Path:
    """ROOT of an overlay file `ROOT/locale/LANG/...`: a book's translation may sit in folders under
    LANG, named like the English files it translates (`locale/ja/campaign/games-1-5/game-1.yaml`)."""
    parts = path.parts
    for i, part in enumerate(parts[:-2]):
        if part == "locale" and parts[i + 1] in LANGUAGES:
            return Path(*parts[:i]) if i else Path(".")
    return path.parent.parent.parent


def book_coverage(report: Report, folder: Path, book: Any) -> None:
    """For each language with a translation of the book: how many passages it still lacks."""
    locale = folder / "locale"
    for lang in other_languages():
        files = sorted((locale / lang).rglob("*.yaml")) if (locale / lang).is_dir() else []
        if not files:
            continue
        done: set[str] = set()
        for f in files:
            done |= _translated_ids(f, "passages")
        _missing(report, locale / lang, lang, "passages", sorted(set(book.passages) - done), len(book.passages))
