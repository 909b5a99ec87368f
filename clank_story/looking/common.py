"""What the looking answers share: names, effect texts, prices, what lies on a space, path costs.
Every word comes from the words catalog (`look.*`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from clank_story.narrate.lines import describe_block
from clank_story.rules.model import BOAT, LOCK_KEY, Path
from clank_story.rules.movement import missing_for
from clank_story.rules.state import Game, Player
from clank_story.rules.tokens import holds_kind
from clank_story.words import has, say


def w(key: str, **params: Any) -> str:
    """A word of the looking commands (`look.KEY`) in the current language."""
    return say(f"look.{key}", **params)


def card_name(game: Game, card_id: str) -> str:
    """A card's, secret's or market item's name; the tokens that are none of these (the escape tokens,
    a monkey idol) by their word in the catalog (`look.token.*`)."""
    name = game.ruleset.name_of(card_id)
    return say(f"look.token.{card_id}") if name == card_id and has(f"look.token.{card_id}") else name


def space_name(game: Game, space_id: str) -> str:
    return game.ruleset.space_name(space_id)


def join(parts: Iterable[str]) -> str:
    items = [p for p in parts if p]
    if not items:
        return w("none")
    if len(items) == 1:
        return items[0]
    return w("sep").join(items[:-1]) + w("and") + items[-1]


def counted(game: Game, ids: Iterable[str], *, sort: bool = False) -> list[str]:
    """Card names with ×N for copies, in first-seen (or alphabetical) order."""
    counts = Counter(ids)
    order = sorted(counts, key=lambda c: card_name(game, c)) if sort else list(counts)
    return [w("times", name=card_name(game, c), n=counts[c]) if counts[c] > 1 else card_name(game, c)
            for c in order]


def effect_text(game: Game, block: Any) -> str:
    return describe_block(None, block, lambda c: card_name(game, c)) if block else ""


def card_summary(game: Game, card_id: str) -> str:
    """`+1 Skill, +1 Boots · on acquire: +1 Clank · 3 points · dragon`."""
    card = game.card(card_id)
    parts = []
    for timing in ("play", "use", "defeat", "acquire", "arrive", "end_of_turn", "score"):
        block = card.block(timing)
        if block:
            parts.append(w(f"timing.{timing}", text=effect_text(game, block)))
    if card.points:
        parts.append(w("flag.points", n=card.points))
    if card.only:
        parts.append(w(f"flag.only.{card.only}"))
    if card.dragon:
        parts.append(w("flag.dragon"))
    if card.danger:
        parts.append(w("flag.danger"))
    return " · ".join(parts) or w("no_effect")


def price(game: Game, card_id: str) -> str:
    card = game.card(card_id)
    if card.kind == "event":
        return ""
    return w("price.swords" if card.kind == "monster" else "price.skill", n=card.cost)


def space_things(game: Game, space_id: str) -> list[str]:
    """What lies on a space now: tokens first, then its features."""
    space = game.board.spaces[space_id]
    things = []
    if space_id in game.artifacts:
        things.append(w("thing.artifact", n=game.artifacts[space_id]))
    if game.secrets.get(space_id):
        things.append(w("thing.secrets", n=len(game.secrets[space_id])))
    elif game.legacy and space.minor_secrets:  # legacy: a reward from the bank, the first visit each turn
        things.append(w("thing.secret_reward"))
    if game.idols.get(space_id):
        things.append(w("thing.idols", n=game.idols[space_id]))
    if space_id == game.board.start:
        things.append(w("thing.start"))
    if space.market:
        things.append(w("thing.market"))
    if space.coach is not None:
        things.append(w("thing.coach", n=space.coach))
    if space.waypoint:
        things.append(w("thing.waypoint", n=space.waypoint))
    for key in ("heal", "gold", "draw"):
        if getattr(space, key):
            things.append(w(f"thing.{key}", n=getattr(space, key)))
    for key in ("exhausting", "depths", "magic_circle"):
        if getattr(space, key):
            things.append(w(f"thing.{key}"))
    return things


def best_path(game: Game, p: Player, origin: str, dest: str) -> Path | None:
    """The path p would take from `origin` to `dest`: one p can open first, then the cheapest."""

    def rank(path: Path) -> tuple[int, int, int]:
        return int(missing_for(game, p, path) is not None), path.boots, path.monsters

    paths = [path for d, path in game.board.exits(origin) if d == dest]
    return min(paths, key=rank) if paths else None


def path_cost(game: Game, p: Player, dest: str, origin: str | None = None) -> tuple[str, str]:
    """(`1 Boot, 2 monsters`, ` · locked (needs a Master Key)`) for the path from `origin` (p's space
    unless given) to `dest`."""
    path = best_path(game, p, origin or p.space, dest)
    if path is None:
        return "", ""
    cost = [w("cost.boots", n=path.boots)]
    if path.monsters:
        cost.append(w("cost.monsters", n=path.monsters))
    notes = []
    for kind, note in ((LOCK_KEY, "locked"), (BOAT, "water")):
        if kind in path.needs:
            notes.append(w(f"note.{note}_ok" if holds_kind(game, p, kind) else f"note.{note}"))
    if path.one_way:
        notes.append(w("note.one_way"))
    if dest == game.board.start and not p.artifacts:
        notes.append(w("note.need_artifact"))
    return w("sep").join(cost), w("note.notes", notes=w("sep").join(notes)) if notes else ""
