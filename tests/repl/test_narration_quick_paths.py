"""The quicker ways narration is told since the sixth replay pass (issue 20) say exactly what the slower
ways said: wrapping with no indent told by C calls, templates filled by `str.format_map`, card lists
and numbers kept once told, a kind's variants kept per narrator. (Every shipped variant, now mostly
filled by `format_map`, is rendered against Jinja in tests/repl/test_prose_template.py.)"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from clank_story.narrate import prose, wrap
from clank_story.narrate.prose import ProseNarrator
from clank_story.narrate.template import compile_template
from clank_story.words import LANGUAGES, say, speaking


def _cell_wrapped(text: str, width: int, initial: str, subsequent: str) -> str:
    return "\n".join(wrap._wrapper(width, initial, subsequent).wrap(text)).replace(wrap.NBSP, " ")


# one-cell characters, and the ones that are not: controls and other whitespace, the soft hyphen,
# Latin Extended-B, wide kana, a combining accent, a line separator
ODD = ["\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x7f", "\x85", "\x9f", "\xad", "\u0180", "\u01c4", "あ", "竜",
       "\u0301", "\u2028", "\u3000", "\u2014", "\u2019"]
MIXED = sorted(wrap.ONE_CELL) + [wrap.NBSP] * 6 + [" "] * 12 + ODD * 2


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=MIXED, max_size=120))
def test_one_cell_text_is_told_by_c_calls_as_the_pattern_tells_it(text):
    assert wrap._one_cell(text, text.replace(wrap.NBSP, " ")) == (not wrap._NOT_ONE_CELL.search(text))


@settings(max_examples=800, deadline=None)
@given(st.text(alphabet=MIXED, min_size=0, max_size=240), st.integers(min_value=-1, max_value=90))
def test_a_paragraph_with_no_indent_wraps_quickly_as_the_cell_wrapper_wraps_it(text, width):
    quick = wrap.quick_fill(text, width)
    if quick is not None:  # the quick way speaks only for text the cell wrapper wraps the same
        assert quick == _cell_wrapped(text, max(width, 2), "", "")


def test_the_quick_way_leaves_what_it_cannot_tell_to_the_general_one():
    assert wrap.quick_fill("", 78) is None
    assert wrap.quick_fill("ends in a space ", 78) is None
    assert wrap.quick_fill("a \u00a0loose no-break space", 78) is None
    assert wrap.quick_fill("竜が目を覚ます", 78) is None
    assert wrap.quick_fill("tab\there", 78) is None
    assert wrap.quick_fill("Burgle ×4 — and 1\u00a0damage", 78) == "Burgle ×4 — and 1 damage"


def _filters_and_globals() -> tuple[dict, dict]:
    return prose._filters(), prose._globals()


def test_a_template_of_text_and_names_is_filled_by_format_map_and_keeps_its_braces():
    render = compile_template("You play {{ cards }} {not a field}.", *_filters_and_globals())
    assert render is not None and render({"cards": "Burgle ×2"}) == "You play Burgle ×2 {not a field}."
    assert render({"cards": 3}) == "You play 3 {not a field}."  # printed as str() prints it
    for missing in ({}, {"card": "x"}):  # a missing name raises, as Jinja's StrictUndefined does
        try:
            render(missing)
        except KeyError:
            continue
        raise AssertionError("a missing name was filled in")


def test_a_name_that_is_a_global_is_not_a_field():
    render = compile_template("{{ plural }}", *_filters_and_globals())
    assert render is not None and render({}).startswith("<function")  # the global itself, as Jinja prints it


def test_a_card_list_told_from_memory_is_the_list_told_afresh():
    from clank_story.content.scenario import load_scenario
    from clank_story.table.session import Session

    game = Session.start(load_scenario(ruleset="classic", seats=[{"name": "Ana"}], seed=1)).game
    narrator = ProseNarrator(1)
    rng = random.Random(5)
    ids = list(game.ruleset.cards)
    for _ in range(300):
        hand = [rng.choice(ids[:8]) for _ in range(rng.randint(0, 6))]
        with speaking(rng.choice(LANGUAGES)):
            fresh = ProseNarrator(1)
            assert narrator.cards(game, hand) == fresh.cards(game, hand)


def test_a_number_told_from_memory_is_the_number_said_afresh():
    rng = random.Random(3)
    for _ in range(400):
        key, n = rng.choice(prose.NUMBER_KEYS), rng.randint(-6, 12)
        with speaking(rng.choice(LANGUAGES)):
            said = say(f"narrate.num.{key}") if key in ("reshuffled", "clank_empty") else say(f"narrate.num.{key}", n=n)
            assert prose._number(key, n) == said.replace(" ", wrap.NBSP)


def test_a_kinds_variants_follow_the_narrators_words():
    narrator = ProseNarrator(1)
    first = narrator.render("turn", {"turn": 2, "player": "Rex"}, False)
    assert "2" in first
    narrator.prose = {**narrator.prose, "turn": ["Round {{ turn }} for {{ player }}"]}
    assert narrator.render("turn", {"turn": 2, "player": "Rex"}, False) == "Round 2 for Rex"


SETTLING = ["a", "b", "é", "字", " ", "  ", "\t", "\n", "\xa0", "\u3000", "\u2028", "\x00", "\xad", ".", "..", "...",
            "?", "!"]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(SETTLING), max_size=14).map("".join))
def test_a_sentence_is_settled_as_splitting_joining_and_tidying_would_settle_it(text):
    from clank_story.narrate.lines import tidy

    settled = tidy(" ".join(text.split()))  # what a rendered sentence becomes (ProseNarrator.render)
    assert prose._settled(text) == settled
