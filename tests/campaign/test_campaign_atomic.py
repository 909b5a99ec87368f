"""Saving is atomic: a save that fails, or a process killed in the middle of saving, leaves a whole,
valid campaign file (the old one or the new one) every time."""

from __future__ import annotations

import contextlib
import copy
import errno
import os
import random
import signal
import time
from pathlib import Path

import pytest

from clank_story.campaign import store
from clank_story.campaign.model import CampaignError, MissionReport
from clank_story.campaign.store import CampaignFile, backup_path, read_campaign, write_atomic

SAVE_TRIALS = 30  # whole saves (reading, merging, writing) killed at random moments
WRITE_TRIALS = 60  # bare atomic writes killed at random moments
NOTE = "a long mission report, so that a half-written file could not pass for a whole one; " * 40


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("failing", ["fsync", "replace", "write"])
def test_a_save_that_fails_leaves_the_old_file_intact(failing: str, campaign_file: CampaignFile,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    before = campaign_file.path.read_bytes()

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    if failing == "write":
        monkeypatch.setattr(store.roundtrip, "dump", lambda doc: "\udcff not encodable")
    else:
        monkeypatch.setattr(store.os, failing, no_space)
    c = copy.deepcopy(campaign_file.campaign)
    c.game_number = 2
    with pytest.raises(CampaignError, match=r"could not be saved .*; the file on disk is unchanged"):
        campaign_file.save(c)
    monkeypatch.undo()
    assert campaign_file.path.read_bytes() == before
    assert leftovers(campaign_file.path.parent) == []
    assert read_campaign(campaign_file.path).campaign.game_number == 1


def test_a_killed_save_leaves_a_temporary_file_the_next_save_clears(tmp_path: Path) -> None:
    target = tmp_path / "c.yaml"
    write_atomic(target, "a: 1\n")
    dead = _dead_pid()
    (tmp_path / f".c.yaml.{dead}.0badc0de.tmp").write_text("half", encoding="utf-8")
    mine = tmp_path / f".c.yaml.{os.getpid()}.feedface.tmp"  # a live process's: left alone
    mine.write_text("in flight", encoding="utf-8")
    write_atomic(target, "a: 2\n")
    assert leftovers(tmp_path) == [mine.name]
    assert target.read_text(encoding="utf-8") == "a: 2\n"
    assert backup_path(target).read_text(encoding="utf-8") == "a: 1\n"


def _dead_pid() -> int:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid


def _keep_saving(path: Path, ready: int) -> None:
    """The child: save new versions as fast as it can until it is killed; says when its first save is
    whole (a parent that did not wait for it has closed the pipe: the child saves on regardless)."""
    try:
        cf = read_campaign(path)
        os.write(ready, b"r")
        n = cf.campaign.counters.get("saves", 0)
        first = True
        while True:
            n += 1
            c = copy.deepcopy(cf.campaign)
            c.counters["saves"] = n
            c.mission_reports = [MissionReport(1, "brackenmoor", {"Ana": n, "Rex": 0}, "Ana", notes=f"{n}: {NOTE}")]
            cf.save(c)
            if first:
                first = False
                with contextlib.suppress(OSError):
                    os.write(ready, b"s")
    finally:
        os._exit(0)


def _keep_writing(path: Path, versions: list[str], ready: int) -> None:
    """The child: write whole files over and over, so nearly every moment is inside the atomic write."""
    try:
        os.write(ready, b"r")
        for i in range(10**9):
            write_atomic(path, versions[i % len(versions)])
    finally:
        os._exit(0)


def _kill_after(child, rng: random.Random, most: float, after_a_save: bool = False) -> None:
    """Start `child(ready_fd)`; once it is ready (`after_a_save`: once it has saved a whole version),
    let it run for a random moment up to `most` seconds (a few saves, measured on this machine), then
    kill it without warning."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        child(w)
    os.close(w)
    os.read(r, 1)
    if after_a_save:
        os.read(r, 1)
    os.close(r)
    time.sleep(rng.uniform(0.0, most))
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def _seconds(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork to kill a saving process")


@needs_fork
def test_killing_a_saving_process_at_random_moments_never_loses_the_campaign(campaign_file: CampaignFile) -> None:
    path = campaign_file.path
    rng = random.Random(6)
    last = 0
    one_save = _seconds(lambda: read_campaign(path).save())
    for trial in range(SAVE_TRIALS):  # every third child saves once before its random moment starts, so
        # a busy machine, where a save takes longer than the one measured, still sees saves land
        _kill_after(lambda ready: _keep_saving(path, ready), rng, 3 * one_save, after_a_save=trial % 3 == 2)
        for version in (path, backup_path(path)):
            if version.exists():
                c = read_campaign(version).campaign  # whole and valid, whatever the moment of the kill
                n = c.counters.get("saves", 0)
                if c.mission_reports:
                    assert c.mission_reports[0].notes == f"{n}: {NOTE}" and c.mission_reports[0].scores["Ana"] == n
        now = read_campaign(path).campaign.counters.get("saves", 0)
        assert now >= last  # the file never goes back to an older version
        last = now
    assert last > 0  # the children really saved


@needs_fork
def test_killing_a_writer_inside_the_atomic_write_leaves_one_whole_version(campaign_file: CampaignFile) -> None:
    path = campaign_file.path
    versions = [path.read_text(encoding="utf-8")]  # the backup may still be the first file
    for n in range(3):
        c = copy.deepcopy(campaign_file.campaign)
        c.counters["saves"] = n
        c.mission_reports = [MissionReport(1, "brackenmoor", {"Ana": n, "Rex": 0}, "Ana", notes=NOTE * 5)]
        versions.append(_render(campaign_file, c))
    one_write = _seconds(lambda: write_atomic(path, versions[1]))
    rng = random.Random(7)
    torn_moments = 0
    for _ in range(WRITE_TRIALS):
        _kill_after(lambda ready: _keep_writing(path, versions, ready), rng, 3 * one_write)
        torn_moments += bool(leftovers(path.parent))
        assert path.read_text(encoding="utf-8") in versions
        if backup_path(path).exists():
            assert backup_path(path).read_text(encoding="utf-8") in versions
        read_campaign(path)
    assert torn_moments > 0  # kills landed between the temporary file and the rename


def _render(cf: CampaignFile, c) -> str:
    from clank_story.campaign import roundtrip

    doc = copy.deepcopy(cf.doc)
    roundtrip.merge(doc, c.to_dict())
    return roundtrip.dump(doc)
