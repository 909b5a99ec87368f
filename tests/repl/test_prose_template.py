"""Narration templates filled in without Jinja (narrate/template.py) read exactly as Jinja reads them:
the same text for the same context, or an error both ways (then the narrator tells the plain line)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from clank_story.narrate.prose import _compiled, _environment, _filters, _globals
from clank_story.narrate.template import compile_template
from clank_story.words import LANGUAGES, Place, section, speaking

MISSING = object()
VALUES: list[Any] = ["Rex", "você", "Ana、Rex", "Ana and Rex", "", Place("Entrada", "a"), Place("Saguão", "o"),
                     "Vault", 0, 1, 2, 5, 21, True, False, "countdown", "off_clock", "effect", "row", MISSING]


def _sources() -> list[tuple[str, str, str]]:
    out = []
    for lang in LANGUAGES:
        with speaking(lang):
            for kind, variants in sorted(section("narrate.prose").items()):
                for variant in variants:
                    for source in (variant.values() if isinstance(variant, dict) else [variant]):
                        out.append((lang, kind, source))
    return out


def _both(source: str, ctx: dict[str, Any], lang: str) -> tuple[str, str]:
    """What Jinja and the compiled template make of `ctx`: the text, or `error` when they raise."""
    def jinja() -> str:
        return _environment().from_string(source).render(**ctx)

    render = compile_template(source, _filters(), _globals())
    assert render is not None, source
    with speaking(lang):  # plural() and at() read the language
        return tuple(_or_error(f) for f in (jinja, lambda: render(ctx)))  # type: ignore[return-value]


def _or_error(render) -> str:
    try:
        return render()
    except Exception:
        return "error"


def _contexts(source: str, rng: random.Random, n: int) -> list[dict[str, Any]]:
    names = sorted(set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", source)) - {"if", "else", "elif", "endif", "or", "and",
                                                                          "in", "not", "plural", "one", "other"})
    out = []
    for _ in range(n):
        ctx = {name: rng.choice(VALUES) for name in names}
        out.append({k: v for k, v in ctx.items() if v is not MISSING})
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shipped_variant_reads_the_same_without_jinja(lang):
    rng = random.Random(lang)
    sources = [s for s in _sources() if s[0] == lang]
    assert len(sources) > 100
    for _, kind, source in sources:
        assert _compiled(source) is not None, (kind, source)  # none of them needs Jinja at run time
        for ctx in _contexts(source, rng, 40):
            jinja, ours = _both(source, ctx, lang)
            assert ours == jinja, (kind, source, ctx)


SUBSET = [
    "plain text, no tags",
    "{{ a }} and {{b}}\n",
    "{{ a }}\n\n",
    "{% if a %}A{% elif b %}B{% elif c == 'x' %}C{% else %}D{% endif %}",
    "{% if a %}{% if b %}AB{% else %}A{% endif %}{% endif %}!",
    "{{ 'yes' if a or b else 'no' }} {{ a and b }} {{ a or b or c }}",
    "{{ 'x' if a != 'Rex' else b | upfirst }}",
    "{{ a | at('em') }}, {{ b | at('De') }}, {{ c | upfirst }}",
    "{{ plural(a, one='one', other='many') }}{{ 'y' if '、' in b else 'n' }}{{ 'y' if 'R' not in b else 'n' }}",
    "{% if a %}{{ missing_in_a_branch_not_taken }}{% endif %}{{ b }}",
    "}} %} stray closers are text {{ a }}}",
    "{{ \"double\" }} {{ 'single' 'joined' }}",
    "{% if a %}x{% endif %}{{ (a) }}{{ b\n}}",
]


@pytest.mark.parametrize("source", SUBSET)
def test_the_subset_means_what_jinja_means(source):
    rng = random.Random(source)
    assert compile_template(source, _filters(), _globals()) is not None
    for ctx in _contexts(source, rng, 200):
        jinja, ours = _both(source, ctx, "pt-BR" if "at(" in source else "en")
        assert ours == jinja, (source, ctx)


BEYOND = [
    "{{ a | upper }}",  # a filter of Jinja's own
    "{{ a.b }}", "{{ a[0] }}", "{{ a + b }}", "{{ a ~ b }}", "{{ -a }}",
    "{%- if a %}x{% endif %}", "{% if a -%}x{% endif %}", "{{- a }}", "{{ a +}}",  # whitespace control
    "{# a comment #}", "{% for x in a %}{% endfor %}", "{% set x = 1 %}", "{% raw %}{% endraw %}",
    "{{ true }}", "{{ none }}", "{{ range }}", "{{ self }}", "{{ 1 }}",  # Jinja's names and other literals
    "{{ u'x' }}", "{{ r'x' }}", "{{ 'a\\nb' }}", "{{ f'{a}' }}",  # prefixes and escapes
    "{{ a # a comment }}", "{{ a\n or b }}", "a\r\nb",
    "{{ x if a in b else y }}",  # `in` with a name on its left
    "{{ plural(a, one=b, other='x') }}", "{{ a | at(b) }}", "{{ plural() }}", "{{ other(a) }}",
    "{% if a %}x", "{% endif %}", "{% else %}", "{% if a %}{% else %}{% elif b %}{% endif %}",
    "{% if a %}x{% endif b %}", "{% if %}x{% endif %}", "{{ }}", "{{ a", "a {% if b", "{{ a == b == c }}",
    "{{ a < b }}", "{{ not a }}", "{{ a is defined }}", "{{ (a, b) }}", "{{ [a] }}", "{{ a(b) }}",
]


@pytest.mark.parametrize("source", BEYOND)
def test_anything_beyond_the_subset_is_left_to_jinja(source):
    assert compile_template(source, _filters(), _globals()) is None


def test_a_template_beyond_the_subset_is_still_told_by_jinja():
    from clank_story.narrate.prose import _fill

    assert _fill("{{ a | upper }}!", {"a": "rex"}) == "REX!"


def test_a_missing_name_raises_as_jinja_does():
    render = compile_template("{{ who }} wins", _filters(), _globals())
    assert render is not None
    with pytest.raises(KeyError):
        render({})
