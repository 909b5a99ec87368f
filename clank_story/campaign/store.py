"""Where the campaign file lives, reading it (with migrations and line-numbered errors) and saving it
so that it is never lost or half-written.

A save writes a temporary file beside the campaign, flushes and fsyncs it, hard-links the current
file to `NAME.bak`, renames the temporary file over the campaign (`os.replace`, atomic on POSIX and
Windows) and fsyncs the directory. At every instant the campaign path names either the old or the new
complete file. A file that cannot be read is never written over: only a `CampaignFile` that was read
successfully (or created where no file stood) can save.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clank_story.campaign.model import SCHEMA_VERSION, Campaign, CampaignError, validate
from clank_story.content.diagnostics import ContentError, Diagnostic, Report
from clank_story.content.reading import MAX_FILE_BYTES, not_utf8, too_big
from clank_story.content.yamlio import Node, load_text, plain
from clank_story.words import say, sentences

if TYPE_CHECKING:
    from ruamel.yaml.comments import CommentedMap

# ruamel, and the round-trip layer and the migrations built on it, are imported where a document is
# parsed or written: a campaign from the read cache needs none of them, and a person waits for start-up.


def __getattr__(name: str) -> Any:
    """`store.roundtrip`, imported on first use (tests patch its functions through this module)."""
    if name == "roundtrip":
        from clank_story.campaign import roundtrip

        return roundtrip
    raise AttributeError(name)

ENV_VAR = "CLANK_STORY_CAMPAIGN"
APP_NAME = "clank-story"
DEFAULT_NAME = "campaign.yaml"
TMP_SUFFIX = ".tmp"


# -- location --------------------------------------------------------------------------------------
def default_campaign_path() -> Path:
    """The default campaign: `campaign.yaml` in the user's data directory (XDG_DATA_HOME on Linux)."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False) / DEFAULT_NAME


def campaign_path(option: str | os.PathLike[str] | None = None,
                  environ: Mapping[str, str] | None = None) -> Path:
    """`--campaign FILE` if given, else $CLANK_STORY_CAMPAIGN, else the default location."""
    if option:
        return Path(option).expanduser()
    env = (os.environ if environ is None else environ).get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return default_campaign_path()


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


# -- the file --------------------------------------------------------------------------------------
Stamp = tuple[int, int, int]


def _stamp(path: Path) -> Stamp | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


@dataclass
class CampaignFile:
    """A campaign read from (or created at) `path`, with the round-trip document it came from.

    A read from the cache (below) keeps the file's text and parses the round-trip document only when
    it is needed: to save (comments and key order kept) or to show the text."""

    path: Path
    _doc: CommentedMap | None
    campaign: Campaign
    migrated_from: int | None = None  # the layout version the file had, when it was older
    stamp: Stamp | None = None  # the file as we last read or wrote it
    source: str | None = field(default=None, repr=False)  # the text read, while `_doc` is not parsed yet

    @property
    def doc(self) -> CommentedMap:
        if self._doc is None:
            assert self.source is not None
            self._doc = parse_campaign(self.source, self.path).doc
            self.source = None
        return self._doc

    def save(self, campaign: Campaign | None = None) -> None:
        """Write `campaign` (default: self.campaign) over the file, keeping comments and key order."""
        campaign = campaign if campaign is not None else self.campaign
        if self.stamp is not None and _stamp(self.path) != self.stamp:
            raise CampaignError(say("campaign.changed_on_disk", path=self.path))
        from clank_story.campaign import roundtrip

        doc = self.doc
        roundtrip.merge(doc, file_data(campaign))
        text = roundtrip.dump(doc)
        write_atomic(self.path, text)
        self.campaign = campaign
        self.migrated_from = None
        self.stamp = _stamp(self.path)
        with contextlib.suppress(CampaignError):  # what reading the file back will give
            _remember(self.path, text, _checked_data(doc, self.path), None)

    def text(self) -> str:
        from clank_story.campaign import roundtrip

        return roundtrip.dump(self.doc)


def read_campaign(path: str | os.PathLike[str]) -> CampaignFile:
    """Read, migrate and check a campaign file; any problem raises CampaignError with line numbers.
    A file read (or written) before, unchanged since, comes from the read cache."""
    p = Path(path)
    try:
        stamp = _stamp(p)
        with open(p, "rb") as f:  # the size is checked before reading (content/reading.py)
            size = os.fstat(f.fileno()).st_size
            data = f.read(MAX_FILE_BYTES + 1) if size <= MAX_FILE_BYTES else b""
    except FileNotFoundError:
        raise CampaignError(say("campaign.no_file", path=p)) from None
    except IsADirectoryError:
        raise CampaignError(say("campaign.is_folder", path=p)) from None
    except OSError as e:
        raise CampaignError(say("campaign.cannot_read", path=p, reason=e.strerror or e)) from None
    if size > MAX_FILE_BYTES or len(data) > MAX_FILE_BYTES:
        raise _unreadable(p, too_big(str(p), size if size > MAX_FILE_BYTES else None, MAX_FILE_BYTES,
                                     "a campaign file").diagnostics)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        bad = not_utf8(data, e.start, str(p), "CF001")  # where: line and column, the byte counted from 1
        message = say("campaign.not_utf8", byte=f"{e.start + 1:,}")
        raise _unreadable(p, [replace(bad, message=message)]) from None
    known = _recall(p, text)
    if known is not None:
        found, migrated_from = known
        return CampaignFile(p, None, Campaign.from_dict(found), migrated_from, stamp, text)
    doc, plain_data, migrated_from = _parse(text, p)
    _remember(p, text, plain_data, migrated_from)
    return CampaignFile(p, doc, Campaign.from_dict(plain_data), migrated_from, stamp)


def parse_campaign(text: str, path: Path, stamp: Stamp | None = None) -> CampaignFile:
    doc, data, migrated_from = _parse(text, path)
    return CampaignFile(path, doc, Campaign.from_dict(data), migrated_from, stamp)


def _parse(text: str, path: Path) -> tuple[CommentedMap, dict[str, Any], int | None]:
    """The round-trip document (migrated), its plain data, and the layout version it was migrated from."""
    from ruamel.yaml.comments import CommentedMap

    from clank_story.campaign.migrations import detect_version, migrate

    try:
        node = load_text(text, str(path))
    except ContentError as e:
        raise _unreadable(path, e.diagnostics) from None
    doc = node.value
    if not isinstance(doc, CommentedMap):
        raise _unreadable(path, [Diagnostic(str(path), 1, 1, "CF010", say("campaign.not_a_mapping"))])
    version, key = detect_version(doc)
    if version is None:
        line, col = node.value_pos(key) if key else (1, 1)
        message = say("campaign.bad_version", key=key) if key else say("campaign.no_version")
        raise _unreadable(path, [Diagnostic(str(path), line, col, "CF011", message)])
    if version > SCHEMA_VERSION:
        line, col = node.value_pos(key)
        raise _unreadable(path, [Diagnostic(str(path), line, col, "CF012",
                                            say("campaign.newer", version=version, known=SCHEMA_VERSION))])
    if version < 1:
        line, col = node.value_pos(key)
        raise _unreadable(path, [Diagnostic(str(path), line, col, "CF011", say("campaign.bad_version", key=key))])
    try:
        passed = migrate(doc, version)
    except Exception as e:  # a layout too strange to migrate: say so, never crash
        raise _unreadable(path, [Diagnostic(str(path), 1, 1, "CF013",
                                            say("campaign.migration_failed", version=version, error=e))]) from None
    return doc, _checked_data(doc, path), passed[0] if passed else None


def _checked_data(doc: CommentedMap, path: Path) -> dict[str, Any]:
    """The document's plain data, once validate() finds nothing wrong with it."""
    report = Report()
    validate(Node(doc, str(path), 1, 1), report)
    if report.errors:
        raise _unreadable(path, sorted(report.errors))
    data = plain(doc)
    if isinstance(data.get("in_progress"), str):
        data["in_progress"] = json.loads(data["in_progress"])  # validate() has checked it parses
    return data


# -- the read cache -------------------------------------------------------------------------------
# What reading a file's exact text gave (its checked, migrated plain data) is kept by
# content/readcache.py, written after every read that parsed and after every save; the document a
# save needs is parsed only when saving.
def _recall(path: Path, text: str) -> tuple[dict[str, Any], int | None] | None:
    from clank_story.content import readcache

    stored = readcache.recall("campaigns", path, text, str(SCHEMA_VERSION))
    if not isinstance(stored, dict) or not isinstance(stored.get("data"), dict):
        return None
    return stored["data"], stored.get("migrated_from")


def _remember(path: Path, text: str, data: dict[str, Any], migrated_from: int | None) -> None:
    from clank_story.content import readcache

    readcache.remember("campaigns", path, text, {"migrated_from": migrated_from, "data": data}, str(SCHEMA_VERSION))


def file_data(campaign: Campaign) -> dict[str, Any]:
    """The campaign as it is written: the saved game, opaque to this layer and large (the RNG state
    alone is 625 numbers), goes in as one JSON text, which YAML reads as a single scalar: fast."""
    from ruamel.yaml.scalarstring import LiteralScalarString

    data = campaign.to_dict()
    if data["in_progress"] is not None:
        text = json.dumps(data["in_progress"], ensure_ascii=False, separators=(",", ":"))
        data["in_progress"] = LiteralScalarString(text)
    return data


def _unreadable(path: Path, diagnostics: list[Diagnostic]) -> CampaignError:
    hint = say("campaign.unreadable", path=path)
    if backup_path(path).exists():
        hint = sentences(hint, say("campaign.backup_exists", backup=backup_path(path)))
    return CampaignError(hint, diagnostics)


def new_document(campaign: Campaign) -> CommentedMap:
    from clank_story.campaign import roundtrip

    doc = roundtrip.to_node(file_data(campaign), top=True)
    doc.yaml_set_start_comment(say("campaign.file_header"))
    return doc


def create_campaign(path: str | os.PathLike[str], campaign: Campaign) -> CampaignFile:
    """Write a new campaign file; refuses (CampaignError) when anything already stands at `path`."""
    p = Path(path)
    if p.exists():
        raise CampaignError(say("campaign.exists", path=p))
    doc = new_document(campaign)
    p.parent.mkdir(parents=True, exist_ok=True)
    from clank_story.campaign import roundtrip

    write_atomic(p, roundtrip.dump(doc), exclusive=True)
    return CampaignFile(p, doc, campaign, None, _stamp(p))


def open_or_create(path: str | os.PathLike[str], make: Callable[[], Campaign]) -> CampaignFile:
    """The campaign at `path`; only when nothing stands there is one made (`make()`) and written. A file
    that cannot be read raises CampaignError and is left alone: it is never replaced by a new one."""
    p = Path(path)
    if not p.exists():
        try:
            return create_campaign(p, make())
        except CampaignError:
            if not p.exists():
                raise
    return read_campaign(p)


# -- atomic writing --------------------------------------------------------------------------------
def write_atomic(path: str | os.PathLike[str], text: str, *, backup: bool = True,
                 exclusive: bool = False) -> None:
    """Replace `path` with `text` so that a crash at any point leaves the old or the new file whole.

    With `backup`, the previous version is kept as `path.bak`. With `exclusive`, an existing file is
    never replaced (CampaignError). A failure raises CampaignError and leaves `path` untouched."""
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    try:
        data = text.encode("utf-8")
    except UnicodeError as e:
        raise CampaignError(say("campaign.save_failed", path=p, reason=e.reason)) from None
    _clean_stale_temps(folder, p.name)
    tmp = folder / f".{p.name}.{os.getpid()}.{os.urandom(4).hex()}{TMP_SUFFIX}"
    try:
        mode = p.stat().st_mode & 0o777 if p.exists() else 0o644
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if exclusive:
            _link_new(tmp, p)
        else:
            if backup and p.exists():
                _backup(p, folder)
            os.replace(tmp, p)
        _fsync_dir(folder)
    except OSError as e:
        _remove(tmp)
        raise CampaignError(say("campaign.save_failed", path=p, reason=e.strerror or e)) from None
    except BaseException:  # CampaignError, KeyboardInterrupt, ...: no temporary file is left behind
        _remove(tmp)
        raise


def _link_new(tmp: Path, p: Path) -> None:
    """Give the new file its name only if nothing has that name (atomic where hard links work)."""
    try:
        os.link(tmp, p)
    except FileExistsError:
        raise CampaignError(say("campaign.exists", path=p)) from None
    except OSError:
        if p.exists():
            raise CampaignError(say("campaign.exists", path=p)) from None
        os.replace(tmp, p)
        return
    _remove(tmp)


def _backup(p: Path, folder: Path) -> None:
    """`p.bak` becomes the current version, atomically (a hard link, or a synced copy)."""
    staging = folder / f".{p.name}.bak.{os.getpid()}.{os.urandom(4).hex()}{TMP_SUFFIX}"
    try:
        os.link(p, staging)
    except OSError:
        data = p.read_bytes()
        with open(staging, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    try:
        os.replace(staging, backup_path(p))
    except OSError:
        _remove(staging)
        raise


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable. Not every platform can open a folder (Windows): skip there."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _clean_stale_temps(folder: Path, name: str) -> None:
    """Remove temporary files a killed save left behind (only those whose process is gone)."""
    if os.name != "posix":  # os.kill(pid, 0) is a liveness probe only on POSIX
        return
    try:
        entries = list(folder.glob(f".{name}.*{TMP_SUFFIX}"))
    except OSError:
        return
    for entry in entries:
        parts = entry.name[len(name) + 2:].split(".")
        pid = next((int(x) for x in parts if x.isdigit()), None)
        if pid is not None and pid != os.getpid() and not _alive(pid):
            _remove(entry)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True
