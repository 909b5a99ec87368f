"""`clank-story book lint|graph|preview|schema` and `clank-story campaign scaffold`: the authoring tools
(clank_story/authoring/). Only click is imported here at module level."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from clank_story.cli import options

PATHS_HELP = "Files or folders to read (default: the shipped content)."


@click.group("book")
def book() -> None:
    """Tools for writing passages, cards, boards and campaigns: lint, graph, preview, schema."""


def _fail(message: str, status: int = 2) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(status)


@book.command("lint")
@options.lang()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Warnings fail too (exit status 1).")
def lint_command(paths: tuple[Path, ...], fmt: str, strict: bool) -> None:
    """Check every content file: `path:line:col: error|warning[CODE]: message` (docs/diagnostics.md).

    Exit status: 0 clean, 1 errors (or warnings with --strict), 2 a path that does not exist."""
    from clank_story.authoring.lint import LintUsageError, lint
    from clank_story.words import say

    try:
        result = lint(list(paths))
    except LintUsageError as e:
        _fail(say("authoring.lint.no_path", paths=e))
    if fmt == "json":
        click.echo(result.as_json())
    else:
        for line in result.as_text():
            click.echo(line)
        summary = say("authoring.lint.summary", files=result.files, errors=len(result.errors), warnings=len(result.warnings))
        click.echo(summary if result.diagnostics else say("authoring.lint.clean", files=result.files), err=True)
    sys.exit(result.status(strict))


@book.command("graph")
@options.lang()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["dot", "mermaid", "svg"]), default="dot", show_default=True)
def graph_command(paths: tuple[Path, ...], fmt: str) -> None:
    """The passages and their links (gotos, choices, goto effects) and the triggers that open them.

    `dot` and `svg` are Graphviz (svg runs Graphviz's `dot` for you); `mermaid` pastes into Markdown."""
    from clank_story.authoring.graph import passage_graph, to_dot, to_mermaid
    from clank_story.authoring.graphviz import GraphvizMissing, to_svg
    from clank_story.authoring.lint import LintUsageError, load_project
    from clank_story.words import say

    try:
        project, _ = load_project(list(paths))
    except LintUsageError as e:
        _fail(say("authoring.lint.no_path", paths=e))
    if project.book is None:
        _fail(say("authoring.graph.no_book"))
    g = passage_graph(project)
    if fmt == "mermaid":
        click.echo(to_mermaid(g), nl=False)
        return
    dot = to_dot(g)
    if fmt == "dot":
        click.echo(dot, nl=False)
        return
    try:
        click.echo(to_svg(dot), nl=False)
    except GraphvizMissing as e:
        _fail(str(e))


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
              help="Read the Book of Secrets from this folder (default: the shipped one).")
@click.option("--scenario", type=click.Path(dir_okay=False, path_type=Path), help="A scenario: the game state.")
@click.option("--campaign", "campaign_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A campaign file: its flags, counters, passages seen and game number.")
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
    """Make a new campaign folder NAME: a definition with one game, a small board, a prologue, a
    waypoint passage, a contract and an epilogue, a scenario and a test script. It lints clean and plays."""
    from clank_story.authoring.scaffold import ScaffoldError, scaffold
    from clank_story.words import say

    try:
        folder = scaffold(name, parent)
    except ScaffoldError as e:
        _fail(str(e))
    click.echo(say("authoring.scaffold.done", folder=folder, name=name))
    for line in say("authoring.scaffold.next", folder=folder).splitlines():
        click.echo(line)
