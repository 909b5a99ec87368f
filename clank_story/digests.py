"""SHA-1 and SHA-256, for naming and checking cache files, without loading OpenSSL.

`hashlib` builds its table of OpenSSL's algorithms when it is imported: about 12 M instructions, 3%
of a one-command `run` (issue 20), to hash a few cache keys. CPython's own implementations of these
two give the same digests and load in a tenth of that. They are private modules whose names change
between versions (`_sha256` up to 3.11, `_sha2` from 3.12), so `hashlib` is the fallback wherever
neither is found."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Hash = Callable[..., Any]  # called with bytes (or nothing), gives an object with update/digest/hexdigest


def _builtin() -> tuple[Hash, Hash]:
    try:
        from _sha1 import sha1  # type: ignore[import-not-found]
    except ImportError:
        from hashlib import sha1
    try:
        from _sha256 import sha256  # type: ignore[import-not-found]
    except ImportError:
        try:
            from _sha2 import sha256  # type: ignore[import-not-found]  # 3.12 and later
        except ImportError:
            from hashlib import sha256
    return sha1, sha256


sha1, sha256 = _builtin()
