"""story/treewalk.py: the quick child walk must give exactly what Jinja's own does."""

from __future__ import annotations

from jinja2 import nodes

from clank_story.story.render import _template_tree, compile_template
from clank_story.story.sandbox import environment
from clank_story.story.treewalk import children

SOURCES = [
    "plain text",
    "{% for p in players if p.gold > 1 %}{{ p.name }}{% else %}nobody{% endfor %}",
    "{% if me.gold >= 3 %}{{ me.gold | plural('coin') }}{% elif me.clank %}x{% else %}y{% endif %}",
    "{% set xs = [1, (2, 3), {'a': me.gold}] %}{{ xs[0] ~ 'b' }}{{ campaign.flags.get('saw', false) }}",
    "{{ game.turn if game.turn is even else -game.turn }}{{ (1 + 2) * 3 // 4 ** 2 }}",
]


def walk_ours(node: nodes.Node) -> list[nodes.Node]:
    return [node, *[n for child in children(node) for n in walk_ours(child)]]


def walk_jinjas(node: nodes.Node) -> list[nodes.Node]:
    return [node, *[n for child in node.iter_child_nodes() for n in walk_jinjas(child)]]


def test_the_quick_walk_visits_the_same_nodes_in_the_same_order_as_jinjas():
    for source in SOURCES:
        tree = environment().parse(source)
        assert [id(n) for n in walk_ours(tree)] == [id(n) for n in walk_jinjas(tree)], source


def test_a_checked_tree_is_the_tree_jinja_parses_without_its_environment_walk():
    for source in SOURCES:
        ours, jinjas = _template_tree(environment(), source), environment().parse(source)
        assert ours == jinjas  # nodes compare by their fields
        assert ours.body[0].environment is None and jinjas.body[0].environment is environment()


def test_a_template_checked_without_the_environment_still_renders():
    compiled = compile_template.__wrapped__("{% for n in [1, 2] %}{{ n | string }}{% endfor %}")
    assert compiled.runner().render() == "12"


def test_the_fields_the_walk_skips_never_hold_a_node_in_the_shipped_book():
    from clank_story.story.book import shipped_book, shipped_campaign_cards
    from clank_story.story.passages import load_book

    book = load_book(shipped_book(), cards=shipped_campaign_cards(), cache=False)
    sources = [s for p in book.passages.values() for k, s in p.sources.items() if not k.endswith(".if")]
    assert len(sources) > 50
    for source in sources:
        tree = environment().parse(source)
        assert [id(n) for n in walk_ours(tree)] == [id(n) for n in walk_jinjas(tree)], source


def test_the_quick_walk_matches_jinjas_over_every_authored_text_and_every_grammar_case():
    from tests.story.test_lexer import authored_texts
    from tests.story.test_parser import GRAMMAR

    checked = 0
    for source in [*authored_texts("book_of_secrets", "campaigns", "tests/data"), *GRAMMAR, *SOURCES]:
        try:
            tree = environment().parse(source)
        except Exception:
            continue  # not a template
        assert [id(n) for n in walk_ours(tree)] == [id(n) for n in walk_jinjas(tree)], source
        checked += 1
    assert checked > 1000
