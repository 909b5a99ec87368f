"""Cards: your `hand`, `deck` and `discard`, the `row` and the `reserve` (marking what you can afford
now), and `card NAME` for the full text of a card, secret or market item."""

from __future__ import annotations

from collections import Counter

from clank_story.looking.common import card_name, card_summary, counted, effect_text, price, w
from clank_story.narrate.lines import what_word
from clank_story.rules.commands import Acquire, Fight, Use
from clank_story.rules.errors import AmbiguousCommand, UnknownCommand
from clank_story.rules.legal import legal_commands
from clank_story.rules.parse import match
from clank_story.rules.state import Game
from clank_story.words import has


def hand(game: Game) -> str:
    p = game.me
    lines = []
    if p.hand:
        lines.append(w("hand.title", n=len(p.hand)))
        counts = Counter(p.hand)
        for c in counts:
            times = f" ×{counts[c]}" if counts[c] > 1 else ""
            lines.append(w("hand.card", name=card_name(game, c), times=times, text=card_summary(game, c)))
    else:
        lines.append(w("hand.empty"))
    if p.in_play:
        lines.append(w("hand.in_play", cards=w("sep").join(counted(game, p.in_play))))
    turn = game.turn
    lines.append(w("hand.pools", skill=turn.skill, swords=turn.swords, boots=turn.boots))
    return "\n".join(lines)


def deck(game: Game) -> str:
    """The deck's contents are known (what you own minus what you see), its order is not: the
    list is sorted by name so it gives nothing away."""
    p = game.me
    if not p.deck:
        return w("deck.empty", n=len(p.discard))
    return "\n".join([w("deck.title", n=len(p.deck)),
                      w("deck.cards", cards=w("sep").join(counted(game, p.deck, sort=True)))])


def discard(game: Game) -> str:
    p = game.me
    lines = [w("discard.title", n=len(p.discard)),
             w("deck.cards", cards=w("sep").join(counted(game, p.discard, sort=True)))] \
        if p.discard else [w("discard.empty")]
    if p.trashed:
        lines.append(w("trashed", cards=w("sep").join(counted(game, p.trashed, sort=True))))
    return "\n".join(lines)


def _can(game: Game) -> set[str]:
    """Cards the active player could acquire, use or fight right now."""

    return {c.card for c in legal_commands(game) if isinstance(c, Acquire | Fight | Use)}


def row(game: Game) -> str:
    can = _can(game)
    lines = [w(f"row.title.{game.ruleset.name}", n=len(game.deck))]
    for c in game.row:
        card = game.card(c)
        lines.append(w("row.card", mark=w("row.can") if c in can else w("row.cannot"), name=card.name,
                         kind=w(f"kind.{card.kind}"), cost=price(game, c), text=card_summary(game, c)))
    if not game.row:
        lines.append(w("row.empty"))
    danger = sum(1 for c in game.row if game.card(c).danger)
    if danger:
        lines.append(w("row.danger", n=danger))
    if can & set(game.row):
        lines.append(w("row.hint"))
    return "\n".join(lines)


def reserve(game: Game) -> str:
    can = _can(game)
    lines = [w("reserve.title")]
    for c, n in game.reserve.items():
        card = game.card(c)
        left = w("reserve.stays") if card.stays else w("reserve.left", n=n)
        lines.append(w("reserve.card", mark=w("row.can") if c in can else w("row.cannot"), name=card.name,
                         kind=w(f"kind.{card.kind}"), cost=price(game, c), text=card_summary(game, c),
                         left=left))
    if can & set(game.reserve):
        lines.append(w("row.hint"))
    return "\n".join(lines)


def card_text(game: Game, text: str, typed: str = "") -> str:
    """The full text of a card (or secret, or market item) named by id, name or unique prefix."""
    rs = game.ruleset
    pool = [(c.id, c.name) for c in rs.cards.values()]
    pool += [(s.id, s.name) for s in rs.secrets.values()]
    pool += [(i.id, i.name) for i in rs.market]
    found = match(text, pool)
    if not found:
        raise UnknownCommand("look.card.unknown", typed or f"card {text}", text=text,
                             row=", ".join(card_name(game, c) for c in game.row) or "-")
    if len(found) > 1:
        names = dict(pool)
        raise AmbiguousCommand("parse.ambiguous", typed or f"card {text}", text=text,
                               options=", ".join(names[f] for f in found))
    thing = found[0]
    if thing in rs.cards:
        return _card_full(game, thing)
    if thing in rs.secrets:
        s = rs.secrets[thing]
        lines = [w("secret.title", name=s.name, size=w(f"secret.size.{s.size}"))]
        if s.effects:
            lines.append(w("card.line", text=effect_text(game, s.effects)))
        if s.keep:
            lines.append(w("secret.keep"))
        if s.timing == "end_of_turn":
            lines.append(w("secret.later"))
        if s.rage:
            lines.append(w("secret.rage", n=s.rage))
        if s.points:
            lines.append(w("secret.points", n=s.points))
        return "\n".join(lines)
    item = next(i for i in rs.market if i.id == thing)
    lines = [w("item.title", name=item.name, price=item.price)]
    if has(f"look.item.kind.{item.kind}"):
        lines.append(w(f"item.kind.{item.kind}"))
    if item.points:
        lines.append(w("item.points", n=item.points))
    return "\n".join(lines)


def _card_full(game: Game, card_id: str) -> str:
    card = game.card(card_id)
    flags = [w("flag.points", n=card.points)] if card.points else []
    if card.dragon:
        flags.append(w("flag.dragon"))
    if card.danger:
        flags.append(w("flag.danger"))
    if card.only:
        flags.append(w(f"flag.only.{card.only}"))
    lines = [w("card.title", name=card.name, kind=w(f"kind.{card.kind}"), cost=price(game, card_id),
                 flags=(" · " + w("sep").join(flags)) if flags else "")]
    if card.types:
        lines.append(w("card.types", types=w("sep").join(what_word(t) for t in card.types)))
    for timing in ("play", "use", "defeat", "acquire", "arrive", "end_of_turn", "score"):
        block = card.block(timing)
        if block:
            lines.append(w("card.line", text=w(f"timing.{timing}", text=effect_text(game, block))))
    if card.flavor:
        lines.append(w("card.flavor", text=card.flavor))
    where = []
    if card_id in game.row:
        where.append(w("card.in_row"))
    if card_id in game.reserve:
        where.append(w("card.in_reserve", n=game.reserve[card_id]))
    p = game.me
    for pile in ("hand", "in_play", "discard", "deck"):
        n = getattr(p, pile).count(card_id)
        if n:
            where.append(w("card.in_pile", n=n, pile=w(f"pile.{pile}")))
    if where:
        lines.append(w("card.where", where=w("sep").join(where)))
    return "\n".join(lines)
