"""A template's syntax error (and a value missing when it runs), told in the author's language and in
terms of what to type.

Jinja words its syntax errors in English and in its own vocabulary ("unexpected 'end of print
statement'", "expected token 'end of statement block', got '='"). The mistakes behind them are few:
an expression left unfinished, `{{` or `{%` never closed, a block without its end tag, an end tag
for another block, a misspelt tag, `=` where `==` was meant, a bracket or a quote never closed. Each
is recognised from Jinja's message and told with the symbols the author types (`}}`, `%}`,
`{% endif %}`); any other message keeps Jinja's words."""

from __future__ import annotations

import re
from collections.abc import Callable

from clank_story.content.diagnostics import Said, said
from clank_story.content.schema import closest, hint_or_names

# Jinja's names for its tokens, as the author types them
TOKENS = {
    "end of print statement": "}}",
    "begin of print statement": "{{",
    "end of statement block": "%}",
    "begin of statement block": "{%",
    "end of comment": "#}",
}
TAGS = ("if", "elif", "else", "endif", "for", "endfor", "set", "endset", "filter", "endfilter")


def _token(name: str) -> str:
    return TOKENS.get(name, name)


def _innermost(message: str) -> str | None:
    found = re.search(r"The innermost block that needs to be closed is '(\w+)'", message)
    return found.group(1) if found else None


def _unknown_tag(found: re.Match[str]) -> Said:
    tag, message = found.group(1), found.group(0)
    block = _innermost(message)
    awaited = re.findall(r"'(\w+)'", message.partition("looking for the following tags:")[2])[:-1]
    if block is not None and tag.startswith("end"):
        return said("jinja.wrong_end", tag=tag, block=block)
    if block is not None:
        close = closest(tag, awaited or list(TAGS))  # `elsif` inside an `if`: `elif`
        if close is not None:
            return said("jinja.unknown_tag", tag=tag, hint=said("hint.did_you_mean", name=close))
        return said("jinja.unknown_tag_in_block", tag=tag, block=block)
    if tag.startswith("end"):
        return said("jinja.end_without_start", tag=tag)
    return said("jinja.unknown_tag", tag=tag, hint=hint_or_names(tag, list(TAGS)))


def _expected(found: re.Match[str]) -> Said:
    expected, got = _token(found.group(1)), _token(found.group(2))
    if got == "=":
        return said("jinja.single_equals")
    return said("jinja.expected_instead", expected=expected, found=got)


def _char(found: re.Match[str]) -> Said:
    char = found.group(1) or found.group(2)  # Jinja quotes a quote with the other kind
    if char in "'\"":
        return said("jinja.unclosed_string", quote=char)
    return said("jinja.bad_char", char=char)


def _unexpected(found: re.Match[str]) -> Said:
    token = _token(found.group(1))
    if token == "end of template":  # a condition that stops after `and`, `+`, `(`
        return said("jinja.ends_unfinished")
    if token in ("}}", "%}"):
        return said("jinja.unfinished", token=token)
    return said("jinja.unexpected", token=token)


# (Jinja's message, what it means); the first that matches the whole message is told
RULES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Said]], ...] = (
    (re.compile(r"Unexpected end of template\. Jinja was looking for the following tags: .*"),
     lambda m: said("jinja.block_not_closed", block=_innermost(m.group(0)) or "if")),
    (re.compile(r"unexpected end of template, expected '(.+)'\.?"),
     lambda m: said("jinja.ends_open", token=_token(m.group(1)))),
    (re.compile(r"Encountered unknown tag '(\w+)'\..*"), _unknown_tag),
    (re.compile(r"expected token '(.+)', got '(.+)'"), _expected),
    (re.compile(r"unexpected '(.+)', expected '(.+)'"),
     lambda m: said("jinja.expected_instead", expected=_token(m.group(2)), found=_token(m.group(1)))),
    (re.compile(r"Expected an expression, got 'end of print statement'"), lambda m: said("jinja.empty")),
    (re.compile(r"unexpected char (?:'(.)'|\"(.)\") at \d+"), _char),
    (re.compile(r"unexpected '(.+)'"), _unexpected),
    (re.compile(r"Missing end of comment tag"), lambda m: said("jinja.unclosed_comment")),
    (re.compile(r"expected name or number"), lambda m: said("jinja.after_dot")),
)


# The views a passage reads, by the class name Jinja quotes ("'....PlayerView object' has no attribute")
VIEWS = {"GameView": "game", "PlayerView": "player", "PlayersView": "player", "CampaignView": "campaign",
         "StoryCampaignView": "campaign"}
_NO_ATTRIBUTE = re.compile(r"'(?:[\w.]*\.)?(\w+?)(?: object)?' has no attribute '(.+)'")
_NO_ELEMENT = re.compile(r"(?:[\w.]*\.)?\w+ object has no element (.+)")
_UNDEFINED = re.compile(r"'(\w+)' is undefined")
_UNSAFE = re.compile(r"access to attribute '(.+)' of '.+' object is unsafe\.")


def explain_runtime(message: str) -> Said | str:
    """Jinja's word for what stopped a passage being read: a value missing (`me.helth`, a name set
    only on some paths) or an attribute the sandbox refuses (`''.__class__`), as a sentence without
    the Python class names it quotes; else its own words."""
    found = _UNSAFE.fullmatch(message)
    if found:
        return said("not_allowed.attribute", attr=found.group(1))
    found = _NO_ATTRIBUTE.fullmatch(message)
    if found:
        return said(f"jinja.has_no.{VIEWS.get(found.group(1), 'value')}", attr=found.group(2))
    found = _NO_ELEMENT.fullmatch(message)
    if found:
        return said("jinja.no_element", index=found.group(1))
    found = _UNDEFINED.fullmatch(message)
    if found:
        return said("jinja.no_value", name=found.group(1))
    return message


def explain(message: str) -> Said | str:
    """Jinja's syntax error as a sentence of the catalog, or its own words when not recognised."""
    for pattern, meaning in RULES:
        found = pattern.fullmatch(message)
        if found:
            return meaning(found)
    return message
