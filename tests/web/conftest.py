"""Fixtures of the browser table's tests: a private data directory (the server processes inherit it),
headless Chromium from the OS packages with a fresh profile, and a screenshots folder this run names.

No skipping: without Chromium (or Playwright's Python package) the browser tests fail, saying how to
install it."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from homes import private_home
from webtools import CHROMIUM, CHROMIUM_ARGS, HOW_TO_INSTALL

SHOTS: list[Path] = []  # the folder of this run's screenshots, said at the end of the run


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return private_home(tmp_path, monkeypatch)


@pytest.fixture(scope="session")
def shots() -> Path:
    """CLANK_STORY_SCREENSHOTS if set, else a folder of its own for this run in the system's temporary
    folder (outside pytest's, which keeps only its last three runs)."""
    given = os.environ.get("CLANK_STORY_SCREENSHOTS")
    run = time.strftime("%Y%m%d-%H%M%S") + f"-{os.getpid()}"
    folder = Path(given) if given else Path(tempfile.gettempdir()) / "clank-story-screenshots" / run
    folder.mkdir(parents=True, exist_ok=True)
    if not SHOTS:
        SHOTS.append(folder)
        print(f"\nscreenshots of the browser table: {folder}")
    return folder


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for folder in SHOTS:
        pngs = sorted(folder.glob("*.png"))
        terminalreporter.write_line(f"screenshots of the browser table ({len(pngs)}): {folder}")


@pytest.fixture(scope="session")
def playwright_api() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(HOW_TO_INSTALL, pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("The browser tests need Playwright's Python package: pip install -e '.[test]' "
                    "(and only that: the system Chromium is used, never `playwright install`).", pytrace=False)
    with sync_playwright() as api:
        yield api


@pytest.fixture
def browser(playwright_api: Any, tmp_path: Path) -> Iterator[Any]:
    """A Chromium of its own (a fresh user-data folder), at a desktop size."""
    context = playwright_api.chromium.launch_persistent_context(
        str(tmp_path / "chromium-profile"), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1500})
    try:
        yield context
    finally:
        context.close()
