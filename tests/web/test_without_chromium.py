"""Without Chromium the browser tests fail, and say how to install it: they are never skipped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def test_the_browser_tests_fail_and_say_how_to_install_chromium(tmp_path: Path):
    env = {**os.environ, "CLANK_STORY_CHROMIUM": str(tmp_path / "no-chromium-here"),
           "CLANK_STORY_SCREENSHOTS": str(tmp_path / "shots")}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA",
                          str(HERE / "test_browser_access.py")], capture_output=True, text=True, env=env,
                         cwd=HERE.parents[1], timeout=300)
    assert run.returncode == 1, run.stdout[-2000:]
    assert run.stdout.count("ERROR tests/web/test_browser_access.py::") == 2, run.stdout[-2000:]
    assert "SKIPPED" not in run.stdout and "PASSED" not in run.stdout
    assert "apt-get install -y chromium chromium-driver" in run.stdout
