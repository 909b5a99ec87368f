"""A private home for tests that run the program as a person would (their data, caches and config
never touch the real ones)."""

from __future__ import annotations

from pathlib import Path

import pytest


def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of the test's own: data, cache and config folders (XDG) under tmp_path, no campaign or
    colour setting from the environment, and the working folder there too (so nothing a test types
    lands in the checkout). Returns the data folder clank-story uses."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))  # no config file of the person running the tests
    for name in ("CLANK_STORY_CAMPAIGN", "NO_COLOR", "DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return home / ".local" / "share" / "clank-story"
