"""`book lint` keeps what it learnt from each Book of Secrets file (authoring/lintcache.py), so a file
that did not change is not read and parsed again (issue #20). What it prints is the same, byte for
byte, as the program printed before the cache and the translated messages (tests/golden/lint/
broken-books.txt was recorded from main before either; three lines differ on purpose since: LN046's
real plurals, and BS030's and BS034's Jinja errors told as what to type), on a cold run and on a warm one, in every
order of languages; and a planted or damaged cache file is a miss, never code that runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from authoring_tools import CLEAN_BOOK, LINT, book, write

from clank_story.authoring import bookload, lintcache
from clank_story.authoring.lint import lint
from clank_story.content import cachefile
from clank_story.words import speaking

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "lint" / "broken-books.txt"


def broken_books_output() -> str:
    """The text `book lint` prints for every failing example, one block per example."""
    out = []
    for folder in sorted(p for p in LINT.iterdir() if p.is_dir()):
        bad = (folder / "bad").relative_to(LINT.parents[2])  # as given on the command line: a relative path
        if (bad / "PREVIEW").exists():
            continue
        out.append(f"## {bad.as_posix()}")
        out += lint([bad]).as_text()
    return "\n".join(out) + "\n"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CLANK_STORY_CACHE", str(folder))
    return folder


@pytest.fixture
def in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(LINT.parents[2])  # paths are shown relative to the repository, as recorded


def test_lint_output_is_what_main_printed_before_on_a_cold_and_on_a_warm_run(cache, in_repo):
    expected = GOLDEN.read_text(encoding="utf-8")
    assert broken_books_output() == expected  # cold: nothing cached
    assert any((cache / "lint").iterdir())
    assert broken_books_output() == expected  # warm: every book file from the cache


def test_lint_output_is_the_same_with_the_cache_turned_off(monkeypatch, in_repo):
    monkeypatch.setenv("CLANK_STORY_CACHE", "off")
    assert broken_books_output() == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.parametrize("first", ["ja", "pt-BR"])
def test_the_cache_serves_every_language_whichever_wrote_it(cache, in_repo, first):
    with speaking(first):
        translated = broken_books_output()
    assert translated != GOLDEN.read_text(encoding="utf-8")
    assert broken_books_output() == GOLDEN.read_text(encoding="utf-8")  # English, from the cache
    with speaking(first):
        assert broken_books_output() == translated


def test_an_unchanged_file_is_not_read_again(cache, tmp_path, monkeypatch):
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            {{ me.helth }} {{ campaign.flags.zebra }}
          effects: [{gian_card: x}]
        """)})
    first = lint([folder]).as_text()
    calls: list[str] = []
    real = bookload.analyse
    monkeypatch.setattr(bookload, "analyse", lambda path, text: calls.append(path) or real(path, text))
    assert lint([folder]).as_text() == first and calls == []
    story = folder / "book" / "story.yaml"
    story.write_text(story.read_text(encoding="utf-8").replace("zebra", "zebu"), encoding="utf-8")
    changed = lint([folder]).as_text()
    assert len(calls) == 1 and any("'zebu'" in line for line in changed)


def _plant(cache: Path, folder: Path, payload: bytes | None = None, value: object = None) -> list[Path]:
    """Overwrite every lint cache file: raw bytes, or a value under a valid header and checksum."""
    files = sorted((cache / "lint").glob("*.json"))
    assert files
    for f in files:
        if payload is not None:
            f.write_bytes(payload)
        else:
            ident = f.read_bytes().split(b"\n", 1)[0]
            header = json.loads(ident)
            cachefile.write(f, header["ident"], value, plain=True)
    return files


@pytest.mark.parametrize("planted", [
    b"garbage",
    b'{"format": 1, "ident": "x", "sha256": "0"}\n{}',
    None,  # a checksum that matches, over data of the wrong shape
])
def test_a_planted_or_damaged_cache_file_is_only_a_miss(cache, in_repo, planted):
    folder = LINT / "BS101" / "bad"
    expected = lint([folder]).as_text()
    _plant(cache, folder, planted, value={"mend": [], "entry": {"path": "x", "passages": [[1]]},
                                          "facts": [["template", "s", [["attr", 1]]]]})
    assert lint([folder]).as_text() == expected


def test_a_cache_file_cannot_name_a_class_or_run_code(cache, in_repo, tmp_path):
    folder = LINT / "LN010" / "bad"
    expected = lint([folder]).as_text()
    marker = tmp_path / "ran"
    evil = {"mend": [], "entry": None, "facts": [["template", "x", [
        {"$dc": "os:system", "fields": {"command": f"touch {marker}"}},
        ["attr", "m", {"$said": {"__reduce__": "os.system"}}, 1]]]]}
    _plant(cache, folder, value=evil)
    assert lint([folder]).as_text() == expected
    assert not marker.exists()


def test_the_key_covers_the_text_the_path_and_the_program(cache):
    a = lintcache.key("book/a.yaml", "passages: {}\n")
    assert a is not None
    assert a != lintcache.key("book/b.yaml", "passages: {}\n")
    assert a != lintcache.key("book/a.yaml", "passages: {x: {}}\n")
    assert lintcache._stamp() in a[1]


def test_no_cache_when_caching_is_off(monkeypatch):
    monkeypatch.setenv("CLANK_STORY_CACHE", "off")
    assert lintcache.key("book/a.yaml", "") is None


def test_the_translation_check_is_kept_and_redone_when_either_side_changes(cache, tmp_path, monkeypatch):
    """LN070-LN076 compare overlays with their English; an unchanged pair is not parsed again, and an
    edit of the English (not only of the overlay) is seen at once."""
    root = write(tmp_path / "locale", {"en/test.yaml": 'test:\n  hello: "Hello, {name}."\n',
                                         "ja/test.yaml": 'test:\n  hello: "こんにちは、{name}。"\n'})
    assert [d.code for d in lint([root]).diagnostics] == []
    from clank_story.authoring import translations

    def no_parse(*args, **kwargs):
        raise AssertionError("an unchanged translation was checked again")

    with monkeypatch.context() as m:
        m.setattr(translations, "check_catalogs", no_parse)
        assert [d.code for d in lint([root]).diagnostics] == []  # served from the cache
    write(root, {"en/test.yaml": 'test:\n  hello: "Hello, {who}."\n'})  # the English changes alone
    found = lint([root]).diagnostics
    assert [d.code for d in found] == ["LN072"]
    with speaking("ja"):
        again = lint([root]).diagnostics  # from the cache now, told in Japanese
    assert [d.code for d in again] == ["LN072"] and again[0].said is not None


def test_an_unchanged_board_is_not_parsed_again_and_an_edited_one_is(cache, tmp_path, monkeypatch):
    """A board's warnings (BD030, BD031) depend on its text alone: kept, then redone when it changes."""
    from clank_story.authoring import lint as lint_module

    board = (Path(__file__).resolve().parents[1] / "data" / "lint" / "BD030" / "bad" / "boards" / "fx.yaml")
    folder = write(tmp_path / "c", {"boards/fx.yaml": board.read_text(encoding="utf-8")})
    first = lint([folder]).diagnostics
    assert [d.code for d in first] == ["BD030"]
    with monkeypatch.context() as m:
        m.setattr(lint_module, "_read_board_warnings", lambda *a: pytest.fail("an unchanged board was parsed again"))
        again = lint([folder]).diagnostics
    assert [(d.path, d.line, d.col, d.code, d.message) for d in again] == \
        [(d.path, d.line, d.col, d.code, d.message) for d in first]
    fx = folder / "boards" / "fx.yaml"
    fx.write_text(fx.read_text(encoding="utf-8").replace("  - {from: hq, to: hall}", "  - {from: hq, to: hall}\n"
                                                         "  - {from: hall, to: attic}"), encoding="utf-8")
    assert [d.code for d in lint([folder]).diagnostics] == []


def test_a_lint_keeps_the_cycle_collector_waiting_and_leaves_it_as_it_found_it(cache, tmp_path, monkeypatch):
    """A lint builds a book's worth of objects that live to its end: the collector waits while it
    works (bookload.collector_paused), then runs again; one already off stays off."""
    import gc

    from clank_story.authoring import crossref

    seen: list[bool] = []
    real = crossref.cross_checks
    monkeypatch.setattr(crossref, "cross_checks", lambda *a: seen.append(gc.isenabled()) or real(*a))
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: Hello.
        """)})
    assert gc.isenabled()
    lint([folder])
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        lint([folder])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_workers_a_paused_lint_forks_keep_the_collector_off_and_leave_ctrl_c_to_it(cache, monkeypatch):
    """Workers forked while the lint has the collector off keep it off (a file's analysis leaves no
    cycles: below), with what they inherited frozen out of its sight; Ctrl-C, which the terminal sends
    to them all, is the lint's to answer, as for the book's loading workers."""
    import gc
    import signal

    monkeypatch.setattr(bookload, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(bookload, "_cpus", lambda: 2)
    files = [(f"/nowhere/part-{i}.yaml", "passages:\n  a: {title: A, text: Hello.}\n") for i in range(2)]
    with bookload.collector_paused():
        pending = bookload.start(files)
        try:
            if pending.pool is None:
                pytest.fail("no worker processes here: this test needs os.fork")
            assert pending.pool.submit(gc.isenabled).result() is False
            assert pending.pool.submit(gc.get_freeze_count).result() > 0
            assert pending.pool.submit(signal.getsignal, signal.SIGINT).result() == signal.SIG_IGN
        finally:
            pending.close()


def test_analysing_a_book_file_leaves_no_cycles_for_a_collector_to_find():
    """Why a lint's workers may keep the collector off: what a file's analysis makes is freed by
    reference counting alone."""
    import gc

    from clank_story.story.book import shipped_book

    files = sorted(shipped_book().rglob("*.yaml"))
    assert files
    bookload._analysis_modules()
    gc.collect()
    with bookload.collector_paused():
        for path in files:
            analysis = bookload.analyse(str(path), path.read_text(encoding="utf-8"))
            assert analysis["entry"] is not None, path
            del analysis
            assert gc.collect() == 0, path


def _same(value: object) -> object:
    """A value as a cache file can give it back: tuples as lists, sentences as their plain data."""
    from clank_story.content.diagnostics import Said

    if isinstance(value, Said):
        return value.plain()
    if isinstance(value, list | tuple):
        return [_same(v) for v in value]
    if isinstance(value, dict):
        return {k: _same(v) for k, v in value.items()}  # keys: strings, or (kind, source)
    return value


def _book_files() -> list[tuple[str, str]]:
    """(path, text) of every book file of the shipped book and of the lint examples."""
    from clank_story.paths import shipped

    found = []
    for path in [*sorted(shipped("book_of_secrets").rglob("*.yaml")), *sorted(LINT.rglob("*.yaml"))]:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if "book" in path.parts or "passages:" in text or "contracts:" in text:
            found.append((str(path), text))
    return found


def test_an_analysis_comes_back_from_its_cache_file_as_it_was_made(cache):
    """A cache file keeps an entry less what it says twice (lintcache.to_plain): what comes back is
    what the loader and the template walk made, every position, source, sentence and fact, for every
    book file of the shipped book and of the failing and passing examples."""
    files = _book_files()
    assert len(files) > 50
    for shown, text in files:
        made = bookload.analyse(shown, text)
        plain = lintcache.to_plain(made)
        assert plain is not None, shown
        back = lintcache.from_plain(json.loads(json.dumps(plain)), shown)
        assert _same(back) == _same(made), shown


@pytest.mark.parametrize("passage", [
    {"data": {"id": "a", "line": 1, "col": 1, "pos": {}, "refs": []}, "sources": {"text": "a"}, "facts": []},
    {"data": {"id": "a", "line": 1, "col": 1, "pos": {}, "refs": [], "path": "x"}, "sources": {}, "facts": []},
    {"data": {"id": "a", "line": 1, "col": 1, "pos": {}, "refs": []}, "sources": {"text": 1}, "facts": [[]]},
    {"data": {"id": "a", "line": 1, "col": 1, "pos": {}, "refs": []}, "sources": {"text": "a"}, "facts": [["flag"]]},
    {"data": [], "sources": {}, "facts": []},
    {"data": {"id": "a", "line": 1, "col": 1, "pos": {}, "refs": []}, "sources": {}},
])
def test_a_cache_file_of_another_passage_shape_is_only_a_miss(cache, in_repo, passage):
    good = {"data": {"id": "a", "line": 1, "col": 1, "pos": {}, "refs": []}, "sources": {"text": "a"}, "facts": [[]]}
    assert lintcache.from_plain({"mend": [], "entry": {"path": "x", "passages": [good], "contracts": [], "diags": []},
                                 "facts": []}, "x")["entry"]["passages"][0]["data"]["text"] == "a"
    with pytest.raises((ValueError, TypeError, KeyError, AttributeError)):
        lintcache.from_plain({"mend": [], "entry": {"path": "x", "passages": [passage], "contracts": [], "diags": []},
                              "facts": []}, "x")
    expected = lint([CLEAN_BOOK]).as_text()
    files = sorted((cache / "lint").glob("*.json"))
    for f in files:
        ident = json.loads(f.read_bytes().split(b"\n", 1)[0])["ident"]
        entry = {"path": ident.split("|")[1], "passages": [passage], "contracts": [], "diags": []}
        cachefile.write(f, ident, {"mend": [], "entry": entry, "facts": []}, plain=True)
    assert lint([CLEAN_BOOK]).as_text() == expected


def test_a_lint_served_from_the_cache_imports_no_jinja(tmp_path):
    """Jinja, the story renderer and its sandbox are for files that are analysed: an unchanged book is
    checked from its cache files alone (issue 20: their import was a sixth of such a lint)."""
    import os
    import subprocess
    import sys

    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: |
            {% if campaign.flags.zebra %}Stripes.{% endif %}
          effects: [{flag: zebra}]
        """)})
    env = {**os.environ, "CLANK_STORY_CACHE": str(tmp_path / "cache")}
    probe = ("import sys\nfrom clank_story.authoring.lint import lint\nresult = lint([sys.argv[1]])\n"
             "print(result.files, len(result.diagnostics), sorted(m for m in sys.modules if m.startswith("
             "('jinja2', 'clank_story.story.render', 'clank_story.story.sandbox', 'clank_story.authoring.templates'))))")
    cold = subprocess.run([sys.executable, "-c", probe, str(folder)], env=env, capture_output=True, text=True, check=True)
    warm = subprocess.run([sys.executable, "-c", probe, str(folder)], env=env, capture_output=True, text=True, check=True)
    assert "jinja2" in cold.stdout  # analysed: the template was parsed
    assert warm.stdout.split("[")[0] == cold.stdout.split("[")[0] and warm.stdout.strip().endswith("[]")
