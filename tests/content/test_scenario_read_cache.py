"""A scenario file read before comes from the read cache (content/readcache.py, issue 20) as exactly
what reading the file gives; every check still runs, and a check that fails on the remembered data
reads the file itself, so its diagnostic keeps its line and column."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from clank_story.content import readcache
from clank_story.content.diagnostics import ContentError
from clank_story.content.scenario import load_scenario

SCENARIO = """\
ruleset: classic
board: cinder-halls
seed: 7
players:
  - name: Ana
    hand: [burgle, burgle, scramble, burgle, burgle]
  - name: Rex
    bot: random
row: [goblin, mercenary, ink-imp, explore, royal-warrant, paper-cut-swarm]
"""


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CLANK_STORY_CACHE", str(folder))
    return folder


def _uncached(path: Path, monkeypatch: pytest.MonkeyPatch, **options):
    with monkeypatch.context() as m:
        m.setenv("CLANK_STORY_CACHE", "off")
        return load_scenario(path, **options)


def _fields(value: object) -> dict[str, object]:
    return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}  # type: ignore[arg-type]


def _yaml_read(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Paths the YAML reader is asked to read from now on."""
    import clank_story.content.scenario as scenario

    read: list[str] = []
    real = scenario.load_text

    def spy(text: str, path: str, **kw):
        read.append(path)
        return real(text, path, **kw)

    monkeypatch.setattr(scenario, "load_text", spy)
    return read


def test_a_scenario_read_before_is_not_parsed_again_and_is_the_same_position(tmp_path, own_cache, monkeypatch):
    path = tmp_path / "two.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    first = load_scenario(path, seats=None)
    read = _yaml_read(monkeypatch)
    again = load_scenario(path)
    assert read == [], "the second reading came from the cache"
    fresh = _uncached(path, monkeypatch)
    for position in (first, again):
        assert position.scenario == fresh.scenario and position.seed == fresh.seed and position.path == fresh.path
        assert _fields(position.ruleset) == _fields(fresh.ruleset)  # a Ruleset compares by identity


def test_options_given_on_the_command_line_still_override_a_cached_scenario(tmp_path, own_cache, monkeypatch):
    path = tmp_path / "two.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    load_scenario(path)
    cached = load_scenario(path, seed=99, board="cinder-halls")
    assert cached.seed == 99
    assert cached.scenario == _uncached(path, monkeypatch, seed=99, board="cinder-halls").scenario


def test_an_edited_scenario_is_read_afresh(tmp_path, own_cache):
    path = tmp_path / "two.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    load_scenario(path)
    path.write_text(SCENARIO.replace("seed: 7", "seed: 8"), encoding="utf-8")
    assert load_scenario(path).seed == 8


def test_a_check_that_fails_on_remembered_data_is_told_with_its_line_and_column(tmp_path, own_cache, monkeypatch):
    """The card list is checked against the content each time: a card gone from the game since the
    scenario was cached is reported exactly where an uncached reading reports it."""
    path = tmp_path / "two.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    load_scenario(path)
    with pytest.raises(ContentError) as cached:
        load_scenario(path, ruleset="legacy", board="brackenmoor")
    with pytest.raises(ContentError) as fresh:
        _uncached(path, monkeypatch, ruleset="legacy", board="brackenmoor")
    assert [str(d) for d in cached.value.diagnostics] == [str(d) for d in fresh.value.diagnostics]
    assert all(d.line > 1 for d in cached.value.diagnostics), "positions come from the file, not the cache"


def test_a_damaged_cache_entry_is_ignored(tmp_path, own_cache, monkeypatch):
    path = tmp_path / "two.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    load_scenario(path)
    entry = readcache.entry_file("scenarios", path)
    assert entry is not None and entry.exists()
    entry.write_text('{"key": ', encoding="utf-8")
    assert load_scenario(path).scenario == _uncached(path, monkeypatch).scenario
