"""The cache of compiled regular expressions (cli/patterncache.py, issue 20): a pattern served from it
matches exactly as one compiled afresh, a pattern whose reading warns is never kept (so the warning
is given on every run), and the cache stays out of the way where it would not compile as `re` does
(the file itself: tests/cli/test_bytecaches.py)."""

from __future__ import annotations

import marshal
import re

import pytest
from cachechild import child

from clank_story.cli import patterncache

PATTERNS = [
    (r"(?P<verb>[a-z]+)\s+(?P<n>\d+)?", 0, ["buy 3", "look", "BUY 3", "  x"]),
    (r"""
        ^ (\w+)      # a word
        \s* = \s*    # then an equals sign
        (.*) $       # the rest
     """, re.X | re.I | re.M, ["a = b\nC=d", "=x", "ÄÖ = ü"]),
    (r"[—│·→✓]+|\x1b\[[\d;]*m", 0, ["a — b", "\x1b[1;31mred", "plain"]),
    (rb"[\x00-\x1f]+(?P<tail>.)", 0, [b"\x01\x02z", b"abc"]),
    (r"(a)|(?P<b>b)(?(1)x|y)", 0, ["a", "by", "bx"]),
]


def _same(cached: re.Pattern, fresh: re.Pattern, samples: list) -> None:
    assert (cached.pattern, cached.flags, cached.groups, cached.groupindex) == \
           (fresh.pattern, fresh.flags, fresh.groups, fresh.groupindex)
    for text in samples:
        assert [(*m.groups(), m.span()) for m in cached.finditer(text)] == \
               [(*m.groups(), m.span()) for m in fresh.finditer(text)], text
        assert cached.sub(lambda m: m.group(0)[:1] * 2, text) == fresh.sub(lambda m: m.group(0)[:1] * 2, text)


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch):
    """The cache in front of `re`'s compiler for this test only, starting empty."""
    monkeypatch.setattr(patterncache, "_programs", {})
    monkeypatch.setattr(patterncache, "_used", set())
    monkeypatch.setattr(patterncache, "_fresh", set())
    if patterncache._original is None:
        monkeypatch.setattr(patterncache, "_original", re._compiler.compile)
    monkeypatch.setattr(re._compiler, "compile", patterncache._compile)


@pytest.mark.parametrize(("source", "flags", "samples"), PATTERNS)
def test_a_pattern_served_from_the_cache_matches_as_one_compiled_afresh(served, source, flags, samples):
    kept = patterncache._compile(source, flags)  # remembered now...
    assert patterncache._fresh == {(source, flags)}
    served_again = patterncache._compile(source, flags)  # ...and served from what was remembered
    fresh = patterncache._original(source, flags)
    for pattern in (kept, served_again):
        _same(pattern, fresh, samples)


def test_a_damaged_program_is_compiled_afresh(served):
    source = r"(\d+) gold"
    patterncache._programs[(source, 0)] = marshal.dumps((32, [1, 2, 3], 0, {}, (None,)))  # the engine refuses it
    pattern = patterncache._compile(source, 0)
    assert pattern.match("12 gold").group(1) == "12"
    assert marshal.loads(patterncache._programs[(source, 0)])[1] != [1, 2, 3], "and the right one kept"
    patterncache._programs[(source, re.I)] = b"not marshal data"
    assert patterncache._compile(source, re.I).match("3 GOLD")


def test_the_debug_flag_and_parsed_patterns_go_to_re_as_always(served):
    patterncache._compile("a+", re.DEBUG)
    scanner = re.Scanner([(r"\d+", lambda s, t: int(t)), (r"\s+", None)])  # hands re a parsed pattern
    assert scanner.scan("1 22 333") == ([1, 22, 333], "")
    assert patterncache._programs == {}


def test_a_pattern_whose_reading_warns_is_never_kept_and_warns_on_every_run(tmp_path):
    program = """
        import warnings
        warnings.simplefilter("always")
        {load}
        import re
        re.compile("[[a-z]x]")  # a possible nested set
        print([k[0] for k in patterncache._fresh if k[0] == "[[a-z]x]"])
    """
    served = program.replace("{load}", "import clank_story.cli; from clank_story.cli import patterncache")
    runs = [child(tmp_path, served) for _ in range(2)]
    plain = child(tmp_path, program.replace("{load}", "patterncache = type('', (), {'_fresh': []})"))
    assert "FutureWarning: Possible nested set at position 1" in plain.stderr
    for run in runs:
        assert run.stdout.split() == ["['[[a-z]x]']"], "compiled afresh each time"
        assert run.stderr == plain.stderr, "the same warning, pointing at the same line, as without the cache"


def test_the_cache_is_used_only_where_it_compiles_as_re_does(monkeypatch):
    """Another Python whose compiler or engine differs from the steps the cache copies (here: those
    steps made to write another program, or to fail) leaves `re` alone rather than serve programs `re`
    would not have written."""
    assert patterncache._same_as_re()
    real = patterncache._program

    def other(parsed, flags):
        flags_, code, groups, index, names = real(parsed, flags)
        return flags_, [*code[:-1], 0, 1], groups, index, names

    monkeypatch.setattr(patterncache, "_program", other)
    assert not patterncache._same_as_re()
    monkeypatch.setattr(patterncache, "_program", lambda parsed, flags: (0, [], 0, {}))
    assert not patterncache._same_as_re()
