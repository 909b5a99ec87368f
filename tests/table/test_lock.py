"""The campaign lock (table/lock.py): one holder at a time, across processes; the operating system
lets go when the holder dies, however it dies; a folder that cannot hold the lock says so."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from clank_story.table.lock import CampaignLock, CampaignLocked

HOLD = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from clank_story.table.lock import CampaignLock
    CampaignLock(Path(sys.argv[1])).acquire()
    print("holding", flush=True)
    time.sleep(60)
""")


def _holder(campaign: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(campaign)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "holding"
    return child


def test_a_campaign_held_by_another_process_is_refused_with_who_holds_it(tmp_path):
    campaign = tmp_path / "c.yaml"
    child = _holder(campaign)
    try:
        with pytest.raises(CampaignLocked, match=rf"process {child.pid} on "):
            CampaignLock(campaign).acquire()
    finally:
        child.kill()
        child.wait()


def test_the_lock_of_a_killed_holder_is_free_at_once(tmp_path):
    campaign = tmp_path / "c.yaml"
    child = _holder(campaign)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    lock = CampaignLock(campaign).acquire()
    assert lock.held
    lock.release()
    assert not lock.held


def test_a_released_lock_can_be_taken_again_and_a_second_release_does_nothing(tmp_path):
    campaign = tmp_path / "c.yaml"
    first = CampaignLock(campaign).acquire()
    with pytest.raises(CampaignLocked):
        CampaignLock(campaign).acquire()  # another sitting in the same process is refused too
    first.release()
    first.release()
    second = CampaignLock(campaign).acquire()
    assert second.held
    second.release()


def test_a_folder_the_lock_cannot_be_made_in_is_said_plainly(tmp_path):
    gone = tmp_path / "no-such-folder" / "c.yaml"  # as unwritable as a folder gets, even for root
    with pytest.raises(CampaignLocked, match="cannot take the campaign's lock"):
        CampaignLock(gone).acquire()
