"""`book graph` and `board show --format svg`: the story's links as DOT, Mermaid or SVG (Graphviz when
it is installed, and a sentence saying how to install it when it is not)."""

from __future__ import annotations

import os
import stat

import pytest
from authoring_tools import DATA, book, write
from click.testing import CliRunner

from clank_story.cli.main import cli


def graph(*args: str):
    return CliRunner().invoke(cli, ["book", "graph", *args])


@pytest.fixture
def story(tmp_path):
    return write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            Hello.
          choices:
            - text: Go left
              goto: left
            - text: Go "right"
              goto: right
          goto: end
        left:
          title: Left
          text: |
            Left.
          effects: [{goto: end}]
        end:
          title: The End
          text: |
            Done.
        lonely:
          title: Lonely
          text: |
            Nobody comes here.
        """)})


def test_dot_shows_passages_choices_gotos_effects_and_triggers(story):
    result = graph(str(story))
    assert result.exit_code == 0
    dot = result.stdout
    assert dot.startswith('digraph "book" {')
    assert '"c:errand" -> "p:start" [color=grey40, label="completed"];' in dot
    assert '"p:start" -> "p:left" [style=dashed, label="1. Go left"];' in dot
    assert '"p:start" -> "p:end";' in dot
    assert '"p:left" -> "p:end" [style=dotted, label="goto effect"];' in dot
    assert '"p:lonely" [label="lonely\\nLonely", shape=box, style=filled, fillcolor=lightgrey' in dot
    assert '"p:right" [label="right\\n(missing)", shape=box, color=red' in dot
    assert 'label="2. Go \\"right\\""' in dot


def test_waypoints_of_boards_open_their_passages():
    dot = graph(str(DATA / "boards"), str(DATA / "book")).stdout
    assert '"w:tiny-legacy:well" -> "p:12" [color=grey40, label="enter"];' in dot


def test_mermaid_is_a_flowchart_with_the_same_links(story):
    text = graph(str(story), "--format", "mermaid").stdout
    lines = text.splitlines()
    assert lines[0] == "flowchart LR"
    assert any('-.->|"1. Go left"|' in line for line in lines)
    assert any(line.strip().startswith("class ") and line.strip().endswith(" unreached;") for line in lines)
    assert 'Go #quot;right#quot;' in text


def fake_graphviz(folder, monkeypatch):
    """A stand-in `dot`/`neato` on PATH that answers with a tiny SVG."""
    folder.mkdir()
    for name in ("dot", "neato"):
        exe = folder / name
        exe.write_text("#!/bin/sh\ncat > /dev/null\necho '<svg>drawn</svg>'\n")
        exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(folder) + os.pathsep + os.environ.get("PATH", ""))


def no_graphviz(folder, monkeypatch):
    folder.mkdir()
    monkeypatch.setenv("PATH", str(folder))


def test_svg_runs_graphviz_when_it_is_installed(story, tmp_path, monkeypatch):
    fake_graphviz(tmp_path / "bin", monkeypatch)
    result = graph(str(story), "--format", "svg")
    assert result.exit_code == 0 and result.stdout.strip() == "<svg>drawn</svg>"


def test_svg_without_graphviz_says_how_to_install_it(story, tmp_path, monkeypatch):
    no_graphviz(tmp_path / "empty", monkeypatch)
    result = graph(str(story), "--format", "svg")
    assert result.exit_code == 2 and result.stdout == ""
    assert "apt-get install graphviz" in result.stderr and "brew install graphviz" in result.stderr


def test_board_show_draws_svg_with_graphviz_or_says_how_to_get_it(tmp_path, monkeypatch):
    fake_graphviz(tmp_path / "bin", monkeypatch)
    result = CliRunner().invoke(cli, ["board", "show", "brackenmoor", "--format", "svg"])
    assert result.exit_code == 0 and "<svg>" in result.stdout
    no_graphviz(tmp_path / "empty", monkeypatch)
    result = CliRunner().invoke(cli, ["board", "show", "brackenmoor", "--format", "svg"])
    assert result.exit_code == 2 and "brew install graphviz" in result.stderr


def test_a_folder_without_a_book_is_said_so(tmp_path):
    result = graph(str(DATA / "boards"))
    assert result.exit_code == 2 and "no Book of Secrets files" in result.stderr
