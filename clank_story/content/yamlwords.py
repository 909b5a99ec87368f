"""A YAML reader's error, told in the author's language and in terms of what to type.

Both readers (ruamel, and libyaml for the Book of Secrets) stop at a broken file with a problem in
their own English ("mapping values are not allowed here", "did not find expected key"), which says
what the parser expected, not what the author wrote. The mistakes behind them are few and common: a
quote never closed, a colon inside an unquoted sentence, a line that is not lined up, a bracket never
closed, a value that starts with a character YAML keeps for itself. Each is recognised here from the
problem, its context and the character at the mark (the two readers word some problems differently),
and told with the place where it began; anything else keeps the library's words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clank_story.content.diagnostics import Said, said

Place = tuple[int, int]  # 0-based line and column, as the readers' marks count


@dataclass(frozen=True)
class Explained:
    """The sentence, and where the diagnostic points (1-based): the mistake's start, not the place
    where the parser gave up (for a quote never closed, that is the end of the file)."""

    message: Said
    line: int
    col: int


def explain(text: str, error: Any) -> Explained:
    """A reader's error (ruamel's or PyYAML's MarkedYAMLError: the same attributes) over `text`."""
    problem = (error.problem or error.context or "").strip()
    context = error.context if error.problem else None
    context_at = _place(error.context_mark)
    at = _place(error.problem_mark) or context_at or (0, 0)
    char = char_at(text, *at)
    message = _message(text, problem, context or "", at, char, context_at)
    if message is None:
        message = said("yaml.problem", problem=problem) if problem else said("yaml.invalid")
        return Explained(message, at[0] + 1, at[1] + 1)
    sentence, where = message
    return Explained(sentence, where[0] + 1, where[1] + 1)


def _message(text: str, problem: str, context: str, at: Place, char: str,
             opened: Place | None) -> tuple[Said, Place] | None:
    if char == "\t" or "'\\t'" in problem:
        return said("yaml.tab"), at
    if "end of stream" in problem and "quoted scalar" in context and opened is not None:
        return said("yaml.unclosed_quote", quote=char_at(text, *opened) or '"'), opened
    if "end of stream" in problem:
        return said("yaml.ends_early"), at
    if "mapping values are not allowed" in problem:
        return said("yaml.colon_in_value"), at
    if "could not find expected ':'" in problem:
        return said("yaml.key_without_colon"), opened or at
    if "sequence entries are not allowed" in problem:
        return said("yaml.list_on_key_line"), at
    if "cannot start any token" in problem and char:
        return said("yaml.reserved_start", char=char), at
    if "unknown escape character" in problem:  # libyaml marks the backslash, ruamel the letter after it
        line, col = at
        return said("yaml.bad_escape"), (line, col - 1) if char != "\\" and char_at(text, line, col - 1) == "\\" else at
    for close in ("]", "}"):
        if f"',' or '{close}'" in problem:
            line, col = opened or at
            return said("yaml.unclosed_flow", bracket=close, line=line + 1, col=col + 1), at
    if "block mapping" in context and ("did not find expected key" in problem or "expected <block end>" in problem):
        if char == "-":
            return said("yaml.list_item_here"), at
        if _starts_line(text, *at):
            return said("yaml.misaligned"), at
        return said("yaml.after_value"), at
    return None


def _place(mark: Any) -> Place | None:
    return (mark.line, mark.column) if mark is not None else None


def char_at(text: str, line: int, col: int) -> str:
    """The character at a 0-based place, or "" past the end."""
    lines = text.split("\n", line + 1)
    if line >= len(lines) or col >= len(lines[line]):
        return ""
    return lines[line][col]


def _starts_line(text: str, line: int, col: int) -> bool:
    lines = text.split("\n", line + 1)
    return line < len(lines) and not lines[line][:col].strip()
