"""Content roots are read with libyaml where that reading is ruamel's (content/yamlfast.py, `read_alike`):
the same values of the same kinds at the same positions, or the same diagnostics, as ruamel gives; a
file the fast reading cannot vouch for is read by ruamel."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clank_story.content import yamlfast, yamlio
from clank_story.content.diagnostics import ContentError
from clank_story.content.yamlfast import is_literal

ROOT = Path(__file__).resolve().parents[2]


def kind(value) -> str:
    if is_literal(value):
        return "literal"
    for name, types in (("bool", bool), ("int", int), ("float", float), ("text", str)):
        if isinstance(value, types):
            return name
    return "null" if value is None else type(value).__name__


def position(lc, at) -> tuple | None:
    try:
        pos = lc(at)
    except KeyError:  # a key merged in by `<<` (only ruamel reads a merge)
        return None
    return None if pos is None else tuple(pos)


def reading(text: str, fast: bool) -> list:
    """Every value with its kind and every key and item with its positions; or the diagnostics."""
    try:
        node = (fast and yamlfast.read_alike(text, "t.yaml")) or yamlio.load_text(text, "t.yaml")
    except ContentError as e:
        return ["error", *[str(d) for d in e.diagnostics]]
    out: list = []

    def walk(value, where: str) -> None:
        lc = getattr(value, "lc", None)
        if isinstance(value, dict):
            out.append((where, "map", lc.line, lc.col))
            for k in value:
                out.append((where, "key", kind(k), k, position(lc.key, k), position(lc.value, k)))
                walk(value[k], f"{where}/{k}")
        elif isinstance(value, list):
            out.append((where, "list", lc.line, lc.col))
            for i, item in enumerate(value):
                out.append((where, "item", i, position(lc.item, i)))
                walk(item, f"{where}[{i}]")
        elif kind(value) in ("literal", "bool", "int", "float", "text", "null"):
            out.append((where, kind(value), "nan" if isinstance(value, float) and math.isnan(value) else value))
        else:  # ruamel's own kinds (a tagged scalar, a date): only ruamel reads these
            out.append((where, kind(value), repr(value)))

    walk(node.value, "")
    return out


def test_every_yaml_file_of_the_project_reads_alike_and_the_shipped_content_takes_the_fast_reading():
    files = [p for p in [*ROOT.glob("campaigns/**/*.yaml"), *ROOT.glob("book_of_secrets/**/*.yaml"),
                         *ROOT.glob("tests/data/**/*.yaml")]]
    assert len(files) > 100
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        assert reading(text, fast=True) == reading(text, fast=False), path
    core = [p for p in (ROOT / "campaigns" / "core").rglob("*.yaml") if "locale" not in p.parts]
    assert core and all(yamlfast.read_alike(p.read_text(encoding="utf-8"), str(p)) is not None for p in core)


SCALARS = [  # tags and `=` are left to the examples below (ruamel warns about them)"012", "+12", "-0", "0o17", "0x1F", "0X1F", "0b101", "1_000", ".inf", "-.inf", "+.inf", "+.Inf",
           ".NaN", "1e3", "1E3", "1.", "+.5", ".5", ".5e3", ".5e+3", "1.5e-3", "1_0.5", "null", "~", "Null", "",
           "true", "True", "yes", "no", "on", "2024-01-01", "2001-12-14t21:59:43.10-05:00", "1:30", "<<",
           "<b>", "= x", "0", "00", "-012", "0o", "0x", "1e", "e3", "+", ".", "1.2.3", "0777", "09", "+0x1F",
           "1__0", "1_", "0.", "inf", "NaN", "12:30:00", "+1 gold", "10-15", "3 coins", "-1", "1 2",
           "'quoted 12'", '"0x1F"', "|\n  block\n",
           ">\n  folded\n  text\n", "The end.", "no way", "-.5", "1.5e3x"]


KEYS = ["a", "b", "12", "'12'", "k k", "<<", "true", "? x"]


@st.composite
def documents(draw, depth: int = 0) -> str:
    """A block mapping or list of scalars, flow collections and nested blocks, with comments and blanks."""
    indent = "  " * depth
    lines = []
    as_list = draw(st.booleans())
    for _ in range(draw(st.integers(0 if depth else 1, 4))):
        head = f"{indent}- " if as_list else f"{indent}{draw(st.sampled_from(KEYS))}:"
        shape = draw(st.sampled_from(["scalar", "scalar", "flow", "nested"] if depth < 2 else ["scalar", "flow"]))
        if shape == "scalar":
            lines.append(f"{head} {draw(st.sampled_from(SCALARS))}".rstrip(" ") if not as_list
                         else head + draw(st.sampled_from(SCALARS)))
        elif shape == "flow":
            items = ", ".join(draw(st.lists(st.sampled_from(["1", "x", "'q'", "1.5", "~", "[]", "{}", "{a: 2}"]),
                                            max_size=3)))
            lines.append(f"{head} " + draw(st.sampled_from([f"[{items}]", "{" + items.replace("'q'", "q: 1") + "}"])))
        else:
            lines.append(head.rstrip() if not as_list else f"{indent}-")
            lines.append(draw(documents(depth + 1)))
        if draw(st.integers(0, 4)) == 0:
            lines.append(draw(st.sampled_from(["", "# a comment", f"{indent}# indented comment"])))
    return "\n".join(lines)


@settings(max_examples=600, deadline=None)
@given(documents())
def test_a_file_reads_the_same_with_and_without_the_fast_reading(text):
    assert reading(text + "\n", fast=True) == reading(text + "\n", fast=False)


@pytest.mark.parametrize("text", [
    "%YAML 1.1\n---\na: yes\n",  # a directive changes ruamel's rules
    "a: 1\n---\nb: 2\n",  # two documents
    "a:\nb: 1\n",  # an empty value: ruamel places it elsewhere
    "a: &x 1\nb: *x\n",
    "a: &x 1\n",
    "a: !!str 12\n",
    "a: !!int '12'\n",
    "a: !tag x\n",
    "a: =\n",
    "a: 1_000\n",
    "a: 2024-01-01\n",
    "<<: {b: 1}\n",
    "a: 1\na: 2\n",  # a duplicate key: ruamel words the error
    "12: x\n",
])
def test_what_the_fast_reading_cannot_vouch_for_is_read_by_ruamel(text):
    assert yamlfast.read_alike(text, "t.yaml") is None
    assert reading(text, fast=True) == reading(text, fast=False)
