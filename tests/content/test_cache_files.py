"""A planted or damaged cache file does nothing and is treated as absent (issue #18). The parsed-content
caches (content/cache.py, story/cache.py) live where anyone with the user's rights can write; they are
JSON with a checksum (content/cachefile.py), so a file put there cannot run code on the next start,
and whatever is wrong with one only costs a rebuild."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from pathlib import Path

import pytest

from clank_story.content import cache as content_cache
from clank_story.content import cachefile
from clank_story.story import cache as book_cache
from clank_story.story.passages import load_book

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture(autouse=True)
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLANK_STORY_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


class Planted:
    """Unpickling this runs `touch MARKER` (what a planted pickle cache used to do on the next start)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def planted_files(marker: Path, ident: str) -> dict[str, bytes]:
    """Cache files someone might leave where a cache file is looked for."""
    payload = json.dumps({"$dc": "os:system", "fields": {"command": f"touch {marker}"}}).encode()
    good_header = json.dumps({"format": cachefile.FORMAT, "ident": ident,
                              "sha256": hashlib.sha256(payload).hexdigest()}).encode()
    other = b'{"title": "Planted"}'
    return {
        "a pickle that runs a command": pickle.dumps(Planted(marker)),
        "a pickle behind a valid-looking header": good_header + b"\n" + pickle.dumps(Planted(marker)),
        "random bytes": os.urandom(4096),
        "an empty file": b"",
        "JSON for another key": json.dumps({"format": cachefile.FORMAT, "ident": "other", "sha256": ""}).encode()
                                + b"\n{}",
        "JSON whose checksum does not match": good_header + b"\n" + other,
        "JSON naming a class that is not allowed": good_header + b"\n" + payload,
    }


def _book(tmp_path: Path) -> Path:
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "well.yaml").write_text('passages:\n  "12":\n    title: Well\n    text: |\n      Hi {{ me.name }}.\n',
                                      encoding="utf-8")
    return folder


@pytest.mark.parametrize("kind", list(planted_files(Path("m"), "")))
def test_a_planted_book_cache_file_does_nothing_and_is_treated_as_absent(tmp_path, kind):
    folder = _book(tmp_path)
    marker = tmp_path / "MARKER"
    file, ident = book_cache._key(folder / "well.yaml")
    fresh = load_book(folder, cache=False)
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_bytes(planted_files(marker, ident)[kind])
    book = load_book(folder)
    assert not marker.exists()
    assert [p.data for p in book.passages.values()] == [p.data for p in fresh.passages.values()]
    assert cachefile.load(file, ident, plain=True)[0]  # rebuilt, and now trusted
    assert file.read_bytes().startswith(b'{"format": 1')


@pytest.mark.parametrize("kind", list(planted_files(Path("m"), "")))
def test_a_planted_content_cache_file_does_nothing_and_is_treated_as_absent(tmp_path, cache_dir, kind):
    root = DATA
    marker = tmp_path / "MARKER"
    built = []

    def build() -> dict[str, int]:
        built.append(1)
        return {"cards": 3}

    content_cache.cached(root, build, kind="probe")
    (file,) = (cache_dir / "content").iterdir()
    ident = "probe\n" + content_cache._ident(root)
    file.write_bytes(planted_files(marker, ident)[kind])
    assert content_cache.cached(root, build, kind="probe") == {"cards": 3}
    assert not marker.exists() and len(built) == 2  # built again: the planted file counted as absent
    assert content_cache.cached(root, build, kind="probe") == {"cards": 3} and len(built) == 2


def test_a_cache_file_of_the_right_key_but_the_wrong_shape_is_a_miss_not_a_crash(tmp_path):
    folder = _book(tmp_path)
    file, ident = book_cache._key(folder / "well.yaml")
    for wrong in ({"passages": "x"}, {"path": 1}, [], {"passages": [], "contracts": [], "diags": [[1, 2]]}):
        cachefile.write(file, ident, wrong, plain=True)
        assert "12" in load_book(folder).passages


def test_cache_files_are_json_that_only_rebuilds_allowed_classes(tmp_path):
    from clank_story.rules.model import FrozenDict

    value = {"t": (1, 2), "s": {3}, "f": frozenset({4}), "m": {1: "x"}, "p": Path("a/b"),
             "fz": FrozenDict({"k": 1})}
    cachefile.write(tmp_path / "c.json", "id", value)
    found, back = cachefile.load(tmp_path / "c.json", "id")
    assert found and back == value and type(back["fz"]) is FrozenDict
    with pytest.raises(cachefile.Unreadable, match="not allowed"):
        cachefile.decode('{"$dc": "subprocess:Popen", "fields": {"args": "true"}}')


def test_a_cache_folder_that_grows_past_its_limit_loses_its_oldest_entries(tmp_path, monkeypatch):
    """The book and lint caches make an entry for every edit of a file: past its limit the folder keeps
    its newest entries, down to three quarters of the limit, and always the one just written."""
    folder = tmp_path / "lint"
    monkeypatch.setattr(cachefile, "FOLDER_BYTES", 10_000)
    monkeypatch.setattr(cachefile, "_pruned", {folder})  # filled first, as earlier runs would have
    for n in range(30):
        file = folder / f"{n:02}.json"
        cachefile.write(file, f"edit {n}", "x" * 900, plain=True)
        os.utime(file, ns=(n * 10**9, n * 10**9))  # written one after another
    assert len(list(folder.glob("*.json"))) == 30
    cachefile._pruned.clear()  # a new run
    cachefile.write(folder / "00.json", "edit 0 again", "y" * 900, plain=True)  # the oldest, written anew
    left = sorted(p.name for p in folder.glob("*.json"))
    assert sum(p.stat().st_size for p in folder.glob("*.json")) <= 7_500
    assert left[0] == "00.json" and left[1:] == [f"{n:02}.json" for n in range(31 - len(left), 30)]
    assert cachefile.load(folder / "00.json", "edit 0 again", plain=True) == (True, "y" * 900)


def test_a_folder_under_its_limit_is_left_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(cachefile, "_pruned", set())
    for n in range(5):
        cachefile.write(tmp_path / f"{n}.json", str(n), n, plain=True)
    assert len(list(tmp_path.glob("*.json"))) == 5
