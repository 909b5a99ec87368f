"""The one catalog of every sentence a person reads: `say(id, **params)`.

Every locale file under `clank_story/locale/<lang>/` is read into one flat table of ids for that
language (nested mappings are joined with dots: `play: {banner: ...}` is `play.banner`). A language
other than English is an overlay: an id it lacks falls back to English for that one sentence.

An entry is a Python format string, a list (narration variants, data), or a *form* mapping that
chooses by grammar:

- plural forms by CLDR category (`one`, `other`, ... from Babel's plural rules for the language),
  chosen by the `n` parameter;
- grammatical person (`you` / `they`), chosen by the `you` parameter (the seat a person plays is
  told in the second person; other seats in the third).

Forms nest (`you: {one: ..., other: ...}`). `{n:w}` writes a small number as a word where the
language has one ("five cards").

The current language is one setting for the process (`use(lang)`), never a parameter threaded
through every call. The rules layer raises refusals that carry only a key and parameters; this
module puts them into words (`reason`, `refusal`) and lets `str()` of a refusal do the same.
"""

from __future__ import annotations

import contextlib
import functools
import marshal
import os
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TypeVar

from clank_story.rules import errors as _errors

LANGUAGES = ("en", "ja", "pt-BR")
ENGLISH = "en"
PLURAL_KEYS = frozenset({"zero", "one", "two", "few", "many", "other"})
T = TypeVar("T")  # what a form choice gives: the form itself (`choose`) or its filling (`say`)
PERSON_KEYS = frozenset({"you", "they"})
FORM_KEYS = PLURAL_KEYS | PERSON_KEYS | {"by"}  # `by: monsters`: the parameter that chooses the plural
CACHE_FORMAT = 4
PRECOMPUTED_PLURALS = 1000  # categories for 0..999 are worked out once by Babel and cached

_LOCALE = Path(__file__).resolve().parent / "locale"
Sayer = Callable[[Mapping[str, Any]], str]
_current: ContextVar[str] = ContextVar("clank_story_language", default=ENGLISH)


class LanguageError(ValueError):
    """A language this program does not speak; the message lists those it does."""


# -- the language ----------------------------------------------------------------------------------
def normalize(tag: str) -> str | None:
    """`ja_JP.UTF-8` -> `ja`, `pt_BR` / `pt-br` / `pt` -> `pt-BR`, `en_GB` -> `en`; None if unknown."""
    base = tag.split(".")[0].split("@")[0].replace("_", "-").strip()
    lower = base.lower()
    if not lower or lower in ("c", "posix"):
        return None
    for lang in LANGUAGES:
        if lower == lang.lower():
            return lang
    head = lower.split("-")[0]
    return {"en": "en", "ja": "ja", "pt": "pt-BR"}.get(head)


def resolve(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """`--lang`, else CLANK_STORY_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG), else English.
    A --lang or CLANK_STORY_LANG the program does not speak is refused; an unknown locale is not."""
    env = os.environ if environ is None else environ
    for given in (option, env.get("CLANK_STORY_LANG")):
        if given:
            lang = normalize(given)
            if lang is None:
                raise LanguageError(say("words.unknown_language", given=given, languages=", ".join(LANGUAGES)))
            return lang
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return normalize(value) or ENGLISH
    return ENGLISH


def use(lang: str) -> None:
    """Speak `lang` from now on (in this context)."""
    if lang not in LANGUAGES:
        raise LanguageError(say("words.unknown_language", given=lang, languages=", ".join(LANGUAGES)))
    _current.set(lang)


# The language spoken now: the context variable's own reading, called in C (a sentence asks for it
# several times over).
language: Callable[[], str] = _current.get


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak `lang` inside the block (tests, previews in another language)."""
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


# -- the catalog -----------------------------------------------------------------------------------
class Catalog:
    """One language's entries, flat by id, with the nested tree kept for `section()`."""

    def __init__(self, lang: str, tree: Mapping[str, Any], plurals: tuple[str, ...],
                 flat: dict[str, Any] | None = None) -> None:
        self.lang = lang
        self.tree = tree
        self.flat: dict[str, Any] = flat if flat is not None else flattened(tree)
        self.plurals = plurals  # the CLDR category of 0, 1, 2, ... (precomputed)
        # id -> how `say` makes its sentence in this language (its entry, English's when missing, its forms
        # and its filling worked out once): a narrated command says about eight sentences (issue 20)
        self.sayers: dict[str, Sayer] = {}
        self.memos: dict[str, Any] = {}  # what other modules work out from this language's words (`memo`)


def flattened(tree: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    _flatten(tree, "", out)
    return out


def _is_form(value: Any) -> bool:
    if isinstance(value, str):  # most entries: told without asking the Mapping ABC
        return False
    return isinstance(value, Mapping) and bool(set(value) - {"by"}) and set(value) <= FORM_KEYS


def _flatten(tree: Mapping[str, Any], prefix: str, out: dict[str, Any]) -> None:
    for key, value in tree.items():
        ident = f"{prefix}{key}"
        if isinstance(value, Mapping) and not _is_form(value):
            _flatten(value, ident + ".", out)
        else:
            out[ident] = value


def locale_files(lang: str) -> list[Path]:
    folder = _LOCALE / lang
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


@functools.lru_cache(maxsize=8)
def catalog(lang: str) -> Catalog:
    return Catalog(lang, *_load_language(lang))


def forget() -> None:
    """Drop the loaded catalogs (tests that edit locale files; `reload` for translators)."""
    catalog.cache_clear()
    _plural_rule.cache_clear()


def _merge(into: dict[str, Any], data: Mapping[str, Any], where: str) -> None:
    for key, value in data.items():
        if isinstance(value, Mapping) and not _is_form(value) and isinstance(into.get(key), dict):
            _merge(into[key], value, f"{where}.{key}")
        elif key in into:
            raise ValueError(f"{where}: '{key}' is defined twice in the locale files")
        else:
            into[key] = _thaw(value)


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _thaw(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_thaw(v) for v in value]
    return value


def _load_language(lang: str) -> tuple[dict[str, Any], tuple[str, ...], dict[str, Any]]:
    """The merged tree of a language's files, its plural categories and its entries flat by id,
    through a `marshal` cache keyed by the files' times."""
    files = locale_files(lang)
    stamp = [CACHE_FORMAT, lang]
    for f in files:
        with contextlib.suppress(OSError):
            st = f.stat()
            stamp += [f.name, st.st_mtime_ns, st.st_size]
    entry = _cache_entry(repr(stamp))
    if entry is not None:
        with contextlib.suppress(OSError, ValueError, EOFError, TypeError, KeyError):
            data = marshal.loads(entry.read_bytes())
            if isinstance(data, dict) and data.get("stamp") == repr(stamp) and isinstance(data.get("flat"), dict):
                return data["tree"], tuple(data["plurals"]), data["flat"]
    tree: dict[str, Any] = {}
    for f in files:
        data = _read_yaml(f)
        if data:
            _merge(tree, data, f"{lang}/{f.name}")
    plurals = tuple(_babel_category(lang, n) for n in range(PRECOMPUTED_PLURALS))
    flat = flattened(tree)
    if entry is not None:
        with contextlib.suppress(OSError, ValueError):
            entry.parent.mkdir(parents=True, exist_ok=True)
            tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
            tmp.write_bytes(marshal.dumps({"stamp": repr(stamp), "tree": tree, "plurals": list(plurals),
                                           "flat": flat}))
            os.replace(tmp, entry)
    return tree, plurals, flat


def _cache_entry(ident: str) -> Path | None:
    from clank_story.paths import user_cache

    folder = user_cache("words")
    if folder is None:
        return None
    from clank_story import digests

    return folder / (digests.sha1(ident.encode()).hexdigest() + ".marshal")


def _read_yaml(path: Path) -> Any:
    """A locale file as plain data; a key given twice is an error (YAML would keep the last)."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Strict(base):  # type: ignore[misc, valid-type]
        pass

    def mapping(loader: Any, node: Any, deep: bool = False) -> dict[Any, Any]:
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=deep)
            if key in out:
                mark = key_node.start_mark
                raise ValueError(f"{path}:{mark.line + 1}:{mark.column + 1}: '{key}' is given twice")
            out[key] = loader.construct_object(value_node, deep=deep)
        return out

    Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=Strict)  # a safe loader, strict about keys


# -- plural categories ------------------------------------------------------------------------------
@functools.lru_cache(maxsize=8)
def _plural_rule(lang: str) -> Any:
    from babel.core import Locale

    return Locale.parse(lang.replace("-", "_")).plural_form


def _babel_category(lang: str, n: int | float) -> str:
    return str(_plural_rule(lang)(abs(n)))


def plural(n: int | float, lang: str | None = None) -> str:
    """The CLDR plural category of `n` in `lang` (default: the current language)."""
    lang = lang or language()
    if isinstance(n, int) and -PRECOMPUTED_PLURALS < n < PRECOMPUTED_PLURALS:
        return catalog(lang).plurals[abs(n)]  # "-1 Boot" is said like "1 Boot"
    return _babel_category(lang, n)


# -- looking entries up ------------------------------------------------------------------------------
def entry(ident: str, default: Any = None) -> Any:
    """The raw entry for `ident` in the current language, else English, else `default`."""
    lang = language()
    value = catalog(lang).flat.get(ident)
    if value is None and lang != ENGLISH:
        value = catalog(ENGLISH).flat.get(ident)
    return default if value is None else value


def has(ident: str) -> bool:
    return entry(ident) is not None


def section(prefix: str) -> dict[str, Any]:
    """The nested entries under `prefix` (help topics, narration variants), the current language's
    over English's."""
    merged: dict[str, Any] = {}
    for lang in dict.fromkeys((ENGLISH, language())):
        node: Any = catalog(lang).tree
        for part in prefix.split("."):
            node = node.get(part) if isinstance(node, Mapping) else None
        if isinstance(node, Mapping):
            _overlay(merged, node)
    return merged


def _overlay(into: dict[str, Any], data: Mapping[str, Any]) -> None:
    for key, value in data.items():
        if isinstance(value, Mapping) and not _is_form(value):
            if not isinstance(into.get(key), dict):
                into[key] = {}  # a mapping of our own: overlaying a language must never change English's
            _overlay(into[key], value)
        else:
            into[key] = value


def choose(value: Any, params: Mapping[str, Any]) -> Any:
    """Pick the form of an entry that fits the parameters: person by `you`, plural by `n` (or by the
    parameter the entry names with `by:`). The rule is `_chooser`'s, which `say` keeps per entry."""
    if not _is_form(value):  # most entries: no choice to make
        return value
    return _chooser(value, _as_is)(params)


def _as_is(form: Any) -> Any:
    return form


def _chooser(value: Any, leaf: Callable[[Any], T]) -> Callable[[Mapping[str, Any]], T]:
    """The choice of `value`'s form as a function of the parameters, giving `leaf` of the form chosen
    (`leaf(None)` where the entry has no form that fits). The forms are examined once, so a caller that
    keeps the function (`say`) does not build sets of an entry's keys at every call (issue 20)."""
    if not _is_form(value):
        made = leaf(value)
        return lambda params: made
    if set(value) & PERSON_KEYS:  # person: `you` when the sentence is addressed and has that form
        they = _chooser(value.get("they", value.get("you")), leaf)
        if "you" not in value:
            return they
        you = _chooser(value["you"], leaf)
        return lambda params: you(params) if params.get("you") else they(params)
    choices = {key: _chooser(form, leaf) for key, form in value.items() if key != "by"}
    other = _chooser(value.get("other"), leaf)  # plural: the number's category, else `other`
    by = value.get("by", _NO_BY)

    def plural_pick(params: Mapping[str, Any]) -> T:
        n = params.get("n", params.get("count")) if by is _NO_BY else params.get(by)
        return choices.get(plural(n) if isinstance(n, int | float) else "other", other)(params)
    return plural_pick


_NO_BY: Any = object()  # an entry whose plural follows `n` (or `count`), not a parameter it names


class _Formatter(string.Formatter):
    """str.format with three more format specs, so a sentence can say a count the way its language does:

    - `{n:w}`: a small number as a word where the catalog has one (`numbers.words`: "five cards");
    - `{cards:@count.cards}`: the counted phrase of the catalog's entry `count.cards`, its plural form
      chosen by the value ("1 card", "3 cards"), so one sentence can hold several counts;
    - `{thing:a}`: the word with its indefinite article where the language has one ("an exhausting");
    - `{space:p:em}`: a place after a preposition, contracted with the place's article where the
      language does (Portuguese "na Entrada", "do Saguão"; see `at`)."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("p:"):
            return at(value, format_spec[2:])
        if format_spec == "w" and isinstance(value, int):
            return number_word(value)
        if format_spec.startswith("@"):
            return say(format_spec[1:], n=value)
        if format_spec == "a":
            return with_article(str(value))
        return super().format_field(value, format_spec)


class Place(str):
    """A place's name that knows the article its language puts before it (Portuguese "a Entrada",
    "o Saguão"), so a sentence can contract it with a preposition ("na Entrada"). It is a str
    everywhere else; a plain str is a place without an article."""

    article: str

    def __new__(cls, name: str, article: str = "") -> Place:
        place = super().__new__(cls, name)
        place.article = article
        return place


def at(place: Any, prep: str) -> str:
    """`prep` before `place`: contracted with the place's article as the language does
    (`words.contract.PREP.ARTICLE`: "em" + "a" -> "na"), else the article spelled out, else the bare
    preposition. A capital on `prep` ("Em") capitalizes the phrase for a sentence's start."""
    article = getattr(place, "article", "")
    low = prep.lower()
    if article:
        joined = entry(f"words.contract.{low}.{article}")
        phrase = f"{joined} {place}" if isinstance(joined, str) else f"{low} {article} {place}"
    else:
        phrase = f"{low} {place}" if low else str(place)
    return phrase[:1].upper() + phrase[1:] if prep[:1].isupper() else phrase


def number_word(n: int) -> str:
    """`n` as a word where the language has one for it (`numbers.words`), else digits."""
    words = entry("numbers.words") or []
    return str(words[n]) if 0 <= n < len(words) else str(n)


def with_article(noun: str) -> str:
    """The phrase with its indefinite article (`articles` of the catalog: English a/an by sound)."""
    a, an = entry("words.article.a"), entry("words.article.an")
    if not a or not noun:
        return noun
    return f"{an if an and starts_with_vowel_sound(noun) else a} {noun}"


_CONSONANT_SOUND = ("uni", "use", "usu", "eu", "one", "once", "ewe", "ufo", "ure", "uti")  # "a unique", "a one-way"
_VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")  # "an hour"


def starts_with_vowel_sound(word: str) -> bool:
    """English: whether "an" goes before `word` (by the sound, not the letter: an hour, a unicorn)."""
    w = word.lower().lstrip("\"'“‘(")
    if not w:
        return False
    if len(w) == 1 or (word.isupper() and len(word) <= 4):  # a letter or an initialism, said by its letters
        return w[0] in "aefhilmnorsx"
    if w.startswith(_VOWEL_SOUND):
        return True
    if w.startswith(_CONSONANT_SOUND):
        return False
    if w[0].isdigit():
        return w.startswith(("8", "11", "18")) and not w.startswith(("110", "111", "112"))
    return w[0] in "aeiou"


_FORMATTER = _Formatter()


@functools.lru_cache(maxsize=4096)
def _names_only(template: str) -> bool:
    """Fields that are plain names, with no conversion and no spec of ours (`{card}`, `{n:+d}`, not
    `{n:w}` or `{space:p:em}`): such a template fills the same with `str.format_map`, in C, as with the
    pure-Python formatter, whose other specs go to the same `format()` (most of a narrated line's words
    go through here, issue 20)."""
    try:
        fields = list(_FORMATTER.parse(template))
    except ValueError:
        return False
    return all(name is None or (name.isidentifier() and conversion is None and not _own_spec(spec))
               for _, name, spec, conversion in fields)


@functools.lru_cache(maxsize=4096)
def _spec_names(template: str) -> tuple[str, ...] | None:
    """The names of the fields inside specs (`width` in `{name:<{width}}`) of a template whose fields
    are otherwise plain names with specs not of ours; None for any other template. A whole number in
    such a spec makes it a standard spec (not `w`, `a`, `p:` or `@`), as `str.format_map` reads it."""
    try:
        fields = list(_FORMATTER.parse(template))
    except ValueError:
        return None
    inside: list[str] = []
    for _, name, spec, conversion in fields:
        if name is None:
            continue
        if not name.isidentifier() or conversion is not None:
            return None
        if "{" not in spec:
            if _own_spec(spec):
                return None
            continue
        if spec.startswith(("p:", "@")):
            return None
        try:
            nested = list(_FORMATTER.parse(spec))
        except ValueError:
            return None
        for _, inner, inner_spec, inner_conversion in nested:
            if inner is None:
                continue
            if not inner.isidentifier() or inner_spec or inner_conversion is not None:
                return None
            inside.append(inner)
    return tuple(inside) if inside else None


def _own_spec(spec: str) -> bool:
    """A format spec `_Formatter` reads itself (or one with a field inside, which may become one)."""
    return spec in ("w", "a") or spec.startswith(("p:", "@")) or "{" in spec


def fill(template: str, params: Mapping[str, Any], *, strict: bool = False) -> str:
    """A format string filled in; a template a translator broke degrades to its text (or, `strict`,
    raises ValueError so the caller can say it another way)."""
    try:
        if _names_only(template):
            return template.format_map(params)
        return _FORMATTER.vformat(template, (), params)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError) as e:
        if strict:
            raise ValueError(str(e)) from None
        return template


def say(ident: str, /, **params: Any) -> str:
    """The sentence `ident` in the current language, its forms chosen and its fields filled: the same as
    `fill(str(choose(entry(ident), params)), params)`, with the entry looked up and its forms and
    template examined once per language (`Catalog.sayers`), not at every call."""
    sayers = catalog(_current.get()).sayers
    sayer = sayers.get(ident)
    if sayer is None:
        sayer = _new_sayer(sayers, ident)
    return sayer(params)


def sayer(ident: str, /) -> Sayer:
    """`say` of `ident` as a function of its parameters in the current language, for a caller that says
    it again and again while the language cannot change (the narrator, once a batch of events):
    `sayer(ident)(params)` is `say(ident, **params)`."""
    sayers = catalog(_current.get()).sayers
    return sayers.get(ident) or _new_sayer(sayers, ident)


def _new_sayer(sayers: dict[str, Sayer], ident: str) -> Sayer:
    value = entry(ident)
    if value is None:
        return lambda params: ident  # not kept: an id nobody defines may come from anywhere
    made = sayers[ident] = _sayer(value, ident)
    return made


def _sayer(value: Any, ident: str) -> Sayer:
    """How `say` makes the sentence of an entry: a plain entry's filling worked out once; an entry with
    forms has its form chosen at each call by the entry's `_chooser`, worked out once (`ident` itself
    where a form is missing), and each form's filling worked out once."""
    if not _is_form(value):
        return _filler(str(value))
    pick = _chooser(value, _filled_form)

    def formed(params: Mapping[str, Any]) -> str:
        filler = pick(params)
        return ident if filler is None else filler(params)
    return formed


def _filled_form(form: Any) -> Sayer | None:
    """A chosen form's filling (None where no form fits)."""
    return None if form is None else _filler(str(form))


@functools.lru_cache(maxsize=4096)
def _filler(template: str) -> Sayer:
    """`fill(template, params)` as a function of the parameters."""
    if "{" not in template and "}" not in template:  # no field: the text itself (`num.sep`, `list.and`)
        return lambda params: template
    if not _names_only(template):
        widths = _spec_names(template)
        if widths is None:
            return lambda params: fill(template, params)

        def sized(params: Mapping[str, Any]) -> str:
            """`{name:<{width}}`: filled by `str.format_map` when every field inside a spec is a whole
            number (its spec then is the standard one the formatter would hand to `format()` too)."""
            if all(type(params.get(name)) is int for name in widths):
                try:
                    return template.format_map(params)
                except (KeyError, IndexError, ValueError, TypeError, AttributeError):
                    return template
            return fill(template, params)
        return sized

    def names(params: Mapping[str, Any]) -> str:
        try:
            return template.format_map(params)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            return template
    return names


def memo(key: str, build: Callable[[], Any]) -> Any:
    """What `build` works out from the current language's words, kept with that language's catalog, so it
    is worked out again for another language and after `forget()` (the verb table's words, say)."""
    memos = catalog(_current.get()).memos
    found = memos.get(key, _NOT_KEPT)
    if found is _NOT_KEPT:
        found = memos[key] = build()
    return found


_NOT_KEPT: Any = object()


def maybe(ident: str, /, **params: Any) -> str | None:
    """`say`, or None when no language has `ident` (optional variants such as `key.one`)."""
    return say(ident, **params) if has(ident) else None


def listing(items: Iterable[str]) -> str:
    """`a`, `a and b`, `a, b and c` in the current language."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return say("words.list.sep").join(items[:-1]) + say("words.list.and") + items[-1]


def sentences(*parts: str) -> str:
    """Sentences run together in the current language: a space in English and Portuguese, nothing
    after a Japanese full stop."""
    return say("words.sentence.sep").join(p for p in parts if p)


# -- refusals --------------------------------------------------------------------------------------
def reason(error: _errors.CommandError) -> str:
    """Why a command was refused, as a sentence (the key names an entry under `refuse.`)."""
    ident = f"refuse.{error.key}"
    if not has(ident):
        args = ", ".join(f"{k}={v}" for k, v in error.params.items())
        return f"{error.key}({args})"
    return say(ident, **error.params)


def refusal(error: _errors.CommandError) -> str:
    """The refusal as a person reads it: what they typed, then why."""
    why = reason(error)
    return f"{error.typed}: {why}" if error.typed else why


_errors.use_renderer(reason)
