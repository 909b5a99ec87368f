"""Narration templates' recipes (narrate/template.py) kept between runs (narrate/recipes.py): a template
built from its kept recipe renders as the template read afresh, the table is written once a language
and read back by the next process, and a damaged table, or no cache at all, reads templates afresh."""

from __future__ import annotations

import marshal
import random

from test_prose_template import _contexts, _or_error, _sources

from clank_story.narrate import prose, recipes
from clank_story.narrate.recipes import Recipes
from clank_story.narrate.template import build, compile_template, recipe_of
from clank_story.words import LANGUAGES, speaking


def test_a_template_built_from_its_kept_recipe_renders_as_the_template_read_afresh():
    rng = random.Random(11)
    filters, globals_ = prose._filters(), prose._globals()
    checked = 0
    for lang, kind, source in _sources():
        recipe = recipe_of(source, filters, globals_)
        assert recipe is not None, (lang, kind, source)
        kept = build(marshal.loads(marshal.dumps(recipe)), filters, globals_)  # as a later run reads it
        fresh = compile_template(source, filters, globals_)
        assert fresh is not None
        with speaking(lang):
            for ctx in _contexts(source, rng, 6):
                told = _or_error(lambda kept=kept, ctx=ctx: kept(ctx))
                assert told == _or_error(lambda fresh=fresh, ctx=ctx: fresh(ctx)), (lang, kind, source, ctx)
                checked += 1
    assert checked > 1000


def _table(monkeypatch, tmp_path):
    monkeypatch.setenv("CLANK_STORY_CACHE", str(tmp_path))
    return tmp_path / "narration" / f"recipes-{recipes.FORMAT}.marshal"


def test_the_first_template_a_process_lacks_has_the_languages_templates_kept_and_the_next_process_reads_them(
        monkeypatch, tmp_path):
    path = _table(monkeypatch, tmp_path)
    filters, globals_ = prose._filters(), prose._globals()
    sources = [source for lang, _, source in _sources() if lang == "en"]
    asked: list[int] = []

    def every() -> list[str]:
        asked.append(1)
        return sources

    first = Recipes(filters, globals_)
    assert first.recipe(sources[0], filters, globals_, "en", every) == recipe_of(sources[0], filters, globals_)
    assert path.exists() and asked == [1]
    first.recipe(sources[1], filters, globals_, "en", every)
    assert asked == [1]  # found in the table: nothing read again
    later = Recipes(filters, globals_)  # a later process
    for source in sources:
        assert later.recipe(source, filters, globals_, "en", lambda: []) == recipe_of(source, filters, globals_)
    assert later.filled == set()  # every one came from the file


def test_a_template_no_language_has_is_read_on_its_own(monkeypatch, tmp_path):
    _table(monkeypatch, tmp_path)
    filters, globals_ = prose._filters(), prose._globals()
    table = Recipes(filters, globals_)
    text = "{{ player }} invents a sentence of a test's own."
    assert table.recipe(text, filters, globals_, "en", lambda: []) == ("fmt", "{player} invents a sentence of a test's own.")
    assert text not in (table.table or {})


def test_a_damaged_table_or_another_programs_is_read_afresh(monkeypatch, tmp_path):
    path = _table(monkeypatch, tmp_path)
    filters, globals_ = prose._filters(), prose._globals()
    source = "You play {{ cards }}."
    for damage in (b"not marshal at all", marshal.dumps({"names": (("other",), ()), "table": {source: ("text", "x")}}),
                   marshal.dumps([1, 2, 3])):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(damage)
        table = Recipes(filters, globals_)
        assert table.recipe(source, filters, globals_, "en", lambda: [source]) == ("fmt", "You play {cards}.")


def test_without_a_cache_nothing_is_written_and_templates_are_read_as_they_come(monkeypatch):
    monkeypatch.setenv("CLANK_STORY_CACHE", "off")
    assert recipes._path() is None
    filters, globals_ = prose._filters(), prose._globals()
    asked: list[int] = []
    table = Recipes(filters, globals_)
    assert table.recipe("{{ x }}!", filters, globals_, "en", lambda: asked.append(1) or []) == ("fmt", "{x}!")
    assert asked == []  # no language read at once: there is nowhere to keep it


def test_every_language_is_told_the_same_from_kept_recipes(monkeypatch, tmp_path):
    """Through the narrator's own path (`prose._fill`): every variant of every language, told from the
    recipes a first process keeps and from those a later one reads back, says what Jinja says."""
    _table(monkeypatch, tmp_path)
    rng = random.Random(5)
    cases = [(lang, source, ctx) for lang, _, source in _sources() for ctx in _contexts(source, rng, 3)]

    def told_by(table: Recipes) -> list[str]:
        monkeypatch.setattr(prose, "_RECIPES", table)
        prose._compiled.cache_clear()
        out = []
        for lang, source, ctx in cases:
            with speaking(lang):
                out.append(_or_error(lambda source=source, ctx=ctx: prose._fill(source, ctx)))
        return out

    jinja = []
    for lang, source, ctx in cases:
        with speaking(lang):
            jinja.append(_or_error(lambda source=source, ctx=ctx: prose._template(source).render(**ctx)))
    try:
        first = told_by(Recipes(prose._filters(), prose._globals()))
        later_table = Recipes(prose._filters(), prose._globals())
        later = told_by(later_table)
    finally:
        prose._compiled.cache_clear()
    assert later_table.filled == set()  # the later process found every template in the file
    assert all(later_table.table[source] is not None for _, source, _ in cases)  # told without Jinja
    assert first == jinja and later == jinja
    assert jinja.count("error") < len(jinja) // 2  # most contexts render: the comparison is of sentences
    for lang in LANGUAGES:
        with speaking(lang):
            narrator = prose.ProseNarrator(4)
            assert narrator.render("turn", {"turn": 3, "player": "Rex"}, False)
