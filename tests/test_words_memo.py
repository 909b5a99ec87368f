"""What the words layer works out once per language (issue 20) says exactly what working it out every
time said: `say` through `Catalog.sayers`, the verb table's words and the narration's numbers through
`words.memo`, each kept with its language's catalog, so a switch of language or `forget()` never
serves another language's words."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from clank_story import words
from clank_story.narrate.prose import NUMBER_KEYS, Beat, ProseNarrator
from clank_story.table import verbs
from clank_story.words import LANGUAGES, catalog, choose, entry, fill, say, speaking

VALUES: list[Any] = [0, 1, 2, 5, 21, 1.5, -1, True, False, None, "Rex", "Explore", words.Place("Entrada", "a")]


def _worked_out(ident: str, params: dict[str, Any]) -> str:
    """What `say` said before it kept anything: the entry's form chosen, then filled."""
    value = choose(entry(ident), params)
    return ident if value is None else fill(str(value), params)


def _params(rng: random.Random) -> dict[str, Any]:
    params = {name: rng.choice(VALUES) for name in ("n", "count", "monsters", "cubes", "player", "card", "space",
                                                    "cards", "text", "numbers", "name", "value", "turn")}
    if rng.random() < 0.7:
        params["you"] = rng.choice([True, False, 0, 1])
    return {k: v for k, v in params.items() if rng.random() < 0.8}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_say_says_what_choosing_and_filling_each_time_said(lang):
    rng = random.Random(lang)
    with speaking(lang):
        idents = sorted(set(catalog(lang).flat) | set(catalog("en").flat))
        for ident in idents:
            for _ in range(4):
                params = _params(rng)
                assert say(ident, **params) == _worked_out(ident, params), (ident, params)


def test_each_language_keeps_its_own_sentences():
    said = {}
    for lang in (*LANGUAGES, *LANGUAGES):  # twice round: the second time from what each kept
        with speaking(lang):
            text = say("narrate.num.boots", n=2)
            assert said.setdefault(lang, text) == text
            assert "narrate.num.boots" in catalog(lang).sayers
    assert len(set(said.values())) == 3


def test_an_id_nobody_defines_is_said_as_itself_and_not_kept():
    assert say("no.such.sentence", n=1) == "no.such.sentence"
    assert "no.such.sentence" not in catalog(words.language()).sayers


def test_forget_drops_what_was_kept_with_the_catalogs():
    say("narrate.num.sep")
    words.memo("test.kept", lambda: ["built"])
    before = catalog("en")
    words.forget()
    after = catalog("en")
    assert after is not before and not after.sayers and "test.kept" not in after.memos
    assert say("narrate.num.sep") == _worked_out("narrate.num.sep", {})


def test_memo_builds_once_per_language():
    built: list[str] = []
    for lang in (*LANGUAGES, *LANGUAGES):
        with speaking(lang):
            value = words.memo("test.per_language", lambda lang=lang: built.append(lang) or lang)
            assert value == lang
    assert built == list(LANGUAGES)


def test_the_verb_table_follows_the_language():
    with speaking("pt-BR"):
        assert verbs.find("jogar") is verbs.BY_NAME["play"]
        assert verbs.find("play") is verbs.BY_NAME["play"]  # the English names always work
    with speaking("en"):
        assert verbs.find("jogar") is None
    with speaking("pt-BR"):
        assert verbs.find("JOGAR") is verbs.BY_NAME["play"]


def test_a_beats_numbers_are_told_alike_from_memory_in_every_language():
    rng = random.Random(7)
    narrator = ProseNarrator(3)
    for _ in range(300):
        lang = rng.choice(LANGUAGES)
        beat = Beat("play", rng.choice(["Ana", "Rex", None]))
        for _ in range(rng.randint(0, 3)):
            player = rng.choice(["Ana", "Rex", None])
            beat.numbers.setdefault(player, Counter())[rng.choice(NUMBER_KEYS)] += rng.randint(-3, 4)
        you = rng.choice(["Ana", "Rex", None])
        narrator.you = staticmethod(lambda game, you=you: you)  # type: ignore[method-assign]  # all it reads
        with speaking(lang):
            assert narrator.numbers(beat, None) == narrator._numbers_text(beat, you)  # type: ignore[arg-type]


def test_the_numbers_kept_are_bounded(monkeypatch):
    import clank_story.narrate.prose as prose

    monkeypatch.setattr(prose, "NUMBERS_KEPT", 5)
    narrator = ProseNarrator(1)
    narrator.you = staticmethod(lambda game: None)  # type: ignore[method-assign]
    for n in range(1, 40):
        beat = Beat("play", "Ana")
        beat.add("Ana", "skill", n)
        assert narrator.numbers(beat, None) == say("narrate.num.skill", n=n).replace(" ", "\u00a0")  # type: ignore[arg-type]
        assert len(words.memo("narrate.prose.numbers", dict)) <= 5


def test_a_sentence_with_forms_is_said_as_choosing_its_form_afresh_says_it():
    """`say` chooses an entry's form by a choice worked out once (words._chooser); it says what choosing
    afresh (words.choose) and filling says, for person and plural forms, nested, named by `by:`, missing."""
    from clank_story.words import _filler, _sayer, choose

    forms = [
        {"you": "You take {n} {what}.", "they": "{player} takes {n} {what}."},
        {"one": "{n} card", "other": "{n} cards"},
        {"by": "monsters", "one": "a monster", "other": "{monsters} monsters"},
        {"you": {"one": "you draw a card", "other": "you draw {n} cards"}, "they": {"one": "one card", "other": "{n}"}},
        {"they": "only a third person"},
        {"you": "only a second person"},
        {"one": "one only"},
        {"few": "{n} few", "many": "{n} many", "other": "{n} other", "one": "{n} one"},
    ]
    params = [{}, {"you": True}, {"you": False}, {"n": 1}, {"n": 2}, {"n": 0}, {"n": 1.5}, {"count": 1}, {"n": "x"},
              {"monsters": 1}, {"monsters": 3}, {"n": 1, "you": True, "player": "Rex", "what": "gold"},
              {"n": 5, "player": "Ana", "what": "cards", "monsters": 2}]
    for lang in LANGUAGES:
        with speaking(lang):
            for value in forms:
                said = _sayer(value, "the.id")
                for p in params:
                    chosen = choose(value, p)
                    assert said(p) == ("the.id" if chosen is None else _filler(str(chosen))(p)), (lang, value, p)


def test_a_sentence_with_a_field_inside_a_spec_is_filled_as_the_formatter_fills_it():
    """`{name:<{width}}` (a score line) is filled by `str.format_map` when the field inside is a whole
    number, else by the formatter: the same text either way, or the template itself when it cannot be."""
    from clank_story.words import _filler, fill

    templates = ["  {name:<{width}}  {total:>3}  {parts}", "{n:{how}}", "{space:p:{prep}}", "{n:>{w}d} of {m}",
                 "{name:^{width}} {n:w}", "{a:{b}{c}}"]
    values = [0, 3, 12, -1, True, "5", "w", "em", "<", None, 2.5]
    rng = random.Random(2)
    for lang in LANGUAGES:
        with speaking(lang):
            for template in templates:
                for _ in range(60):
                    params = {k: rng.choice(values) for k in ("name", "width", "total", "parts", "n", "how",
                                                              "space", "prep", "w", "m", "a", "b", "c")
                              if rng.random() < 0.9}
                    assert _filler(template)(params) == fill(template, params), (template, params)
