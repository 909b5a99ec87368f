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

PATHS_HELP = "Files or folders to read (default: the shipped content)."


@click.group("book")
def book() -> None:
    """Tools for writing passages, cards, boards and campaigns: lint, watch, graph, preview, schema, docs.

    `clank-story book docs authoring` is the author's guide; `clank-story book docs diagnostics`
    explains every code lint reports."""


def _fail(message: str, status: int = 2) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(status)


@book.command("lint")
@options.lang()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Warnings fail too (exit status 1).")
def lint_command(paths: tuple[Path, ...], fmt: str, strict: bool) -> None:
    """Check every content file: `path:line:col: error|warning[CODE]: message` (`clank-story book docs
    CODE` explains a code).

    Exit status: 0 clean, 1 errors (or warnings with --strict), 2 a path that does not exist."""
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


@book.command("watch")
@options.lang()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--strict", is_flag=True, help="Say when warnings would fail `book lint --strict`.")
def watch_command(paths: tuple[Path, ...], strict: bool) -> None:
    """Lint PATHS now and again every time a file under them is saved, until Ctrl-C.

    Leave it running beside your editor; at the prompt, `reload` puts the edit into the game in play."""
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


OUTPUT = click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
                      help="Write the picture to this file (only when drawing works) instead of stdout.")


@book.command("graph")
@options.lang()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["dot", "mermaid", "svg"]), default="dot", show_default=True)
@OUTPUT
def graph_command(paths: tuple[Path, ...], fmt: str, output: Path | None) -> None:
    """The passages and their links (gotos, choices, goto effects) and the triggers that open them.

    `dot` and `svg` are Graphviz (svg runs Graphviz's `dot` for you); `mermaid` pastes into Markdown."""
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


@book.command("docs")
@click.argument("topic", required=False)
@options.lang()
def docs_command(topic: str | None) -> None:
    """The guides shipped with clank-story: `authoring` (writing campaigns, every field and effect),
    `diagnostics` (every code lint reports), `book-of-secrets`, `campaign`, ... With no TOPIC, the list.
    A code (`book docs LN046`) prints what it means and what to do."""
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


@book.command("schema")
@options.lang()
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("schemas"),
              show_default=True, help="The folder to write the JSON Schemas to.")
def schema_command(out: Path) -> None:
    """Write JSON Schemas for every content file type (for yaml-language-server in editors)."""
    from clank_story.authoring.schemas import write
    from clank_story.words import say

    try:
        written = write(out)
    except OSError as e:
        _fail(say("authoring.schema.failed", folder=out, error=e.strerror or e))
    click.echo(say("authoring.schema.written", count=len(written), folder=out))


@book.command("preview")
@options.lang()
@click.argument("passage")
@click.option("--book", "book_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Read the Book of Secrets from this folder (default: the campaign's own with --campaign, "
                   "else the shipped one).")
@click.option("--scenario", type=click.Path(dir_okay=False, path_type=Path), help="A scenario: the game state.")
@click.option("--campaign", "campaign_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A campaign file: the passage as it reads at that point of that campaign (its flags, "
                   "counters, passages seen, its next game's board and setup, its own book).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE",
              help="Change the state first: me.gold=5, campaign.flags.met_oma=true, game.rage=3, ...")
@click.option("--choose", "choices", multiple=True, type=int, metavar="N", help="Answer the questions, in order.")
@click.option("--seed", type=int, help="The random seed (default: the scenario's, else 1).")
def preview_command(passage: str, book_dir: Path | None, scenario: Path | None, campaign_file: Path | None,
                    settings: tuple[str, ...], choices: tuple[int, ...], seed: int | None) -> None:
    """Read PASSAGE in a given state: its text, the effects it applies, the choices offered and why
    others are hidden. Nothing is saved: no file changes.

    Exit status: 0 read cleanly, 1 a passage had an authoring problem (on stderr), 2 bad options."""
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


@click.command("scaffold")
@click.argument("name")
@click.option("--dir", "parent", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Where to make the campaign's folder.")
def scaffold_command(name: str, parent: Path) -> None:
    """Make a new campaign folder NAME: a definition with two games on a small board of its own,
    prologues, waypoint passages, a contract and epilogues, a scenario and a test script. It lints
    clean with --strict and plays to a winner. `clank-story book docs authoring` explains every file."""
    from clank_story.authoring.scaffold import ScaffoldError, scaffold
    from clank_story.words import say

    try:
        folder = scaffold(name, parent)
    except ScaffoldError as e:
        _fail(str(e))
    click.echo(say("authoring.scaffold.done", folder=folder, name=name))
    for line in say("authoring.scaffold.next", folder=folder).splitlines():
        click.echo(line)
