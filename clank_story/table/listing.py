"""What `clank-story saves` shows: one-shot games in their slots and the campaign games kept in the
campaign files played on this machine, newest first, each with the command that brings it back."""

from __future__ import annotations

import os
import shlex
from dataclasses import asdict, dataclass
from pathlib import Path

from clank_story.campaign.model import CampaignError
from clank_story.campaign.store import default_campaign_path, read_campaign
from clank_story.table import saves
from clank_story.table.saves import CAMPAIGN, SaveError
from clank_story.words import say


@dataclass(frozen=True)
class Entry:
    name: str
    kind: str  # one-shot | campaign | campaign (set aside)
    updated: str
    turn: int
    seed: int
    board: str
    where: str
    command: str
    problem: str = ""

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def listing() -> list[Entry]:
    saves.migrate_old_saves()
    out: list[Entry] = []
    for info in saves.one_shot_saves():
        kind = "campaign-aside" if info.kind == CAMPAIGN else info.kind
        out.append(Entry(info.name, kind, info.updated, info.turn, info.seed, info.board, str(info.where),
                         f"clank-story play --resume {info.name}", info.problem))
    default = Path(os.path.realpath(default_campaign_path()))
    for path in dict.fromkeys([default, *saves.known_campaigns()]):
        if not path.is_file():
            continue
        try:
            cf = read_campaign(path)
        except CampaignError as e:
            out.append(Entry(path.stem, CAMPAIGN, "", 0, 0, "", str(path), "", str(e).splitlines()[-1]))
            continue
        data = cf.campaign.in_progress
        if data is None:
            continue
        try:
            record = saves.parse_record(data, str(path))
        except SaveError as e:
            out.append(Entry(cf.campaign.franchise, CAMPAIGN, "", 0, 0, "", str(path), "", str(e)))
            continue
        command = "clank-story play" if path == default else f"clank-story play --campaign {shlex.quote(str(path))}"
        out.append(Entry(cf.campaign.franchise, CAMPAIGN, record.updated, record.turn, record.setup.seed,
                         record.setup.board or "-", str(path), command))
    return sorted(out, key=lambda e: e.updated, reverse=True)


def listing_lines(entries: list[Entry]) -> list[str]:
    if not entries:
        return [say("table.saves.none")]
    lines = [say("table.saves.title", n=len(entries))]
    for e in entries:
        if e.problem:
            lines.append(say("table.saves.problem", name=e.name, where=e.where, problem=e.problem))
            continue
        lines.append(say(f"table.saves.entry.{e.kind}", name=e.name, date=e.updated.replace("T", " ")[:16],
                         turn=e.turn, seed=e.seed, board=e.board, where=e.where))
        lines.append(say("table.saves.command", command=e.command))
    return lines


def delete_save(name: str) -> tuple[str, int]:
    """Delete a one-shot slot (a campaign's game in progress belongs to its campaign: `--new` sets it aside)."""
    if not saves.valid_name(name) or not saves.slot_path(name).is_file():
        return say("table.saves.no_such", name=name), 2
    saves.remove(saves.slot_path(name))
    return say("table.saves.deleted", name=name), 0
