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


# -- why an expression came out as it did ----------------------------------------------------------
def explain(source: str, names: Mapping[str, Any]) -> str:
    """What a person needs to see when `expect SOURCE` fails, pytest-style: the value of each name in
    it (`me.gold is 3; game.turn is 4`), or, for a name or attribute that does not exist, what it
    could have been (`me has no 'gld' (did you mean 'gold'?)`). Never raises: an expression that
    cannot be read at all gets the reason it cannot."""
    try:
        compile_expression(source)
    except ExpressionError as e:
        return str(e)
    from jinja2.parser import Parser

    env = environment()
    try:
        tree = Parser(env, source, state="variable").parse_expression()
    except Exception as e:  # compile_expression accepted it; this only guards the unexpected
        return str(e)
    parts: list[str] = []
    for node in _chains(tree):
        text = _unparse(node)
        if text is None:
            continue
        missing = _missing(node, names, env)
        if missing:
            return missing
        try:
            value = evaluate(text, names)
        except ExpressionError as e:
            parts.append(str(e))
            continue
        shown = _show(value)
        if shown is not None and f"{text} is {shown}" not in parts:
            parts.append(f"{text} is {shown}")
    return "; ".join(parts)


def _chains(tree: Any) -> list[Any]:
    """The maximal name chains (`me.gold`, `players['Ana'].space`, `campaign.seen('12')`) in the order
    they are written; a chain's inner parts are not listed again."""
    from jinja2 import nodes

    chain_types = (nodes.Name, nodes.Getattr, nodes.Getitem, nodes.Call)
    out: list[Any] = []

    def walk(node: Any) -> None:
        if isinstance(node, chain_types) and _unparse(node) is not None:
            out.append(node)
            for arg in getattr(node, "args", ()) or ():
                walk(arg)
            return
        for child in node.iter_child_nodes():
            walk(child)

    walk(tree)
    return out


def _unparse(node: Any) -> str | None:
    """The source of a name chain, rebuilt (Jinja keeps no source spans); None for anything else."""
    from jinja2 import nodes

    if isinstance(node, nodes.Name):
        return node.name
    if isinstance(node, nodes.Const):
        return repr(node.value)
    if isinstance(node, nodes.Getattr):
        inner = _unparse(node.node)
        return None if inner is None else f"{inner}.{node.attr}"
    if isinstance(node, nodes.Getitem):
        inner, key = _unparse(node.node), _unparse(node.arg)
        return None if inner is None or key is None else f"{inner}[{key}]"
    if isinstance(node, nodes.Call) and not node.kwargs and node.dyn_args is None and node.dyn_kwargs is None:
        inner = _unparse(node.node)
        args = [_unparse(a) for a in node.args]
        if inner is None or any(a is None for a in args):
            return None
        return f"{inner}({', '.join(args)})"  # type: ignore[arg-type]
    return None


def _missing(node: Any, names: Mapping[str, Any], env: Any) -> str:
    """For the first step of a chain that names nothing: what was meant, as a sentence; else ''."""
    import difflib

    from jinja2 import Undefined, nodes

    if isinstance(node, nodes.Name):
        if node.name in names or node.name in env.globals:
            return ""
        known = sorted({*names, *env.globals})
        close = difflib.get_close_matches(node.name, known, n=1)
        return f"there is no name '{node.name}'" + (f" (did you mean '{close[0]}'?)" if close
                                                   else f" (names: {', '.join(sorted(names))})")
    inner = getattr(node, "node", None)
    if inner is None or not isinstance(node, nodes.Getattr | nodes.Getitem | nodes.Call):
        return ""
    problem = _missing(inner, names, env)
    if problem or isinstance(node, nodes.Call):
        return problem
    text = _unparse(inner)
    try:
        owner = evaluate(text, names) if text is not None else None
    except ExpressionError:
        return ""
    if isinstance(node, nodes.Getattr):
        key, found = node.attr, env.getattr(owner, node.attr)
    else:
        if not isinstance(node.arg, nodes.Const):
            return ""
        key = node.arg.value
        try:
            found = env.getitem(owner, key)
        except Exception:  # a view that refuses the key outright (players['Zed'])
            found = Undefined()
    if owner is None or not isinstance(found, Undefined):
        return ""
    known = _attributes(owner, by_key=isinstance(node, nodes.Getitem))
    close = difflib.get_close_matches(str(key), known, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else (f" (it has: {', '.join(known)})" if known else "")
    return f"{text} has no '{key}'{hint}"


def _attributes(value: Any, *, by_key: bool = False) -> list[str]:
    """The names an expression may read from a value: a mapping's keys, the names of the players in
    `players`, a view's public attributes."""
    if isinstance(value, Mapping):
        return sorted(str(k) for k in value)
    if by_key:
        return [str(v.name) for v in value if hasattr(v, "name")] if hasattr(value, "__iter__") else []
    return sorted(n for n in dir(type(value)) if not n.startswith("_"))


def _show(value: Any) -> str | None:
    """A value as a script author would write it; None for objects not worth printing (a whole view)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return repr(value)
    if isinstance(value, Mapping):
        items = [f"{_show(k)}: {_show(v)}" for k, v in value.items()]
        return "{" + ", ".join(items) + "}"
    if isinstance(value, tuple | list):
        shown = [_show(v) for v in value]
        return None if any(s is None for s in shown) else "[" + ", ".join(shown) + "]"  # type: ignore[arg-type]
    return None
