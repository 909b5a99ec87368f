"""`--help` in the player's language: every command's and option's help is an id of the catalog
(`cli.*` in `locale/<lang>/cli.yaml`), looked up when the help is formatted, never at import.

- The language of a command line is chosen when it starts (`Command.main`): `--lang` wherever it is
  on the line (click handles an eager `--help` before `--lang`, so the line is read, not the option),
  else what `words.resolve` finds (CLANK_STORY_LANG, the locale, English). The command's own
  `--lang` callback then says the same.
- Click's own words ("Usage:", "Options", "Show this message and exit.", "No such option ...") go
  through gettext: click calls `gettext.gettext` / `ngettext` by the names `_` and `ngettext` it
  imported into each of its modules. `install()` points those names at a shim that finds the English
  text in the catalog (`cli.click.*`, whose English entries are click's own message ids) and gives
  the current language's. English is click's text untouched; a message click adds later is said in
  English. (docs/translation.md says why this and not a gettext domain.)
- Japanese wraps by display width (`narrate/wrap.py`); text without wide characters goes through
  click's own formatter, so English help stays byte for byte what click writes."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]
LINE = "clank_story.line"  # in ctx.meta: the whole command line, as the outermost command was given it
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "shell_completion", "termui",
                 "types", "utils")


# -- the language of a command line -----------------------------------------------------------------
def given_lang(args: Sequence[str]) -> str | None:
    """The value of `--lang` on the command line (the last one), before any `--`."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def language_of(args: Sequence[str]) -> str:
    """The language a command line speaks: `--lang`, else the environment (words.resolve), else
    English. A language the program does not speak is skipped here; the `--lang` option refuses it."""
    from clank_story import words

    for option in (given_lang(args), None):
        try:
            return words.resolve(option)
        except words.LanguageError:
            continue
    return words.ENGLISH


# -- click's own words -------------------------------------------------------------------------------
_english_ids: dict[str, str] | None = None


def _ids() -> dict[str, str]:
    """Click's message ids (its English text) -> our catalog ids."""
    global _english_ids
    if _english_ids is None:
        from clank_story.words import catalog

        _english_ids = {}
        for ident, value in catalog("en").flat.items():
            if ident.startswith("cli.click."):
                text = value.get("one", value.get("other")) if isinstance(value, dict) else value
                _english_ids[str(text)] = ident
    return _english_ids


def gettext(message: str) -> str:
    """click's `_()`: its message in the current language (still a template click fills in)."""
    from clank_story import words

    if words.language() == words.ENGLISH or message not in _ids():
        return message
    value = words.entry(_ids()[message])
    return value if isinstance(value, str) else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """click's `ngettext()`: the form for `n` by the language's plural rules."""
    from clank_story import words

    if words.language() == words.ENGLISH or singular not in _ids():
        return singular if n == 1 else plural
    value = words.choose(words.entry(_ids()[singular]), {"n": n})
    return value if isinstance(value, str) else (singular if n == 1 else plural)


def install() -> None:
    """Point click's gettext names at the shim (English stays click's own text). Done when a command
    line starts (`Command.main`), not at import; doing it twice changes nothing."""
    import importlib

    for name in CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]


# -- the formatter -----------------------------------------------------------------------------------
def _wide(text: str) -> bool:
    import unicodedata

    return not text.isascii() and any(unicodedata.east_asian_width(c) in ("W", "F") for c in text)


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    """Paragraphs (blank-line separated) wrapped to `width` cells, a blank line between them."""
    import re

    from clank_story.narrate.wrap import fill

    lines: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        if lines:
            lines.append("")
        lines.extend(fill(" ".join(paragraph.split()), width, indent, indent).split("\n"))
    return lines


class HelpFormatter(click.HelpFormatter):
    """click's formatter, with headings from the catalog and wide text wrapped by display width."""

    def write_heading(self, heading: str) -> None:
        from clank_story.words import say

        self.write(f"{'':>{self.current_indent}}{say('cli.heading', heading=heading)}\n")

    def write_text(self, text: str) -> None:
        if not _wide(text):
            super().write_text(text)
            return
        self.write("\n".join(_wrap(text, self.width, " " * self.current_indent)) + "\n")

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if not any(_wide(second) for _, second in rows):
            super().write_dl(rows, col_max, col_spacing)
            return
        from clank_story.narrate.wrap import cells

        first_col = min(max(cells(first) for first, _ in rows), col_max) + col_spacing
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if cells(first) <= first_col - col_spacing:
                self.write(" " * (first_col - cells(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = _wrap(second, max(self.width - first_col - 2, 10))
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n" if line else "\n")


class Context(click.Context):
    formatter_class = HelpFormatter


# -- options and commands with their help by id ----------------------------------------------------
class HelpById:
    """Help text looked up by `help_id` in the catalog each time it is read, so it is in the language
    of the moment (click reads `help` when it formats, never at import)."""

    _help: str | None

    def __init__(self, *args: Any, help_id: str | None = None, **kwargs: Any) -> None:
        self.help_id = help_id
        super().__init__(*args, **kwargs)

    @property  # type: ignore[override]
    def help(self) -> str | None:
        if self.help_id is None:
            return self._help
        from clank_story.words import say

        return say(self.help_id)

    @help.setter
    def help(self, value: str | None) -> None:
        self._help = value


class Option(HelpById, click.Option):
    """An option whose help is the catalog's `help_id`, in the language of the moment."""


def option(*decls: str, help_id: str, **kwargs: Any) -> Decorator:
    """`click.option` with its help by id: `option("--strict", is_flag=True, help_id="cli.book.lint.strict")`."""
    return click.option(*decls, cls=Option, help_id=help_id, **kwargs)


def _first_sentence(text: str, limit: int) -> str:
    """The short help of a command in a language written without spaces (Japanese): its first
    sentence, cut to `limit` cells with an ellipsis if it is longer."""
    from clank_story.narrate.wrap import break_units, cells

    text = " ".join(text.partition("\n\n")[0].split())
    head, stop, _ = text.partition("。")
    text = head + stop
    if cells(text) <= limit:
        return text
    out = ""
    for unit in (u for word in text.split(" ") for u in [*break_units(word), " "]):
        if out and cells(out + unit) > limit - 1:  # a first word longer than the room stays whole
            break
        out += unit
    return out.rstrip() + "…"


class Command(HelpById, click.Command):
    """A command whose help is the catalog's `help_id`, and whose command line chooses the language
    before click reads it (so an eager `--help` or a usage error speaks it too)."""

    context_class = Context

    def get_short_help_str(self, limit: int = 45) -> str:
        if self.short_help or not self.help or not _wide(self.help):
            return super().get_short_help_str(limit)
        return _first_sentence(self.help, limit)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's, with its `--help` said in the current language (click words that option's help once
        and keeps it, so it is looked up here, each time)."""
        from clank_story.words import say

        help_option = self.get_help_option(ctx)
        rows = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is not None and not isinstance(param, click.Argument):
                rows.append((record[0], say("cli.click.help_option")) if param is help_option else record)
        if rows:
            with formatter.section(gettext("Options")):
                formatter.write_dl(rows)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta.setdefault(LINE, tuple(args))
        return super().parse_args(ctx, args)

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        from clank_story.words import speaking

        install()
        with speaking(language_of(list(sys.argv[1:] if args is None else args))):
            return super().main(args, *rest, **kwargs)


class Group(Command, click.Group):
    """A group of such commands (its subcommands are `Command`s and `Group`s too)."""

    command_class = Command
    group_class = type

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_options(ctx, formatter)  # Command's (the options), which does not list commands
        self.format_commands(ctx, formatter)


def version_option(version: str, prog_name: str) -> Decorator:
    """click's `--version`, its help and its message looked up when used (click's own words them once,
    when the program is imported)."""

    def show(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if value and not ctx.resilient_parsing:
            click.echo(gettext("%(prog)s, version %(version)s") % {"prog": prog_name, "version": version},
                       color=ctx.color)
            ctx.exit()

    return option("--version", is_flag=True, expose_value=False, is_eager=True, callback=show,
                  help_id="cli.click.version_option")


def command(name: str | None = None, *, help_id: str, **kwargs: Any) -> Decorator:
    return click.command(name, cls=Command, help_id=help_id, **kwargs)


def group(name: str | None = None, *, help_id: str, **kwargs: Any) -> Decorator:
    return click.group(name, cls=Group, help_id=help_id, **kwargs)
