"""The byte-code cache of dataclass methods (cli/methodcache.py, issue 20): a class built from cached code
is the class `@dataclass` builds without it, the cache is written only where and when Python writes
byte code, and a damaged or foreign cache file is only a miss."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest

from clank_story.cli import methodcache

pytestmark = pytest.mark.usefixtures("served")


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch):
    """The cache installed for this test only, starting empty."""
    monkeypatch.setattr(methodcache, "_codes", {})
    monkeypatch.setattr(methodcache, "_used", set())
    monkeypatch.setattr(methodcache, "_new", 0)
    monkeypatch.setattr(dataclasses, "exec", methodcache._exec, raising=False)


SOURCE = '''
from __future__ import annotations
from dataclasses import dataclass, field

@dataclass(frozen=True, slots=True)
class Gained:
    player: str
    amounts: dict = field(default_factory=dict, compare=False)
    note: str = ""
'''


def _build(name: str) -> type:
    """Gained, defined in a module named `name` (this package's classes are the ones cached)."""
    module = types.ModuleType(name)
    with pytest.MonkeyPatch.context() as m:
        m.setitem(sys.modules, name, module)
        exec(compile(SOURCE, f"<{name}>", "exec"), module.__dict__)
    return module.Gained


def _methods(cls: type) -> dict[str, object]:
    return {m: getattr(cls, m).__code__ for m in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__",
                                                   "__delattr__")}


def test_a_class_built_from_cached_code_is_the_class_dataclass_builds():
    first = _build("clank_story.rules.sample")
    compiled = methodcache._new
    again = _build("clank_story.rules.sample")
    assert compiled == 6 and methodcache._new == 6, "the second class compiled nothing"
    with pytest.MonkeyPatch.context() as m:
        m.delattr(dataclasses, "exec")
        plain = _build("clank_story.rules.sample")
    for cls in (first, again):
        for name, code in _methods(cls).items():
            assert code == _methods(plain)[name], name
    a, b = again("Ana", {"gold": 1}), plain("Ana", {"gold": 1})
    assert repr(a) == repr(b) == "Gained(player='Ana', amounts={'gold': 1}, note='')"
    assert again("Ana") == again("Ana") and hash(again("Ana", note="x")) == hash(again("Ana", note="x"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.player = "Rex"  # type: ignore[misc]
    assert again.__init__.__annotations__ == plain.__init__.__annotations__


def test_a_library_s_dataclasses_are_compiled_as_always():
    _build("somebody_else.models")
    assert methodcache._new == 0 and methodcache._codes == {}


def _child(tmp_path: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path / "pycache"), **env}
    environ.pop("PYTHONDONTWRITEBYTECODE", None)
    environ.update(env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env=environ, check=True)


PROGRAM = """
    import clank_story.cli
    from clank_story.cli import methodcache
    import clank_story.rules.events, clank_story.rules.model
    print(methodcache._new, len(methodcache._codes))
"""


def _cache_files(tmp_path: Path) -> list[Path]:
    return list((tmp_path / "pycache").rglob("methodcache.*.methods"))


def test_a_second_start_compiles_no_method_the_first_compiled(tmp_path):
    first = _child(tmp_path, PROGRAM).stdout.split()
    second = _child(tmp_path, PROGRAM).stdout.split()
    assert int(first[0]) > 100, "the first start compiled every method"
    assert second == ["0", first[1]]
    assert len(_cache_files(tmp_path)) == 1


def test_nothing_is_written_where_python_writes_no_byte_code(tmp_path):
    _child(tmp_path, PROGRAM, PYTHONDONTWRITEBYTECODE="1")
    assert _cache_files(tmp_path) == []


@pytest.mark.parametrize("damage", [b"", b"garbage", b"\x00" * 64, "magic of another interpreter"])
def test_a_damaged_or_foreign_cache_file_is_only_a_miss(tmp_path, damage):
    first = _child(tmp_path, PROGRAM).stdout.split()
    (file,) = _cache_files(tmp_path)
    if damage == "magic of another interpreter":
        data = file.read_bytes()
        damage = bytes([data[0] ^ 0xFF]) + data[1:]
    file.write_bytes(damage)  # type: ignore[arg-type]
    again = _child(tmp_path, PROGRAM).stdout.split()
    assert again == first, "everything compiled afresh, nothing else changed"
    assert _child(tmp_path, PROGRAM).stdout.split()[0] == "0", "and the file was written anew"
