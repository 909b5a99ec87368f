"""`clank-story book lint|watch|graph|preview|schema|docs` and `clank-story campaign scaffold`: the
authoring tools (clank_story/authoring/). Only click is imported here at module level."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import click

from clank_story.cli import options
from clank_story.cli.helptext import command, group, option


@group("book", help_id="cli.book.help")
@options.lang(hidden=True)
def book() -> None:
    pass


def _fail(message: str, status: int = 2) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(status)


@book.command("lint", help_id="cli.book.lint.help")
@options.lang()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@option("--strict", is_flag=True, help_id="cli.book.lint.strict")
def lint_command(paths: tuple[Path, ...], fmt: str, strict: bool) -> None:
    from clank_story.authoring.lint import LintUsageError, lint
    from clank_story.words import say

    try:
        result = lint(list(paths))
    except LintUsageError as e:
        _fail(say("authoring.lint.no_path", command="book lint", paths=e))
    if fmt == "json":
        click.echo(result.as_json())
    else:
        for line in result.as_text():
            click.echo(line)
        summary = say("authoring.lint.summary", files=result.files, errors=len(result.errors), warnings=len(result.warnings))
        click.echo(summary if result.diagnostics else say("authoring.lint.clean", files=result.files), err=True)
    sys.exit(result.status(strict))


@book.command("watch", help_id="cli.book.watch.help")
@options.lang()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@option("--strict", is_flag=True, help_id="cli.book.watch.strict")
def watch_command(paths: tuple[Path, ...], strict: bool) -> None:
    from clank_story.authoring.lint import LintUsageError
    from clank_story.authoring.watch import watch
    from clank_story.words import say

    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        _fail(say("authoring.lint.no_path", command="book watch", paths=", ".join(missing)))
    try:
        watch(list(paths), click.echo, strict=strict)
    except LintUsageError as e:
        _fail(say("authoring.lint.no_path", command="book watch", paths=e))
    except KeyboardInterrupt:
        click.echo(say("authoring.watch.stopped"))


def write_picture(make: Callable[[], str], output: Path | None) -> None:
    """An SVG drawn by Graphviz, to `output` (written only when the drawing worked) or to stdout. When
    drawing fails and stdout is a file the shell made empty for it (`> story.svg`), that empty file
    is removed, so no empty picture is left behind."""
    from clank_story.authoring.graphviz import GraphvizMissing
    from clank_story.words import say

    try:
        svg = make()
    except GraphvizMissing as e:
        if output is None:
            _remove_empty_stdout_file()
        _fail(str(e))
    if output is None:
        click.echo(svg, nl=False)
        return
    try:
        output.write_text(svg, encoding="utf-8")
    except OSError as e:
        _fail(say("authoring.svg.failed", path=output, error=e.strerror or e))
    click.echo(say("authoring.svg.written", path=output), err=True)


def _remove_empty_stdout_file() -> None:
    try:
        st = os.fstat(sys.stdout.fileno())
        target = Path(os.readlink(f"/proc/self/fd/{sys.stdout.fileno()}"))  # Linux; elsewhere: leave it
    except (OSError, ValueError, AttributeError):
        return
    import stat

    if stat.S_ISREG(st.st_mode) and st.st_size == 0 and target.is_file() and target.stat().st_ino == st.st_ino:
        target.unlink(missing_ok=True)


OUTPUT = option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help_id="cli.common.output")


@book.command("graph", help_id="cli.book.graph.help")
@options.lang()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["dot", "mermaid", "svg"]), default="dot", show_default=True)
@OUTPUT
def graph_command(paths: tuple[Path, ...], fmt: str, output: Path | None) -> None:
    from clank_story.authoring.graph import passage_graph, to_dot, to_mermaid
    from clank_story.authoring.graphviz import to_svg
    from clank_story.authoring.lint import LintUsageError, load_project
    from clank_story.words import say

    try:
        project, _ = load_project(list(paths))
    except LintUsageError as e:
        _fail(say("authoring.lint.no_path", command="book graph", paths=e))
    if project.book is None:
        _fail(say("authoring.graph.no_book"))
    g = passage_graph(project)
    if fmt == "svg":
        write_picture(lambda: to_svg(to_dot(g)), output)
        return
    text = to_mermaid(g) if fmt == "mermaid" else to_dot(g)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_picture(lambda: text, output)


@book.command("docs", help_id="cli.book.docs.help")
@click.argument("topic", required=False)
@options.lang()
def docs_command(topic: str | None) -> None:
    from clank_story.authoring.guides import GuideError, text, topics
    from clank_story.words import say

    if topic is None:
        click.echo(say("authoring.docs.list_heading"))
        for name, title in topics().items():
            click.echo(say("authoring.docs.list_item", topic=name, title=title))
        return
    try:
        body = text(topic)
    except GuideError as e:
        _fail(str(e))
    if sys.stdout.isatty() and body.count("\n") > 40:
        click.echo_via_pager(body)
    else:
        click.echo(body, nl=False)


@book.command("schema", help_id="cli.book.schema.help")
@options.lang()
@option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("schemas"),
        show_default=True, help_id="cli.book.schema.out")
def schema_command(out: Path) -> None:
    from clank_story.authoring.schemas import write
    from clank_story.words import say

    try:
        written = write(out)
    except OSError as e:
        _fail(say("authoring.schema.failed", folder=out, error=e.strerror or e))
    click.echo(say("authoring.schema.written", count=len(written), folder=out))


@book.command("preview", help_id="cli.book.preview.help")
@options.lang()
@click.argument("passage")
@option("--book", "book_dir", type=click.Path(file_okay=False, path_type=Path), help_id="cli.book.preview.book")
@option("--scenario", type=click.Path(dir_okay=False, path_type=Path), help_id="cli.book.preview.scenario")
@option("--campaign", "campaign_file", type=click.Path(dir_okay=False, path_type=Path),
        help_id="cli.book.preview.campaign")
@option("--set", "settings", multiple=True, metavar="NAME=VALUE", help_id="cli.book.preview.set")
@option("--choose", "choices", multiple=True, type=int, metavar="N", help_id="cli.book.preview.choose")
@option("--seed", type=int, help_id="cli.book.preview.seed")
def preview_command(passage: str, book_dir: Path | None, scenario: Path | None, campaign_file: Path | None,
                    settings: tuple[str, ...], choices: tuple[int, ...], seed: int | None) -> None:
    from clank_story.authoring.preview import PreviewError, preview

    try:
        result = preview(passage, book=book_dir, scenario=scenario, campaign=campaign_file, settings=list(settings),
                         choices=list(choices), seed=seed)
    except PreviewError as e:
        _fail(str(e))
    for line in result.lines:
        click.echo(line)
    for d in result.diagnostics:
        click.echo(str(d), err=True)
    sys.exit(1 if any(d.severity == "error" for d in result.diagnostics) else 0)


@command("scaffold", help_id="cli.campaign.scaffold.help")
@click.argument("name")
@option("--dir", "parent", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
        show_default=True, help_id="cli.campaign.scaffold.dir")
@options.lang(hidden=True)  # hidden: its help stays as it was before it spoke other languages
def scaffold_command(name: str, parent: Path) -> None:
    from clank_story.authoring.scaffold import ScaffoldError, scaffold
    from clank_story.words import say

    try:
        folder = scaffold(name, parent)
    except ScaffoldError as e:
        _fail(str(e))
    click.echo(say("authoring.scaffold.done", folder=folder, name=name))
    for line in say("authoring.scaffold.next", folder=folder).splitlines():
        click.echo(line)
