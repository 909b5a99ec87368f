"""parse(text, game) -> Command, with errors that quote the input and say what would work.

Names match by id, full name or unique prefix, case-insensitively and with or without the accents of
Latin letters ("mercenario" finds "Mercenário")."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from clank_story.rules import actions
from clank_story.rules.commands import (
    Acquire,
    Choose,
    Coach,
    Command,
    End,
    Fight,
    Market,
    Move,
    PlayAll,
    PlayCard,
    Take,
    Teleport,
    Use,
)
from clank_story.rules.errors import AmbiguousCommand, UnknownCommand
from clank_story.rules.state import Game

VERBS = ("play", "acquire", "buy", "use", "fight", "move", "go", "teleport", "take", "market", "coach",
         "choose", "end")
_VERB_SET = frozenset(VERBS)


def _norm(text: str) -> str:
    return " ".join(unaccented(text.lower()).replace("-", " ").replace("_", " ").split())


def unaccented(text: str) -> str:
    """Latin letters without their accents (á -> a, ç -> c); other scripts as they are, so a Japanese
    name keeps its dakuten."""
    if text.isascii():
        return text
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", text):
        if unicodedata.combining(ch) and out and out[-1].isascii():
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def match(text: str, options: Iterable[tuple[str, str]]) -> list[str]:
    """Ids whose id or name equals `text`, else those they start with, else those with a word that
    starts with it (`pickaxe` finds Rusty Pickaxe), else those that hold it (case and dashes ignored)."""
    want = _norm(text)
    pairs = [(i, _norm(i), _norm(name)) for i, name in options]
    tiers = (lambda i, n: want in (i, n), lambda i, n: i.startswith(want) or n.startswith(want),
             lambda i, n: any(word.startswith(want) for word in n.split()), lambda i, n: want in i or want in n)
    for fits in tiers:
        found = [i for i, n_id, n_name in pairs if fits(n_id, n_name)]
        if found:
            return list(dict.fromkeys(found))
    return []


def number(text: str) -> int | None:
    """A plain number of ASCII digits, at most 9 of them (`²`, `٣` and a thousand digits are not)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def _pick(typed: str, what: str, text: str, options: list[tuple[str, str]],
          fallback: Callable[[], list[tuple[str, str]]], hint: str) -> str:
    exact = text.lower()
    for card_id, _ in options:
        if card_id == exact:  # the common case in scripts: the id itself
            return card_id
    for pool in (options, None):
        pool = pool if pool is not None else fallback()
        found = match(text, pool)
        if len(found) == 1:
            return found[0]
        if found:
            names = _first_names(pool)
            raise AmbiguousCommand("parse.ambiguous", typed, text=text,
                                   options=", ".join(names[f] for f in found))
    raise UnknownCommand(f"parse.unknown_{what}", typed, text=text, options=hint)


def _first_names(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """id -> the name shown for it (the first of its names: the one in the player's language)."""
    out: dict[str, str] = {}
    for ident, name in pairs:
        out.setdefault(ident, name)
    return out


def _cards(game: Game, ids: Iterable[str]) -> list[tuple[str, str]]:
    """(id, name) pairs to match typed words against: each card's name, and its other names."""
    out = []
    for c in dict.fromkeys(ids):
        card = game.card(c)
        out += [(c, card.name), *((c, alias) for alias in card.aliases)]
    return out


def _every_card(game: Game) -> Callable[[], list[tuple[str, str]]]:
    """Every card's names, for when what was typed names nothing at hand (made only then)."""
    return lambda: _cards(game, game.ruleset.cards)


def parse(text: str, game: Game) -> Command:
    typed = " ".join(text.split())
    if not typed:
        raise UnknownCommand("parse.empty", typed)
    first, _, rest = typed.partition(" ")  # `typed` is single-spaced: the words after the verb as typed
    verb = first.lower()
    if verb not in _VERB_SET:
        near = [v for v in VERBS if v.startswith(verb)]
        if len(near) == 1:
            verb = near[0]
        else:
            raise UnknownCommand("parse.unknown_verb", typed, verb=first, verbs=", ".join(VERBS))
    if verb == "end":
        return End()
    if not rest:
        raise UnknownCommand(f"parse.missing.{verb}", typed)
    exact = rest.lower()  # a card's id typed as it is (what scripts and bots write): no names to build
    if verb == "play":
        if exact == "all":
            return PlayAll()
        p = game.me
        if exact in p.hand:
            return PlayCard(exact)
        hand = _cards(game, p.hand)
        return PlayCard(_pick(typed, "card", rest, hand, _every_card(game), ", ".join(_first_names(hand).values()) or "-"))
    if verb in ("acquire", "buy"):
        if exact in game.row or game.reserve.get(exact, 0) > 0:
            return Acquire(exact)
        shop = _cards(game, [*game.row, *(c for c, n in game.reserve.items() if n > 0)])
        return Acquire(_pick(typed, "card", rest, shop, _every_card(game), ", ".join(_first_names(shop).values())))
    if verb in ("move", "go", "teleport", "coach"):  # before fight and use: scripts move far more often
        swords = None
        words = typed.split(" ")
        if verb in ("move", "go") and len(words) >= 4 and words[-2].lower() == "swords":
            swords = number(words[-1])
            if swords is None:
                raise UnknownCommand("parse.swords_number", typed, text=words[-1])
            rest = " ".join(words[1:-2])
        space = _space(game, typed, rest)
        if verb == "teleport":
            return Teleport(space)
        if verb == "coach":
            return Coach(space)
        return Move(space, swords)
    if verb == "fight":
        if (exact in game.row or exact in game.reserve) and game.card(exact).kind == "monster":
            return Fight(exact)
        foes = _cards(game, [c for c in [*game.row, *game.reserve] if game.card(c).kind == "monster"])
        return Fight(_pick(typed, "card", rest, foes, _every_card(game), ", ".join(_first_names(foes).values()) or "-"))
    if verb == "use":
        p = game.me
        secrets = game.ruleset.secrets
        if (exact in game.row and game.card(exact).kind == "device") or (exact in p.tokens and exact in secrets):
            return Use(exact)
        held = [(t, secrets[t].name) for t in dict.fromkeys(p.tokens) if t in secrets]
        devices = _cards(game, [c for c in game.row if game.card(c).kind == "device"])
        def every() -> list[tuple[str, str]]:
            return _every_card(game)() + [(s.id, s.name) for s in secrets.values()]

        return Use(_pick(typed, "card", rest, devices + held, every, ", ".join(_first_names(devices + held).values()) or "-"))
    if verb == "take":
        want = _norm(rest)
        aliases = {"fruit": "secret", "mystic fruit": "secret", "monkey idol": "idol", "token": "secret"}
        want = aliases.get(want, want)
        found = [w for w in actions.TAKEABLE if w.startswith(want)]
        if len(found) == 1:
            return Take(found[0])
        raise UnknownCommand("parse.unknown_take", typed, text=rest, options=", ".join(actions.TAKEABLE))
    if verb == "market":
        items = [(i.kind, i.name) for i in game.ruleset.market] + [(i.id, i.name) for i in game.ruleset.market]
        kinds = ", ".join(dict.fromkeys(i.kind for i in game.ruleset.market)) or "-"
        found = match(rest, items)
        kinds_found = {k for k in found if k in {i.kind for i in game.ruleset.market}} or set(found)
        if len(kinds_found) == 1:
            return Market(next(iter(kinds_found)))
        if found:
            raise AmbiguousCommand("parse.ambiguous", typed, text=rest, options=", ".join(sorted(kinds_found)))
        raise UnknownCommand("parse.unknown_item", typed, text=rest, options=kinds)
    # choose
    option = number(rest)
    if option is None:
        raise UnknownCommand("parse.choose_number", typed, text=rest)
    return Choose(option)


def _space(game: Game, typed: str, text: str) -> str:
    board = game.board
    if text in board.spaces:
        return text
    pairs = [(s.id, name) for s in board.spaces.values() for name in (s.name, *s.aliases)]
    found = match(text, pairs)
    if len(found) > 1:
        adjacent = [s for s in found if s in board.adjacent(game.me.space)]
        if len(adjacent) == 1:
            return adjacent[0]
        names = _first_names(pairs)
        raise AmbiguousCommand("parse.ambiguous", typed, text=text, options=", ".join(names[f] for f in found))
    if not found:
        nearby = ", ".join(board.spaces[s].name for s in board.adjacent(game.me.space))
        raise UnknownCommand("parse.unknown_space", typed, text=text, options=nearby or "-")
    return found[0]
