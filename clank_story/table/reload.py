"""`reload` at the prompt, for authors: read cards, boards and the Book of Secrets again and go on with the
same game — the state is carried over whole (`Game.from_dict(game.to_dict(), new_ruleset)`, RNG
included), so an edited passage or card can be tried at once without replaying to reach it.

If the new content cannot be loaded, or no longer has a card, space or passage the game is using,
nothing changes and the reason is shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clank_story.content import library
from clank_story.content.diagnostics import ContentError
from clank_story.rules.model import Ruleset
from clank_story.rules.state import Game
from clank_story.story.book import load_for_game
from clank_story.words import say


class ReloadError(Exception):
    """The content could not be reloaded; the game is unchanged."""


def forget_parsed_content() -> None:
    """Drop the in-process caches of parsed content roots (the disk caches check file times)."""
    library.forget()


def missing_from(state: dict[str, Any], rules: Ruleset) -> list[str]:
    """Cards and spaces the saved state uses that the new content does not have."""
    cards: set[str] = set(state.get("row", [])) | set(state.get("deck", [])) | set(state.get("deck_discard", []))
    cards |= set(state.get("reserve", {}))
    spaces: set[str] = set(state.get("artifacts", {}))
    for p in state.get("players", []):
        for pile in ("hand", "deck", "discard", "in_play", "trashed"):
            cards |= set(p.get(pile, []))
        if p.get("space"):
            spaces.add(p["space"])
    gone = sorted(c for c in cards if c not in rules.cards)
    gone += sorted(s for s in spaces if s not in rules.board.spaces)
    return gone


def reload_session(session: Any, rebuild: Callable[[], Ruleset]) -> str:
    """Swap in freshly read content under the session's game; returns the sentence to show."""
    forget_parsed_content()
    try:
        rules = rebuild()
    except ContentError as e:
        raise ReloadError(str(e)) from None
    state = session.game.to_dict()
    gone = missing_from(state, rules)
    if gone:
        raise ReloadError(say("authoring.reload.missing", things=", ".join(gone)))
    game = Game.from_dict(state, rules)
    router = getattr(session, "router", None)
    book = None
    if router is not None:
        book = load_for_game(router.book.root or None, list(rules.cards))
    session.game = game
    if getattr(session, "position", None) is not None:
        session.position.ruleset = rules
    if router is not None and book is not None:
        router.book = book
        router.game = game
    return say("authoring.reload.done", cards=len(rules.cards), board=rules.board.name,
               passages=len(book.passages) if book is not None else 0)


def reload_table(table: Any) -> tuple[bool, str]:
    """`reload` at the play prompt: the game's content is rebuilt the way it was first built."""
    try:
        return True, reload_session(table.session, table.rebuild_ruleset)
    except ReloadError as e:
        return False, say("authoring.reload.failed", error=e)
