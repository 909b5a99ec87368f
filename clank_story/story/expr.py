"""Expressions (`if:`, `{% if %}`, script `expect`) in the story sandbox (story/sandbox.py) with
StrictUndefined: a misspelt name is an error, never silently false, and nothing an expression does
can change the game, read files or run for long."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any


class ExpressionError(Exception):
    """An expression that does not compile or cannot be evaluated; the message says why."""


def environment():
    from clank_story.story.sandbox import environment as story_environment

    return story_environment()


@functools.lru_cache(maxsize=4096)
def compile_expression(source: str):
    from clank_story.story.render import StoryProblem, compile_condition

    try:
        return compile_condition(source)
    except StoryProblem as e:
        message = e.message if e.message.startswith("cannot read") else f"'{source}': {e.message}"
        raise ExpressionError(message) from None


def evaluate(source: str, names: Mapping[str, Any]) -> Any:
    from clank_story.story.render import StoryProblem
    from clank_story.story.render import evaluate as run

    compiled = compile_expression(source)
    try:
        return run(compiled, names)
    except StoryProblem as e:
        raise ExpressionError(f"'{source}': {e.message}") from None
