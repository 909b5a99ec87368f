"""Benchmark: load and save time of a campaign file after 100 games (issue 20: load <= 40 ms).

Plays a hundred all-bot games of a campaign on Brackenmoor through the real lifecycle (mission reports,
reviews, Dran track, stickers, destroyed cards, passages seen), then times `read_campaign` and
`CampaignFile.save` on the resulting file, with and without a saved game in progress. Prints medians.
`read_campaign` is what every start of `play`, `run --campaign` and `campaign show` pays.

    python tools/bench_campaign.py [--repeat N] [--games N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from clank_story.campaign.definition import Definition, GameDef, load_definition
from clank_story.campaign.lifecycle import (
    apply_story_effect,
    end_of_game,
    mark_seen,
    new_campaign,
    start_of_game,
)
from clank_story.campaign.setup import campaign_position
from clank_story.campaign.store import create_campaign, read_campaign
from clank_story.table.session import Session

GAMES = 100
TARGET_MS = 40.0


def stretched_definition(games: int = GAMES) -> Definition:
    """The shipped definition stretched to `games` games (the full story is written later)."""
    import dataclasses

    d, _ = load_definition("gilt-and-gristle")
    chapters = tuple(GameDef(n, "brackenmoor", f"prologue-{n}", None, (f"contract-{n}",), f"epilogue-{n}")
                     for n in range(1, games + 1))
    return dataclasses.replace(d, games=chapters)


def play_campaign(folder: Path, games: int = GAMES) -> tuple[Path, dict]:
    d = stretched_definition(games)
    path = folder / "campaign.yaml"
    cf = create_campaign(path, new_campaign(d, "The Benchmark Branch", ["Ana"], rivals=3))
    stickers = list(d.stickers)
    last_game = {}
    for n in range(1, games + 1):
        cf = read_campaign(path)
        c, setup = start_of_game(cf.campaign, d)
        position = campaign_position(setup, d, seed=n)
        for seat in position.scenario["players"]:
            seat.setdefault("bot", "random")
        session = Session.start(position)
        session.opening()
        last_game = session.game.to_dict()
        from clank_story.campaign.lifecycle import result_from_game

        end = end_of_game(c, d, result_from_game(session.game, notes=f"Game {n} went as games go."))
        c = end.campaign
        for reading in end.readings:
            c = mark_seen(c, reading.passage)
        for waypoint in ("101", "102", "103", "104"):
            c = mark_seen(c, f"{waypoint}-{n}")
        c, _ = apply_story_effect(c, d, "flag", f"met_npc_{n}")
        c, _ = apply_story_effect(c, d, "counter", {"favours": n})
        c, _ = apply_story_effect(c, d, "destroy_card", "bog-imp" if n % 2 else "moor-hound")
        if n <= len(stickers):
            c, _ = apply_story_effect(c, d, "sticker", stickers[n - 1])
        cf.save(c)
    return path, last_game


def median_ms(action, repeat: int) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds (CPU time is steadier on a busy machine)."""
    wall, cpu = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        action()
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - w) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def prepared_campaign(folder: Path, games: int, keep: Path | None) -> tuple[Path, dict]:
    """The played campaign file (and the last game, as a saved game), from `keep` when an earlier run
    left them there: playing a hundred games takes a while, and two versions of the code compare
    best on one file, in the same minute."""
    import json
    import shutil

    if keep is not None and (keep / "campaign.yaml").is_file() and (keep / "saved-game.json").is_file():
        shutil.copy(keep / "campaign.yaml", folder / "campaign.yaml")
        return folder / "campaign.yaml", json.loads((keep / "saved-game.json").read_text(encoding="utf-8"))
    path, saved_game = play_campaign(folder, games)
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, keep / "campaign.yaml")
        (keep / "saved-game.json").write_text(json.dumps(saved_game), encoding="utf-8")
    return path, saved_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--keep", type=Path, help="keep the played campaign in this folder and reuse it next time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path, saved_game = prepared_campaign(Path(tmp), args.games, args.keep)
        rows = []
        for label, in_progress in ((f"after {args.games} games", None),
                                   (f"after {args.games} games + a saved game", saved_game)):
            cf = read_campaign(path)
            cf.campaign.in_progress = in_progress
            cf.save()
            size = path.stat().st_size
            load = median_ms(lambda: read_campaign(path), args.repeat)
            cf = read_campaign(path)
            save = median_ms(cf.save, args.repeat)
            os.environ["CLANK_STORY_CACHE"], cache = "off", os.environ.get("CLANK_STORY_CACHE", "")
            parse = median_ms(lambda: read_campaign(path), max(3, args.repeat // 3))
            os.environ["CLANK_STORY_CACHE"] = cache
            rows.append((label, size, load, save, parse))
    print(f"campaign file benchmark: median of {args.repeat} runs, wall / CPU (load target <= {TARGET_MS:.0f} ms)")
    for label, size, load, save, parse in rows:
        verdict = "ok" if load[1] <= TARGET_MS else "OVER TARGET"
        print(f"  {label:40} {size / 1024:6.1f} KiB   load {load[0]:6.1f} / {load[1]:6.1f} ms"
              f"   save {save[0]:6.1f} / {save[1]:6.1f} ms   {verdict}")
        print(f"  {'':40} {'':10}   load without the read cache (CLANK_STORY_CACHE=off) {parse[0]:6.1f} / "
              f"{parse[1]:6.1f} ms")


if __name__ == "__main__":
    main()
