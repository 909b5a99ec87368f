"""Answers to the looking commands (`look`, `hand`, `row`, `reserve`, `status`, `deck`, `discard`,
`map`, `card`, `score`, `contracts`, `help`): pure functions from a game (and its story router) to
text. They read the state and never change it, so the prompt, scripts, the browser table and tests
share them. Refusals are CommandErrors with message keys, like the engine's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from clank_story.looking.board import MAP_MOST, MAP_RADIUS, look, map_text
from clank_story.looking.cards import card_text, deck, discard, hand, reserve, row
from clank_story.looking.contracts import contracts_text
from clank_story.looking.help import HELP_WIDTH, VerbLike, help_text, market_lines
from clank_story.looking.scores import score
from clank_story.looking.status import status, status_line, toolbar
from clank_story.rules.errors import UnknownCommand
from clank_story.rules.state import Game

if TYPE_CHECKING:
    from clank_story.story.router import Router

SIMPLE: dict[str, Callable[[Game], str]] = {
    "look": look, "hand": hand, "row": row, "reserve": reserve, "status": status, "deck": deck,
    "discard": discard, "score": score,
}
ANSWERED = (*SIMPLE, "map", "card", "contracts", "help")

__all__ = ["ANSWERED", "answer", "card_text", "help_text", "map_text", "market_lines", "status_line", "toolbar"]


def answer(game: Game, verb: str, rest: str = "", *, typed: str = "", router: Router | None = None,
           verbs: Sequence[VerbLike] = (), width: int = HELP_WIDTH) -> str:
    """The text the looking command `verb` shows. `router` is the game's Book of Secrets (for
    `contracts`), `verbs` the verb table (for `help`); paragraphs (help, contracts) are wrapped to
    `width`. Raises CommandError; never changes the game."""
    typed = typed or " ".join([verb, rest]).strip()
    if verb == "help":
        return help_text(rest or None, verbs, width=width, game=game)
    if verb == "card":
        if not rest:
            raise UnknownCommand("look.card.missing", typed)
        return card_text(game, rest, typed)
    if verb == "map":
        radius = MAP_RADIUS
        if rest:
            if not (rest.isascii() and rest.isdigit() and len(rest) <= 3) or not 1 <= int(rest) <= MAP_MOST:
                raise UnknownCommand("look.map_radius", typed, text=rest, most=MAP_MOST)
            radius = int(rest)
        return map_text(game, radius)
    if rest:
        raise UnknownCommand("look.takes_nothing", typed, verb=verb)
    if verb == "contracts":
        return contracts_text(game, router, width)
    return SIMPLE[verb](game)
