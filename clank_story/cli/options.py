"""Options shared by several commands, declared once (pip-tools style): a command takes `@campaign()`,
`@seed()`, `@lang()`, ... so the same option reads, checks and helps the same way everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]

CAMPAIGN_HELP = "The campaign file (default: $CLANK_STORY_CAMPAIGN, else campaign.yaml in your data folder)."


def campaign(text: str = CAMPAIGN_HELP) -> Decorator:
    return click.option("--campaign", "campaign", type=click.Path(dir_okay=False), metavar="FILE", help=text)


def seed(text: str = "The random seed.", default: int | None = None) -> Decorator:
    return click.option("--seed", type=int, default=default, show_default=default is not None, help=text)


def book(text: str = "Read the Book of Secrets from this folder.") -> Decorator:
    return click.option("--book", type=click.Path(file_okay=False), metavar="DIR", help=text)


def scenario(text: str = "A scenario file: the starting position.", hidden: bool = False) -> Decorator:
    return click.option("--scenario", type=click.Path(dir_okay=False), metavar="FILE", hidden=hidden, help=text)


def as_json(text: str = "Print JSON instead of text.") -> Decorator:
    return click.option("--json", "as_json", is_flag=True, help=text)


def _use_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    from clank_story import words

    try:
        words.use(words.resolve(value))
    except words.LanguageError as e:
        raise click.BadParameter(str(e), ctx=ctx, param=param) from None


def lang() -> Decorator:
    """`--lang en|ja|pt-BR`, else CLANK_STORY_LANG, else the locale, else English (applied at once)."""
    return click.option("--lang", metavar="LANG", callback=_use_language, expose_value=False, is_eager=True,
                        help="The language: en, ja or pt-BR (default: $CLANK_STORY_LANG, else your locale).")


def game() -> Decorator:
    """The options that say which game to play, shared by `play` and `serve` (both hand them to
    `repl/start.py`'s `PlayOptions`): a campaign's next game by default; game options make a one-shot
    game; --resume continues a saved one."""
    decorators = [
        click.option("--ruleset", type=click.Choice(["classic", "legacy"]),
                     help="Which game: classic or legacy (default)."),
        click.option("--board", metavar="ID", help="A board id (brackenmoor, cinder-halls, ...)."),
        click.option("--rivals", type=int, metavar="N", help="How many bot rivals (0-3, default 2)."),
        click.option("--bot", metavar="ID", help="The rivals' strategy (a bot id; default random)."),
        seed("The random seed (default: a new one, shown at the start)."),
        click.option("--name", help="Your name at the table."),
        click.option("--resume", "resume", is_flag=False, flag_value="", default=None, metavar="[NAME]",
                     help="Continue a saved one-shot game: NAME from `clank-story saves`, or the latest."),
        click.option("--new", "new", is_flag=True,
                     help="A campaign: set its game in progress aside (kept in a save of its own) and start afresh."),
        click.option("--verbose", is_flag=True, help="Tell the rivals' turns event by event, not as a summary."),
        scenario("Start from a scenario file.", hidden=True),
        campaign("A campaign file to play the next game of (default: your campaign, created on first use)."),
        click.option("--solo", is_flag=True, help="A one-shot game alone against the solo director."),
        lang(),
    ]

    def apply(f: Callable[..., Any]) -> Callable[..., Any]:
        for decorator in reversed(decorators):
            f = decorator(f)
        return f

    return apply


def lang_given() -> bool:
    """--lang was given on this command line (it wins over the config file's language)."""
    return click.get_current_context().get_parameter_source("lang") not in (None, click.core.ParameterSource.DEFAULT)


def fail(message: str, status: int = 2) -> None:
    """A sentence on stderr and the exit status (2: usage or content)."""
    click.echo(message, err=True)
    raise SystemExit(status)
