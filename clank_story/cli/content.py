"""`clank-story cards` and `clank-story board list|show`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from clank_story.cli import options
from clank_story.cli.helptext import command, group, option


@command(help_id="cli.cards.help")
@click.option("--ruleset", type=click.Choice(["classic", "legacy"]), default="classic", show_default=True)
@options.as_json("cli.cards.json")
@options.lang()
def cards(ruleset: str, as_json: bool) -> None:
    from clank_story.content.diagnostics import ContentError
    from clank_story.content.library import build_ruleset, catalog
    from clank_story.looking.catalogue import card_records, cards_text

    try:
        rules = build_ruleset(catalog(), ruleset)
    except ContentError as e:
        click.echo(str(e), err=True)
        sys.exit(2)
    click.echo(json.dumps(card_records(rules), indent=2, ensure_ascii=False) if as_json else cards_text(rules))


@group(help_id="cli.board.help")
@options.lang(hidden=True)
def board() -> None:
    pass


@board.command("list", help_id="cli.board.list.help")
@options.lang()
def board_list() -> None:
    from clank_story.content.library import catalog
    from clank_story.looking.catalogue import boards_text

    click.echo(boards_text(catalog()))


@board.command("show", help_id="cli.board.show.help")
@click.argument("board_id", metavar="ID|FILE")
@click.option("--format", "fmt", type=click.Choice(["text", "dot", "svg"]), default="text", show_default=True)
@option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help_id="cli.common.output")
@options.lang()
def board_show(board_id: str, fmt: str, output: Path | None) -> None:
    from clank_story.authoring.boardpic import board_dot
    from clank_story.cli.book import write_picture
    from clank_story.looking.catalogue import board_text

    b = _board(board_id)
    if fmt == "svg":  # Graphviz draws it, when installed (the message says how to install it if not)
        from clank_story.authoring.boardpic import board_svg

        write_picture(lambda: board_svg(b), output)
        return
    text = board_dot(b) if fmt == "dot" else board_text(b) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        write_picture(lambda: text, output)


def _board(ref: str):  # -> rules.model.Board
    """A shipped board by id, or the board in a file (its campaign folder's cards and boards join in)."""
    from clank_story.content.diagnostics import ContentError
    from clank_story.content.library import catalog
    from clank_story.words import say

    path = Path(ref)
    try:
        if path.suffix in (".yaml", ".yml") and path.is_file():
            from clank_story.content.boards import board_from_node
            from clank_story.content.diagnostics import Report
            from clank_story.content.yamlio import load_file

            report = Report()
            b = board_from_node(load_file(path), report)
            report.raise_errors()
            if b is not None:
                return b
        cat = catalog()
    except ContentError as e:
        click.echo(str(e), err=True)
        sys.exit(2)
    if ref not in cat.boards:
        click.echo(say("authoring.board.no_board", board=ref, boards=", ".join(sorted(cat.boards))), err=True)
        sys.exit(2)
    return cat.boards[ref]
