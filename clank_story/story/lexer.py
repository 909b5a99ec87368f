"""A faster lexer for the story environment, giving exactly the tokens Jinja's own lexer gives.

Jinja's lexer tries its rules one after another at each position (a tag's name token costs five
regular-expression calls) and passes every token through two generators; for a book of thousands of
passages that is about half of the cost of parsing. Here the rules of a tag are one alternation,
tried in Jinja's order (the first rule that matches wins, as in Jinja), built from the lexer's own
compiled rules, and the tokens are made in one loop.

Only the common case is lexed here: anything else — a `{% raw %}` block, a character no rule reads,
unbalanced brackets, a name that is not an identifier, a string that does not unescape, an unclosed
comment — and the text is handed to Jinja's own lexer from the start, so every error is raised by
Jinja, worded by Jinja and raised as late as Jinja raises it. tests/story/test_lexer.py compares the
two lexers token by token."""

from __future__ import annotations

import re
import warnings
from ast import literal_eval
from typing import Any

from jinja2.lexer import (
    TOKEN_BLOCK_BEGIN,
    TOKEN_BLOCK_END,
    TOKEN_COMMENT_BEGIN,
    TOKEN_DATA,
    TOKEN_FLOAT,
    TOKEN_INTEGER,
    TOKEN_NAME,
    TOKEN_OPERATOR,
    TOKEN_STRING,
    TOKEN_VARIABLE_BEGIN,
    TOKEN_VARIABLE_END,
    TOKEN_WHITESPACE,
    Lexer,
    Token,
    TokenStream,
    newline_re,
    operators,
)

_FLAGS = {re.IGNORECASE: "i", re.MULTILINE: "m", re.DOTALL: "s", re.VERBOSE: "x"}
_OPENING = frozenset("{([")
_CLOSING = {"}": "{", ")": "(", "]": "["}
_END = "end"


class _Unusual(Exception):
    """Something the fast path leaves to Jinja."""


def _group(name: str, regex: re.Pattern[str]) -> str:
    flags = "".join(letter for flag, letter in _FLAGS.items() if regex.flags & flag)
    body = regex.pattern + ("\n" if regex.flags & re.VERBOSE else "")  # a trailing comment ends
    return f"(?P<{name}>(?{flags}:{body}))" if flags else f"(?P<{name}>{body})"


def _number(read: Any, value: str) -> Any:
    """Jinja's reading of a number token; Unicode digits match its rules but are no Python number."""
    try:
        return read(value.replace("_", ""), 0) if read is int else read(value.replace("_", ""))
    except Exception:
        raise _Unusual from None


def _unescaped(inner: str) -> str:
    """A string token's value as Jinja reads it; an escape Python would warn about (or refuse) is left
    to Jinja's lexer, so the warning or the error is Jinja's own."""
    if "\\" not in inner:
        return inner.encode("ascii", "backslashreplace").decode("unicode-escape")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            return inner.encode("ascii", "backslashreplace").decode("unicode-escape")
        except Exception:
            raise _Unusual from None


class _Token(Token):
    """A token of the fast path. Jinja's parser asks each token `test("name:endif")`-like questions
    about twice a token, and Jinja's `test` splits the question anew every time: here each question is
    split once (the parser asks a few dozen different ones)."""

    __slots__ = ()

    def test(self, expr: str) -> bool:
        kind = self[1]
        if kind == expr:
            return True
        try:
            rule = _RULES[expr]
        except KeyError:
            rule = _RULES[expr] = tuple(expr.split(":", 1)) if ":" in expr else None
        return rule is not None and rule[0] == kind and rule[1] == self[2]


_RULES: dict[str, tuple[str, ...] | None] = {}

WARM_UP = 16  # texts Jinja's own lexer reads before the fast path is built
SEEN = 4096  # tags kept lexed (see StoryLexer.seen); all are forgotten when there are more


class StoryLexer(Lexer):
    def __init__(self, environment: Any) -> None:
        super().__init__(environment)
        delimiters = (environment.block_start_string, environment.block_end_string, environment.variable_start_string,
                      environment.variable_end_string, environment.comment_start_string,
                      environment.comment_end_string)
        self.fast = (delimiters == ("{%", "%}", "{{", "}}", "{#", "#}") and not self.lstrip_blocks
                     and self.newline_sequence == "\n" and environment.line_statement_prefix is None
                     and environment.line_comment_prefix is None)
        self.tags: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {}
        self.built = False
        self.uses = 0
        # A tag's text, from its opening to the first closing delimiter -> its tokens after the opening
        # (line offset, type, value) and the lines it spans. A book repeats its tags (`{% endif %}`,
        # `{% else %}`, `{{ me.name }}`, the same tests in passage after passage): each is lexed once.
        self.seen: dict[str, tuple[tuple[tuple[int, str, Any], ...], int]] = {}

    def ready(self) -> bool:
        """Whether the fast path can run, its alternations built on first need: compiling them costs as
        much as lexing dozens of texts, and a game's start lexes only a handful (issue 20)."""
        if not self.built:
            try:
                self._build()
            except Exception:  # a Jinja whose lexer is built otherwise: its own lexer does all the work
                self.fast = False
            self.built = True
        return self.fast

    def prepare(self) -> None:
        """The fast path built now, whatever the count: for a process about to lex a whole book (a big
        lint prepares it before its worker processes fork, so they need not each build it)."""
        import codecs

        self.uses = max(self.uses, WARM_UP)
        self.ready()
        codecs.lookup("unicode-escape")  # imported on first use: string literals are read with it

    def _build(self) -> None:
        """The alternations, from Jinja's own rules (private to Jinja: a change there only turns this off)."""
        root = self.rules["root"][0].pattern
        # Jinja's root rule is "(.*?)" then the tag openings, tried at every character of the text; every
        # opening starts with "{", so here the text runs to a "{" (str.find) and the openings are tried
        # there: the same match, a third of the lexing less (issue 20).
        lead = "(.*?)"
        self.fast = self.fast and root.pattern.startswith(lead)
        self.opening = re.compile(root.pattern[len(lead):], root.flags)
        self.comment = self.rules[TOKEN_COMMENT_BEGIN][0].pattern
        for state in (TOKEN_BLOCK_BEGIN, TOKEN_VARIABLE_BEGIN):
            end, blank, *rules = self.rules[state]
            self.fast = self.fast and blank.tokens == TOKEN_WHITESPACE
            # Blanks first, then Jinja's rules in its order: no end tag starts with a blank, so where
            # Jinja reads a blank token this reads the same blanks, and the token after them.
            lead = f"(?P<{TOKEN_WHITESPACE}>(?:{blank.pattern.pattern})?)"
            parts = [_group(str(rule.tokens), rule.pattern) for rule in rules]
            self.tags[state] = (re.compile(lead + "(?:" + "|".join([_group(_END, end.pattern), *parts]) + ")?"),
                                re.compile(lead + "(?:" + "|".join(parts) + ")?"))  # in brackets `}}` is two operators

    def quick(self) -> bool:
        """Whether this text may be read by the fast path (counted: see WARM_UP)."""
        if not self.fast:
            return False
        self.uses += 1
        return self.uses > WARM_UP and self.ready()

    def warm(self) -> bool:
        """Whether the fast path is past its warm-up, without counting a text: the fast parser asks,
        and a text it leaves to Jinja is counted once, when Jinja's parser has it lexed."""
        return self.fast and self.uses >= WARM_UP and self.ready()

    def tokenize(self, source: str, name: str | None = None, filename: str | None = None,
                 state: str | None = None) -> TokenStream:
        if self.quick():
            try:
                return TokenStream(iter(self._tokens(source, state)), name, filename)
            except _Unusual:
                pass
        return super().tokenize(source, name, filename, state)

    def _tokens(self, source: str, state: str | None) -> list[Token]:
        """`wrap(tokeniter(...))` of Jinja's lexer, as a list; _Unusual where Jinja might raise."""
        if not self.ready():
            raise _Unusual
        lines = newline_re.split(source)[::2]
        if not self.keep_trailing_newline and lines[-1] == "":
            del lines[-1]
        source = "\n".join(lines)  # no "\r" is left, so data needs no newline normalising
        size = len(source)
        out: list[Token] = []
        add = out.append
        pos, lineno = 0, 1
        mode = TOKEN_VARIABLE_BEGIN if state == "variable" else TOKEN_BLOCK_BEGIN if state == "block" else "root"
        balance: list[str] = []
        opening, comment, tags = self.opening.match, self.comment.match, self.tags
        find = source.find
        seen, tag, stop, first, first_line = self.seen, "", 0, 0, 0
        new = tuple.__new__  # Token(...) without its Python-level __new__
        while True:
            if mode == "root":
                m, at = None, find("{", pos)
                while at >= 0:
                    m = opening(source, at)
                    if m is not None:
                        break
                    at = find("{", at + 1)
                if m is None:
                    if pos < size:
                        add(new(_Token, (lineno, TOKEN_DATA, source[pos:])))
                    return out
                kind = m.lastgroup
                if kind not in (TOKEN_VARIABLE_BEGIN, TOKEN_BLOCK_BEGIN, TOKEN_COMMENT_BEGIN):
                    raise _Unusual  # {% raw %}
                text, begin = source[pos:at], m.group(m.lastindex)
                stripped = 0
                if m.group(m.lastindex + 1) == "-":
                    kept = text.rstrip()
                    stripped = text[len(kept):].count("\n")
                    text = kept
                if text:
                    add(new(_Token, (lineno, TOKEN_DATA, text)))
                lineno += text.count("\n") + stripped
                if kind != TOKEN_COMMENT_BEGIN:
                    add(new(_Token, (lineno, kind, begin)))
                lineno += begin.count("\n")
                pos, mode = m.end(), kind
                if kind != TOKEN_COMMENT_BEGIN:
                    stop = find("%}" if kind == TOKEN_BLOCK_BEGIN else "}}", pos) + 2
                    tag = source[at:stop] if stop > 1 and source[stop - 3] != "-" else ""  # `-%}` eats what follows
                    known = seen.get(tag) if tag else None
                    if known is not None:
                        for step, known_kind, value in known[0]:
                            add(new(_Token, (lineno + step, known_kind, value)))
                        lineno += known[1]
                        pos, mode = stop, "root"
                    else:
                        first, first_line = len(out), lineno
            elif mode == TOKEN_COMMENT_BEGIN:
                m = comment(source, pos)
                if m is None:
                    if pos >= size:
                        return out
                    raise _Unusual  # Jinja: "Missing end of comment tag"
                lineno += m.group().count("\n")
                pos, mode = m.end(), "root"
            else:
                with_end, inside = tags[mode]
                m = (inside if balance else with_end).match(source, pos)  # always matches, maybe nothing
                kind = m.lastgroup
                if m.start(kind) > pos:  # blanks before the token
                    lineno += source.count("\n", pos, m.start(kind))
                if kind == TOKEN_WHITESPACE:  # no token after the blanks
                    if m.end() >= size:
                        return out
                    raise _Unusual  # Jinja: "unexpected char"
                value = m.group(kind)
                if kind == TOKEN_NAME:
                    if not value.isidentifier():
                        raise _Unusual
                    add(new(_Token, (lineno, TOKEN_NAME, value)))
                elif kind == TOKEN_OPERATOR:
                    if value in _OPENING:
                        balance.append(value)
                    elif value in _CLOSING and (not balance or balance.pop() != _CLOSING[value]):
                        raise _Unusual
                    add(new(_Token, (lineno, operators[value], value)))
                elif kind == _END:
                    add(new(_Token, (lineno, TOKEN_BLOCK_END if mode == TOKEN_BLOCK_BEGIN else TOKEN_VARIABLE_END,
                                    value)))
                    lineno += value.count("\n")  # `-%}` takes the blanks after it
                    mode = "root"
                    if tag and m.end() == stop:  # the tag ended at its first closing delimiter: keep it
                        if len(seen) >= SEEN:
                            seen.clear()
                        seen[tag] = (tuple((t[0] - first_line, t[1], t[2]) for t in out[first:]), lineno - first_line)
                elif kind == TOKEN_STRING:
                    text = _unescaped(value[1:-1])
                    add(new(_Token, (lineno, TOKEN_STRING, text)))
                    lineno += value.count("\n")
                elif kind == TOKEN_INTEGER:
                    add(new(_Token, (lineno, TOKEN_INTEGER, _number(int, value))))
                elif kind == TOKEN_FLOAT:
                    add(new(_Token, (lineno, TOKEN_FLOAT, _number(literal_eval, value))))
                else:
                    raise _Unusual
                pos = m.end()
