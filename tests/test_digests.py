"""Cache files are named and checked with SHA-1 and SHA-256 from CPython's own modules while the data
is small, and from OpenSSL's past the size where loading it pays (clank_story/digests.py, issue 20):
the same digests as `hashlib` either way."""

from __future__ import annotations

import hashlib
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from clank_story import digests


@given(st.lists(st.binary(max_size=300), max_size=4), st.booleans())
def test_the_digests_are_hashlibs(chunks, large):
    if large:
        chunks = [b"\x07" * digests.OPENSSL_FROM, *chunks]
    for ours, theirs in ((digests.sha1, hashlib.sha1), (digests.sha256, hashlib.sha256)):
        whole, piece = ours(b"".join(chunks)), ours()
        for chunk in chunks:
            piece.update(chunk)
        expected = theirs(b"".join(chunks))
        assert whole.hexdigest() == piece.hexdigest() == expected.hexdigest()
        assert whole.digest() == expected.digest()


def test_naming_a_cache_file_loads_no_openssl_but_checking_a_large_one_does():
    program = """if True:
        import sys
        from clank_story import digests
        digests.sha256(b"campaign").hexdigest(), digests.sha1(b"campaign").hexdigest()
        print("_hashlib" in sys.modules, "hashlib" in sys.modules)
        digests.sha256(bytes(digests.OPENSSL_FROM))
        print("_hashlib" in sys.modules)
    """
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["False", "False", "True"], "and a large payload is OpenSSL's to hash"
