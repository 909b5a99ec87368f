"""`clank-story run`: reading the files, printing narration, exit codes 0 / 1 / 2."""

from __future__ import annotations

import sys
from pathlib import Path

import click


def run_command(script: str, scenario: str | None, campaign: str | None, book: str | None,
                seed: int | None, transcript: str | None, solo: bool = False) -> int:
    from clank_story.content.diagnostics import ContentError
    from clank_story.content.scenario import load_scenario
    from clank_story.script import run_script
    from clank_story.session import Session, SessionError

    try:
        text = sys.stdin.read() if script == "-" else Path(script).read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        click.echo(f"{script}: not UTF-8 (byte {e.start + 1:,})", err=True)
        return 2
    except OSError as e:
        click.echo(f"{script}: cannot read the script: {getattr(e, 'strerror', None) or e}", err=True)
        return 2
    if book is not None and not Path(book).is_dir():
        click.echo(f"--book {book}: no such folder", err=True)
        return 2
    if book is not None:  # a broken book is refused before play starts (and before a campaign file is touched)
        from clank_story.story.passages import load_book

        try:
            load_book(book, strict=True)
        except ContentError as e:
            click.echo(str(e), err=True)
            return 2
    from clank_story.bots.solo import SoloDirector, SoloError
    from clank_story.campaign.model import CampaignError

    finish = None
    try:
        if campaign is not None:  # the campaign's next game; its end-of-game steps change the file
            from clank_story.campaign_table import finish_game, open_table

            table = open_table(campaign, seed=seed, book=book, scenario=scenario)
            session = table.session

            def finish() -> tuple[list, list[str]]:
                return finish_game(table), table.closing
        else:
            position = load_scenario(scenario, seed=seed, seats=[{"name": "You"}] if solo else None)
            session = Session.start(position)
            if book is not None or position.ruleset.legacy:  # the Book of Secrets: waypoints, contracts
                from clank_story.story.play import attach_book

                attach_book(session, book, strict=True)
        if solo:
            SoloDirector.attach(session)
    except (SoloError, CampaignError) as e:
        click.echo(f"{campaign or scenario or 'setup'}: {e}", err=True)
        return 2
    except ContentError as e:
        click.echo(str(e), err=True)
        return 2
    except SessionError as e:
        click.echo(f"{scenario or 'setup'}: {e}", err=True)
        return 2
    lines: list[str] = []

    def emit(line: str) -> None:
        lines.append(line)
        click.echo(line)

    try:
        outcome = run_script(session, text, "<stdin>" if script == "-" else script, emit, finish)
    except CampaignError as e:
        click.echo(f"{campaign}: {e}", err=True)
        return 2
    if transcript:
        Path(transcript).write_text("\n".join(lines) + ("\n" if lines else ""), encoding="utf-8")
    if outcome.message:
        click.echo(outcome.message, err=True)
    return outcome.status
