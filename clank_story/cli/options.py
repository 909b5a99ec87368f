"""Options shared by several commands, declared once (pip-tools style): a command takes `@campaign()`,
`@seed()`, `@lang()`, ... so the same option reads, checks and helps the same way everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from clank_story.cli.helptext import LINE, given_lang, option

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]

# Each option's help is an id of the catalog (locale/<lang>/cli.yaml); a command may give its own.


def campaign(help_id: str = "cli.common.campaign") -> Decorator:
    return option("--campaign", "campaign", type=click.Path(dir_okay=False), metavar="FILE", help_id=help_id)


def seed(help_id: str = "cli.common.seed", default: int | None = None) -> Decorator:
    return option("--seed", type=int, default=default, show_default=default is not None, help_id=help_id)


def book(help_id: str = "cli.common.book") -> Decorator:
    return option("--book", type=click.Path(file_okay=False), metavar="DIR", help_id=help_id)


def scenario(help_id: str = "cli.common.scenario", hidden: bool = False) -> Decorator:
    return option("--scenario", type=click.Path(dir_okay=False), metavar="FILE", hidden=hidden, help_id=help_id)


def as_json(help_id: str = "cli.common.json") -> Decorator:
    return option("--json", "as_json", is_flag=True, help_id=help_id)


GIVEN = "clank_story.lang"  # in ctx.meta (shared by a group and its subcommands): the --lang given


def _use_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    from clank_story import words

    if value is not None:
        ctx.meta[GIVEN] = value
    elif isinstance(ctx.command, click.Group):
        return  # the command under it says (and checks) the language; the command line already speaks it
    # `clank-story --lang ja book lint`: the group's holds for the command; `clank-story book lint --lang
    # ja`: the group already speaks the command's (as a usage error or an eager --help will)
    value = ctx.meta.get(GIVEN) or given_lang(ctx.meta.get(LINE, ()))
    try:
        words.use(words.resolve(value))
    except words.LanguageError as e:
        raise click.BadParameter(str(e), ctx=ctx, param=param) from None


def lang(hidden: bool = False) -> Decorator:
    """`--lang en|ja|pt-BR`, else CLANK_STORY_LANG, else the locale, else English (applied at once).
    A group takes it hidden (its help stays as it was), so `clank-story --lang ja --help` works too."""
    return option("--lang", metavar="LANG", callback=_use_language, expose_value=False, is_eager=True,
                  hidden=hidden, help_id="cli.common.lang")


def game() -> Decorator:
    """The options that say which game to play, shared by `play` and `serve` (both hand them to
    `repl/start.py`'s `PlayOptions`): a campaign's next game by default; game options make a one-shot
    game; --resume continues a saved one."""
    decorators = [
        option("--ruleset", type=click.Choice(["classic", "legacy"]), help_id="cli.game.ruleset"),
        option("--board", metavar="ID", help_id="cli.game.board"),
        option("--rivals", type=int, metavar="N", help_id="cli.game.rivals"),
        option("--bot", metavar="ID", help_id="cli.game.bot"),
        seed("cli.game.seed"),
        option("--name", help_id="cli.game.name"),
        option("--resume", "resume", is_flag=False, flag_value="", default=None, metavar="[NAME]",
               help_id="cli.game.resume"),
        option("--new", "new", is_flag=True, help_id="cli.game.new"),
        option("--verbose", is_flag=True, help_id="cli.game.verbose"),
        scenario("cli.game.scenario", hidden=True),
        campaign("cli.game.campaign"),
        option("--solo", is_flag=True, help_id="cli.game.solo"),
        lang(),
    ]

    def apply(f: Callable[..., Any]) -> Callable[..., Any]:
        for decorator in reversed(decorators):
            f = decorator(f)
        return f

    return apply


def lang_given() -> bool:
    """--lang was given on this command line (it wins over the config file's language)."""
    return GIVEN in click.get_current_context().meta


def fail(message: str, status: int = 2) -> None:
    """A sentence on stderr and the exit status (2: usage or content)."""
    click.echo(message, err=True)
    raise SystemExit(status)
