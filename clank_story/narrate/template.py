"""Narration templates filled in without Jinja, when they keep to the little of Jinja they use.

The prose variants of the words catalog (`narrate.prose`) are Jinja, but what they use of it is small:
names, string literals, `a if c else b`, `or`/`and`, `==`, `!=`, `in`, the `plural(...)` global, the
`upfirst` and `at(...)` filters, and `{% if %}`/`{% elif %}`/`{% else %}`/`{% endif %}`. Importing
Jinja and compiling a dozen templates with it was a fifth of replaying five scripted games (issue 20),
and Jinja's render sets up a context for every sentence. `compile_template` turns a template that
keeps to that subset into a Python function of the context, built from small closures (no source is
compiled), and returns None for anything else, which the caller then gives to Jinja as before.

It does so in two steps: `recipe_of` reads the template into a recipe, plain data (tuples of strings)
that `marshal` can keep between runs (narrate/recipes.py), and `build` makes the function from the
recipe. Reading the templates a replay tells was a twentieth of replaying five games; building from a
kept recipe is a fraction of that (issue 20).

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
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "in": lambda a, b: a in b, "not in": lambda a, b: a not in b}
_OPERATORS: dict[type, str] = {ast.Eq: "==", ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in"}

# A recipe is plain data. A template's: ("text", text) | ("fmt", format string) | ("seq", format string,
# ((field, value recipe), ...)). A value's: ("lit", string) | ("name", name) | ("ifexp", test, body, else) |
# ("or", values) | ("and", values) | ("cmp", operator, left, right) | ("call", global, first, literals,
# named literals) | ("filter", filter, value, literals, named literals) | ("if", ((test or None, template
# recipe), ...)). Named literals are (name, value) pairs.
Recipe = tuple[Any, ...]


class _Unsupported(Exception):
    """The template uses more of Jinja than this module speaks."""


def compile_template(source: str, filters: Mapping[str, Callable[..., Any]],
                     globals_: Mapping[str, Any]) -> Render | None:
    """A function of the context that renders `source` exactly as Jinja would, or None when `source`
    uses anything beyond the subset (the module's docstring)."""
    recipe = recipe_of(source, filters, globals_)
    return None if recipe is None else build(recipe, filters, globals_)


def recipe_of(source: str, filters: Mapping[str, Any], globals_: Mapping[str, Any]) -> Recipe | None:
    """`source` read into a recipe, or None when it uses anything beyond the subset. It hangs only on the
    text and on the names of the filters and globals (not on what they are)."""
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


def _names_only(source: str, globals_: Mapping[str, Any]) -> Recipe | None:
    """What `_Compiler` makes of a template of text and plain names of the context (most narration),
    without reading it part by part; None for any other template (the compiler's to judge)."""
    if "{%" in source:
        return None
    pieces = _NAME_TAG.split(source)  # text, name, text, name, ..., text
    names = pieces[1::2]
    texts = pieces[0::2]
    # (C calls, not a test of each piece: the checks were half of compiling a replay's templates)
    if "{{" in "\0".join(texts) or not _RESERVED.isdisjoint(names) or not globals_.keys().isdisjoint(names):
        return None  # another tag, a name Jinja or the globals give a meaning, or a keyword
    if not names:
        return ("text", "".join(texts))
    pieces[0::2] = [_escaped(text) for text in texts]
    pieces[1::2] = [f"{{{name}}}" for name in names]
    return ("fmt", "".join(pieces))


_RESERVED = frozenset(keyword.kwlist) | _JINJA_NAMES  # names a template may not print as the context's


class _Compiler:
    def __init__(self, filters: Mapping[str, Any], globals_: Mapping[str, Any]) -> None:
        self.filters = filters
        self.globals = globals_
        self.text = ""  # the expression being read

    # -- statements ---------------------------------------------------------------------------------
    def template(self, source: str) -> Recipe:
        """The template as a list of parts (text, outputs, if-blocks), rendered in order."""
        root: list[Any] = []
        stack: list[tuple[list[Any], list[tuple[Recipe | None, list[Any]]]]] = []  # (outer body, branches)
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
                branches: list[tuple[Recipe | None, list[Any]]] = [(self.expression(rest), [])]
                stack.append((body, branches))
                body = branches[0][1]
            elif word in ("elif", "else") and stack and stack[-1][1][-1][0] is not None:
                if word == "else" and rest.strip():
                    raise _Unsupported(rest)
                branch: tuple[Recipe | None, list[Any]] = (self.expression(rest) if word == "elif" else None, [])
                stack[-1][1].append(branch)
                body = branch[1]
            elif word == "endif" and stack and not rest.strip():
                outer, done = stack.pop()
                outer.append(("if", tuple((test, _sequence(part)) for test, part in done)))
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
    def output(self, text: str) -> Recipe:
        """What `{{ text }}` prints: a plain name of the context is a field of its own, which a format
        string fills."""
        node = self.parse(text)
        value = self.node(node)
        if isinstance(node, ast.Name) and node.id not in self.globals:
            return ("field", node.id)
        return value

    def expression(self, text: str) -> Recipe:
        return self.node(self.parse(text))

    def parse(self, text: str) -> ast.expr:
        if "\\" in text or "\n" in text or "#" in text:
            raise _Unsupported(text)  # escapes, line breaks and Python's comments
        self.text = text.strip()
        if self.text.isascii() and self.text.isidentifier() and not keyword.iskeyword(self.text):
            return ast.Name(id=self.text, ctx=ast.Load())  # what Python's parser makes of a name, without it
        return ast.parse(self.text, mode="eval").body

    def node(self, node: ast.expr) -> Recipe:
        match node:
            case ast.Constant(value=str() as value) if _LITERALS.fullmatch(self.segment(node)):
                return ("lit", value)
            case ast.Name(id=name) if name not in _JINJA_NAMES:
                return ("name", name)
            case ast.IfExp(test=test, body=body, orelse=orelse):
                return ("ifexp", self.node(test), self.node(body), self.node(orelse))
            case ast.BoolOp(op=ast.Or(), values=values):
                return ("or", tuple(self.node(v) for v in values))
            case ast.BoolOp(op=ast.And(), values=values):
                return ("and", tuple(self.node(v) for v in values))
            case ast.Compare(left=left, ops=[op], comparators=[right]) if type(op) in _OPERATORS:
                if isinstance(op, ast.In | ast.NotIn) and not isinstance(left, ast.Constant):
                    raise _Unsupported("in")  # `x in []` with x undefined: Jinja would not raise
                return ("cmp", _OPERATORS[type(op)], self.node(left), self.node(right))
            case ast.Call(func=ast.Name(id=name), args=[first, *args], keywords=keywords) \
                    if name not in _JINJA_NAMES and name in self.globals:
                return ("call", name, self.node(first), *self.literals(args, keywords))
            case ast.BinOp(left=left, op=ast.BitOr(), right=ast.Name(id=name)) if name in self.filters:
                return ("filter", name, self.node(left), (), ())
            case ast.BinOp(left=left, op=ast.BitOr(), right=ast.Call(func=ast.Name(id=name), args=args,
                                                                       keywords=keywords)) if name in self.filters:
                return ("filter", name, self.node(left), *self.literals(args, keywords))
        raise _Unsupported(ast.dump(node))

    def segment(self, node: ast.expr) -> str:
        """The source of `node`, as `ast.get_source_segment` gives it: the expression is one line (`parse`),
        and the parser's columns count UTF-8 bytes."""
        return self.text.encode()[node.col_offset:node.end_col_offset].decode()

    @staticmethod
    def literals(args: list[ast.expr], keywords: list[ast.keyword]) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
        """Arguments after the first: string literals only (see the module's docstring)."""
        fixed = tuple(a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str))
        named = tuple((k.arg, k.value.value) for k in keywords
                      if k.arg is not None and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str))
        if len(fixed) != len(args) or len(named) != len(keywords):
            raise _Unsupported("arguments")
        return fixed, named


def _inner(tag: str) -> str:
    """A tag's content; whitespace control (`-`, `+` at either end) is Jinja's to do."""
    text = tag.strip()
    if not text or text[0] in "-+" or text[-1] in "-+" or tag[:1] in "-+" or tag[-1:] in "-+":
        raise _Unsupported(tag)
    return text


def _escaped(text: str) -> str:
    """Text as it stands in a format string."""
    return text.replace("{", "{{").replace("}", "}}")


def _sequence(parts: list[Any]) -> Recipe:
    """The parts (text, fields, other values) rendered one after another: text alone as it is; text and
    plain names (most sentences: `You play {{ cards }}.`) by `str.format_map`, in C: `format(value, "")`
    is `str(value)` for what a context holds, and a missing name raises KeyError, as `ctx[name]` does
    (issue 20); other parts (`{{ x | at('em') }}`, an `if` block) worked out into fields of their own
    beside the context's names, then all filled by `format_map` too."""
    if all(isinstance(p, str) for p in parts):
        return ("text", "".join(parts))
    fields: list[tuple[str, Recipe]] = []
    pattern: list[str] = []
    for p in parts:
        if isinstance(p, str):
            pattern.append(_escaped(p))
        elif p[0] == "field":
            pattern.append(f"{{{p[1]}}}")
        else:
            key = f"__part{len(fields)}__"  # a context never holds such a name
            fields.append((key, p))
            pattern.append(f"{{{key}}}")
    return ("seq", "".join(pattern), tuple(fields)) if fields else ("fmt", "".join(pattern))


# -- from a recipe to a function ---------------------------------------------------------------------
def build(recipe: Recipe, filters: Mapping[str, Callable[..., Any]], globals_: Mapping[str, Any]) -> Render:
    """The function of the context a template's recipe describes."""
    tag = recipe[0]
    if tag == "fmt":
        return recipe[1].format_map
    if tag == "text":
        text = recipe[1]
        return lambda ctx: text
    fill = recipe[1].format_map  # "seq"
    fields = [(key, _value(part, filters, globals_)) for key, part in recipe[2]]
    if len(fields) == 1:
        (key, value), = fields
        return lambda ctx: fill({**ctx, key: value(ctx)})

    def render(ctx: Mapping[str, Any]) -> str:
        values = dict(ctx)
        for key, value in fields:
            values[key] = value(ctx)
        return fill(values)
    return render


def _value(recipe: Recipe, filters: Mapping[str, Callable[..., Any]], globals_: Mapping[str, Any]) -> Value:
    """The function of the context a value's recipe describes."""
    tag = recipe[0]
    if tag == "lit":
        literal = recipe[1]
        return lambda ctx: literal
    if tag == "name":
        name = recipe[1]
        return lambda ctx: ctx[name] if name in ctx else globals_[name]  # KeyError when neither has it
    if tag == "ifexp":
        if recipe[1][0] == "name" and recipe[2][0] == recipe[3][0] == "lit":  # `'a' if x else 'b'`: one call
            test, yes, no = recipe[1][1], recipe[2][1], recipe[3][1]
            return lambda ctx: yes if (ctx[test] if test in ctx else globals_[test]) else no
        t, b, o = (_value(r, filters, globals_) for r in recipe[1:])
        return lambda ctx: b(ctx) if t(ctx) else o(ctx)
    if tag in ("or", "and"):
        parts, truth = [_value(r, filters, globals_) for r in recipe[1]], tag == "or"
        return lambda ctx: _first(parts, ctx, truth)
    if tag == "cmp":
        compare = _COMPARE[recipe[1]]
        if recipe[2][0] == "name" and recipe[3][0] == "lit":  # `x == 'y'`: the name read in place
            name, literal = recipe[2][1], recipe[3][1]
            return lambda ctx: compare(ctx[name] if name in ctx else globals_[name], literal)
        a, b = _value(recipe[2], filters, globals_), _value(recipe[3], filters, globals_)
        return lambda ctx: compare(a(ctx), b(ctx))
    if tag == "call":
        function, fixed, named = _value(("name", recipe[1]), filters, globals_), recipe[3], dict(recipe[4])
        if recipe[2][0] == "name":  # `plural(count, ...)`: the name read in place
            name = recipe[2][1]
            return lambda ctx: function(ctx)(ctx[name] if name in ctx else globals_[name], *fixed, **named)
        value = _value(recipe[2], filters, globals_)
        return lambda ctx: function(ctx)(value(ctx), *fixed, **named)
    if tag == "filter":
        f, fixed, named = filters[recipe[1]], recipe[3], dict(recipe[4])
        if recipe[2][0] == "name":  # `x | at('em')`: the name read in place
            name = recipe[2][1]
            if not fixed and not named:
                return lambda ctx: f(ctx[name] if name in ctx else globals_[name])
            return lambda ctx: f(ctx[name] if name in ctx else globals_[name], *fixed, **named)
        value = _value(recipe[2], filters, globals_)
        if not fixed and not named:
            return lambda ctx: f(value(ctx))
        return lambda ctx: f(value(ctx), *fixed, **named)
    if tag == "if":
        return _if_block([(None if test is None else _value(test, filters, globals_), build(body, filters, globals_))
                          for test, body in recipe[1]])
    raise ValueError(f"not a recipe: {recipe!r}")


def _first(parts: list[Value], ctx: Mapping[str, Any], truth: bool) -> Any:
    """`or` (the first true value, `truth` True) and `and` (the first false one), else the last value."""
    value = None
    for part in parts:
        value = part(ctx)
        if bool(value) is truth:
            return value
    return value


def _if_block(compiled: list[tuple[Value | None, Render]]) -> Value:
    """The first branch whose test holds (`else` has none), rendered; nothing when none does."""
    def render(ctx: Mapping[str, Any]) -> str:
        for test, body in compiled:
            if test is None or test(ctx):
                return body(ctx)
        return ""
    return render
