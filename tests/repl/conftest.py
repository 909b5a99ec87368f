"""Fixtures for the play prompt: games from scenario text, a PlayLoop around them, and a private
data directory (XDG_DATA_HOME and HOME point into tmp_path, so no test touches the real one)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playtools import CORRIDOR, session_from

from clank_story import saves
from clank_story.narrate.prose import ProseNarrator
from clank_story.repl.core import PlayLoop

LoopFactory = Callable[..., PlayLoop]


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return home / ".local" / "share" / "clank-story"


@pytest.fixture
def make_loop(tmp_path: Path) -> LoopFactory:
    """make_loop(text=None, path=None, verbose=False) -> a PlayLoop that has told its opening."""

    def build(text: str | None = None, path: Path | None = None, *, verbose: bool = False,
              save: bool = True) -> PlayLoop:
        session = session_from(text, path)
        seed = session.position.seed if session.position else 0
        setup = saves.Setup(scenario=str((path or CORRIDOR).resolve()), seed=seed) if text is None else \
            saves.Setup(seed=seed)
        loop = PlayLoop(session, setup, ProseNarrator(seed, verbose=verbose),
                        tmp_path / "saves" / "current.json" if save else None, verbose=verbose)
        loop.first = loop.opening()  # type: ignore[attr-defined]
        return loop

    return build


@pytest.fixture
def corridor(make_loop: LoopFactory) -> PlayLoop:
    return make_loop()
