"""The author's tools around lint: every shipped passage previews, `book watch` lints on every save,
`book docs` prints the shipped guides, `book graph` speaks for itself and leaves no empty picture, and
board pictures (drawn by the real Graphviz when it is installed) are readable and carry a legend."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from clank_story.cli.main import cli

HAS_GRAPHVIZ = shutil.which("dot") is not None and shutil.which("neato") is not None
needs_graphviz = pytest.mark.skipif(not HAS_GRAPHVIZ, reason="Graphviz (dot, neato) is not installed; CI installs it")


def shipped_passages() -> list[str]:
    from clank_story.story.book import shipped_book
    from clank_story.story.passages import load_book

    return sorted(load_book(shipped_book()).passages)


def test_every_shipped_passage_previews_without_a_problem():
    """Including the passages whose effects carry a Jinja-string `if:` (they used to crash)."""
    from clank_story.authoring.preview import preview

    passages = shipped_passages()
    assert len(passages) > 200
    for pid in passages:
        result = preview(pid)
        assert result.diagnostics == [], (pid, [str(d) for d in result.diagnostics])
        assert result.lines[0].startswith(f"Passage {pid} ")


def test_an_effect_with_a_jinja_condition_is_described_with_its_condition():
    from clank_story.narrate.lines import Narrator, describe_block

    text = describe_block(Narrator(), [{"if": "campaign.flags.vip", "gold": 5}], str)
    assert "campaign.flags.vip" in text and "5" in text


# -- book watch -------------------------------------------------------------------------------------
def test_watch_lints_again_after_a_save_and_not_before(tmp_path):
    from clank_story.authoring.watch import watch

    book = tmp_path / "book"
    book.mkdir()
    story = book / "story.yaml"
    story.write_text('passages:\n  start:  # lint: allow LN020\n    title: Start\n    text: |\n      Hello.\n')
    lines: list[str] = []
    looks = iter(range(10))

    def sleep(_: float) -> None:
        if next(looks) == 1:  # the author saves a mistake between the second and third look
            story.write_text('passages:\n  start:  # lint: allow LN020\n    title: Start\n    txt: Hello.\n')

    linted = watch([book], lines.append, rounds=4, sleep=sleep)
    assert linted == 2, lines
    assert "no problems" in lines[0] and "Watching for changes" in lines[1]
    assert "1 error" in lines[3] and any("error[BS010]" in line and "txt" in line for line in lines[4:])


def test_watch_needs_a_path_that_exists(tmp_path):
    result = CliRunner().invoke(cli, ["book", "watch", str(tmp_path / "nowhere")])
    assert result.exit_code == 2 and result.stderr.startswith("book watch: no such file or folder")


# -- book docs --------------------------------------------------------------------------------------
def test_docs_lists_the_shipped_guides_and_prints_one():
    listed = CliRunner().invoke(cli, ["book", "docs"])
    assert listed.exit_code == 0 and "authoring" in listed.stdout and "diagnostics" in listed.stdout
    guide = CliRunner().invoke(cli, ["book", "docs", "authoring"])
    assert guide.stdout.startswith("# Writing for clank-story")


def test_docs_explains_one_diagnostic_code():
    result = CliRunner().invoke(cli, ["book", "docs", "ln046"])
    assert result.exit_code == 0
    assert result.stdout.startswith("LN046 (warning) — LN — the linter's checks across files")
    assert "What to do: give the board at least three artifacts" in result.stdout


def test_docs_of_an_unknown_topic_names_the_topics():
    result = CliRunner().invoke(cli, ["book", "docs", "authring"])
    assert result.exit_code == 2 and "did you mean 'authoring'" in result.stderr


def test_the_wheel_carries_the_guides_and_the_licence():
    import tomllib

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text())
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]["docs"] == "clank_story/_shipped/docs"
    assert project["project"]["license-files"] == ["LICENSE"] and "MIT License" in (root / "LICENSE").read_text()
    assert any(c.startswith("Topic :: Games") for c in project["project"]["classifiers"])


# -- book graph and pictures ------------------------------------------------------------------------
def test_graph_names_itself_when_a_path_is_missing(tmp_path):
    result = CliRunner().invoke(cli, ["book", "graph", str(tmp_path / "nope")])
    assert result.exit_code == 2 and result.stderr.startswith("book graph: no such file or folder")


def test_an_svg_that_cannot_be_drawn_leaves_no_file(tmp_path, monkeypatch):
    import clank_story.authoring.graphviz as gv

    monkeypatch.setattr(gv.shutil, "which", lambda _: None)  # as if Graphviz were not installed
    out = tmp_path / "story.svg"
    result = CliRunner().invoke(cli, ["book", "graph", "tests/data/lint/LN031/good", "--format", "svg", "-o", str(out)])
    assert result.exit_code == 2 and "Graphviz" in result.stderr
    assert not out.exists()


def test_an_svg_redirected_by_the_shell_is_removed_when_graphviz_is_missing(tmp_path):
    """`book graph --format svg > story.svg`: the shell makes the file before the program runs."""
    import os
    import sys

    env = {**os.environ, "PATH": str(Path(sys.executable).parent)}  # python, but no Graphviz
    out = tmp_path / "story.svg"
    with open(out, "w") as f:
        done = subprocess.run([sys.executable, "-m", "clank_story", "book", "graph", "tests/data/lint/LN031/good",
                               "--format", "svg"], stdout=f, stderr=subprocess.PIPE, text=True, env=env,
                              cwd=Path(__file__).resolve().parents[2], check=False)
    assert done.returncode == 2 and "Graphviz" in done.stderr
    if sys.platform.startswith("linux"):
        assert not out.exists()


def test_a_board_file_of_your_own_shows_as_text_and_dot(tmp_path):
    from clank_story.authoring.scaffold import scaffold

    folder = scaffold("The Mill Job", tmp_path)
    board = str(folder / "boards" / "the-mill-job.yaml")
    text = CliRunner().invoke(cli, ["board", "show", board])
    assert text.exit_code == 0 and "Old Signpost" in text.stdout
    dot = CliRunner().invoke(cli, ["board", "show", board, "--format", "dot"]).stdout
    assert "legend" in dot and "Legend" in dot and "fontsize=8" in dot


def test_the_picture_spreads_pinned_spaces_wider_than_their_widest_box():
    from clank_story.authoring import boardpic
    from clank_story.content.library import catalog

    board = catalog().boards["brackenmoor"]
    dx, dy = boardpic.spacing(board)
    widest = max(boardpic._size(board, s)[0] for s in board.spaces)
    assert dx > widest and dy > max(boardpic._size(board, s)[1] for s in board.spaces)


def _boxes(plain: str) -> dict[str, tuple[float, float, float, float]]:
    """Graphviz `-Tplain`: node NAME X Y WIDTH HEIGHT ... (inches, centre) -> (x0, y0, x1, y1)."""
    out = {}
    for line in plain.splitlines():
        parts = line.split()
        if parts and parts[0] == "node":
            name, x, y, w, h = parts[1], *map(float, parts[2:6])
            out[name.strip('"')] = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    return out


@needs_graphviz
@pytest.mark.parametrize("board_id", ["brackenmoor", "cinder-halls"])
def test_graphviz_draws_the_shipped_boards_with_no_overlapping_boxes(board_id):
    from clank_story.authoring import boardpic
    from clank_story.content.library import catalog

    board = catalog().boards[board_id]
    program = "neato" if boardpic.pinned(board) else "dot"
    plain = subprocess.run([program, "-Tplain"], input=boardpic.board_dot(board), capture_output=True, text=True,
                           check=True).stdout
    boxes = _boxes(plain)
    assert set(board.spaces) | {"legend"} == set(boxes)
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ax0, ay0, ax1, ay1 = boxes[a]
            bx0, by0, bx1, by1 = boxes[b]
            assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, f"{a} and {b} overlap"


@needs_graphviz
def test_the_svg_has_small_path_labels_visible_locked_paths_and_a_legend():
    result = CliRunner().invoke(cli, ["board", "show", "brackenmoor", "--format", "svg"])
    assert result.exit_code == 0, result.stderr
    svg = result.stdout
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) == 8.0 and 12.0 in sizes  # path labels are smaller than place names
    assert 'stroke-dasharray' in svg and "#c0392b" in svg  # locked paths: red and dashed
    assert "Legend" in svg and "a locked path: only with a Master Key" in svg


def test_the_campaign_file_schema_accepts_a_new_campaign_file(tmp_path, monkeypatch):
    import jsonschema

    from clank_story.authoring.schemas import schemas
    from clank_story.content.yamlio import load_text, plain

    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["campaign", "new", "Moor", "--campaign", "c.yaml"]).exit_code == 0
    schema = schemas()["campaign-file.schema.json"]
    data = plain(load_text((tmp_path / "c.yaml").read_text(), "c.yaml").value)
    assert list(jsonschema.Draft7Validator(schema).iter_errors(data)) == []
    data["players"][0]["colur"] = "red"
    assert list(jsonschema.Draft7Validator(schema).iter_errors(data)), "a misspelt field is caught"
    assert json.dumps(schema)  # plain JSON
