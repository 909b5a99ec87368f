"""The effect language: every effect, condition, counter and question, registered in the one registry
(rules/queue.py) that the engine, the linter (content/effects_check.py) and the docs share.

The queue machinery itself lives in queue.py; the names callers outside rules/ used from here
(`REGISTRY`, `run`, `enqueue`, `apply_block`, `ask`, `holds`, `token_kind`) are re-exported."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clank_story.rules import cards, cubes, row, tokens
from clank_story.rules import events as ev
from clank_story.rules.dragon import attack, change_rage, row_cubes
from clank_story.rules.outcomes import check_knock_out, end_game
from clank_story.rules.queue import (
    CONDITIONS,
    COUNTERS,
    MODIFIERS,
    QUIET,
    REGISTRY,
    EffectSpec,
    apply_block,
    ask,
    can_pay,
    count,
    effect,
    enqueue,
    holds,
    plain,
    price,
    question,
    run,
    story_effect,
)
from clank_story.rules.queue import condition as _condition
from clank_story.rules.queue import counter as _counter
from clank_story.rules.state import PLAYING, Game, Player

__all__ = ["CONDITIONS", "COUNTERS", "MODIFIERS", "POOLS", "REGISTRY", "EffectSpec", "apply_block", "ask",
           "count", "enqueue", "holds", "plain", "run", "token_kind"]

POOLS = ("skill", "swords", "boots", "teleports")
PILES = ("hand", "discard", "play", "deck")


def token_kind(game: Game, token: str) -> str:
    """What a token is for (a market item's kind; any other token is its own kind)."""
    return game.ruleset.token_kind(token)


# -- numeric effects -------------------------------------------------------------------------------
def _pool(attr: str) -> Any:
    gained = attr.rstrip("s") if attr == "teleports" else attr

    def handler(game: Game, p: Player, n: Any, src: str, out: list[ev.Event]) -> None:
        if p is game.players[game.active] and p.status == PLAYING:  # the active player, still in
            turn = game.turn
            setattr(turn, attr, max(0, getattr(turn, attr) + n))
            out.append(ev.Gained(p.name, src, {gained: n}))

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
    tokens.gain_gold(game, p, n)
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
    cubes.damage_from_supply(p, n, src, out)
    check_knock_out(game, p, out)


@effect("rage", "int", "move the dragon marker up (or down) the rage track")
def _rage(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
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
    attack(game, row_cubes(game) + n, "effect", out)


@effect("bag_black", "int", "return set-aside black cubes to the dragon bag")
def _bag_black(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    back = min(n, game.black_out)
    game.black_out -= back
    game.bag["black"] = game.bag.get("black", 0) + back


@effect("refresh", "bool", "you are no longer exhausted: Boots move you again this turn")
def _refresh(game: Game, p: Player, flag: Any, src: str, out: list[ev.Event]) -> None:
    if flag and p is game.players[game.active] and game.turn.exhausted:
        game.turn.exhausted = False
        out.append(ev.Refreshed(p.name, src))


@effect("ignore_exhaustion", "bool", "for the rest of this turn, entering a crystal cave or forest does not "
        "exhaust you (an exhaustion you already have stays: see `refresh`)")
def _ignore_exhaustion(game: Game, p: Player, flag: Any, src: str, out: list[ev.Event]) -> None:
    if flag and p is game.players[game.active]:
        game.turn.no_exhaustion = True


@effect("discount", "int", "the next card you acquire this turn costs this much less Skill (never below 0)")
def _discount(game: Game, p: Player, n: int, src: str, out: list[ev.Event]) -> None:
    if p is game.players[game.active] and not p.out:
        game.turn.discount = max(0, game.turn.discount + n)


@effect("each_player", "block", "every player still in the game, the active player first, then in seat order, "
        "does the block (Skill, Swords and Boots reach only the active player)")
def _each_player(game: Game, p: Player, block: Any, src: str, out: list[ev.Event]) -> None:
    n = len(game.players)
    everyone = [game.players[(game.active + i) % n] for i in range(n)]
    items: list[dict[str, Any]] = []
    for q in everyone:
        if not q.out:
            before = len(game.queue)
            enqueue(game, q, block, src, watch=False)
            items += game.queue[before:]
            del game.queue[before:]
    game.queue[0:0] = items


# Effects that change only the players, the turn's pools, the dragon and the piles (never the queue, a
# question or the watches): a card's block of only these resolves without being queued (queue.resolve).
QUIET.update(("skill", "swords", "boots", "teleport", "gold", "clank", "draw", "heal", "damage", "rage", "points",
              "gain_card", "bag_black", "refresh", "ignore_exhaustion", "discount"))


# -- effects that ask a question ----------------------------------------------------------------
@effect("trash", "trash", "choose a card from the named piles (hand, discard, play) to remove for the game")
def _trash(game: Game, p: Player, spec: Any, src: str, out: list[ev.Event]) -> None:
    spec = spec if isinstance(spec, Mapping) else {}
    piles = list(spec.get("from", ["hand", "discard"]))
    options = []
    for pile in piles:
        for card_id in sorted(set(pile_of(p, pile))):
            options.append({"pile": pile, "card": card_id})
    if not options:
        return
    ask(game, p, "trash", options, src, optional=bool(spec.get("optional", True)))


@effect("trash_card", "trash_card", "trash one copy of a named card from anywhere you own it (hand, discard "
        "pile, play area, deck); `{card: burgle, optional: true}` lets you decline")
def _trash_card(game: Game, p: Player, spec: Any, src: str, out: list[ev.Event]) -> None:
    card_id, optional = (spec, False) if isinstance(spec, str) else (spec["card"], bool(spec.get("optional")))
    options = [{"pile": pile, "card": card_id} for pile in PILES if card_id in pile_of(p, pile)]
    if not options:
        return
    if len(options) == 1 and not optional:
        trash_from(p, options[0]["pile"], card_id, out)
        return
    ask(game, p, "trash", options, src, optional=optional)


@effect("discard", "block", "you may discard a card from hand; only if you do, the block happens")
def _discard(game: Game, p: Player, then: Any, src: str, out: list[ev.Event]) -> None:
    if not p.hand:
        return  # nothing to discard gives nothing
    options = [{"card": c} for c in sorted(set(p.hand))]
    ask(game, p, "discard", options, src, optional=True, then=then)


@effect("choose", "blocks", "pick one of several blocks of effects (a block with a `pay:` price you cannot "
        "pay is not offered)")
def _choose(game: Game, p: Player, blocks: Any, src: str, out: list[ev.Event]) -> None:
    options = [{"block": b} for b in blocks if can_pay(game, p, price(b))]
    if options:
        ask(game, p, "choose", options, src, optional=False)


@effect("replace_row", "bool", "choose a card in the row; it is discarded and replaced")
def _replace_row(game: Game, p: Player, flag: Any, src: str, out: list[ev.Event]) -> None:
    options = [{"card": c, "slot": i} for i, c in enumerate(game.row)]
    if flag and options:
        ask(game, p, "replace_row", options, src, optional=True)


@effect("secret_adjacent", "bool", "take a secret from a space next to yours")
def _secret_adjacent(game: Game, p: Player, flag: Any, src: str, out: list[ev.Event]) -> None:
    spaces = [s for s in game.ruleset.board.adjacent(p.space) if tokens.secret_available(game, s)]
    if not flag or not spaces:
        return
    if len(spaces) == 1:
        tokens.take_secret(game, p, spaces[0], out)
        return
    ask(game, p, "secret_adjacent", [{"space": s} for s in spaces], src, optional=False)


@question("trash")
def _answer_trash(game: Game, p: Player, pending: dict[str, Any], n: int, out: list[ev.Event]) -> None:
    option = pending["options"][n - 1]
    trash_from(p, option["pile"], option["card"], out)


@question("discard")
def _answer_discard(game: Game, p: Player, pending: dict[str, Any], n: int, out: list[ev.Event]) -> None:
    option = pending["options"][n - 1]
    p.hand.remove(option["card"])
    p.discard.append(option["card"])
    out.append(ev.CardDiscarded(p.name, option["card"]))
    enqueue(game, p, pending["then"], pending["src"], front=True)


@question("choose")
def _answer_choose(game: Game, p: Player, pending: dict[str, Any], n: int, out: list[ev.Event]) -> None:
    enqueue(game, p, pending["options"][n - 1]["block"], pending["src"], front=True)


@question("replace_row")
def _answer_replace_row(game: Game, p: Player, pending: dict[str, Any], n: int, out: list[ev.Event]) -> None:
    row.replace_row_card(game, pending["options"][n - 1]["slot"], out)


@question("secret_adjacent")
def _answer_secret_adjacent(game: Game, p: Player, pending: dict[str, Any], n: int,
                            out: list[ev.Event]) -> None:
    tokens.take_secret(game, p, pending["options"][n - 1]["space"], out)


@question("story")
def _answer_story(game: Game, p: Player, pending: dict[str, Any], n: int, out: list[ev.Event]) -> None:
    out.append(ev.StoryChoice(p.name, pending.get("passage", ""), n, pending["options"][n - 1]))


def pile_of(p: Player, pile: str) -> list[str]:
    return {"hand": p.hand, "discard": p.discard, "play": p.in_play, "deck": p.deck}[pile]


def trash_from(p: Player, pile: str, card_id: str, out: list[ev.Event]) -> None:
    """Trashed cards are out for this game (they come back afterwards; destroying is for good)."""
    pile_of(p, pile).remove(card_id)
    p.trashed.append(card_id)
    out.append(ev.CardTrashed(p.name, card_id, pile))


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
    if flag and not game.over:
        end_game(game, "story", out)


def _destroy_card(game: Game, p: Player, card_id: str, src: str, out: list[ev.Event]) -> None:
    """Gone from this game too: one copy leaves the reader's cards (discard pile first)."""
    for pile in ("discard", "hand", "deck", "play"):
        if card_id in pile_of(p, pile):
            trash_from(p, pile, card_id, out)
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


# -- conditions ------------------------------------------------------------------------------------
@_condition("played", "str", "you played another card of this type this turn", at_game_end=False)
def _cond_played(game: Game, p: Player, card_type: Any, src: str) -> bool:
    return _played_others(game, card_type, src) > 0


@_condition("has", "str", "you hold a token of this kind (crown, master-key, backpack, monkey-idol, canoe, ...)")
def _cond_has(game: Game, p: Player, kind: Any, src: str) -> bool:
    return tokens.holds_kind(game, p, kind)


@_condition("artifact", "bool", "you hold an artifact")
def _cond_artifact(game: Game, p: Player, flag: Any, src: str) -> bool:
    return bool(p.artifacts) == bool(flag)


@_condition("at", "str", "your space has this feature (depths, exhausting, market, magic_circle, coach, waypoint)")
def _cond_at(game: Game, p: Player, feature: Any, src: str) -> bool:
    space = game.ruleset.board.spaces.get(p.space)
    return bool(space and getattr(space, feature, None))


@_condition("gold", "int", "you have at least this much Gold")
def _cond_gold(game: Game, p: Player, n: Any, src: str) -> bool:
    return p.gold >= n


@_condition("token_kinds", "kinds", "you hold tokens of at least `at_least` different kinds, counting only the "
            "kinds in `of` when it is given: `{token_kinds: {at_least: 2, of: [crown, master-key, backpack]}}`")
def _cond_token_kinds(game: Game, p: Player, spec: Any, src: str) -> bool:
    return tokens.distinct_kinds(game, p, spec.get("of")) >= spec["at_least"]


@_condition("gold_gained", "int", "you gained at least this much Gold this turn", at_game_end=False)
def _cond_gold_gained(game: Game, p: Player, n: Any, src: str) -> bool:
    return p is game.players[game.active] and game.turn.gold_gained >= n


# -- counters --------------------------------------------------------------------------------------
@_counter("played", "str", "other cards of this type played this turn", at_game_end=False)
def _count_played(game: Game, p: Player, card_type: Any, src: str) -> int:
    return _played_others(game, card_type, src)


@_counter("owned", "str", "cards of this type you own")
def _count_owned(game: Game, p: Player, card_type: Any, src: str) -> int:
    return sum(1 for c in p.owned() if card_type in game.card(c).types)


@_counter("tokens", "str", "tokens of this kind you hold")
def _count_tokens(game: Game, p: Player, kind: Any, src: str) -> int:
    return sum(1 for t in p.tokens if tokens.is_kind(game, t, kind))


@_counter("token_kinds", "kinds", "different kinds of token you hold (`true`: every kind; a list: only those)")
def _count_token_kinds(game: Game, p: Player, spec: Any, src: str) -> int:
    return tokens.distinct_kinds(game, p, spec if isinstance(spec, list) else None)


@_counter("clank_made", "bool", "Clank cubes you added to the area this turn (resolves at the end of the turn)",
          end_of_turn=True, at_game_end=False)
def _count_clank_made(game: Game, p: Player, flag: Any, src: str) -> int:
    return game.turn.clank_made


@_counter("gold_gained", "bool", "Gold you gained this turn (resolves at the end of the turn)",
          end_of_turn=True, at_game_end=False)
def _count_gold_gained(game: Game, p: Player, flag: Any, src: str) -> int:
    return game.turn.gold_gained


def _played_others(game: Game, card_type: str, src: str) -> int:
    n = game.turn.played_types.count(card_type)
    card = game.ruleset.cards.get(src)
    if card is not None and card_type in card.types:
        n -= 1
    return max(0, n)
