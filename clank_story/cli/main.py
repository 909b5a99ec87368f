"""The `clank-story` command line. Only this package imports click; subcommands import the rest of
the program lazily so `--help` starts fast."""

from __future__ import annotations

import sys

import click

from clank_story import __version__
from clank_story.cli import options
from clank_story.cli.helptext import group, option, version_option


@group(context_settings={"help_option_names": ["-h", "--help"]}, help_id="cli.clank-story.help")
@version_option(__version__, prog_name="clank-story")
@options.lang(hidden=True)
def cli() -> None:
    pass


@cli.command(help_id="cli.run.help")
@click.argument("script", type=click.Path(dir_okay=False, allow_dash=True))
@options.scenario()
@options.campaign("cli.run.campaign")
@options.book("cli.run.book")
@options.seed("cli.run.seed")
@option("--transcript", type=click.Path(dir_okay=False, writable=True), help_id="cli.run.transcript")
@option("--solo", is_flag=True, help_id="cli.run.solo")
@options.lang()
def run(script: str, scenario: str | None, campaign: str | None, book: str | None, seed: int | None,
        transcript: str | None, solo: bool) -> None:
    from clank_story.cli.run import run_command

    sys.exit(run_command(script, scenario, campaign, book, seed, transcript, solo=solo))


def _register_campaign() -> None:
    from clank_story.cli.campaign import campaign  # click only; the campaign layer loads on use

    cli.add_command(campaign)


_register_campaign()


def _register_play() -> None:
    from clank_story.cli.play import play  # click only; the REPL loads on use

    cli.add_command(play)


_register_play()


def _register_serve() -> None:
    from clank_story.cli.serve import serve  # click only; the web server loads on use

    cli.add_command(serve)


_register_serve()


def _register_sim() -> None:
    from clank_story.cli.sim import sim  # click only; the simulation loads on use

    cli.add_command(sim)


_register_sim()


def _register_content() -> None:
    from clank_story.cli.content import board, cards  # click only; content loads on use

    cli.add_command(cards)
    cli.add_command(board)


_register_content()


def _register_saves() -> None:
    from clank_story.cli.saves import saves_command  # click only; the saves load on use

    cli.add_command(saves_command)


_register_saves()


def _register_book() -> None:
    from clank_story.cli.book import book  # click only; the authoring tools load on use

    cli.add_command(book)


_register_book()


def main() -> None:
    """The command line, with its output guarded: a full disk or a closed pipe is one sentence on
    stderr and exit status 2; a character the output's encoding lacks gets a stand-in (cli/output.py)."""
    from clank_story.cli import output

    output.prepare()
    try:
        try:
            cli(prog_name="clank-story")
        except SystemExit as done:
            sys.stdout.flush()  # what is still buffered must get out too, or be reported lost
            raise done from None
    except output.OutputLost as e:
        sys.exit(output.lost(e.error))
