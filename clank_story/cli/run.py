"""`clank-story run`: reading the files, printing narration, exit codes 0 / 1 / 2 (DESIGN.md §5)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from clank_story.repl import collector

MAX_SCRIPT_BYTES = 4 * 1024 * 1024  # a whole game is a few kilobytes; /dev/zero is not a script


def run_command(script: str, scenario: str | None, campaign: str | None, book: str | None,
                seed: int | None, transcript: str | None, solo: bool = False) -> int:
    from clank_story.table.opening import CampaignGame, OneShot, Options, StartError, open_game
    from clank_story.table.scripts import run_script
    from clank_story.words import say

    try:
        raw = _read_script(script)
    except OSError as e:
        click.echo(say("script.cannot_read", path=script, error=e.strerror or e), err=True)
        return 2
    if raw is None:
        click.echo(say("script.too_big", path=script, limit=f"{MAX_SCRIPT_BYTES // (1024 * 1024)} MB"), err=True)
        return 2
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        # the byte is counted from 1, like a content file's (content/reading.py)
        click.echo(say("script.not_utf8", path=script, byte=f"{e.start + 1:,}"), err=True)
        return 2
    if book is not None and not Path(book).is_dir():
        click.echo(say("script.no_book", book=book), err=True)
        return 2
    if transcript is not None:
        folder = Path(transcript).resolve().parent
        if not folder.is_dir():
            click.echo(say("script.no_transcript_folder", path=transcript, folder=folder), err=True)
            return 2
    if campaign is not None:  # the campaign's game in progress, else its next game
        spec = CampaignGame(campaign, seed, book, scenario)
    else:
        spec = OneShot(seed=seed, scenario=scenario, book=book, solo=solo,
                       seats=({"name": "You"},) if solo and scenario is None else None)
    try:
        table = open_game(spec, Options(interactive=False, save=campaign is not None))
    except StartError as e:
        click.echo(str(e), err=True)
        return 2
    finally:
        collector.release()  # the game is open: start-up is over (repl/collector.py)
    lines: list[str] = []

    def emit(line: str) -> None:
        lines.append(line)
        click.echo(line)

    outcome = run_script(table, text, "<stdin>" if script == "-" else script, emit)
    if transcript:
        try:
            Path(transcript).write_text("\n".join(lines) + ("\n" if lines else ""), encoding="utf-8")
        except OSError as e:
            click.echo(say("script.transcript_failed", path=transcript, error=e.strerror or e), err=True)
            return 2
    if outcome.message:
        click.echo(outcome.message, err=True)
    return outcome.status


def _read_script(script: str) -> bytes | None:
    """The script's bytes, read no further than the cap (None past it)."""
    if script == "-":
        raw = sys.stdin.buffer.read(MAX_SCRIPT_BYTES + 1)
    else:
        with open(script, "rb") as f:
            raw = f.read(MAX_SCRIPT_BYTES + 1)
    return None if len(raw) > MAX_SCRIPT_BYTES else raw
