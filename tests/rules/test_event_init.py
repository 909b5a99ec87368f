"""Events are built by a quicker __init__ than the dataclass's (rules/events.py, `quick`): the same
arguments, defaults and fresh default containers, and the same values out."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from clank_story.rules import events as ev

EVENTS = [c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event) and c is not ev.Event]


def _args(cls: type) -> dict[str, object]:
    return {f.name: f"{f.name}-value" for f in dataclasses.fields(cls)}


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_an_event_takes_its_fields_by_position_or_by_name_with_their_defaults(cls: type) -> None:
    params = list(inspect.signature(cls).parameters.values())
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        assert p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default
    values = _args(cls)
    by_name, by_position = cls(**values), cls(*values.values())
    assert by_name == by_position and hash(repr(by_name)) == hash(repr(by_position))
    assert [getattr(by_name, f.name) for f in fields] == list(values.values())
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(by_name, fields[0].name, "changed")


def test_defaults_are_the_dataclass_defaults_and_each_event_gets_its_own_container() -> None:
    first, second = ev.DragonAttacked(3), ev.DragonAttacked(3)
    assert repr(first) == "DragonAttacked(cubes=3, hits={}, black=0, returned=0, reason='row', neutral={})"
    assert first.hits == {} and first.hits is not second.hits
    assert ev.Moved("Ana", "a", "b", 1, teleport=True) == ev.Moved("Ana", "a", "b", 1, 0, 0, True, 0)
    assert ev.GameOver(winner="Ana").data() == {"scores": {}, "winner": "Ana", "reason": "all_out"}
    with pytest.raises(TypeError):
        ev.Gained("Ana")
