"""Expressions (`if:`, `{% if %}`, script `expect`) in Jinja's immutable sandbox with
StrictUndefined: a misspelt name is an error, never silently false."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any


class ExpressionError(Exception):
    """An expression that does not compile or cannot be evaluated; the message says why."""


@functools.lru_cache(maxsize=1)
def environment():
    from jinja2 import StrictUndefined
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    return ImmutableSandboxedEnvironment(undefined=StrictUndefined, autoescape=False)


@functools.lru_cache(maxsize=4096)
def compile_expression(source: str):
    from jinja2 import TemplateSyntaxError

    try:
        return environment().compile_expression(source, undefined_to_none=False)
    except TemplateSyntaxError as e:
        raise ExpressionError(f"cannot read the expression '{source}': {e.message}") from None


def evaluate(source: str, names: Mapping[str, Any]) -> Any:
    from jinja2 import UndefinedError
    from jinja2.exceptions import SecurityError

    fn = compile_expression(source)
    try:
        value = fn(**names)
        if hasattr(value, "_undefined_name"):  # a bare undefined name
            value.__bool__()
        return value
    except UndefinedError as e:
        raise ExpressionError(f"'{source}': {e.message}") from None
    except SecurityError as e:
        raise ExpressionError(f"'{source}': not allowed ({e})") from None
    except Exception as e:  # an author's expression may fail in many ways; never a traceback
        raise ExpressionError(f"'{source}': {type(e).__name__}: {e}") from None
