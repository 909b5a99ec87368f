"""Authoring tests keep their parsed-content caches in a private folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLANK_STORY_CACHE", str(tmp_path_factory.getbasetemp() / "authoring-cache"))
