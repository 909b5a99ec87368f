"""A faster parser for the story environment, giving exactly the trees Jinja's own parser gives.

Jinja's parser reads a name through a dozen nested calls (condition, or, and, not, comparison, sums,
concatenation, products, powers, signs, the name, its attributes, its filters), moves through a token
stream object, and builds each node through a constructor that checks its arguments: for a book of
thousands of passages that was a third of checking each template (issue 20). Here the same grammar reads
the fast lexer's list of tokens: a level is entered only when its operator follows, and nodes are made
with their fields set directly.

Only the common case is parsed here — text, `{{ }}`, `if`/`elif`/`else`, `for` (with `else`, a filter
and `recursive`), `set NAME = ...`, and expressions without slices, `*args`/`**kwargs` or namespace
references. Anything else, and anything Jinja would refuse, is handed back: the caller parses the text
with Jinja's own parser, so every error is Jinja's, worded by Jinja. Line numbers follow Jinja's own
choices to the letter, odd ones included (a comparison takes the line of the token after it).
tests/story/test_parser.py compares the two parsers tree by tree."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2 import nodes
from jinja2.lexer import TOKEN_EOF

from clank_story.story.lexer import StoryLexer, _Unusual

_new = object.__new__
_COMPARE = frozenset({"eq", "ne", "lt", "lteq", "gt", "gteq"})
_MATH1 = {"add": nodes.Add, "sub": nodes.Sub}
_MATH2 = {"mul": nodes.Mul, "div": nodes.Div, "floordiv": nodes.FloorDiv, "mod": nodes.Mod}
_POW = {"pow": nodes.Pow}
_AFTER_UNARY = frozenset({"add", "sub", "tilde", "mul", "div", "floordiv", "mod", "pow"})
_TUPLE_END = frozenset({"variable_end", "block_end", "rparen"})
_TEST_ARGUMENT = frozenset({"name", "string", "integer", "float", "lparen", "lbracket", "lbrace"})
_CONSTANTS = {"true": True, "True": True, "false": False, "False": False, "none": None, "None": None}
_IF_ENDS = ("elif", "else", "endif")
_FOR_ENDS = ("endfor", "else")


class _GiveUp(Exception):
    """Something this parser leaves to Jinja's."""


def _make(cls: type, *values: Any) -> Any:
    """`cls(*fields, lineno=values[-1])` without Jinja's checks of its arguments."""
    fields = cls.fields  # type: ignore[attr-defined]
    made = dict(zip(fields, values[:len(fields)], strict=True))
    made["lineno"] = values[-1] if len(values) > len(fields) else None
    made["environment"] = None
    node = _new(cls)
    node.__dict__ = made
    return node


def _name(name: str, ctx: str, lineno: int) -> nodes.Name:
    node = _new(nodes.Name)
    node.__dict__ = {"name": name, "ctx": ctx, "lineno": lineno, "environment": None}
    return node


def _const(value: Any, lineno: int) -> nodes.Const:
    node = _new(nodes.Const)
    node.__dict__ = {"value": value, "lineno": lineno, "environment": None}
    return node


def _getattr(node: nodes.Expr, attr: str, lineno: int) -> nodes.Getattr:
    made = _new(nodes.Getattr)
    made.__dict__ = {"node": node, "attr": attr, "ctx": "load", "lineno": lineno, "environment": None}
    return made


def _data(data: str, lineno: int) -> nodes.TemplateData:
    node = _new(nodes.TemplateData)
    node.__dict__ = {"data": data, "lineno": lineno, "environment": None}
    return node


def template(lexer: StoryLexer, source: str) -> nodes.Template | None:
    """The tree of a template, or None when it is left to Jinja's parser (as `nodes.Template(
    Parser(env, source).subparse(), lineno=1)` gives it, without the environment set on its nodes)."""
    tokens = _tokens(lexer, source, None)
    if tokens is None:
        return None
    reader = _Reader(tokens)
    try:
        body = reader.subparse(None)
    except (_GiveUp, IndexError, RecursionError):
        return None
    return _make(nodes.Template, body, 1)


def expression(lexer: StoryLexer, source: str) -> nodes.Expr | None:
    """The expression a whole condition is (`Parser(env, source, state="variable").parse_expression()`
    with nothing after it), or None when it is left to Jinja's parser."""
    tokens = _tokens(lexer, source, "variable")
    if tokens is None:
        return None
    reader = _Reader(tokens)
    try:
        expr = reader.expression(True)
    except (_GiveUp, IndexError, RecursionError):
        return None
    return expr if reader.tokens[reader.at][1] == TOKEN_EOF else None


def _tokens(lexer: StoryLexer, source: str, state: str | None) -> list[Any] | None:
    if not lexer.warm():
        return None
    try:
        tokens: list[Any] = lexer._tokens(source, state)
    except _Unusual:
        return None
    lexer.uses += 1
    tokens.append((tokens[-1][0] if tokens else 1, TOKEN_EOF, ""))
    return tokens


class _Reader:
    """Jinja's Parser over a list of tokens ending in an end-of-file token. Each method is named after
    the Jinja method whose tree it gives; a token it does not expect raises _GiveUp."""

    __slots__ = ("at", "tokens")

    def __init__(self, tokens: list[Any]) -> None:
        self.tokens = tokens
        self.at = 0

    # -- the stream ------------------------------------------------------------------------------
    def _expect(self, kind: str) -> Any:
        token = self.tokens[self.at]
        if token[1] != kind:
            raise _GiveUp
        self.at += 1
        return token

    def _skip_name(self, value: str) -> bool:
        token = self.tokens[self.at]
        if token[1] == "name" and token[2] == value:
            self.at += 1
            return True
        return False

    # -- statements ------------------------------------------------------------------------------
    def subparse(self, ends: tuple[str, ...] | None) -> list[nodes.Node]:
        tokens = self.tokens
        body: list[nodes.Node] = []
        buffer: list[nodes.Node] = []
        while True:
            token = tokens[self.at]
            kind = token[1]
            if kind == "data":
                if token[2]:
                    buffer.append(_data(token[2], token[0]))
                self.at += 1
            elif kind == "variable_begin":
                self.at += 1
                buffer.append(self.parse_tuple(with_condexpr=True))
                self._expect("variable_end")
            elif kind == "block_begin":
                if buffer:
                    body.append(_make(nodes.Output, buffer, buffer[0].lineno))
                    buffer = []
                self.at += 1
                name = tokens[self.at]
                if name[1] != "name":
                    raise _GiveUp
                if ends is not None and name[2] in ends:
                    return body
                if name[2] == "if":
                    body.append(self.parse_if())
                elif name[2] == "for":
                    body.append(self.parse_for())
                elif name[2] == "set":
                    body.append(self.parse_set())
                else:
                    raise _GiveUp
                self._expect("block_end")
            elif kind == TOKEN_EOF:
                if ends is not None:  # Jinja: "unexpected end of template"
                    raise _GiveUp
                if buffer:
                    body.append(_make(nodes.Output, buffer, buffer[0].lineno))
                return body
            else:
                raise _GiveUp

    def statements(self, ends: tuple[str, ...], drop_needle: bool = False) -> list[nodes.Node]:
        if self.tokens[self.at][1] == "colon":
            self.at += 1
        self._expect("block_end")
        body = self.subparse(ends)
        if drop_needle:
            self.at += 1
        return body

    def parse_if(self) -> nodes.If:
        lineno = self._expect("name")[0]
        result = node = _new(nodes.If)
        node.__dict__ = {"lineno": lineno, "environment": None}
        while True:
            node.test = self.parse_tuple(with_condexpr=False)
            node.body = self.statements(_IF_ENDS)
            node.elif_ = []
            node.else_ = []
            word = self.tokens[self.at][2]
            self.at += 1
            if word == "elif":
                node = _new(nodes.If)
                node.__dict__ = {"lineno": self.tokens[self.at][0], "environment": None}
                result.elif_.append(node)
                continue
            if word == "else":
                result.else_ = self.statements(("endif",), drop_needle=True)
            return result

    def parse_for(self) -> nodes.For:
        lineno = self._expect("name")[0]
        target = self.target()
        if not self._skip_name("in"):
            raise _GiveUp
        iterable = self.parse_tuple(with_condexpr=False)
        test = self.expression(True) if self._skip_name("if") else None
        recursive = self._skip_name("recursive")
        body = self.statements(_FOR_ENDS)
        word = self.tokens[self.at][2]
        self.at += 1
        else_ = [] if word == "endfor" else self.statements(("endfor",), drop_needle=True)
        return _make(nodes.For, target, iterable, body, else_, test, recursive, lineno)

    def parse_set(self) -> nodes.Assign:
        lineno = self.tokens[self.at][0]
        self.at += 1
        target = self.target()
        if self.tokens[self.at][1] != "assign":  # `{% set x %}...{% endset %}`: Jinja's
            raise _GiveUp
        self.at += 1
        return _make(nodes.Assign, target, self.parse_tuple(), lineno)

    def target(self) -> nodes.Expr:
        """`parse_assign_target()`: names, or a tuple of names, to store into. Jinja's `for` passes an end
        rule (`in`) that its tuple reading never matches (3.1: `test_any` is given the rules as one
        argument), so here, as there, `for a, in b` reads `in` as a name (and then fails)."""
        return self._items(self._stored_name, "store", False)

    def _stored_name(self) -> nodes.Expr:
        token = self.tokens[self.at]
        if token[1] != "name" or token[2] in _CONSTANTS or self.tokens[self.at + 1][1] == "dot":
            raise _GiveUp  # a constant or a namespace reference: Jinja's
        self.at += 1
        return _name(token[2], "store", token[0])

    # -- expressions -----------------------------------------------------------------------------
    def parse_tuple(self, with_condexpr: bool = True, explicit_parentheses: bool = False) -> nodes.Expr:
        """Jinja's; the end rule `for` gives it (`recursive`) never matches there either."""
        return self._items(self.expression if with_condexpr else self.parse_or, "load", explicit_parentheses)

    def _items(self, item: Callable[[], nodes.Expr], ctx: str, explicit_parentheses: bool) -> nodes.Expr:
        """Items read by `item` until a comma does not follow: one item as it is, more as a tuple (whose
        line is that of its last comma, as in Jinja)."""
        tokens = self.tokens
        lineno = tokens[self.at][0]
        args: list[nodes.Expr] = []
        is_tuple = False
        while True:
            if args:
                self._expect("comma")
            if tokens[self.at][1] in _TUPLE_END:
                break
            args.append(item())
            if tokens[self.at][1] == "comma":
                is_tuple = True
            else:
                break
            lineno = tokens[self.at][0]
        if not is_tuple:
            if args:
                return args[0]
            if not explicit_parentheses:
                raise _GiveUp
        return _make(nodes.Tuple, args, ctx, lineno)

    def expression(self, with_condexpr: bool = True) -> nodes.Expr:
        if not with_condexpr:
            return self.parse_or()
        tokens = self.tokens
        lineno = tokens[self.at][0]
        expr = self.parse_or()
        while self._skip_name("if"):
            test = self.parse_or()
            otherwise = self.expression(True) if self._skip_name("else") else None
            expr = _make(nodes.CondExpr, test, expr, otherwise, lineno)
            lineno = tokens[self.at][0]
        return expr

    def parse_or(self) -> nodes.Expr:
        return self._joined("or", nodes.Or, self.parse_and)

    def parse_and(self) -> nodes.Expr:
        return self._joined("and", nodes.And, self.parse_not)

    def _joined(self, word: str, cls: type, operand: Callable[[], nodes.Expr]) -> nodes.Expr:
        """`a or b or c` (or `and`) nested to the left; each join after the first takes the line of
        the token before which it was found, as Jinja's do."""
        tokens = self.tokens
        lineno = tokens[self.at][0]
        left = operand()
        while self._skip_name(word):
            left = _make(cls, left, operand(), lineno)
            lineno = tokens[self.at][0]
        return left

    def parse_not(self) -> nodes.Expr:
        token = self.tokens[self.at]
        if token[1] == "name" and token[2] == "not":
            self.at += 1
            return _make(nodes.Not, self.parse_not(), token[0])
        return self.parse_compare()

    def parse_compare(self) -> nodes.Expr:
        tokens = self.tokens
        lineno = tokens[self.at][0]
        expr = self.parse_math1()
        ops: list[nodes.Operand] = []
        while True:
            token = tokens[self.at]
            kind = token[1]
            if kind in _COMPARE:
                self.at += 1
                ops.append(_make(nodes.Operand, kind, self.parse_math1()))
            elif kind == "name" and token[2] == "in":
                self.at += 1
                ops.append(_make(nodes.Operand, "in", self.parse_math1()))
            elif kind == "name" and token[2] == "not" and tokens[self.at + 1][1] == "name" and tokens[self.at + 1][2] == "in":
                self.at += 2
                ops.append(_make(nodes.Operand, "notin", self.parse_math1()))
            else:
                break
            lineno = tokens[self.at][0]
        if not ops:
            return expr
        return _make(nodes.Compare, expr, ops, lineno)

    def parse_math1(self) -> nodes.Expr:
        """Sums, then (below them) concatenation, products and powers, as Jinja nests them; the levels are
        entered only when an operator follows the first operand, as it seldom does."""
        tokens = self.tokens
        lineno = tokens[self.at][0]
        first = self.parse_unary(True)
        if tokens[self.at][1] not in _AFTER_UNARY:
            return first
        return self._chained(self._concat(first, lineno), _MATH1, self._concat, lineno)

    def _concat(self, first: nodes.Expr | None, lineno: int) -> nodes.Expr:
        tokens = self.tokens
        args = [self._math2(first, lineno)]
        while tokens[self.at][1] == "tilde":
            self.at += 1
            args.append(self._math2(None, tokens[self.at][0]))
        if len(args) == 1:
            return args[0]
        return _make(nodes.Concat, args, lineno)

    def _math2(self, first: nodes.Expr | None, lineno: int) -> nodes.Expr:
        return self._chained(self._pow(first, lineno), _MATH2, self._pow, lineno)

    def _pow(self, first: nodes.Expr | None, lineno: int) -> nodes.Expr:
        return self._chained(self._operand(first, lineno), _POW, self._operand, lineno)

    def _operand(self, first: nodes.Expr | None, lineno: int) -> nodes.Expr:
        return self.parse_unary(True) if first is None else first

    def _chained(self, left: nodes.Expr, operators: dict[str, type],
                 operand: Callable[[nodes.Expr | None, int], nodes.Expr], lineno: int) -> nodes.Expr:
        """`left` and the operands after it joined by these operators, nested to the left; each join
        after the first takes the line of the token after the operand before it, as in Jinja."""
        tokens = self.tokens
        while tokens[self.at][1] in operators:
            cls = operators[tokens[self.at][1]]
            self.at += 1
            left = _make(cls, left, operand(None, tokens[self.at][0]), lineno)
            lineno = tokens[self.at][0]
        return left

    def parse_unary(self, with_filter: bool) -> nodes.Expr:
        token = self.tokens[self.at]
        kind = token[1]
        if kind == "sub":
            self.at += 1
            node = _make(nodes.Neg, self.parse_unary(False), token[0])
        elif kind == "add":
            self.at += 1
            node = _make(nodes.Pos, self.parse_unary(False), token[0])
        else:
            node = self.parse_primary()
        node = self.parse_postfix(node)
        if with_filter:
            node = self.parse_filter_expr(node)
        return node

    def parse_primary(self) -> nodes.Expr:
        tokens = self.tokens
        token = tokens[self.at]
        kind = token[1]
        self.at += 1
        if kind == "name":
            value = token[2]
            if value in _CONSTANTS:
                return _const(_CONSTANTS[value], token[0])
            return _name(value, "load", token[0])
        if kind == "string":
            parts = [token[2]]
            while tokens[self.at][1] == "string":
                parts.append(tokens[self.at][2])
                self.at += 1
            return _const("".join(parts), token[0])
        if kind == "integer" or kind == "float":
            return _const(token[2], token[0])
        if kind == "lparen":
            node = self.parse_tuple(explicit_parentheses=True)
            self._expect("rparen")
            return node
        if kind == "lbracket":
            items: list[nodes.Expr] = []
            while tokens[self.at][1] != "rbracket":
                if items:
                    self._expect("comma")
                if tokens[self.at][1] == "rbracket":
                    break
                items.append(self.expression(True))
            self._expect("rbracket")
            return _make(nodes.List, items, token[0])
        if kind == "lbrace":
            pairs: list[nodes.Pair] = []
            while tokens[self.at][1] != "rbrace":
                if pairs:
                    self._expect("comma")
                if tokens[self.at][1] == "rbrace":
                    break
                key = self.expression(True)
                self._expect("colon")
                pairs.append(_make(nodes.Pair, key, self.expression(True), key.lineno))
            self._expect("rbrace")
            return _make(nodes.Dict, pairs, token[0])
        raise _GiveUp

    def parse_postfix(self, node: nodes.Expr) -> nodes.Expr:
        tokens = self.tokens
        while True:
            token = tokens[self.at]
            kind = token[1]
            if kind == "dot":
                attr = tokens[self.at + 1]
                self.at += 2
                if attr[1] == "name":
                    node = _getattr(node, attr[2], token[0])
                elif attr[1] == "integer":
                    node = _make(nodes.Getitem, node, _const(attr[2], attr[0]), "load", token[0])
                else:
                    raise _GiveUp
            elif kind == "lbracket":
                self.at += 1
                args: list[nodes.Expr] = []
                while tokens[self.at][1] != "rbracket":
                    if args:
                        self._expect("comma")
                    if tokens[self.at][1] == "colon":
                        raise _GiveUp  # a slice
                    args.append(self.expression(True))
                    if tokens[self.at][1] == "colon":
                        raise _GiveUp
                self._expect("rbracket")
                arg = args[0] if len(args) == 1 else _make(nodes.Tuple, args, "load", token[0])
                node = _make(nodes.Getitem, node, arg, "load", token[0])
            elif kind == "lparen":
                node = self.parse_call(node)
            else:
                return node

    def parse_filter_expr(self, node: nodes.Expr) -> nodes.Expr:
        tokens = self.tokens
        while True:
            token = tokens[self.at]
            kind = token[1]
            if kind == "pipe":
                self.at += 1
                name_token = self._expect("name")
                node = _make(nodes.Filter, node, self._dotted(name_token[2]), *self._call_args(), name_token[0])
            elif kind == "name" and token[2] == "is":
                node = self.parse_test(node)
            elif kind == "lparen":
                node = self.parse_call(node)
            else:
                return node

    def _dotted(self, name: str) -> str:
        while self.tokens[self.at][1] == "dot":
            self.at += 1
            name += "." + self._expect("name")[2]
        return name

    def _call_args(self) -> tuple[list[Any], list[Any], None, None]:
        """A filter's or a test's arguments, if a bracket follows its name."""
        if self.tokens[self.at][1] == "lparen":
            return self.call_args()
        return [], [], None, None

    def parse_test(self, node: nodes.Expr) -> nodes.Expr:
        tokens = self.tokens
        lineno = tokens[self.at][0]
        self.at += 1
        negated = self._skip_name("not")
        name = self._dotted(self._expect("name")[2])
        token = tokens[self.at]
        if token[1] == "lparen":
            args, kwargs, _, _ = self.call_args()
        elif token[1] in _TEST_ARGUMENT and not (token[1] == "name" and token[2] in ("else", "or", "and")):
            if token[1] == "name" and token[2] == "is":
                raise _GiveUp  # Jinja: "You cannot chain multiple tests with is"
            args, kwargs = [self.parse_postfix(self.parse_primary())], []
        else:
            args, kwargs = [], []
        node = _make(nodes.Test, node, name, args, kwargs, None, None, lineno)
        if negated:
            node = _make(nodes.Not, node, lineno)
        return node

    def parse_call(self, node: nodes.Expr) -> nodes.Call:
        lineno = self.tokens[self.at][0]
        return _make(nodes.Call, node, *self.call_args(), lineno)

    def call_args(self) -> tuple[list[Any], list[Any], None, None]:
        tokens = self.tokens
        self._expect("lparen")
        args: list[nodes.Expr] = []
        kwargs: list[nodes.Keyword] = []
        require_comma = False
        while tokens[self.at][1] != "rparen":
            if require_comma:
                self._expect("comma")
                if tokens[self.at][1] == "rparen":
                    break
            token = tokens[self.at]
            if token[1] in ("mul", "pow"):
                raise _GiveUp  # *args, **kwargs: Jinja's
            if token[1] == "name" and tokens[self.at + 1][1] == "assign":
                self.at += 2
                value = self.expression(True)
                kwargs.append(_make(nodes.Keyword, token[2], value, value.lineno))
            else:
                if kwargs:
                    raise _GiveUp  # Jinja: "invalid syntax for function call expression"
                args.append(self.expression(True))
            require_comma = True
        self._expect("rparen")
        return args, kwargs, None, None
