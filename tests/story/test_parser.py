"""The story environment's parser (story/parser.py) gives exactly the tree Jinja's own parser gives,
line numbers included, or leaves the text to Jinja's parser: so every passage parses to the same tree,
and fails with the same error, as it did with Jinja's parser alone."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2 import TemplateSyntaxError, nodes
from jinja2.lexer import Lexer
from jinja2.parser import Parser

from clank_story.story import parser
from clank_story.story.render import StoryProblem, compile_condition, compile_template
from clank_story.story.sandbox import StoryEnvironment, environment
from tests.story.test_lexer import FRAGMENTS, authored_texts, templates


def shape(value: Any) -> Any:
    """Everything about a tree that anything may read: each node's class, fields, line and environment,
    and each value's type (Jinja's `==` takes `Const(1)` for `Const(True)`)."""
    if isinstance(value, nodes.Node):
        return (type(value).__name__, value.lineno, value.environment,
                tuple((name, shape(getattr(value, name))) for name in value.fields))
    if isinstance(value, list):
        return ("list", tuple(shape(item) for item in value))
    return (type(value).__name__, value)


def jinja_environment() -> StoryEnvironment:
    env = StoryEnvironment()
    env.__dict__["lexer"] = Lexer(env)  # Jinja's own lexer, so nothing of ours is in the comparison
    return env


JINJA = jinja_environment()


def fast_lexer():
    lexer = environment().lexer
    lexer.prepare()
    return lexer


def jinja_template(source: str) -> Any:
    try:
        return shape(nodes.Template(Parser(JINJA, source).subparse(), lineno=1))
    except (TemplateSyntaxError, RecursionError) as e:
        return e


def jinja_condition(source: str) -> Any:
    try:
        reader = Parser(JINJA, source, state="variable")
        expr = reader.parse_expression()
    except (TemplateSyntaxError, RecursionError) as e:
        return e
    return shape(expr) if reader.stream.eos else SyntaxError(f"{reader.stream.current.value!r} after the condition")


def same_or_left_to_jinja(source: str) -> bool:
    """True when the fast parser read the template (and then its tree is Jinja's, and Jinja raises
    nothing); False when it left the text to Jinja."""
    tree = parser.template(fast_lexer(), source)
    if tree is None:
        return False
    assert shape(tree) == jinja_template(source), source
    return True


def same_condition_or_left_to_jinja(source: str) -> bool:
    expr = parser.expression(fast_lexer(), source)
    if expr is None:
        return False
    assert shape(expr) == jinja_condition(source), source
    return True


def test_every_authored_text_parses_to_jinjas_tree_as_a_template_and_as_a_condition():
    texts = authored_texts("book_of_secrets", "campaigns", "tests/data")
    assert len(texts) > 1000
    for text in texts:
        same_or_left_to_jinja(text)
        same_condition_or_left_to_jinja(text)


def test_every_template_and_condition_of_the_shipped_book_is_read_by_the_fast_parser():
    texts = authored_texts("book_of_secrets", "campaigns")
    templates_ = [t for t in texts if "{{" in t or "{%" in t]
    assert len(templates_) > 100
    assert [t for t in templates_ if not same_or_left_to_jinja(t)] == []
    conditions = [t for t in texts if not isinstance(jinja_condition(t), Exception)
                  and ("." in t or " " in t)]  # names and sentences that happen to read as expressions too
    assert len(conditions) > 100
    assert [t for t in conditions if not same_condition_or_left_to_jinja(t)] == []


GRAMMAR = [
    "Plain text only.",
    "Hello {{ me.name }}!\n{% if me.gold >= 3 %}Rich{% elif me.gold\n > 1 %}So-so{% else %}Poor{% endif %}\n",
    "{%- for p in players -%}\n  {{ p.name }}{% if not loop.last %}, {% endif %}\n{%- endfor %}",
    "{% for a, b in pairs if a recursive %}{{ a }}{% else %}none{% endfor %}",
    "{% set x = 1, 2 %}{% set y, z = x %}{{ y ~ z }}",
    "{{ a\n or b\n or c }}{{ a and\n b and c }}{{ not not a }}",
    "{{ a < b\n<= c != d in e not in f }}",
    "{{ 1 + 2 * 3 - 4 / 5 // 6 % 7 ** 8 ~ 'x' ~ -y + +z }}",
    "{{ -a.b | f }}{{ a | f(1, k=2) | g.h }}{{ a is divisibleby 3 }}{{ a is not defined }}{{ a is f(1) }}",
    "{{ a is sameas b.c[0] }}{{ a is defined and b }}{{ a is x or b }}{{ a is y and b if c else d }}",
    "{{ x if y else z if w }}{{ x if y }}",
    "{{ a.b.0[1]['c'] }}{{ a[1, 2] }}{{ a[] }}{{ f()(1)(k=2,) }}{{ f(1,) }}",
    "{{ (1, 2) }}{{ () }}{{ (a) }}{{ [1, [2], ] }}{{ [] }}{{ {'a': 1, 'b': {}, } }}{{ {} }}",
    "{{ 'a' 'b'\n'c' }}{{ 1.5 }}{{ true }}{{ None }}{{ False }}{{ 0x1F }}",
    "{{ a, b }}{{ a, }}",
    "{% if x: %}y{% endif %}",
    "{% if a %}{% for b in c %}{% if d %}{% else %}{% endif %}{% else %}{% endfor %}{% endif %}",
    "line 1\n\n{{ a\n.\nb }}\n{% if\nc\n%}\n{% endif\n%}",
]


@pytest.mark.parametrize("source", GRAMMAR)
def test_templates_that_use_every_part_of_the_fast_grammar_give_jinjas_trees(source):
    assert same_or_left_to_jinja(source)


@pytest.mark.parametrize("source", [
    "{{ a[1:2] }}", "{{ a[:] }}", "{{ f(*x) }}", "{{ f(**x) }}", "{{ f(k=1, 2) }}", "{% set ns.a = 1 %}",
    "{% set x %}block{% endset %}", "{% macro m() %}{% endmacro %}", "{% raw %}{{ x }}{% endraw %}",
    "{% for 1 in x %}{% endfor %}", "{% for true in x %}{% endfor %}", "{% for x.y in z %}{% endfor %}",
    "{% if a %}", "{% if a %}{% endfor %}", "{% endif %}", "{% else %}", "{{ }}", "{{ a b }}", "{% %}",
    "{{ a is b is c }}", "{{ a. }}", "{{ a.'b' }}", "{% if a %}{% else b %}{% endif %}", "{% if a %}{% endif b %}",
    "{% for a, in pairs %}{{ a }}{% endfor %}",  # Jinja reads `in` as a name here, and fails
    "{% with a = 1 %}{% endwith %}", "{% print a %}", "{% for in x %}{% endfor %}", "{{ a | }}",
])
def test_what_the_fast_parser_does_not_read_is_left_to_jinja(source):
    assert not same_or_left_to_jinja(source)


@pytest.mark.parametrize("source", ["me.gold >= 3", "a and b or not c", "x if y else z", "a | length > 2",
                                    "'s' in names", "flags.x is defined"])
def test_conditions_give_jinjas_expressions(source):
    assert same_condition_or_left_to_jinja(source)


@pytest.mark.parametrize("source", ["a = 1", "a b", "", "a,", "a )", "x[1:]"])
def test_conditions_the_fast_parser_does_not_read_are_left_to_jinja(source):
    assert not same_condition_or_left_to_jinja(source)


@settings(max_examples=2000, deadline=None)
@given(templates())
def test_the_templates_authors_write_give_jinjas_trees_or_jinjas_errors(source):
    same_or_left_to_jinja(source)  # an odd mix of tags is Jinja's to refuse: then the fast parser gave up


EXPRESSIONS = st.recursive(
    st.sampled_from(["a", "me.gold", "1", "2.5", "'s'", "true", "none", "players", "x.0", "f()"]),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from([" or ", " and ", " == ", " != ", " < ", " >= ", " in ", " not in ",
                                          " + ", " - ", " * ", " / ", " // ", " % ", " ** ", " ~ ", "\n+ "]), inner)
        .map("".join),
        inner.map(lambda e: f"not {e}"), inner.map(lambda e: f"-{e}"), inner.map(lambda e: f"({e})"),
        inner.map(lambda e: f"{e} | length"), inner.map(lambda e: f"{e} | plural('coin', k=2)"),
        inner.map(lambda e: f"{e} is defined"), inner.map(lambda e: f"{e} is not sameas 1"),
        inner.map(lambda e: f"{e}[0]"), inner.map(lambda e: f"{e}.name"), inner.map(lambda e: f"[{e}, 1]"),
        st.tuples(inner, inner, inner).map(lambda t: f"{t[0]} if {t[1]} else {t[2]}"),
        st.tuples(inner, inner).map(lambda t: f"f({t[0]}, k={t[1]})"),
    ),
    max_leaves=8,
)


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")  # the nested strategy's long repr
@settings(max_examples=1500, deadline=None)
@given(EXPRESSIONS)
def test_any_expression_of_the_fast_grammar_gives_jinjas_tree_in_a_template_and_as_a_condition(expr):
    """Every expression Jinja reads, the fast parser reads too (some of these Jinja refuses: `-not a`)."""
    # `if` takes no `x if y else z` unless in brackets
    source = "{{ " + expr + " }}{% if (" + expr + ") %}x{% elif (" + expr + ") %}{% endif %}"
    assert same_or_left_to_jinja(source) or isinstance(jinja_template(source), Exception)
    assert same_condition_or_left_to_jinja(expr) or isinstance(jinja_condition(expr), Exception)


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=30))
def test_any_text_gives_jinjas_tree_or_is_left_to_jinja(parts):
    same_or_left_to_jinja("".join(parts))
    same_condition_or_left_to_jinja("".join(parts))


def test_a_story_template_checked_with_the_fast_parser_renders_and_refuses_as_before():
    """The trees reach the sandbox's check and Jinja's compiler: a passage renders, a condition is
    judged, and an unknown name is refused, as with Jinja's parser."""
    from clank_story.story.render import evaluate, render

    compiled = compile_template("{% for p in players %}{{ p }}{% if not loop.last %}, {% endif %}{% endfor %}")
    assert render(compiled, {"players": ["Ann", "Bo"]}) == "Ann, Bo"
    with pytest.raises(StoryProblem):
        compile_template("{{ secret_name_nobody_defined }}")
    rich = compile_condition.__wrapped__("me.gold >= 3 and not me.name in ['Zed']")  # parsed afresh, not cached
    assert evaluate(rich, {"me": {"gold": 4, "name": "Ann"}}) is True
    assert evaluate(rich, {"me": {"gold": 2, "name": "Ann"}}) is False


def test_a_games_first_texts_are_parsed_by_jinja_and_count_once_towards_the_fast_paths_warm_up():
    """A game's start reads a handful of texts: neither the fast lexer's patterns are compiled for them
    nor is a text counted twice (once by our parser declining it, once by Jinja's)."""
    from clank_story.story.lexer import WARM_UP, StoryLexer

    env = StoryEnvironment()
    lexer = StoryLexer(env)
    env.__dict__["lexer"] = lexer
    for n in range(WARM_UP):
        source = "{{ me.name }} counts " + str(n) + " coins{% if me.gold > 2 %}, rich{% endif %}."
        assert parser.template(lexer, source) is None
        nodes.Template(Parser(env, source).subparse(), lineno=1)  # what render does then
    assert lexer.uses == WARM_UP and not lexer.built
    assert parser.template(lexer, "{{ me.name }}") is not None and lexer.uses == WARM_UP + 1
