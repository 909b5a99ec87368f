"""Fixtures for the play prompt: games from scenario text, a Table around them, and a private
data directory (XDG_DATA_HOME and HOME point into tmp_path, so no test touches the real one)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from homes import private_home
from playtools import CORRIDOR, session_from

from clank_story.narrate.prose import ProseNarrator
from clank_story.table.saves import Setup
from clank_story.table.slots import FileSlot
from clank_story.table.table import Table

LoopFactory = Callable[..., Table]


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return private_home(tmp_path, monkeypatch)


@pytest.fixture
def make_loop(tmp_path: Path) -> LoopFactory:
    """make_loop(text=None, path=None, verbose=False) -> a Table (at a prompt, saving to the slot
    `test-1`) that has told its opening (`.first`)."""

    def build(text: str | None = None, path: Path | None = None, *, verbose: bool = False,
              save: bool = True) -> Table:
        session = session_from(text, path)
        seed = session.position.seed if session.position else 0
        setup = Setup(scenario=str((path or CORRIDOR).resolve()), seed=seed) if text is None else Setup(seed=seed)
        table = Table(session, ProseNarrator(seed, verbose=verbose), setup, slot=FileSlot("test-1") if save else None,
                      verbose=verbose)
        table.first = table.opening()  # type: ignore[attr-defined]
        return table

    return build


@pytest.fixture
def corridor(make_loop: LoopFactory) -> Table:
    return make_loop()
