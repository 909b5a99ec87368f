"""`clank-story saves`: every game in progress — one-shot games in their slots, campaign games in their
campaign files — with date, kind, turn and seed, and the command that brings each back."""

from __future__ import annotations

import json

import click

from clank_story.cli import options
from clank_story.cli.helptext import command, option


@command("saves", help_id="cli.saves.help")
@option("--delete", "delete", metavar="NAME", help_id="cli.saves.delete")
@options.as_json("cli.saves.json")
@options.lang()
def saves_command(delete: str | None, as_json: bool) -> None:
    from clank_story.table.listing import delete_save, listing, listing_lines

    if delete is not None:
        message, status = delete_save(delete)
        click.echo(message, err=status != 0)
        raise SystemExit(status)
    entries = listing()
    if as_json:
        click.echo(json.dumps([e.to_dict() for e in entries], indent=2, ensure_ascii=False))
        return
    for line in listing_lines(entries):
        click.echo(line)
