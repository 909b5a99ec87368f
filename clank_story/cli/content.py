"""`clank-story cards` and `clank-story board list|show`."""

from __future__ import annotations

import json
import sys

import click

from clank_story.cli import options


@click.command()
@click.option("--ruleset", type=click.Choice(["classic", "legacy"]), default="classic", show_default=True)
@options.as_json("A JSON list of card objects (DESIGN.md §3 keys).")
@options.lang()
def cards(ruleset: str, as_json: bool) -> None:
    """The card catalogue of a ruleset: starting deck, Reserve and the row deck."""
    from clank_story.content.diagnostics import ContentError
    from clank_story.content.library import build_ruleset, catalog
    from clank_story.looking.catalogue import card_records, cards_text

    try:
        rules = build_ruleset(catalog(), ruleset)
    except ContentError as e:
        click.echo(str(e), err=True)
        sys.exit(2)
    click.echo(json.dumps(card_records(rules), indent=2, ensure_ascii=False) if as_json else cards_text(rules))


@click.group()
def board() -> None:
    """Shipped boards: list them, or show one as text or a Graphviz picture."""


@board.command("list")
@options.lang()
def board_list() -> None:
    """Every board with its ruleset and size."""
    from clank_story.content.library import catalog
    from clank_story.looking.catalogue import boards_text

    click.echo(boards_text(catalog()))


@board.command("show")
@click.argument("board_id")
@click.option("--format", "fmt", type=click.Choice(["text", "dot", "svg"]), default="text", show_default=True)
@options.lang()
def board_show(board_id: str, fmt: str) -> None:
    """One board: its spaces, what lies there, and the paths out with what they need."""
    from clank_story.content.library import catalog
    from clank_story.looking.catalogue import board_dot, board_text
    from clank_story.words import say

    cat = catalog()
    if board_id not in cat.boards:
        click.echo(say("catalogue.unknown_board", id=board_id, boards=", ".join(sorted(cat.boards))), err=True)
        sys.exit(2)
    b = cat.boards[board_id]
    if fmt == "svg":  # Graphviz draws it, when installed (the message says how to install it if not)
        from clank_story.authoring.graphviz import GraphvizMissing, board_svg

        try:
            click.echo(board_svg(b), nl=False)
        except GraphvizMissing as e:
            click.echo(str(e), err=True)
            sys.exit(2)
        return
    click.echo(board_dot(b) if fmt == "dot" else board_text(b))
