"""Narrow text (printable ASCII and the one-cell characters narration uses) is wrapped by the standard
library's textwrap instead of wcwidth's cell wrapper, for speed (issue 20): the lines must be the same."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from clank_story.narrate import wrap

ALPHABET = sorted(wrap.ONE_CELL) + [wrap.NBSP] * 8 + [" "] * 12


def test_every_one_cell_character_is_one_cell_for_wcwidth_too():
    from wcwidth import wcwidth

    for char in wrap.ONE_CELL:
        assert wcwidth(char) == 1, f"U+{ord(char):04X}"
        assert unicodedata.east_asian_width(char) not in ("W", "F")


def _cell_wrapped(text: str, width: int, initial: str, subsequent: str) -> str:
    return "\n".join(wrap._wrapper(width, initial, subsequent).wrap(text)).replace(wrap.NBSP, " ")


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=300), st.integers(min_value=2, max_value=90),
       st.sampled_from([("", ""), ("  ", "    "), ("→ ", "  "), ("1. ", "   ")]))
def test_narrow_text_wraps_as_the_cell_wrapper_wraps_it(text, width, indents):
    initial, subsequent = indents
    if not wrap.narrow(initial + text + subsequent):  # a no-break space at a word's edge
        assert wrap.NBSP in text
        return
    width = max(width, len(initial) + 1, len(subsequent) + 1)
    assert wrap.fill(text, width, initial, subsequent) == _cell_wrapped(text, width, initial, subsequent)


def test_a_no_break_space_at_a_words_edge_goes_to_the_cell_wrapper():
    assert wrap.narrow("You take 1\u00a0damage.")
    assert not wrap.narrow("0\u00a0") and not wrap.narrow("a \u00a0b")
    assert wrap.fill("0\u00a0", 2) == _cell_wrapped("0\u00a0", 2, "", "")


def test_wide_text_is_not_narrow_and_is_measured_in_cells():
    assert not wrap.narrow("竜が目を覚ます")
    assert wrap.cells("竜が") == 4
    assert wrap.cells("Burgle ×4 — Rex") == len("Burgle ×4 — Rex")


WORD = st.text(alphabet=sorted(wrap.ONE_CELL - {" "}) + [wrap.NBSP] * 4, min_size=1, max_size=30)


@settings(max_examples=800, deadline=None)
@given(st.lists(WORD, min_size=1, max_size=40), st.integers(min_value=2, max_value=90),
       st.sampled_from([("", ""), ("  ", "    "), ("→ ", "  "), ("1. ", "   "), ("", "     ")]))
def test_single_spaced_words_wrap_as_textwrap_wraps_them(words, width, indents):
    """The quick greedy wrap of narration's usual text (words between single spaces) gives textwrap's
    lines, long words and all."""
    import textwrap

    initial, subsequent = indents
    text = " ".join(words)
    width = max(width, len(initial) + 1, len(subsequent) + 1)
    wrapper = textwrap.TextWrapper(width, initial_indent=initial, subsequent_indent=subsequent,
                                   break_long_words=False, break_on_hyphens=False)
    if not wrap.narrow(initial + text + subsequent):  # a word of no-break spaces is whitespace to textwrap
        return
    assert wrap._single_spaced(text)
    assert wrap._greedy(text, width, initial, subsequent) == wrapper.wrap(text)
    assert wrap.fill(text, width, initial, subsequent) == _cell_wrapped(text, width, initial, subsequent)


def test_the_one_cell_pattern_matches_exactly_the_characters_outside_one_cell():
    for code in range(0x10000):
        char = chr(code)
        assert (wrap._NOT_ONE_CELL.search(char) is None) == (char in wrap.ONE_CELL), f"U+{code:04X}"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=[chr(c) for c in range(0x80)] + [wrap.NBSP] * 10, max_size=60))
def test_ascii_with_no_break_spaces_is_measured_as_wcwidth_measures_it(text):
    """The quick measure of a beat's numbers (ASCII and no-break spaces) is the full one's."""
    from wcwidth import wcswidth

    if text.isascii() or wrap.ONE_CELL.issuperset(text):
        measured = len(text)
    else:
        n = wcswidth(text)
        measured = n if n >= 0 else len(text)
    assert wrap.cells(text) == measured
