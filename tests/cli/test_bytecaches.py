"""The caches kept beside the package's byte code (cli/bytecache.py: dataclass methods and compiled
patterns, issue 20): a second start compiles nothing the first did, nothing is written where Python
writes no byte code, and a damaged or foreign file is only a miss."""

from __future__ import annotations

from pathlib import Path

import pytest
from cachechild import child

CACHES = {
    "methods": ("""
        import clank_story.cli
        from clank_story.cli import methodcache
        import clank_story.rules.events, clank_story.rules.model
        print(methodcache._new, len(methodcache._codes))
    """, 100),
    "patterns": ("""
        import clank_story.cli
        from clank_story.cli import patterncache
        import re
        re.compile(r"(?P<word>\\w+) (?P<n>\\d+) {}")
        import click, jinja2
        print(len(patterncache._fresh), len(patterncache._used))
    """, 10),
}


def _files(tmp_path: Path, kind: str) -> list[Path]:
    return list((tmp_path / "pycache").rglob(f"*.{kind}"))


@pytest.mark.parametrize("kind", CACHES)
def test_a_second_start_compiles_nothing_the_first_compiled(tmp_path, kind):
    program, at_least = CACHES[kind]
    first = child(tmp_path, program).stdout.split()
    second = child(tmp_path, program).stdout.split()
    assert int(first[0]) > at_least, "the first start compiled everything"
    assert second == ["0", first[1]]
    assert len(_files(tmp_path, kind)) == 1


@pytest.mark.parametrize("kind", CACHES)
def test_nothing_is_written_where_python_writes_no_byte_code(tmp_path, kind):
    child(tmp_path, CACHES[kind][0], PYTHONDONTWRITEBYTECODE="1")
    assert _files(tmp_path, kind) == []


@pytest.mark.parametrize("kind", CACHES)
@pytest.mark.parametrize("damage", [b"", b"garbage", b"\x00" * 64, "header of another interpreter"])
def test_a_damaged_or_foreign_cache_file_is_only_a_miss(tmp_path, kind, damage):
    program = CACHES[kind][0]
    first = child(tmp_path, program).stdout.split()
    (file,) = _files(tmp_path, kind)
    if damage == "header of another interpreter":
        data = file.read_bytes()
        damage = bytes([data[0] ^ 0xFF]) + data[1:]
    file.write_bytes(damage)  # type: ignore[arg-type]
    again = child(tmp_path, program).stdout.split()
    assert again == first, "everything compiled afresh, nothing else changed"
    assert child(tmp_path, program).stdout.split()[0] == "0", "and the file was written anew"
