"""README.md's quick start is what CI runs: `.ci/run` takes the test line out of README.md itself, and
both quick-start lines make their own virtual environment (a system Python that refuses `pip
install`, as Debian's and Ubuntu's do, never sees one)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parents[2]


def quick_start_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Quick start"):text.index("## Playing")]
    return [line[4:] for line in section.splitlines() if line.startswith("    ")]


def test_the_quick_start_is_two_lines_each_in_a_virtual_environment():
    play, tests = quick_start_lines()
    for line in (play, tests):
        assert line.startswith("python3 -m venv .venv && .venv/bin/python -m pip install ")
        assert " pip install" not in line.replace(".venv/bin/python -m pip install", "")
    assert play.endswith(".venv/bin/clank-story play")
    assert tests.endswith(".venv/bin/python -m pytest")


def test_ci_runs_the_readme_test_line_itself():
    """.ci/run names README's test line, refuses to go on if README says another, and runs each of its
    commands as written."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    start = ci.index('readme_line="') + len('readme_line="')
    named = ci[start:ci.index('"\n', start)]
    assert named == quick_start_lines()[1]
    assert 'grep -qxF "    $readme_line" README.md' in ci
    ran = [line for line in ci.splitlines() if not line.startswith((" ", "#", "readme_line", "if", "fi"))]
    assert [step.strip() for step in named.split("&&")] == [line for line in ran if line in named]
