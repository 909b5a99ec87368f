"""The effect language: one registry (name, argument, doc) shared by the engine, the linter and docs,
and the queue that resolves effects, pausing on questions that only `choose N` answers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from clank_story.rules import cards, cubes
from clank_story.rules import events as ev
from clank_story.rules.state import Game, Player

Handler = Callable[[Game, Player, Any, str, list[ev.Event]], None]


@dataclass(frozen=True)
class EffectSpec:
    name: str
    arg: str  # int | bool | card | trash | block | blocks | str | any
    doc: str
    handler: Handler | None = None  # None: story effects applied by the story layer
    story: bool = False


REGISTRY: dict[str, EffectSpec] = {}
MODIFIERS = {"if": "a condition judged over the whole turn", "per": "multiply numbers by a counter"}
POOLS = ("skill", "swords", "boots", "teleports")


def effect(name: str, arg: str, doc: str, *, story: bool = False) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        REGISTRY[name] = EffectSpec(name, arg, doc, fn, story)
        return fn

    return register


def story_effect(name: str, arg: str, doc: str, handler: Handler | None = None) -> None:
    """Effects on the story or campaign: the engine reports them as StoryEffect events. A story
    effect that also changes this game (end_game, destroy_card, patron) has an engine handler too."""
    REGISTRY[name] = EffectSpec(name, arg, doc, handler, True)


# -- numeric effects -------------------------------------------------------------------------------
def _pool(attr: str) -> Handler:
    def handler(game: Game, p: Player, n: Any, src: str, out: list[ev.Event]) -> None:
        if p is game.me and not p.out:
            setattr(game.turn, attr, max(0, getattr(game.turn, attr) + n))
            out.append(ev.Gained(p.name, src, {attr.rstrip("s") if attr == "teleports" else attr: n}))

    return handler


for _name, _attr, _doc in (
    ("skill", "skill", "Skill to acquire cards and use devices this turn"),
    ("swords", "swords", "Swords to fight monsters and pass monster paths this turn"),
    ("boots", "boots", "Boots to move along paths this turn"),
    ("teleport", "teleports", "a banked move along any path, ignoring its needs (allowed while exhausted)"),
):
    REGISTRY[_name] = EffectSpec(_name, "int", _doc, _pool(_attr))


@effect("gold", "int", "Gold: a point each at the end, and money for markets and coaches")
def _gold(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    p.gold = max(0, p.gold + n)
    out.append(ev.Gained(p.name, src, {"gold": n}))


@effect("clank", "int", "Clank cubes into the area (negative: take yours back, then offset later Clank)")
def _clank(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    cubes.add_clank(game, p, n, out)


@effect("draw", "int", "draw cards from your deck, reshuffling your discard pile when it runs out")
def _draw(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    cards.draw(game, p, n, out)


@effect("heal", "int", "take cubes off your health meter")
def _heal(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    cubes.heal(p, n, out)


@effect("damage", "int", "damage from your own supply")
def _damage(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    from clank_story.rules.outcomes import check_knock_out

    cubes.damage_from_supply(p, n, src, out)
    check_knock_out(game, p, out)


@effect("rage", "int", "move the dragon marker up (or down) the rage track")
def _rage(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    from clank_story.rules.dragon import change_rage

    change_rage(game, n, out)


@effect("points", "int", "points at the end of the game (in a `score` block)")
def _points(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    """Points are counted by scoring; resolving them during play does nothing."""


@effect("gain_card", "card", "put a card (from the Reserve when it is a Reserve card) in your discard pile")
def _gain_card(game: Game, p: Player, card_id: str, src: str, out: list[ev.Event]) -> None:
    if card_id in game.reserve:
        if game.reserve[card_id] <= 0:
            return
        if not game.card(card_id).stays:
            game.reserve[card_id] -= 1
    p.discard.append(card_id)
    out.append(ev.CardGained(p.name, card_id))


@effect("dragon_attack", "int", "the dragon attacks now, drawing this many extra cubes")
def _dragon_attack(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    from clank_story.rules.dragon import attack, row_cubes

    attack(game, row_cubes(game) + n, "effect", out)


@effect("bag_black", "int", "return set-aside black cubes to the dragon bag")
def _bag_black(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    back = min(n, game.black_out)
    game.black_out -= back
    game.bag["black"] = game.bag.get("black", 0) + back


# -- effects that ask a question ----------------------------------------------------------------
@effect("trash", "trash", "choose a card from the named piles (hand, discard, play) to remove for the game")
def _trash(game: Game, p: Player, spec: Any, src: str, out: list[ev.Event]) -> None:
    spec = spec if isinstance(spec, Mapping) else {}
    piles = list(spec.get("from", ["hand", "discard"]))
    options = []
    for pile in piles:
        for card_id in sorted(set(_pile(p, pile))):
            options.append({"pile": pile, "card": card_id})
    if not options:
        return
    ask(game, p, "trash", options, src, optional=bool(spec.get("optional", True)))


@effect("discard", "block", "you may discard a card from hand; only if you do, the block happens")
def _discard(game: Game, p: Player, then: Any, src: str, out: list[ev.Event]) -> None:
    if not p.hand:
        return  # nothing to discard gives nothing
    options = [{"card": c} for c in sorted(set(p.hand))]
    ask(game, p, "discard", options, src, optional=True, then=then)


@effect("choose", "blocks", "pick one of several blocks of effects")
def _choose(game: Game, p: Player, blocks: Any, src: str, out: list[ev.Event]) -> None:
    options = [{"block": b} for b in blocks]
    if options:
        ask(game, p, "choose", options, src, optional=False)


@effect("replace_row", "bool", "choose a card in the row; it is discarded and replaced")
def _replace_row(game: Game, p: Player, flag: Any, src: str, out: list[ev.Event]) -> None:
    options = [{"card": c, "slot": i} for i, c in enumerate(game.row)]
    if flag and options:
        ask(game, p, "replace_row", options, src, optional=True)


@effect("secret_adjacent", "bool", "take a secret from a space next to yours")
def _secret_adjacent(game: Game, p: Player, flag: Any, src: str, out: list[ev.Event]) -> None:
    spaces = [s for s in game.board.adjacent(p.space) if game.secrets.get(s)]
    if not flag or not spaces:
        return
    if len(spaces) == 1:
        from clank_story.rules.tokens import take_secret

        take_secret(game, p, spaces[0], out)
        return
    ask(game, p, "secret_adjacent", [{"space": s} for s in spaces], src, optional=False)


# Story and campaign effects: validated here, applied by the story layer (StoryEffect events).
for _name, _arg, _doc in (
    ("flag", "str", "set a campaign flag (`flag: name` or `flag: {name: value}`)"),
    ("unflag", "str", "clear a campaign flag"),
    ("counter", "any", "add to a campaign counter: `counter: {name: 1}`"),
    ("goto", "str", "read another passage next"),
    ("cardporium", "card", "add a card from the Cardporium to the campaign's decks"),
    ("add_contract", "str", "put a contract in the contract row"),
    ("complete_contract", "str", "complete a contract in the row"),
    ("destroy_contract", "str", "destroy a contract"),
    ("sticker", "str", "place a sticker on the franchise board"),
    ("checkmark", "int", "give the reading player checkmarks of grudging approval"),
    ("unlock", "str", "reveal an unlocked rule for the rest of the campaign"),
):
    story_effect(_name, _arg, _doc)


def _end_game(game: Game, p: Player, flag: Any, src: str, out: list[ev.Event]) -> None:
    from clank_story.rules.outcomes import end_game

    if flag and not game.over:
        end_game(game, "story", out)


def _destroy_card(game: Game, p: Player, card_id: str, src: str, out: list[ev.Event]) -> None:
    """Gone from this game too: one copy leaves the reader's cards (discard pile first)."""
    for pile in ("discard", "hand", "deck", "play"):
        cards_in = _pile(p, pile)
        if card_id in cards_in:
            cards_in.remove(card_id)
            p.trashed.append(card_id)
            out.append(ev.CardTrashed(p.name, card_id, pile))
            return


def _patron(game: Game, p: Player, card_id: str, src: str, out: list[ev.Event]) -> None:
    """A Patron card joins the Reserve for this game (one copy)."""
    if card_id in game.ruleset.cards:
        game.reserve[card_id] = game.reserve.get(card_id, 0) + 1


story_effect("end_game", "bool", "end the game now (everyone still in is knocked out where they stand)",
             _end_game)
story_effect("destroy_card", "card", "destroy a card permanently: one copy leaves the reader's cards now, "
             "and it is gone from later games of the campaign", _destroy_card)
story_effect("patron", "card", "place a Patron card in the Reserve for this game", _patron)


# -- conditions and counters ----------------------------------------------------------------------
CONDITIONS = {
    "played": "you played another card of this type this turn",
    "has": "you hold a token of this kind (crown, master-key, backpack, monkey-idol, canoe, ...)",
    "artifact": "you hold an artifact",
    "at": "your space has this feature (depths, exhausting, market, magic_circle, coach, waypoint)",
}
COUNTERS = {
    "played": "other cards of this type played this turn",
    "owned": "cards of this type you own",
    "tokens": "tokens of this kind you hold",
    "clank_made": "Clank you added this turn (resolves at the end of the turn)",
}


def token_kind(game: Game, token: str) -> str:
    for item in game.ruleset.market:
        if item.id == token:
            return item.kind
    return token


def holds(game: Game, p: Player, cond: Mapping[str, Any], src: str) -> bool:
    (key, value), = cond.items()
    if key == "played":
        return _played_others(game, value, src) > 0
    if key == "has":
        return any(token_kind(game, t) == value or t == value for t in p.tokens)
    if key == "artifact":
        return bool(p.artifacts) == bool(value)
    if key == "at":
        space = game.board.spaces.get(p.space)
        return bool(space and getattr(space, value, None))
    raise ValueError(f"unknown condition {key!r}")


def count(game: Game, p: Player, counter: Mapping[str, Any], src: str) -> int:
    (key, value), = counter.items()
    if key == "played":
        return _played_others(game, value, src)
    if key == "owned":
        return sum(1 for c in p.owned() if value in game.card(c).types)
    if key == "tokens":
        return sum(1 for t in p.tokens if token_kind(game, t) == value or t == value)
    if key == "clank_made":
        return game.turn.clank_made
    raise ValueError(f"unknown counter {key!r}")


def _played_others(game: Game, card_type: str, src: str) -> int:
    n = game.turn.played_types.count(card_type)
    card = game.ruleset.cards.get(src)
    if card is not None and card_type in card.types:
        n -= 1
    return max(0, n)


def _pile(p: Player, pile: str) -> list[str]:
    return {"hand": p.hand, "discard": p.discard, "play": p.in_play, "deck": p.deck}[pile]


# -- the queue -------------------------------------------------------------------------------------
def plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def enqueue(game: Game, p: Player, block: Any, src: str, *, front: bool = False, watch: bool = True) -> None:
    """Queue a block's effects for `p`. An `if` that is false now waits for the rest of the turn."""
    if not block:
        return
    items: list[dict[str, Any]] = []
    for m in [block] if isinstance(block, Mapping) else block:
        cond = m.get("if")
        if cond is not None and not holds(game, p, cond, src):
            if watch and p is game.me:
                game.turn.watches.append({"p": p.name, "src": src, "fx": plain(m)})
            continue
        per = m.get("per")
        if per is not None and "clank_made" in per and not game.turn.ending:
            rest = {k: v for k, v in m.items() if k != "if"}
            game.turn.end_queue.append({"p": p.name, "src": src, "fx": plain(rest)})
            continue
        mult = count(game, p, per, src) if per is not None else 1
        for key, value in m.items():
            if key in MODIFIERS:
                continue
            if mult != 1 and isinstance(value, int) and not isinstance(value, bool):
                value = value * mult
            items.append({"p": p.name, "src": src, "k": key, "v": plain(value)})
    if front:
        game.queue[0:0] = items
    else:
        game.queue.extend(items)


def check_watches(game: Game) -> None:
    """Fire conditional effects whose condition came true later in the turn."""
    if not game.turn.watches:
        return
    keep = []
    for w in game.turn.watches:
        p = game.player(w["p"])
        fx = w["fx"]
        if holds(game, p, fx["if"], w["src"]):
            enqueue(game, p, {k: v for k, v in fx.items() if k != "if"}, w["src"])
        else:
            keep.append(w)
    game.turn.watches = keep


def run(game: Game, out: list[ev.Event]) -> None:
    """Resolve queued effects until the queue is empty, a question is asked, or the game ends."""
    while not game.pending and not game.over:
        if not game.queue:
            check_watches(game)
            if not game.queue:
                return
        item = game.queue.pop(0)
        p = game.player(item["p"])
        spec = REGISTRY[item["k"]]
        if spec.story:
            out.append(ev.StoryEffect(p.name, item["src"], item["k"], item["v"]))
        if spec.handler is not None:
            spec.handler(game, p, item["v"], item["src"], out)


def apply_block(game: Game, player_name: str, block: Any, source: str) -> list[ev.Event]:
    """Resolve a block of effects for a player now, outside a card (a passage, a contract reward):
    enqueue and run. A card condition (`if: {has: crown}`) that is false now is skipped, not watched.
    Story effects come out as StoryEffect events; a question pauses as usual."""
    out: list[ev.Event] = []
    if game.over or not block:
        return out
    enqueue(game, game.player(player_name), block, source, watch=False)
    run(game, out)
    return out


def ask(game: Game, p: Player, question: str, options: list[dict[str, Any]], src: str, *,
        optional: bool, **extra: Any) -> None:
    """Pause: only `choose N` continues. An optional question gets a last 'none' option."""
    if optional:
        options = [*options, {"none": True}]
    game.pending = {"q": question, "p": p.name, "src": src, "options": options, **plain(extra)}


def answer(game: Game, n: int, out: list[ev.Event]) -> None:
    """Apply option n (1-based) of the pending question, then carry on with the queue."""
    pending = game.pending
    assert pending is not None
    game.pending = None
    option = pending["options"][n - 1]
    p = game.player(pending["p"])
    src = pending["src"]
    q = pending["q"]
    out.append(ev.Answered(p.name, q, n))
    if option.get("none"):
        return
    if q == "trash":
        _pile(p, option["pile"]).remove(option["card"])
        p.trashed.append(option["card"])
        out.append(ev.CardTrashed(p.name, option["card"], option["pile"]))
    elif q == "discard":
        p.hand.remove(option["card"])
        p.discard.append(option["card"])
        out.append(ev.CardDiscarded(p.name, option["card"]))
        enqueue(game, p, pending["then"], src, front=True)
    elif q == "choose":
        enqueue(game, p, option["block"], src, front=True)
    elif q == "replace_row":
        from clank_story.rules.row import replace_row_card

        replace_row_card(game, option["slot"], out)
    elif q == "secret_adjacent":
        from clank_story.rules.tokens import take_secret

        take_secret(game, p, option["space"], out)
    elif q == "story":
        out.append(ev.StoryChoice(p.name, pending.get("passage", ""), n, option))
