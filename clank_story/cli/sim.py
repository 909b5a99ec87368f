"""`clank-story sim`: many seeded all-bot games in parallel, reported as a table or JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

from clank_story.cli import options
from clank_story.cli.helptext import command, option


@command(help_id="cli.sim.help")
@option("--games", "-n", type=int, default=100, show_default=True, help_id="cli.sim.games")
@option("--players", default="planner,greedy,cautious,random", show_default=True, help_id="cli.sim.players")
@option("--board", default="cinder-halls", show_default=True, help_id="cli.sim.board")
@option("--seed", type=int, default=0, show_default=True, help_id="cli.sim.seed")
@option("--jobs", "-j", type=int, default=1, show_default=True, help_id="cli.sim.jobs")
@option("--solo", is_flag=True, help_id="cli.sim.solo")
@option("--book", type=click.Path(file_okay=False), help_id="cli.common.book")
@option("--no-story", is_flag=True, help_id="cli.sim.no-story")
@option("--json", "as_json", is_flag=True, help_id="cli.sim.json")
@option("--campaign", "definition", metavar="DEF", help_id="cli.sim.campaign")
@option("--campaigns", type=int, default=50, show_default=True, help_id="cli.sim.campaigns")
@option("--narration", is_flag=True, help_id="cli.sim.narration")
@options.lang()
def sim(games: int, players: str, board: str, seed: int, jobs: int, solo: bool, book: str | None,
        no_story: bool, as_json: bool, definition: str | None, campaigns: int, narration: bool) -> None:
    if definition is not None:
        _coverage(definition, campaigns, seed, jobs, as_json, narration)
        return
    from clank_story.authoring.sim import SimError, SimSpec, check_spec, simulate
    from clank_story.words import say

    spec = SimSpec(players=tuple(p.strip() for p in players.split(",") if p.strip()), board=board, seed=seed,
                   games=games, solo=solo, book=book, story=not no_story)
    try:
        check_spec(spec)
    except SimError as e:
        click.echo(f"sim: {e}", err=True)
        sys.exit(2)
    _report(lambda tick: simulate(spec, max(1, jobs), tick), games, say("cli.sim.progress.games"), as_json, table)


def _coverage(definition: str, campaigns: int, seed: int, jobs: int, as_json: bool, narration: bool) -> None:
    from clank_story.authoring.coverage import CoverageError, CoverageSpec, check_spec, coverage, table
    from clank_story.words import say

    spec = CoverageSpec(definition=definition, campaigns=campaigns, seed=seed, narration=narration)
    try:
        check_spec(spec)
    except CoverageError as e:
        click.echo(f"sim: {e}", err=True)
        sys.exit(2)
    _report(lambda tick: coverage(spec, max(1, jobs), tick), campaigns, say("cli.sim.progress.campaigns"), as_json,
            table)


def _report(run: Callable[[Callable[[int], None] | None], dict[str, Any]], length: int, label: str, as_json: bool,
            table: Callable[[dict[str, Any]], list[str]]) -> None:
    """Run a batch (a progress bar on a terminal's stderr), then print its report as JSON or a table."""
    if sys.stderr.isatty():
        with click.progressbar(length=length, file=sys.stderr, label=label) as bar:
            report = run(bar.update)
    else:
        report = run(None)
    click.echo(json.dumps(report, indent=2) if as_json else "\n".join(table(report)))


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def table(report: dict[str, Any]) -> list[str]:
    """The report as aligned text lines (sentences from locale/<lang>/bots.yaml)."""
    from clank_story.bots.personas import word

    lines = [word("sim.title", games=report["games"], board=report["board"], seed=report["seed"],
                  players=", ".join(report["players"]))]
    rows = [word("sim.header").split("  ")]
    for name, s in report["strategies"].items():
        sc = s["score"]
        rows.append([name, str(s["seats"]), _pct(s["escaped"]), _pct(s["knocked_out"]), _pct(s["scored_zero"]),
                     _pct(s["won"]), f"{sc['mean']:.1f}/{sc['median']:.0f} ({sc['p10']:.0f}-{sc['p90']:.0f})",
                     f"{s['dragon_damage']:.2f}", f"{s['artifact']:.1f}"])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        lines.append("  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                               for i, cell in enumerate(r)).rstrip())
    rounds = report["rounds"]
    lines.append(word("sim.rounds", mean=rounds["mean"], median=f"{rounds['median']:.0f}", min=rounds["min"],
                      max=rounds["max"], attacks=report["dragon_attacks"]))
    none = word("sim.none")
    reasons = ", ".join(f"{word('reason.' + k)} {v}" for k, v in report["end_reasons"].items()) or none
    lines.append(word("sim.reasons", reasons=reasons))
    lines.append(word("sim.cards", cards=", ".join(f"{k} {v}" for k, v in report["cards_acquired"].items()) or none))
    lines.append(word("sim.waypoints", waypoints=", ".join(f"{k} {v}" for k, v in report["waypoints"].items()) or none))
    lines.append(word("sim.passages", passages=", ".join(f"{k} {v}" for k, v in report["passages"].items()) or none))
    lines.append(word("sim.contracts", contracts=", ".join(f"{k} {v}" for k, v in report["contracts"].items()) or none))
    if report["story"]:
        lines.append(word("sim.story", story=", ".join(f"{k} {v}" for k, v in report["story"].items())))
    if "solo_target" in report:
        st = report["solo_target"]
        lines.append(word("sim.solo", mean=st["mean"], beaten=_pct(st["beaten"]), done=st["tasks_done"],
                          missed=st["tasks_missed"], audit=_pct(st["audit_began"])))
    return lines
