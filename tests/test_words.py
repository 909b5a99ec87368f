"""The words catalog: every sentence of every language renders with zero, one and many, for you and
for someone else, and reads cleanly — no "(s)", no doubled punctuation, no field left unfilled, and in
English no "a" before a vowel sound."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from clank_story import words
from clank_story.narrate.prose import _environment
from clank_story.words import LANGUAGES, catalog, choose, fill, speaking

SAMPLE_TEXT = "Explore"  # a name starting with a vowel, so "a {card}" shows up as "a Explore"
COUNTS = (0, 1, 2, 7)
BOOLEAN = {"legacy", "reshuffled", "single", "zero", "depths", "winner_you", "you"}
# numbers a Jinja template of the narrator is given (prose beats)
JINJA_NUMBERS = {"turn", "count", "cubes", "margin", "value", "monsters", "option", "n"}


def _forms(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "by":
                yield from _forms(v)
    elif isinstance(value, str):
        yield value


def _fields(template: str) -> dict[str, str]:
    """name -> format spec, for every field of a format string."""
    out: dict[str, str] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name:
            out[name.split(".")[0].split("[")[0]] = spec or ""
        if spec and "{" in spec:  # a nested field: `{name:<{width}}`
            out.update({k: "d" for k in _fields(spec)})
    return out


def _params(value: Any, n: int, you: bool) -> dict[str, Any]:
    params: dict[str, Any] = {"n": n, "you": you}
    for template in _forms(value):
        for name, spec in _fields(template).items():
            if name in params:
                continue
            numeric = spec.startswith(("@", "+", "d", "w", "<", ">")) or name in (
                "n", "count", "cubes", "cost", "amount", "most", "width", "total", "turn", "rage", "value")
            params[name] = n if numeric or (isinstance(value, dict) and value.get("by") == name) else SAMPLE_TEXT
    return params


def _format_entries(lang: str) -> Iterator[tuple[str, Any]]:
    for ident, value in catalog(lang).flat.items():
        if isinstance(value, str | dict):
            yield ident, value


def _problems(text: str, lang: str) -> list[str]:
    found = []
    if "(s)" in text:
        found.append("'(s)'")
    if re.search(r"(?<!\.)\.\.(?!\.)|[?!]\.(?!\w)|,,|;\.", text):
        found.append("doubled punctuation")
    if re.search(r"\{[a-z_]+[^}]*\}", text):
        found.append("an unfilled field")
    if lang == "en":
        for article, word in re.findall(r"\b(a|an) ([A-Za-z][\w'-]*)", text):
            if (article == "a") == words.starts_with_vowel_sound(word) and word.lower() not in ("a", "an"):
                found.append(f"'{article} {word}'")
    return found


LANGS_WITH_FILES = [lang for lang in LANGUAGES if words.locale_files(lang)]


@pytest.mark.parametrize("lang", LANGS_WITH_FILES)
def test_every_sentence_renders_with_zero_one_and_many_for_you_and_them(lang: str):
    bad = []
    with speaking(lang):
        for ident, value in _format_entries(lang):
            for n in COUNTS:
                for you in (True, False):
                    params = _params(value, n, you)
                    text = fill(str(choose(value, params)), params, strict=False)
                    for problem in _problems(text, lang):
                        bad.append(f"{lang}:{ident} (n={n}, you={you}): {problem}: {text!r}")
    assert not bad, "\n".join(bad[:40])


@pytest.mark.parametrize("lang", LANGS_WITH_FILES)
def test_every_prose_variant_renders_with_zero_one_and_many(lang: str):
    env = _environment()
    bad = []
    with speaking(lang):
        for kind, variants in words.section("narrate.prose").items():
            for variant in variants:
                for source in _forms(variant):
                    template = env.from_string(source)
                    names = _jinja_names(env, source)
                    for n in COUNTS:
                        for flag in (True, False):
                            ctx = {name: (flag if name in BOOLEAN else n if name in JINJA_NUMBERS else SAMPLE_TEXT)
                                   for name in names}
                            text = " ".join(template.render(**ctx).split())
                            for problem in _problems(text, lang):
                                bad.append(f"{lang}:narrate.prose.{kind} (n={n}): {problem}: {text!r}")
    assert not bad, "\n".join(bad[:40])


def _jinja_names(env, source: str) -> set[str]:
    from jinja2 import meta

    return meta.find_undeclared_variables(env.parse(source)) - set(env.globals)


def test_a_plural_form_is_chosen_by_the_languages_cldr_rules():
    assert words.plural(1, "en") == "one" and words.plural(0, "en") == "other"
    assert words.plural(0, "pt-BR") == "one" and words.plural(2, "pt-BR") == "other"  # CLDR: pt says "0 carta"
    assert words.plural(1, "ja") == "other"
    assert words.plural(-1, "en") == "one"  # "-1 Boot"


def test_a_sentence_takes_its_you_form_when_addressed_and_its_plural_by_the_count():
    """A form entry is chosen by person (`you` when the sentence is addressed to the player, else
    `they`; whichever exists when only one does), and by plural: the CLDR category of `n` (or `count`,
    or the parameter `by:` names), else `other`. Forms nest; an entry with no fitting form gives None."""
    told = {"you": {"one": "you draw a card", "other": "you draw {n} cards"}, "they": "{player} draws {n}"}
    with speaking("en"):
        assert choose(told, {"you": True, "n": 1}) == "you draw a card"
        assert choose(told, {"you": True, "n": 3}) == "you draw {n} cards"
        assert choose(told, {"you": False, "n": 1}) == "{player} draws {n}"
        assert choose({"you": "only you"}, {}) == "only you"
        assert choose({"they": "only them"}, {"you": True}) == "only them"
        counted = {"one": "{n} card", "other": "{n} cards"}
        assert [choose(counted, p) for p in ({"n": 1}, {"n": 0}, {"count": 1}, {"n": "many"}, {})] == [
            "{n} card", "{n} cards", "{n} card", "{n} cards", "{n} cards"]
        assert choose({"by": "monsters", "one": "a monster", "other": "monsters"}, {"monsters": 1, "n": 5}) == "a monster"
        assert choose({"one": "one only"}, {"n": 2}) is None
        assert choose("a plain sentence", {"you": True}) == "a plain sentence"
    with speaking("pt-BR"):
        assert choose(counted, {"n": 0}) == "{n} card"  # CLDR: Portuguese counts zero as one


def test_an_article_goes_by_the_sound_not_the_letter():
    with speaking("en"):
        assert [words.with_article(w) for w in ("exhausting", "Master Key", "hour", "unique", "one-way")] == [
            "an exhausting", "a Master Key", "an hour", "a unique", "a one-way"]


def test_the_language_comes_from_the_option_then_the_environment_then_the_locale():
    assert words.resolve("ja", {}) == "ja"
    assert words.resolve(None, {"CLANK_STORY_LANG": "pt_BR"}) == "pt-BR"
    assert words.resolve(None, {"LANG": "ja_JP.UTF-8"}) == "ja"
    assert words.resolve(None, {"LC_ALL": "pt_PT.UTF-8", "LANG": "ja_JP.UTF-8"}) == "pt-BR"
    assert words.resolve(None, {"LANG": "C.UTF-8"}) == "en"
    assert words.resolve(None, {}) == "en"
    with pytest.raises(words.LanguageError, match="'xx' is not a language clank-story speaks"):
        words.resolve("xx", {})


def test_a_missing_translation_falls_back_to_english_for_that_one_sentence(monkeypatch):
    with speaking("en"):
        english = words.say("play.bye")
    with speaking("ja"):
        assert words.say("no.such.id") == "no.such.id"
        assert words.say("play.bye") in (english, catalog("ja").flat.get("play.bye"))


def test_no_id_is_defined_in_two_files():
    for lang in LANGS_WITH_FILES:
        words.forget()
        catalog(lang)  # raises ValueError naming the id given twice


def test_sentences_run_together_as_each_language_writes_them():
    from clank_story.words import sentences, speaking
    with speaking("en"):
        assert sentences("One.", "", "Two.") == "One. Two."
    with speaking("ja"):
        assert sentences("一。", "二。") == "一。二。"


def test_a_portuguese_preposition_contracts_with_the_places_article():
    from clank_story.words import Place, at, fill, speaking
    with speaking("pt-BR"):
        assert at(Place("Entrada de Serviço", "a"), "em") == "na Entrada de Serviço"
        assert at(Place("Saguão", "o"), "de") == "do Saguão"
        assert at(Place("Porteira do Musgo", "a"), "a") == "à Porteira do Musgo"
        assert at(Place("Nove Pedras Erguidas", "as"), "até") == "até as Nove Pedras Erguidas"
        assert at(Place("Pouso dos Mascates", "o"), "Em") == "No Pouso dos Mascates"  # a sentence's start
        assert at("Tollbury", "em") == "em Tollbury"  # a name with no article keeps the bare preposition
        assert fill("Você está {space:p:em}.", {"space": Place("Vila do Pedágio", "a")}) == "Você está na Vila do Pedágio."
    with speaking("en"):
        assert at(Place("Old Mill", ""), "in") == "in Old Mill"


def test_every_portuguese_place_name_of_the_shipped_boards_has_its_article():
    from clank_story.content.library import catalog
    from clank_story.words import speaking
    with speaking("pt-BR"):
        boards = catalog().boards
    for board_id in ("brackenmoor", "cinder-halls"):
        board = boards[board_id]
        assert getattr(board.name, "article", "") in ("o", "os"), board_id
        missing = [s.id for s in board.spaces.values() if getattr(s.name, "article", "") not in ("a", "o", "as", "os")]
        assert missing == [], f"{board_id}: no article for {missing}"
