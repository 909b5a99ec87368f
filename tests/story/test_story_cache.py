"""The parsed-book cache: a warm load gives the same book, and an edited file is read afresh."""

from __future__ import annotations

import os

from clank_story.story import cache
from clank_story.story.passages import load_book


def test_a_warm_load_gives_the_same_book(write_book, tmp_path, monkeypatch):
    monkeypatch.setenv("CLANK_STORY_CACHE", str(tmp_path / "cache"))
    folder = write_book({"a.yaml": 'passages:\n  "1":\n    text: |\n      Hi {{ me.name }}.\n    goto: "2"\n',
                         "b.yaml": 'passages:\n  "2": {colour: red}\n'})
    cold = load_book(folder)
    assert len(list((tmp_path / "cache" / "book").iterdir())) == 2
    warm = load_book(folder)
    assert [p.data for p in warm.passages.values()] == [p.data for p in cold.passages.values()]
    assert warm.diagnostics == cold.diagnostics and warm.broken == cold.broken


def test_an_edited_file_is_read_again(write_book, tmp_path, monkeypatch):
    monkeypatch.setenv("CLANK_STORY_CACHE", str(tmp_path / "cache"))
    folder = write_book('passages:\n  "1": {title: Old}\n')
    assert load_book(folder).passages["1"].title == "Old"
    path = folder / "book.yaml"
    path.write_text('passages:\n  "1": {title: New title}\n', encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000))
    assert load_book(folder).passages["1"].title == "New title"


def test_a_damaged_cache_entry_is_ignored(write_book, tmp_path, monkeypatch):
    monkeypatch.setenv("CLANK_STORY_CACHE", str(tmp_path / "cache"))
    folder = write_book('passages:\n  "1": {title: Fine}\n')
    load_book(folder)
    for entry in (tmp_path / "cache" / "book").iterdir():
        entry.write_bytes(b"\x00garbage")
    assert load_book(folder).passages["1"].title == "Fine"


def test_the_cache_can_be_turned_off(monkeypatch, tmp_path):
    monkeypatch.setenv("CLANK_STORY_CACHE", "off")
    assert cache.cache_dir() is None
    monkeypatch.delenv("CLANK_STORY_CACHE")
    assert cache.cache_dir() is not None and "clank-story" in str(cache.cache_dir())


def test_a_big_book_read_by_worker_processes_is_the_same_book(write_book, monkeypatch):
    from clank_story.story import passages

    files = {f"part{i}.yaml": f'passages:\n  "{i}":\n    text: |\n      Room {i}, {{{{ me.name }}}}.\n'
             f'    goto: "{(i + 1) % 6}"\n    choices: [{{text: Go, if: me.gold > {i}}}]\n' for i in range(6)}
    folder = write_book(files)
    serial = load_book(folder, cache=False)
    monkeypatch.setattr(passages, "PARALLEL_BYTES", 1)
    parallel = load_book(folder, cache=False)
    assert [p.data for p in parallel.passages.values()] == [p.data for p in serial.passages.values()]
    assert parallel.diagnostics == serial.diagnostics
