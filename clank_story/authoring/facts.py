"""The kinds of fact a template or condition reads (authoring/templates.py finds them by walking its
Jinja tree): plain tuples, the kind first and the template line last, so worker processes can send
them back and the lint cache can keep them. A module of its own so that reading facts back from the
cache, and checking a book with them, does not import Jinja."""

from __future__ import annotations

from typing import Any

ATTR = "attr"  # (ATTR, message in English, the message as said, line): an attribute the view does not have
FLAG = "flag"  # (FLAG, name, line): a flag read
COUNTER = "counter"  # (COUNTER, name, line)
ANY_FLAG = "any_flag"  # (ANY_FLAG, "", line): flags read by a computed name (all may be read)
ANY_COUNTER = "any_counter"
PASSAGE = "passage"  # (PASSAGE, id, line): a passage named by `seen` / `seen_this_game`
CARD = "card"  # (CARD, id, line)
SPACE = "space"  # (SPACE, id, line): compared with a player's space
CONST = "const"  # (CONST, repr of the value, truth, line): the whole condition is a constant

Fact = tuple[Any, ...]
