"""SHA-1 and SHA-256, for naming and checking cache files, without loading OpenSSL for a few bytes.

`hashlib` builds its table of OpenSSL's algorithms when it is imported: about 12 M instructions and
3-4 ms, 3% of a one-command `run` (issue 20), which hashes some 130 KB of cache files. CPython's own
implementations of the two give the same digests and load in a tenth of that, but hash nine times
slower than OpenSSL, which uses the processor's SHA instructions (13 ms a megabyte against 1.5 here).
So a digest is CPython's for small data while nothing has loaded OpenSSL yet, and OpenSSL's for data
past the size where its loading pays for itself, or once anything has loaded it (Jinja does). The
private modules' names change between versions (`_sha256` up to 3.11, `_sha2` from 3.12); `hashlib` is
the fallback wherever neither is found."""

from __future__ import annotations

import sys
from typing import Any

OPENSSL_FROM = 256 * 1024  # bytes: 3-4 ms of loading against 11 ms a megabyte saved


def _builtin() -> tuple[Any, Any]:
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


_sha1, _sha256 = _builtin()


def _hash(name: str, builtin: Any, data: bytes) -> Any:
    if len(data) >= OPENSSL_FROM or "_hashlib" in sys.modules:
        import hashlib

        return getattr(hashlib, name)(data)
    return builtin(data)


def sha1(data: bytes = b"") -> Any:
    """A SHA-1 hash object (`update`, `digest`, `hexdigest`), as `hashlib.sha1(data)` gives."""
    return _hash("sha1", _sha1, data)


def sha256(data: bytes = b"") -> Any:
    """A SHA-256 hash object, as `hashlib.sha256(data)` gives. Data to come by `update` counts as
    small: pass a large payload whole."""
    return _hash("sha256", _sha256, data)
