"""Every diagnostic code has a failing example and a passing one (tests/data/lint/CODE/bad and good):
the failing one reports the code, the passing one — the same content, corrected — reports nothing.

Play-time codes (BS2xx) are found by `book preview` of the passage named in the folder's PREVIEW file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clank_story.authoring.lint import lint
from clank_story.authoring.preview import preview
from clank_story.content.diagnostics import Diagnostic

ROOT = Path(__file__).resolve().parents[1] / "data" / "lint"
CODES = sorted(p.name for p in ROOT.iterdir() if p.is_dir())
# Codes the loaders name but cannot reach from any content today (kept for the shared field and
# effect checks): no Book of Secrets field has a fixed list of values (BS012), and passages may use
# every effect, story or not (BS104). The test below fails if one becomes reachable without a fixture.
UNREACHABLE = {"BS012": "no book field has a fixed list of values",
               "BS104": "passages and contracts may use every effect"}
SOURCES = [Path(__file__).resolve().parents[2] / "clank_story" / sub for sub in ("content", "story", "authoring")]
SOURCES.append(Path(__file__).resolve().parents[2] / "clank_story" / "campaign" / "definition.py")


def diagnostics(folder: Path) -> list[Diagnostic]:
    marker = folder / "PREVIEW"
    if marker.exists():
        return preview(marker.read_text().strip(), book=folder / "book").diagnostics
    return lint([folder]).diagnostics


@pytest.mark.parametrize("code", CODES)
def test_the_failing_example_reports_its_code(code):
    found = diagnostics(ROOT / code / "bad")
    assert code in {d.code for d in found}, "\n".join(map(str, found))
    mine = next(d for d in found if d.code == code)
    assert re.match(rf"^\S+:\d+:\d+: (error|warning)\[{code}\]: \S", str(mine))
    from clank_story.authoring.codes import CODES as LINT_CODES

    if code in LINT_CODES:
        assert mine.severity == LINT_CODES[code].severity


@pytest.mark.parametrize("code", CODES)
def test_the_passing_example_reports_nothing_at_all(code):
    found = diagnostics(ROOT / code / "good")
    assert found == [], "\n".join(map(str, found))


def emittable_codes() -> set[str]:
    """Every code the loaders, the story layer, the definition loader and the linter can report."""
    found: set[str] = set()
    for source in SOURCES:
        files = [source] if source.is_file() else sorted(source.rglob("*.py"))
        for f in files:
            found |= set(re.findall(r'"((?:CT|CD|BD|SC|BS|LN)\d{3})"', f.read_text(encoding="utf-8")))
    return found


def test_every_code_that_can_be_reported_has_both_examples():
    missing = emittable_codes() - set(CODES) - set(UNREACHABLE)
    assert not missing, f"add tests/data/lint/CODE/bad and good for: {sorted(missing)}"
    assert not set(UNREACHABLE) & set(CODES), "a code listed as unreachable has fixtures now: drop it from the list"


def test_every_code_that_can_be_reported_is_documented():
    text = (Path(__file__).resolve().parents[2] / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| ((?:[A-Z]{2})\d{3}) \|", text, re.M))
    assert emittable_codes() <= documented, sorted(emittable_codes() - documented)


def test_the_linters_own_codes_are_all_documented_with_their_severity():
    from clank_story.authoring.codes import CODES as LINT_CODES

    text = (Path(__file__).resolve().parents[2] / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    for code, info in LINT_CODES.items():
        assert re.search(rf"^\| {code} \| {info.severity} \|", text, re.M), code
