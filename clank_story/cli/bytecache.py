"""A file of compiled things kept beside a module's byte code (the dataclass-method cache and the
pattern cache): where it lives, reading it only under this interpreter's header, and writing it as
Python writes byte code: never with PYTHONDONTWRITEBYTECODE set, never half-written. A file that is
absent, damaged or another interpreter's reads as empty, so everything is compiled afresh."""

from __future__ import annotations

import contextlib
import importlib.util
import marshal
import os
import sys
from pathlib import Path
from typing import Any


def beside(module_file: str, suffix: str) -> Path | None:
    """`__pycache__/NAME.<tag><suffix>` for the module (or under `sys.pycache_prefix`)."""
    try:
        pyc = importlib.util.cache_from_source(module_file)
    except (NotImplementedError, ValueError):
        return None
    return Path(pyc).with_suffix(suffix)


def read(file: Path, header: bytes) -> dict[Any, Any]:
    try:
        data = file.read_bytes()
        if not data.startswith(header):
            return {}
        value = marshal.loads(data[len(header):])
    except Exception:  # absent, damaged or from another interpreter: compiled afresh
        return {}
    return value if isinstance(value, dict) else {}


def write(file: Path, header: bytes, merged: Any) -> None:
    """Write `merged()` (called only when a file is to be written); a cache that cannot be written
    costs speed, never correctness."""
    if sys.dont_write_bytecode:
        return
    tmp = file.with_name(f".{file.name}.{os.getpid()}.tmp")
    try:
        value = merged()
        if value is None:
            return
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(header + marshal.dumps(value))
        os.replace(tmp, file)
    except Exception:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
