"""Reading a content file's text within size caps, and saying exactly where it is not UTF-8.

A file's size is checked before it is read (a 50 MB file is refused at once, and `/dev/zero` is read
no further than the cap), so hostile or mistaken input costs a stat and an error line, not minutes.
The caps are generous for any file a person writes and are listed in docs/security.md:

- the round-trip reader (ruamel, used for scenarios, cards, boards, campaign files and definitions)
  takes about 0.3 s a megabyte and 60 µs a value, so those files are capped at MAX_FILE_BYTES and
  MAX_FILE_VALUES;
- Book of Secrets files go through libyaml (content/yamlfast.py), ten times faster: MAX_BOOK_FILE_BYTES
  and MAX_BOOK_FILE_VALUES a file, and a book folder holds at most MAX_BOOK_FILES files and
  MAX_BOOK_BYTES in all, found within MAX_BOOK_ENTRIES files and folders (`--book /` stops there).
"""

from __future__ import annotations

import os
from pathlib import Path

from clank_story.content.diagnostics import ContentError, Diagnostic, Said, said

MB = 1024 * 1024
MAX_FILE_BYTES = 1 * MB
MAX_FILE_VALUES = 10_000
MAX_BOOK_FILE_BYTES = 4 * MB
MAX_BOOK_FILE_VALUES = 100_000
MAX_BOOK_FILES = 1_000
MAX_BOOK_BYTES = 8 * MB
MAX_BOOK_ENTRIES = 20_000
SIZE_CODE = "CT008"


def size_text(n: int) -> str:
    return f"{n // MB} MB" if n >= MB and n % MB == 0 else f"{n:,} bytes"


def too_big(path: str, size: int | None, limit: int, what: str) -> ContentError:
    """CT008 for a file of `size` bytes (None: a device or pipe, read as far as the cap)."""
    if size is None:
        message = said("reading.goes_on", limit=size_text(limit), what=what)
    else:
        message = said("reading.too_big", size=f"{size:,}", what=what, limit=size_text(limit))
    return ContentError([Diagnostic.of(path, 1, 1, SIZE_CODE, message)])


def read_bytes(path: str | Path, *, limit: int = MAX_FILE_BYTES, what: str = "a content file") -> bytes:
    """The file's bytes; ContentError (CT000 cannot read, CT008 over `limit`) otherwise."""
    shown = str(path)
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > limit:
                raise too_big(shown, size, limit, what)
            data = f.read(limit + 1)  # a device or a pipe has no size to check beforehand
    except IsADirectoryError:
        raise ContentError([Diagnostic.of(shown, 1, 1, "CT000", said("reading.a_folder"))]) from None
    except OSError as e:
        raise ContentError([Diagnostic.of(shown, 1, 1, "CT000", said("reading.cannot_read",
                                                                      error=e.strerror or e))]) from None
    if len(data) > limit:
        raise too_big(shown, None, limit, what)
    return data


def decode(data: bytes, path: str, code: str = "CT000") -> str:
    """UTF-8 text (a leading byte-order mark is dropped); a diagnostic at the first bad byte otherwise."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ContentError([not_utf8(data, e.start, path, code)]) from None


def not_utf8(data: bytes, offset: int, path: str, code: str = "CT000") -> Diagnostic:
    """`path:line:col: error[CODE]: not UTF-8 (byte N)`: N counts from 1, like the line and column."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    col = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return Diagnostic.of(path, line, col, code, said("reading.not_utf8", byte=f"{offset + 1:,}"))


def read_text(path: str | Path, *, limit: int = MAX_FILE_BYTES, what: str = "a content file") -> str:
    return decode(read_bytes(path, limit=limit, what=what), str(path))


def yaml_files(root: Path, *, what: str = "a Book of Secrets folder", max_files: int = MAX_BOOK_FILES,
               max_bytes: int = MAX_BOOK_BYTES, max_entries: int = MAX_BOOK_ENTRIES,
               prune: frozenset[str] = frozenset()) -> list[Path]:
    """The `.yaml`/`.yml` files at any depth under `root`, sorted; hidden files and folders skipped, and
    folders named in `prune` (a book's `locale/`: its translations are walked on their own), each
    folder visited once however many links lead to it. Past a cap the walk stops there (CT008), so
    `--book /` costs a moment, not a walk of the whole disk."""
    found: list[Path] = []
    entries = total = 0
    seen: set[tuple[int, int]] = set()
    shown = str(root)

    def over(message: Said) -> ContentError:
        return ContentError([Diagnostic.of(shown, 1, 1, SIZE_CODE, said("reading.right_folder", problem=message))])

    for folder, dirs, files in os.walk(root, followlinks=True):
        try:
            st = os.stat(folder)
        except OSError:
            dirs[:] = []
            continue
        if (st.st_dev, st.st_ino) in seen:
            dirs[:] = []
            continue
        seen.add((st.st_dev, st.st_ino))
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in prune)
        entries += len(dirs) + len(files)
        if entries > max_entries:
            raise over(said("reading.too_many_entries", entries=f"{max_entries:,}", what=what, most=f"{max_files:,}"))
        for name in files:
            if name.startswith(".") or not name.endswith((".yaml", ".yml")):
                continue
            path = Path(folder) / name
            try:
                if not path.is_file():
                    continue
                total += path.stat().st_size
            except OSError:
                continue
            found.append(path)
            if len(found) > max_files:
                raise over(said("reading.too_many_files", most=f"{max_files:,}", what=what))
            if total > max_bytes:
                raise over(said("reading.too_many_bytes", most=size_text(max_bytes), what=what))
    return sorted(found)
