"""Shared fixtures: scenarios make positions cheap to write (DESIGN.md §3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from scenarios import Table, make_table

import clank_story.words  # noqa: F401 - refusals read as sentences (str(error)) in every test


def _seats(ana: dict[str, Any] | None, rex: dict[str, Any] | None, extra: list[dict[str, Any]]) -> list[dict]:
    return [{"name": "Ana", **(ana or {})}, {"name": "Rex", **(rex or {})}, *extra]


Factory = Callable[..., Table]


@pytest.fixture
def tiny() -> Factory:
    """A classic game on tests/data/boards/tiny.yaml: tiny(ana={...}, rex={...}, row=[...], ...)."""

    def build(ana: dict | None = None, rex: dict | None = None, more: list[dict] | None = None,
              **scenario: Any) -> Table:
        return make_table("classic", "tiny", _seats(ana, rex, more or []), **scenario)

    return build


@pytest.fixture
def tiny_legacy() -> Factory:
    """A legacy game on tests/data/boards/tiny-legacy.yaml."""

    def build(ana: dict | None = None, rex: dict | None = None, more: list[dict] | None = None,
              **scenario: Any) -> Table:
        return make_table("legacy", "tiny-legacy", _seats(ana, rex, more or []), **scenario)

    return build


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory):
    """Parsed-content caches go to a temporary folder, never the user's."""
    import os

    os.environ.setdefault("CLANK_STORY_CACHE", str(tmp_path_factory.mktemp("cache")))
    os.environ["CLANK_STORY_LANG"] = "en"  # the suite reads English whatever the machine's locale
    yield
