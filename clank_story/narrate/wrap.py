"""Text wrapped to a width in terminal cells (DESIGN.md §7): East Asian wide characters count two,
lines break only between words, and Japanese (or Chinese) text, which has no spaces, breaks between
characters but never before closing punctuation or small kana, nor after opening brackets.

Widths come from `wcwidth` (the library prompt_toolkit itself measures with); its `SequenceTextWrapper`
is the standard library's `textwrap` measured in cells, so text without wide characters wraps exactly
as `textwrap` would (the golden transcripts, wrapped at 78, stay byte for byte the same). What we add
is where a run of wide characters may break."""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import textwrap

WIDTH = 78  # piped output, scripts and transcripts: the same bytes whatever the terminal
NBSP = "\u00a0"  # holds a number and its word together ("1 damage"); printed as a plain space

# Characters a line may not start with (Japanese kinsoku shori), beyond Unicode's closing punctuation
# (categories Pe, Pf): small kana, iteration marks, the long-vowel mark, commas and stops.
NO_BREAK_BEFORE = frozenset(
    "、。，．・：；？！ー…‥〜～゠ゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
    ")]}.,;:!?%" + NBSP)
NO_BREAK_AFTER = frozenset("([{" + NBSP)  # beyond opening punctuation (categories Ps, Pi)

# Characters one cell wide, neither wide nor combining, that English and Portuguese narration uses
# beside printable ASCII: Latin-1 and Latin Extended-A letters, dashes, quotes, arrows, the
# multiplication sign, box drawing, a tick. Text made only of these is measured by its length and
# wrapped by the standard library's textwrap, without importing wcwidth (tests/narrate check that
# wcwidth gives each of them one cell and that both wrappers give the same lines).
ONE_CELL = frozenset(
    [chr(c) for c in (*range(0xA0, 0x180), *range(0x2010, 0x2028), *range(0x2030, 0x203F), *range(0x2190, 0x219A),
                      0x2212, *range(0x2500, 0x2580), 0x25B8, 0x2713, 0x2717) if c != 0xAD]  # not the soft hyphen
    + [chr(c) for c in range(0x20, 0x7F)])


def _ranges(chars: frozenset[str]) -> str:
    """A regular expression's class body for `chars`, as ranges of code points."""
    points = sorted(map(ord, chars))
    out, start = [], points[0]
    for before, point in itertools.pairwise([*points, -1]):
        if point != before + 1:
            out.append(f"\\u{start:04x}-\\u{before:04x}")
            start = point
    return "".join(out)


# A character that is not ONE_CELL: one C scan of the text, where `ONE_CELL.issuperset(text)` looks up
# every character in a set (most of measuring a line, issue 20).
_NOT_ONE_CELL = re.compile(f"[^{_ranges(ONE_CELL)}]")


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _no_break_before(char: str) -> bool:
    return char in NO_BREAK_BEFORE or unicodedata.category(char) in ("Pe", "Pf")


def _no_break_after(char: str) -> bool:
    return char in NO_BREAK_AFTER or unicodedata.category(char) in ("Ps", "Pi")


def break_units(word: str) -> list[str]:
    """A word (no spaces) cut where a line may break inside it: next to a wide character, unless the
    next one may not start a line or this one may not end it. A word of narrow characters is whole."""
    if word.isascii():
        return [word]
    units = [word[0]]
    for before, char in itertools.pairwise(word):
        if (_wide(before) or _wide(char)) and not _no_break_before(char) and not _no_break_after(before):
            units.append(char)
        else:
            units[-1] += char
    return units


@functools.cache
def _wrapper_class() -> type:
    from wcwidth import SequenceTextWrapper

    class CellWrapper(SequenceTextWrapper):  # type: ignore[misc, valid-type]
        def _split(self, text: str) -> list[str]:
            out: list[str] = []
            for chunk in super()._split(text):
                out.extend(break_units(chunk) if chunk.strip() else [chunk])
            return out

    return CellWrapper


@functools.lru_cache(maxsize=64)
def _wrapper(width: int, initial: str, subsequent: str):
    options = {"initial_indent": initial, "subsequent_indent": subsequent, "break_long_words": False,
               "break_on_hyphens": False, "control_codes": "ignore"}
    try:  # wcwidth 0.9 breaks lines by Unicode's rules (after a dash, say) unless told to break as textwrap does
        return _wrapper_class()(width, line_break="ascii", **options)
    except TypeError:  # an older wcwidth breaks as textwrap does, and knows no `line_break`
        return _wrapper_class()(width, **options)


@functools.lru_cache(maxsize=64)
def _narrow_wrapper(width: int, initial: str, subsequent: str) -> textwrap.TextWrapper:
    import textwrap  # a line that fits, the common case, needs no wrapper

    return textwrap.TextWrapper(width, initial_indent=initial, subsequent_indent=subsequent, break_long_words=False,
                                break_on_hyphens=False)


def narrow(text: str) -> bool:
    """Only ONE_CELL characters: a character is a cell, no word breaks inside, nothing to skip. The
    standard library's `textwrap` wraps such text exactly as the cell wrapper does, several times
    faster, and without importing wcwidth (about 30 ms of start-up). A no-break space must stand
    inside a word ("1 damage"): at a word's edge the cell wrapper takes it for a space."""
    return not _NOT_ONE_CELL.search(text) and (NBSP not in text or not _LOOSE_NBSP.search(text))


def _one_cell(text: str, spaced: str) -> bool:
    """Whether every character of `text` is ONE_CELL (`spaced` is `text` with its no-break spaces made
    plain). Printable ASCII and Latin-1, most narration, are told by C calls (a printable Latin-1 text
    encodes as Latin-1), without the pattern's scan of every character (issue 20); neither holds a
    whitespace character other than a space."""
    if not spaced.isprintable():
        return False
    if spaced.isascii():
        return True
    try:
        spaced.encode("latin-1")
    except UnicodeEncodeError:
        return not _NOT_ONE_CELL.search(text)
    return True


def cells(text: str) -> int:
    """How many terminal cells `text` takes (a wide character two, a combining mark none)."""
    if text.isascii() or _printable_ascii(text.replace(NBSP, " ")) or not _NOT_ONE_CELL.search(text):
        return len(text)  # printable ASCII with no-break spaces (a beat's numbers) told by C calls alone
    from wcwidth import wcswidth

    n = wcswidth(text)
    return n if n >= 0 else len(text)


def _printable_ascii(text: str) -> bool:
    return text.isascii() and text.isprintable()


def _plain(text: str) -> bool:
    """Text textwrap would give back as it is when it fits: no other whitespace than single-line
    spaces, and none at the end."""
    return bool(text) and not text[-1].isspace() and not _OTHER_SPACE.search(text)  # a last non-space: not blank


def fill(text: str, width: int = WIDTH, initial: str = "", subsequent: str = "") -> str:
    """One paragraph wrapped to `width` cells; a word longer than the line stands alone, whole.
    No-break spaces hold while wrapping and come out as plain spaces."""
    if not initial and not subsequent:
        quick = quick_fill(text, width)
        if quick is not None:
            return quick
    return _filled(text, width, initial, subsequent)


def _filled(text: str, width: int, initial: str, subsequent: str) -> str:
    """`fill` for text the quick fill declined (or with an indent)."""
    width = max(width, cells(subsequent) + 1, cells(initial) + 1, 2) if initial or subsequent else max(width, 2)
    if _plain(text) and cells(initial + text) <= width:  # the common case, without the wrapper
        return (initial + text).replace(NBSP, " ")
    if not narrow(initial + text + subsequent):
        return "\n".join(_wrapper(width, initial, subsequent).wrap(text)).replace(NBSP, " ")
    lines = _greedy(text, width, initial, subsequent) if _single_spaced(text) else None
    if lines is None:
        lines = _narrow_wrapper(width, initial, subsequent).wrap(text)
    return "\n".join(lines).replace(NBSP, " ")


def quick_fill(text: str, width: int) -> str | None:
    """`fill` with no indent (most narration) for text of one-cell characters: it fits by its length, or
    single-spaced, wraps greedily; None for anything else. Told by C calls, where the general path
    scanned every character with three patterns (each about 5 k instructions a sentence, issue 20)."""
    if not text or text[-1] == " ":
        return None
    if NBSP in text:  # (substring tests: the `_LOOSE_NBSP` scan took more instructions)
        if text[0] == NBSP or text[-1] == NBSP or _SPACE_NBSP in text or _NBSP_SPACE in text:
            return None  # a no-break space at a word's edge: the cell wrapper's to tell (`narrow`)
        spaced = text.replace(NBSP, " ")
    else:
        spaced = text
    if not (spaced.isascii() and spaced.isprintable()) and not _one_cell(text, spaced):  # ASCII: no call
        return None
    if width < 2:
        width = 2
    if len(text) <= width:
        return spaced
    if text[0] != " " and "  " not in text:
        return "\n".join(_greedy(text, width, "", "")).replace(NBSP, " ")
    return None


def _single_spaced(text: str) -> bool:
    """Words between single spaces, none at either end, no other whitespace textwrap knows."""
    return _plain(text) and text[0] != " " and "  " not in text


def _greedy(text: str, width: int, initial: str, subsequent: str) -> list[str]:
    """What `textwrap` makes of single-spaced narrow text (`_single_spaced`, `narrow`): words added to a
    line while they fit, a word too long for any line alone on its own, the spaces at the breaks
    dropped. The same lines, without cutting the text into chunks and putting them back (a third of
    narration's time was textwrap, issue 20); `tests/repl/test_wrap_narrow.py` checks both agree."""
    lines: list[str] = []
    indent, room = initial, width - len(initial)
    while len(text) > room:
        cut = text.rfind(" ", 0, room + 1)  # the last break that leaves the line no longer than the room
        if cut < 0:  # the first word is longer than the line: it stands alone, whole
            cut = text.find(" ")
            if cut < 0:
                break
        lines.append(indent + text[:cut])
        text = text[cut + 1:]
        indent, room = subsequent, width - len(subsequent)
    lines.append(indent + text)
    return lines


def paragraphs(text: str, width: int = WIDTH) -> str:
    """Each line of `text` a paragraph of its own, wrapped (one line, most narration, by the quick fill
    when it can)."""
    if "\n" not in text:
        quick = quick_fill(text, width)
        return quick if quick is not None else _filled(text, width, "", "")
    return "\n".join(fill(p, width) for p in text.split("\n"))


_SPACE_NBSP, _NBSP_SPACE = " " + NBSP, NBSP + " "
_OTHER_SPACE = re.compile("[\t\n\r\x0b\x0c]")  # whitespace textwrap turns into spaces
_LOOSE_NBSP = re.compile(f"(?:^| ){NBSP}|{NBSP}(?: |$)")
_PREFIX = re.compile(r"^\s*(?:\d+[.)]\s+|[^\w\s(\"'`“‘«\[][^\w]*?\s+)?")


def hanging(line: str, width: int = WIDTH) -> str:
    """A line too long for `width` wrapped under its own text: `  → Tollbury — 1 Boot` or
    `  2. Toss in a coin` continue under `Tollbury` and `Toss`; a plain indented line under itself."""
    if cells(line) <= width:
        return line
    prefix = _PREFIX.match(line)
    lead = prefix.group(0) if prefix else ""
    hang = cells(lead)
    if hang > width // 2:
        hang = cells(line) - cells(line.lstrip())
    return fill(line[len(lead):], width, lead, " " * hang)


def fit(text: str, width: int) -> str:
    """Every line of `text` that is wider than `width` wrapped (`hanging`); the others as they are,
    so text already wrapped to the width comes out unchanged."""
    return "\n".join(hanging(line, width) for line in text.split("\n"))
