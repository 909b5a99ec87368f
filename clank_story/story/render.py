"""Compiling and rendering passage templates and story conditions in the sandbox.

Loading checks everything that can be checked before play (syntax, forbidden tags, nesting, unknown
names); Jinja's code generator, the slow part, runs the first time a template is used, once (a book
of thousands of passages loads in well under a second, and a game reads a few dozen). Problems carry
the line *within the template*; the passage loader maps them to the YAML file."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from jinja2 import TemplateSyntaxError, UndefinedError, nodes
from jinja2.exceptions import SecurityError

from clank_story.content.diagnostics import Said, said
from clank_story.story import jinjawords, parser
from clank_story.story.sandbox import (
    MAX_OUTPUT,
    MAX_SOURCE,
    NAMES,
    OverBudget,
    StoryLimit,
    budgeted,
    environment,
    guard,
    inspect,
)

TEMPLATE_FILE = "<passage>"


@dataclass
class StoryProblem(Exception):
    """An authoring problem: code (BSnnn), a message, and the line inside the template (1-based)."""

    code: str
    message: str  # in English
    line: int = 1
    said: Said | None = None  # the message as a sentence of the catalog, said when shown

    def __str__(self) -> str:
        return self.message if self.said is None else str(self.said)

    @classmethod
    def of(cls, code: str, message: Said, line: int = 1) -> StoryProblem:
        return cls(code, message.english(), line, message)

    @property
    def text(self) -> Said | str:
        """The message for a diagnostic: the sentence when there is one."""
        return self.said if self.said is not None else self.message


@dataclass
class Compiled:
    """A template or condition: checked when made, turned into code and a Jinja object on first use."""

    source: str
    kind: str  # template | condition
    _runner: Any = field(default=None, repr=False)

    def runner(self) -> Any:
        if self._runner is None:
            env = environment()
            tree = _parse(self.source, self.kind).set_environment(env)  # see _template_tree
            guard(tree)
            try:
                code = env.compile(tree, filename=TEMPLATE_FILE)
            except TemplateSyntaxError as e:
                raise _syntax_problem(e) from None
            except (RecursionError, MemoryError, SyntaxError):
                raise StoryProblem.of("BS033", said(f"book.{self.kind}_too_deep_to_compile")) from None
            template = env.template_class.from_code(env, code, env.make_globals(None))
            if self.kind == "condition":
                from jinja2.environment import TemplateExpression

                self._runner = TemplateExpression(template, undefined_to_none=False)
            else:
                self._runner = template
        return self._runner


@functools.lru_cache(maxsize=1)
def _allowed() -> frozenset[str]:
    return frozenset({*NAMES, *environment().globals, "loop"})


# While the linter checks a book (authoring/templates.py `capture_trees`): (kind, source) -> the syntax
# tree of each template and the expression of each condition parsed, so it walks the loader's own parse
# instead of parsing them all a second time.
kept: dict[tuple[str, str], nodes.Node] | None = None


def _template_tree(env: Any, source: str) -> nodes.Template:
    """`env.parse(source)` without its last step, a walk that sets the environment on every node: a
    tree that is only checked has no use for it, and a tenth of a lint's parsing went there (issue 20).
    `Compiled.runner` sets it on the tree it compiles."""
    tree = parser.template(env.lexer, source)
    if tree is None:
        from jinja2.parser import Parser

        tree = nodes.Template(Parser(env, source).subparse(), lineno=1)
    if kept is not None:
        kept[("template", source)] = tree
    return tree


def _jinja_condition(env: Any, source: str) -> nodes.Expr:
    """A condition Jinja's own parser reads: the fast one left it, maybe to raise Jinja's error."""
    from jinja2.parser import Parser

    try:
        reader = Parser(env, source, state="variable")
        expr = reader.parse_expression()
    except TemplateSyntaxError as e:
        raise StoryProblem.of("BS034", said("book.unreadable_condition", source=source, error=jinjawords.explain(e.message))) from None
    except RecursionError:
        raise StoryProblem.of("BS033", said("book.condition_too_deep")) from None
    if not reader.stream.eos:
        rest = reader.stream.current
        why = said("jinja.single_equals") if rest.type == "assign" else said("jinja.after_condition", token=rest.value)
        raise StoryProblem.of("BS034", said("book.unreadable_condition", source=source, error=why))
    return expr


def _parse(source: str, kind: str) -> nodes.Template:
    """Parse and check (size, syntax, forbidden tags, nesting, unknown names); raises StoryProblem."""
    if isinstance(source, str) and len(source) > MAX_SOURCE:  # Jinja's lexer and compiler are slow on huge text
        raise StoryProblem.of("BS033", said(f"book.{kind}_too_long", size=f"{len(source):,}", most=f"{MAX_SOURCE:,}"))
    env = environment()
    if kind == "condition":
        if not isinstance(source, str) or not source.strip():
            raise StoryProblem.of("BS034", said("book.condition_is_an_expression"))
        expr = parser.expression(env.lexer, source)
        if expr is None:
            expr = _jinja_condition(env, source)
        if kept is not None:
            kept[("condition", source)] = expr
        tree = nodes.Template([nodes.Assign(nodes.Name("result", "store"), expr, lineno=1)], lineno=1)
    else:
        try:
            tree = _template_tree(env, source)
        except TemplateSyntaxError as e:
            raise _syntax_problem(e) from None
        except RecursionError:
            raise StoryProblem.of("BS033", said("book.template_too_deep")) from None
    problem = inspect(tree, _allowed(), filters=env.filters, tests=env.tests)
    if problem is not None:
        raise StoryProblem.of(*problem)
    return tree


@functools.lru_cache(maxsize=8192)
def compile_template(source: str) -> Compiled:
    """A checked template (raises StoryProblem); code is generated on first render."""
    _parse(source, "template")
    return Compiled(source, "template")


@functools.lru_cache(maxsize=8192)
def compile_condition(source: str) -> Compiled:
    """A checked condition (raises StoryProblem); code is generated on first use."""
    _parse(source, "condition")
    return Compiled(source, "condition")


def _template_line(tb: Any) -> int | None:
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == TEMPLATE_FILE:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _syntax_problem(e: TemplateSyntaxError) -> StoryProblem:
    """BS030: a template Jinja cannot read, told as what to type where it can be (story/jinjawords.py)."""
    message = said("book.jinja_error", error=jinjawords.explain(e.message)) if e.message \
        else said("book.unreadable_template")
    return StoryProblem.of("BS030", message, e.lineno or 1)


def _why(e: SecurityError) -> Said | str:
    """A refusal's sentence: ours carry theirs (story/budget.py), Jinja's own are read from its words."""
    return getattr(e, "said", None) or jinjawords.explain_runtime(str(e))


def _problem(e: BaseException) -> StoryProblem:
    if isinstance(e, StoryProblem):
        return e
    line = _template_line(e.__traceback__) or 1
    if isinstance(e, OverBudget):
        return StoryProblem.of("BS206", said("book.over_budget", error=_why(e)), line)
    if isinstance(e, StoryLimit):
        return StoryProblem.of("BS202", said("book.over_a_limit", error=_why(e)), line)
    if isinstance(e, SecurityError):
        return StoryProblem.of("BS201", said("book.not_allowed", error=_why(e)), line)
    if isinstance(e, UndefinedError):
        return StoryProblem.of("BS200", said("book.jinja_error", error=jinjawords.explain_runtime(e.message)) if e.message
                               else said("book.undefined"), line)
    if isinstance(e, RecursionError):
        return StoryProblem.of("BS202", said("book.over_a_limit", error=said("book.too_deep")), line)
    if isinstance(e, MemoryError):
        return StoryProblem.of("BS202", said("book.over_a_limit", error=said("book.out_of_memory")), line)
    return StoryProblem.of("BS200", said("book.error", kind=type(e).__name__, error=str(e)), line)


def render(compiled: Compiled, names: Mapping[str, Any]) -> str:
    """The text, within the caps; raises StoryProblem (with the template line) on any failure."""
    template = compiled.runner()
    parts: list[str] = []
    size = 0
    with budgeted():
        try:
            for chunk in template.generate(**names):
                size += len(chunk)
                if size > MAX_OUTPUT:
                    raise StoryLimit(said("limit.output_length", most=f"{MAX_OUTPUT:,}"))
                parts.append(chunk)
        except Exception as e:  # authored content may fail in many ways; never a traceback
            raise _problem(e) from None
    return "".join(parts)


def evaluate(compiled: Compiled, names: Mapping[str, Any]) -> Any:
    """The value of a condition; an undefined name is an error, never silently false."""
    with budgeted():
        try:
            value = compiled.runner()(**names)
            if hasattr(value, "_undefined_name"):
                value.__bool__()
            return value
        except Exception as e:
            raise _problem(e) from None


def truth(compiled: Compiled, names: Mapping[str, Any]) -> bool:
    with budgeted():
        try:
            value = compiled.runner()(**names)
            return bool(value)
        except Exception as e:
            raise _problem(e) from None
