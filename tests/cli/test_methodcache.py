"""The byte-code cache of dataclass methods (cli/methodcache.py, issue 20): a class built from cached code
is the class `@dataclass` builds without it, and only this package's classes are kept (the file
itself: tests/cli/test_bytecaches.py)."""

from __future__ import annotations

import dataclasses
import sys
import types

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
