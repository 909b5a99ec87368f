"""Benchmark: load and save time of a campaign file after 10 games (target: <= 50 ms each).

Plays ten all-bot games of a campaign on Brackenmoor through the real lifecycle (mission reports,
reviews, Dran track, stickers, destroyed cards, passages seen), then times `read_campaign` and
`CampaignFile.save` on the resulting file, with and without a saved game in progress. Prints medians.

    python tools/bench_campaign.py [--repeat N]
"""

from __future__ import annotations

import argparse
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

GAMES = 10
TARGET_MS = 50.0


def ten_game_definition() -> Definition:
    """The shipped definition stretched to ten games (the full story is written later)."""
    import dataclasses

    d, _ = load_definition("gilt-and-gristle")
    games = tuple(GameDef(n, "brackenmoor", f"prologue-{n}", None, (f"contract-{n}",), f"epilogue-{n}")
                  for n in range(1, GAMES + 1))
    return dataclasses.replace(d, games=games)


def play_campaign(folder: Path) -> tuple[Path, dict]:
    d = ten_game_definition()
    path = folder / "campaign.yaml"
    cf = create_campaign(path, new_campaign(d, "The Benchmark Branch", ["Ana"], rivals=3))
    stickers = list(d.stickers)
    last_game = {}
    for n in range(1, GAMES + 1):
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path, saved_game = play_campaign(Path(tmp))
        rows = []
        for label, in_progress in (("after 10 games", None), ("after 10 games + a saved game", saved_game)):
            cf = read_campaign(path)
            cf.campaign.in_progress = in_progress
            cf.save()
            size = path.stat().st_size
            load = median_ms(lambda: read_campaign(path), args.repeat)
            cf = read_campaign(path)
            save = median_ms(cf.save, args.repeat)
            rows.append((label, size, load, save))
    print(f"campaign file benchmark: median of {args.repeat} runs, wall / CPU (target <= {TARGET_MS:.0f} ms)")
    for label, size, load, save in rows:
        verdict = "ok" if max(load[1], save[1]) <= TARGET_MS else "OVER TARGET"
        print(f"  {label:32} {size / 1024:5.1f} KiB   load {load[0]:5.1f} / {load[1]:5.1f} ms"
              f"   save {save[0]:5.1f} / {save[1]:5.1f} ms   {verdict}")


if __name__ == "__main__":
    main()
