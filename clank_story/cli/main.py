"""The `clank-story` command line. Only this package imports click; subcommands import the rest of
the program lazily so `--help` starts fast."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from typing import Any

import click

from clank_story import __version__
from clank_story.cli import options
from clank_story.cli.helptext import Group, option, version_option
from clank_story.repl import collector

# Every other subcommand, where it is defined: imported when it is asked for (by name, or by `--help`,
# which lists them all), so `run` and `play` do not first build the options of every other command.
LAZY_COMMANDS = {
    "board": "clank_story.cli.content:board",
    "book": "clank_story.cli.book:book",
    "campaign": "clank_story.cli.campaign:campaign",
    "cards": "clank_story.cli.content:cards",
    "play": "clank_story.cli.play:play",
    "saves": "clank_story.cli.saves:saves_command",
    "serve": "clank_story.cli.serve:serve",
    "sim": "clank_story.cli.sim:sim",
}


def _load(name: str) -> click.Command:
    module, _, attr = LAZY_COMMANDS[name].partition(":")
    return getattr(importlib.import_module(module), attr)


class _Commands(dict):
    """The group's commands; one of LAZY_COMMANDS is imported when first looked up (`cli.commands["play"]`).
    Going through them all (iterating, `items()`, ...) imports them all first."""

    def __missing__(self, name: str) -> click.Command:
        if name not in LAZY_COMMANDS:
            raise KeyError(name)
        command = self[name] = _load(name)
        return command

    def get(self, name: str, default: click.Command | None = None) -> click.Command | None:  # type: ignore[override]
        try:
            return self[name]
        except KeyError:
            return default

    def __contains__(self, name: object) -> bool:
        return name in LAZY_COMMANDS or dict.__contains__(self, name)

    def loaded(self) -> _Commands:
        for name in LAZY_COMMANDS:
            if not dict.__contains__(self, name):
                self[name] = _load(name)
        return self

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self.loaded())

    def __len__(self) -> int:
        return dict.__len__(self.loaded())

    def keys(self) -> Any:
        return dict.keys(self.loaded())

    def values(self) -> Any:
        return dict.values(self.loaded())

    def items(self) -> Any:
        return dict.items(self.loaded())


class LazyGroup(Group):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _Commands(self.commands)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*dict.keys(self.commands), *LAZY_COMMANDS})  # the names, without importing them


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, help_id="cli.clank-story.help")
@version_option(__version__, prog_name="clank-story")
@options.lang(hidden=True)
def cli() -> None:
    if click.get_current_context().invoked_subcommand not in ("play", "run"):
        collector.release()  # `play` keeps it paused until its prompt shows, `run` until its game is open


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
