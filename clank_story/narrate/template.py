"""Narration templates filled in without Jinja, when they keep to the little of Jinja they use.

The prose variants of the words catalog (`narrate.prose`) are Jinja, but what they use of it is small:
names, string literals, `a if c else b`, `or`/`and`, `==`, `!=`, `in`, the `plural(...)` global, the
`upfirst` and `at(...)` filters, and `{% if %}`/`{% elif %}`/`{% else %}`/`{% endif %}`. Importing
Jinja and compiling a dozen templates with it was a fifth of replaying five scripted games (issue 20),
and Jinja's render sets up a context for every sentence. `compile_template` turns a template that
keeps to that subset into a Python function of the context, built from small closures (no source is
compiled), and returns None for anything else, which the caller then gives to Jinja as before.

The subset means the same here as in Jinja's sandbox with `StrictUndefined` and no autoescape, which
is what makes the choice invisible:

- text outside the tags is kept as it is; one newline at the very end of a template is dropped
  (Jinja's `keep_trailing_newline=False`); a template with a carriage return, a comment, whitespace
  control (`{%-`, `-}}`, `+%}`) or a tag we do not know is Jinja's;
- `{{ x }}` writes `str(x)`; an `if` tests Python truthiness; `==`, `!=`, `in`, `or`, `and` and the
  conditional expression are Python's (Jinja compiles them to the same operators);
- a name is looked up in the context, then among the globals given; a name neither holds raises
  KeyError where Jinja would raise UndefinedError: Jinja raises when an undefined value is *used*, and
  in this subset every value looked up is used (printed, tested, compared, filtered or counted), as
  long as calls and filters take only literals beyond their first argument, and `in` only a literal on
  its left (checked here). Either error makes the narrator tell the plain line instead;
- expressions are parsed by Python's own parser: for these constructs Jinja's grammar and
  precedences are Python's (a filter binds tighter than comparisons and `or`, as `|` does), and a
  literal with a backslash, Jinja's `true`/`none`, attribute access, subscripts, arithmetic and the
  like are left to Jinja.

`tests/narrate/test_template.py` renders every narration template of every language both ways over
many contexts and checks the same text, or an error both ways."""

from __future__ import annotations

import ast
import keyword
import re
from collections.abc import Callable, Mapping
from typing import Any

Render = Callable[[Mapping[str, Any]], str]
Value = Callable[[Mapping[str, Any]], Any]

_TAG = re.compile(r"\{\{(.*?)\}\}|\{%(.*?)%\}", re.S)
# Plain quoted literals, side by side (no u'', r'', f'' or b'' prefix, which Jinja does not know).
_LITERALS = re.compile(r"""(?:'[^'\\]*'|"[^"\\]*")(?:\s*(?:'[^'\\]*'|"[^"\\]*"))*""")
# Names Jinja gives a meaning of its own (constants, the template itself, its default globals).
_JINJA_NAMES = frozenset({"true", "false", "none", "True", "False", "None", "self", "loop", "caller", "varargs",
                          "kwargs", "super", "range", "dict", "lipsum", "cycler", "joiner", "namespace"})
_COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}


class _Unsupported(Exception):
    """The template uses more of Jinja than this module speaks."""


def compile_template(source: str, filters: Mapping[str, Callable[..., Any]],
                     globals_: Mapping[str, Any]) -> Render | None:
    """A function of the context that renders `source` exactly as Jinja would, or None when `source`
    uses anything beyond the subset (the module's docstring)."""
    if "\r" in source or "{#" in source:
        return None
    source = source.removesuffix("\n")
    quick = _names_only(source, globals_)
    if quick is not None:
        return quick
    try:
        return _Compiler(filters, globals_).template(source)
    except (_Unsupported, SyntaxError, ValueError):
        return None


# `{{ name }}`: an ASCII identifier between the braces, with nothing else there but whitespace.
_NAME_TAG = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def _names_only(source: str, globals_: Mapping[str, Any]) -> Render | None:
    """What `_Compiler` makes of a template of text and plain names of the context (most narration),
    without compiling it part by part; None for any other template (the compiler's to judge). Compiling
    every variant a replay tells was about a twentieth of replaying five games (issue 20)."""
    if "{%" in source:
        return None
    pieces = _NAME_TAG.split(source)  # text, name, text, name, ..., text
    names = pieces[1::2]
    texts = pieces[0::2]
    if any("{{" in text for text in texts) or \
            any(keyword.iskeyword(name) or name in _JINJA_NAMES or name in globals_ for name in names):
        return None  # another tag, a name Jinja or the globals give a meaning, or a keyword
    if not names:
        text = "".join(texts)
        return lambda ctx: text
    return "".join(text.replace("{", "{{").replace("}", "}}") if i % 2 == 0 else f"{{{text}}}"
                   for i, text in enumerate(pieces)).format_map


class _Compiler:
    def __init__(self, filters: Mapping[str, Callable[..., Any]], globals_: Mapping[str, Any]) -> None:
        self.filters = filters
        self.globals = globals_
        self.text = ""  # the expression being compiled

    # -- statements ---------------------------------------------------------------------------------
    def template(self, source: str) -> Render:
        """The template as a list of parts (text, outputs, if-blocks), rendered in order."""
        root: list[Any] = []
        stack: list[tuple[list[Any], list[tuple[Value | None, list[Any]]]]] = []  # (outer body, branches)
        body = root
        pos = 0
        for m in _TAG.finditer(source):
            self._text(body, source[pos:m.start()])
            pos = m.end()
            if m.group(1) is not None:
                body.append(self.output(_inner(m.group(1))))
                continue
            word, _, rest = _inner(m.group(2)).partition(" ")
            if word == "if":
                branches: list[tuple[Value | None, list[Any]]] = [(self.expression(rest), [])]
                stack.append((body, branches))
                body = branches[0][1]
            elif word in ("elif", "else") and stack and stack[-1][1][-1][0] is not None:
                if word == "else" and rest.strip():
                    raise _Unsupported(rest)
                branch: tuple[Value | None, list[Any]] = (self.expression(rest) if word == "elif" else None, [])
                stack[-1][1].append(branch)
                body = branch[1]
            elif word == "endif" and stack and not rest.strip():
                outer, done = stack.pop()
                outer.append(_if_block(done))
                body = outer
            else:
                raise _Unsupported(word)
        if stack:
            raise _Unsupported("if without endif")
        self._text(body, source[pos:])
        return _sequence(root)

    @staticmethod
    def _text(body: list[Any], text: str) -> None:
        if "{{" in text or "{%" in text:  # an unclosed tag: a syntax error for Jinja
            raise _Unsupported(text)
        if text:
            body.append(text)

    # -- expressions --------------------------------------------------------------------------------
    def output(self, text: str) -> Value:
        """What `{{ text }}` prints: a plain name of the context is a `_Name`, which `_sequence` can
        fill by `str.format_map`."""
        node = self.parse(text)
        value = self.node(node)
        if isinstance(node, ast.Name) and node.id not in self.globals:
            return _Name(node.id, value)
        return value

    def expression(self, text: str) -> Value:
        return self.node(self.parse(text))

    def parse(self, text: str) -> ast.expr:
        if "\\" in text or "\n" in text or "#" in text:
            raise _Unsupported(text)  # escapes, line breaks and Python's comments
        self.text = text.strip()
        if self.text.isascii() and self.text.isidentifier() and not keyword.iskeyword(self.text):
            return ast.Name(id=self.text, ctx=ast.Load())  # what Python's parser makes of a name, without it
        return ast.parse(self.text, mode="eval").body

    def node(self, node: ast.expr) -> Value:
        match node:
            case ast.Constant(value=str() as value) if _LITERALS.fullmatch(self.segment(node)):
                return lambda ctx: value
            case ast.Name(id=name) if name not in _JINJA_NAMES:
                return self.name(name)
            case ast.IfExp(test=test, body=body, orelse=orelse):
                t, b, o = self.node(test), self.node(body), self.node(orelse)
                return lambda ctx: b(ctx) if t(ctx) else o(ctx)
            case ast.BoolOp(op=ast.Or(), values=values):
                parts = [self.node(v) for v in values]
                return lambda ctx: _first(parts, ctx, True)
            case ast.BoolOp(op=ast.And(), values=values):
                parts = [self.node(v) for v in values]
                return lambda ctx: _first(parts, ctx, False)
            case ast.Compare(left=left, ops=[op], comparators=[right]) if type(op) in _COMPARE:
                if isinstance(op, ast.In | ast.NotIn) and not isinstance(left, ast.Constant):
                    raise _Unsupported("in")  # `x in []` with x undefined: Jinja would not raise
                compare, a, b = _COMPARE[type(op)], self.node(left), self.node(right)
                return lambda ctx: compare(a(ctx), b(ctx))
            case ast.Call(func=ast.Name(id=name), args=[first, *args], keywords=keywords) \
                    if name not in _JINJA_NAMES and name in self.globals:
                function, value = self.name(name), self.node(first)
                fixed, named = self.literals(args, keywords)
                return lambda ctx: function(ctx)(value(ctx), *fixed, **named)
            case ast.BinOp(left=left, op=ast.BitOr(), right=ast.Name(id=name)) if name in self.filters:
                f, value = self.filters[name], self.node(left)
                return lambda ctx: f(value(ctx))
            case ast.BinOp(left=left, op=ast.BitOr(), right=ast.Call(func=ast.Name(id=name), args=args,
                                                                       keywords=keywords)) if name in self.filters:
                f, value = self.filters[name], self.node(left)
                fixed, named = self.literals(args, keywords)
                return lambda ctx: f(value(ctx), *fixed, **named)
        raise _Unsupported(ast.dump(node))

    def segment(self, node: ast.expr) -> str:
        """The source of `node`, as `ast.get_source_segment` gives it: the expression is one line (`parse`),
        and the parser's columns count UTF-8 bytes."""
        return self.text.encode()[node.col_offset:node.end_col_offset].decode()

    def name(self, name: str) -> Value:
        """The context's value, else the global's; KeyError when neither has it."""
        globals_ = self.globals
        return lambda ctx: ctx[name] if name in ctx else globals_[name]

    @staticmethod
    def literals(args: list[ast.expr], keywords: list[ast.keyword]) -> tuple[tuple[str, ...], dict[str, str]]:
        """Arguments after the first: string literals only (see the module's docstring)."""
        fixed = tuple(a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str))
        named = {k.arg: k.value.value for k in keywords
                 if k.arg is not None and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)}
        if len(fixed) != len(args) or len(named) != len(keywords):
            raise _Unsupported("arguments")
        return fixed, named


def _inner(tag: str) -> str:
    """A tag's content; whitespace control (`-`, `+` at either end) is Jinja's to do."""
    text = tag.strip()
    if not text or text[0] in "-+" or text[-1] in "-+" or tag[:1] in "-+" or tag[-1:] in "-+":
        raise _Unsupported(tag)
    return text


def _first(parts: list[Value], ctx: Mapping[str, Any], truth: bool) -> Any:
    """`or` (the first true value, `truth` True) and `and` (the first false one), else the last value."""
    value = None
    for part in parts:
        value = part(ctx)
        if bool(value) is truth:
            return value
    return value


class _Name:
    """`{{ name }}` where the name is the context's (not a global): its value printed as it is."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: Value) -> None:
        self.name = name
        self.value = value

    def __call__(self, ctx: Mapping[str, Any]) -> Any:
        return self.value(ctx)


def _sequence(parts: list[Any]) -> Render:
    """The parts rendered one after another; text alone without a loop; text and plain names (most
    sentences: `You play {{ cards }}.`) by `str.format_map`, in C: `format(value, "")` is `str(value)`
    for what a context holds, and a missing name raises KeyError, as `ctx[name]` does (issue 20)."""
    if all(isinstance(p, str) for p in parts):
        text = "".join(parts)
        return lambda ctx: text
    if all(isinstance(p, str | _Name) for p in parts):
        return "".join(p.replace("{", "{{").replace("}", "}}") if isinstance(p, str) else f"{{{p.name}}}"
                       for p in parts).format_map
    # Text, names and other parts (`{{ x | at('em') }}`, an `if` block): the others worked out into fields
    # of their own beside the context's names, then all filled by `format_map` too (each part's value
    # printed by `format(value, "")`, which is `str(value)` for what a part gives).
    fields: list[tuple[str, Value]] = []
    pattern: list[str] = []
    for p in parts:
        if isinstance(p, str):
            pattern.append(p.replace("{", "{{").replace("}", "}}"))
        elif isinstance(p, _Name):
            pattern.append(f"{{{p.name}}}")
        else:
            key = f"__part{len(fields)}__"  # a context never holds such a name
            fields.append((key, p))
            pattern.append(f"{{{key}}}")
    fill = "".join(pattern).format_map
    if len(fields) == 1:
        (key, part), = fields
        return lambda ctx: fill({**ctx, key: part(ctx)})

    def render(ctx: Mapping[str, Any]) -> str:
        values = dict(ctx)
        for key, part in fields:
            values[key] = part(ctx)
        return fill(values)
    return render


def _if_block(branches: list[tuple[Value | None, list[Any]]]) -> Value:
    """The first branch whose test holds (`else` has none), rendered; nothing when none does."""
    compiled = [(test, _sequence(body)) for test, body in branches]

    def render(ctx: Mapping[str, Any]) -> str:
        for test, body in compiled:
            if test is None or test(ctx):
                return body(ctx)
        return ""
    return render
