"""The story environment's lexer (story/lexer.py) gives exactly the tokens Jinja's own lexer gives, or
leaves the text to Jinja's lexer: so every passage parses to the same tree, and fails with the same
error, as it did with Jinja's lexer alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2.lexer import Lexer

from clank_story.content.diagnostics import ContentError
from clank_story.content.yamlfast import load_text
from clank_story.story.lexer import WARM_UP, StoryLexer, _Unusual
from clank_story.story.sandbox import StoryEnvironment, environment

ROOT = Path(__file__).resolve().parents[2]
STATES = [None, "variable", "block"]


def as_tuples(tokens) -> list[tuple]:
    return [(t.lineno, t.type, t.value, type(t.value)) for t in tokens]


def fast(source: str, state: str | None = None) -> list[tuple] | None:
    """The fast path's tokens, or None when it leaves the text to Jinja."""
    lexer = environment().lexer
    assert isinstance(lexer, StoryLexer) and lexer.fast
    try:
        return as_tuples(lexer._tokens(source, state))
    except _Unusual:
        return None


def jinja(source: str, state: str | None = None) -> list[tuple]:
    return as_tuples(Lexer.tokenize(environment().lexer, source, None, None, state))


def same_or_left_to_jinja(source: str, state: str | None = None) -> bool:
    """True when the fast path read the text (and then its tokens are Jinja's, and Jinja raises
    nothing); False when it left the text to Jinja."""
    tokens = fast(source, state)
    if tokens is None:
        return False
    assert tokens == jinja(source, state), source
    return True


def strings(value, out: set[str]) -> None:
    if isinstance(value, dict):
        for v in value.values():
            strings(v, out)
    elif isinstance(value, list):
        for v in value:
            strings(v, out)
    elif isinstance(value, str):
        out.add(str(value))


def authored_texts(*folders: str) -> set[str]:
    """Every text in these folders' YAML files: templates, conditions and the rest."""
    out: set[str] = set()
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.yaml")):
            try:
                strings(load_text(path.read_text(encoding="utf-8"), str(path)).value, out)
            except (ContentError, UnicodeDecodeError):
                continue  # a broken file on purpose
    return out


def test_every_authored_text_lexes_to_jinjas_tokens_in_every_state():
    texts = authored_texts("book_of_secrets", "campaigns", "tests/data")
    assert len(texts) > 1000
    for text in texts:
        for state in STATES:
            same_or_left_to_jinja(text, state)


def test_every_template_of_the_shipped_book_is_read_by_the_fast_path():
    templates = [t for t in authored_texts("book_of_secrets", "campaigns") if "{{" in t or "{%" in t]
    assert len(templates) > 100
    assert [t for t in templates if not same_or_left_to_jinja(t)] == []


FRAGMENTS = ["{{", "}}", "{%", "%}", "{#", "#}", "{{-", "-}}", "{%-", "-%}", "{%+", "+%}", "{#-", "-#}",
             "{% raw %}", "{%- raw -%}", "{% endraw %}", "-", "+", " ", "  ", "\n", "\r\n", "\r", "\t", "\u00a0",
             "\u2028", "a", "x1", "_y", "é", "ß", "٣", "1", "0", "07", "0x1F", "0b10", "0o7", "1_000", "1.5",
             "1e3", "1.", ".5", "'s'", '"d"', "'a\\'b'", '"\\u00e9"', "'\\x'", "'", '"', "\\", "(", ")", "[",
             "]", "{", "}", "|", ".", ",", ":", "==", "!=", "<=", ">=", "<", ">", "=", "*", "**", "/", "//",
             "%", "~", ";", "if", "for", "in", "endif", "endfor", "$", "@", "?", "!", "`", "\x00"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=30), st.sampled_from(STATES))
def test_any_text_lexes_to_jinjas_tokens_or_is_left_to_jinja(parts, state):
    same_or_left_to_jinja("".join(parts), state)


EXPRESSIONS = ["me.gold", "a + 1", "b | length", "c[0]", "'s' ~ t", "(1, 2)", "{'a': 1}", "[1, 2]",
               "x if y else z", "f(1, k=2)", "1.5e3", "0x1F", "1_000", "not a and b or c", "a is defined",
               "'a\\nb'", '"q\\"q"', "players | selectattr('gold', '>=', 2) | list", "game.round // 2",
               "me.gold ** 2 % 3", "'multi\nline'"]
BLANKS = ["", " ", "  ", "\n", " \n  "]


@st.composite
def templates(draw) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from(["text", "output", "tag", "comment"]))
        blank = draw(st.sampled_from(BLANKS))
        if kind == "text":
            parts.append(draw(st.sampled_from(["Some text. ", "a line\n", "\r\n", " ", "x", "  \n\n"])))
        elif kind == "output":
            parts.append("{{" + draw(st.sampled_from(["", "-"])) + blank + draw(st.sampled_from(EXPRESSIONS))
                         + blank + draw(st.sampled_from(["", "-"])) + "}}")
        elif kind == "tag":
            head = draw(st.sampled_from(["if ", "elif ", "for x in ", "set y = ", "else", "endif", "endfor"]))
            parts.append("{%" + draw(st.sampled_from(["", "-", "+"])) + blank + head
                         + draw(st.sampled_from(EXPRESSIONS)) + blank + draw(st.sampled_from(["", "-", "+"])) + "%}")
        else:
            parts.append("{#" + draw(st.sampled_from(["", "-"])) + "a note\nover lines"
                         + draw(st.sampled_from(["", "-"])) + "#}")
    return "".join(parts)


@settings(max_examples=2000, deadline=None)
@given(templates())
def test_the_templates_authors_write_are_read_by_the_fast_path_with_jinjas_tokens(source):
    assert same_or_left_to_jinja(source)  # nothing an author commonly writes is left to the slow path


def jinja_environment() -> StoryEnvironment:
    env = StoryEnvironment()
    env.__dict__["lexer"] = Lexer(env)  # Jinja's own lexer in place of the cached fast one
    return env


def parsed(env: StoryEnvironment, source: str) -> str:
    try:
        return repr(env.parse(source))
    except Exception as e:
        return f"{type(e).__name__}: {getattr(e, 'message', e)} (line {getattr(e, 'lineno', None)})"


@pytest.mark.parametrize("source", [
    "Plain text only.",
    "Hello {{ me.name }}!\n{% if me.gold >= 3 %}Rich{% else %}Poor{% endif %}\n",
    "{%- for p in players -%}\n  {{ p.name }}{% if not loop.last %}, {% endif %}\n{%- endfor %}",
    "{# a note #}text{#- another\nnote -#}  \n more",
    "{{ {'a': [1, (2, 3)]}['a'] }}",
    "{{ a ) }}",  # unbalanced: Jinja's lexer says so
    "{{ (a }}",
    "{{ 'unclosed }}",
    "{{ 'bad \\N escape' }}",
    "{{ 1٣ }}",
    "{{ 1.5٣ }}",
    "{% raw %}{{ not a tag }}{% endraw %}",
    "{# never closed",
    "{{ a $ b }}",
    "{% if %}",
    "{{ a }",
    "line\r\nline\rline\n{{ x\n}}",
])
def test_a_template_parses_to_the_same_tree_or_fails_with_the_same_error_as_with_jinjas_lexer(source):
    assert parsed(environment(), source) == parsed(jinja_environment(), source)


def test_a_jinja_whose_lexer_rules_are_built_otherwise_leaves_all_lexing_to_jinja(monkeypatch):
    """The alternations are built from Jinja's private rules: should a Jinja version build them another
    way, the fast path turns itself off and every text is Jinja's to lex."""
    monkeypatch.setattr(StoryLexer, "_build", lambda self: (_ for _ in ()).throw(KeyError("root")))
    lexer = StoryLexer(StoryEnvironment())
    text = "Hello {{ player.name }}{% if gold > 2 %}, rich{% endif %}."
    for _ in range(WARM_UP + 2):  # past the texts Jinja lexes before the fast path is built
        assert as_tuples(lexer.tokenize(text)) == jinja(text)
    assert lexer.fast is False


def test_the_first_texts_are_lexed_by_jinja_and_the_fast_path_is_built_only_then():
    """A game's start lexes a handful of texts: the alternations are not compiled for them."""
    lexer = StoryLexer(StoryEnvironment())
    text = "{{ me.name }} counts {{ me.gold }} coins."
    for _ in range(WARM_UP):
        assert as_tuples(lexer.tokenize(text)) == jinja(text)
    assert not lexer.built
    assert as_tuples(lexer.tokenize(text)) == jinja(text)
    assert lexer.built and lexer.fast


def test_a_fast_token_answers_the_parsers_questions_as_jinjas_token_does():
    from jinja2.lexer import Token

    tokens = environment().lexer._tokens("{% if x %}{{ 1 }}{% endif %}{{ 'endif' ~ y }}", None)
    questions = ["name", "name:if", "name:endif", "name:x", "integer", "integer:1", "block_end", "string:endif",
                 "name:", ":", "variable_begin", "tilde", "data:endif"]
    for token in tokens:
        plain = Token(*token)
        for question in questions:
            assert token.test(question) == plain.test(question), (token, question)
        assert token.test_any(*questions) == plain.test_any(*questions)


@pytest.mark.parametrize("source", [
    "{% if a %}x{% endif %}{% if a %}y{% endif %}",
    "{{ a\n + b }}\n{{ a\n + b }}",
    "{% if a -%}   x{% if a -%}y{% endif %}",
    "{% if a -%}{% if a -%}\n  z{% endif %}{% endif %}",
    "{{ '%}' }}{{ '%}' }}{{ 'a}}' ~ b }}{{ 'a}}' ~ b }}",
    "{% set x = {'a': 1} %}{% set x = {'a': 1} %}{{ {'b': 2}['b'] }}{{ {'b': 2}['b'] }}",
    "{%- if a %}{%+ if a %}{% if a +%}{% endif %}{% endif %}{% endif %}",
    "{{ 1.5 }}{{1.5}}{{ .5 }}{{ 1 }}{{ 1 }}",
])
def test_a_tag_seen_before_lexes_to_jinjas_tokens_at_its_new_line(source):
    """Tags are kept lexed by their text; the second of two equal tags (and tags after a tag that spans
    lines, or one whose `-%}` eats what follows) still gives Jinja's tokens and lines."""
    environment().lexer.seen.clear()
    for _ in range(2):
        assert same_or_left_to_jinja(source)
        assert same_or_left_to_jinja("first line\n" + source + "\n" + source)
    assert environment().lexer.seen  # the tags were kept


def test_the_kept_tags_are_forgotten_when_there_are_too_many(monkeypatch):
    from clank_story.story import lexer as lexer_module

    monkeypatch.setattr(lexer_module, "SEEN", 3)
    environment().lexer.seen.clear()
    assert same_or_left_to_jinja("".join("{{ a" + str(n) + " }}" for n in range(10)))
    assert len(environment().lexer.seen) <= 3
