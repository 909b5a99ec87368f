"""A fresh interpreter for the byte-code-beside caches' tests (cli/bytecache.py): its byte code, and the
caches beside it, under a folder of the test's own."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path


def child(tmp_path: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path / "pycache")}
    environ.pop("PYTHONDONTWRITEBYTECODE", None)
    environ.update(env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env=environ, check=True)
