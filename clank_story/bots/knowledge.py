"""What a player can work out from the table: what a card is worth, what the deck yields per hand, and
how hard the dragon is likely to hit.

Everything here reads only public information or the active player's own cards as a multiset (never
the order of a deck, the dungeon deck or face-down secrets), so a bot using it plays fair.
"""

from __future__ import annotations

import functools
import math
import operator
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from clank_story.rules.dragon import row_cubes
from clank_story.rules.model import CardDef, Ruleset
from clank_story.rules.state import PLAYING, Game, Player

MINOR_SECRET, MAJOR_SECRET = 1.5, 3.5  # average worth of a face-down secret, in points
REFILLS_PER_TURN = 1.6  # row cards replaced in a typical turn


class Weights(NamedTuple):
    """What one unit of a resource is worth to a bot, in Skill-equivalents. (A named tuple: weights are
    part of the key of every remembered card value, and a tuple is hashed and compared in C.)"""

    skill: float = 1.0
    boots: float = 1.6
    swords: float = 0.6
    gold: float = 0.8
    teleport: float = 1.8
    heal: float = 0.5
    clank: float = 0.6  # the cost of one cube in the Clank area
    draw: float = 1.0  # times the average card's worth
    points: float = 1.0


def _cond_chance(cond: Mapping[str, Any], p: Player, game: Game) -> float:
    """How often a card's `if:` holds when it is played, roughly."""
    (key, value), = cond.items()
    if key == "artifact":
        return 0.9 if p.artifacts else 0.35
    if key == "has":
        return 1.0 if any(value in t for t in p.tokens) else 0.1
    if key == "played":
        owned = p.owned()
        cards = game.ruleset.cards
        share = sum(1 for c in owned if value in cards[c].types) / max(1, len(owned))
        return min(0.9, 0.25 + 3 * share)
    return 0.3  # at: a feature of the space you stand in


def block_value(game: Game, p: Player, block: Any, w: Weights, avg: float, depth: int = 0) -> float:
    """The worth of a block of effects (a mapping or a list of them) to `p`, in Skill-equivalents."""
    if not block or depth > 3:
        return 0.0
    total = 0.0
    for m in block if type(block) is tuple else [block] if isinstance(block, Mapping) else block:
        chance = _cond_chance(m["if"], p, game) if "if" in m else 1.0
        mult = 1.0 if "per" not in m else 0.8
        part = 0.0
        for key, v in m.items():
            if key in ("if", "per"):
                continue
            part += effect_value(game, p, key, v, w, avg, depth)
        total += chance * mult * part
    return total


def effect_value(game: Game, p: Player, key: str, v: Any, w: Weights, avg: float, depth: int = 0) -> float:
    if key in ("skill", "boots", "swords", "gold", "teleport", "points"):
        return float(v) * getattr(w, key)
    if key == "heal":
        return min(float(v), p.damage + 1) * w.heal
    if key == "clank":
        return -float(v) * w.clank
    if key == "draw":
        return float(v) * w.draw * avg
    if key == "trash":
        return 0.8
    if key == "discard":
        return max(0.0, block_value(game, p, v, w, avg, depth + 1) - avg)
    if key == "choose":
        return max((block_value(game, p, b, w, avg, depth + 1) for b in v), default=0.0)
    if key == "gain_card":
        card = game.ruleset.cards.get(v)
        return card_play_value(game, p, card, w, avg, depth + 1) if card else 0.0
    if key == "secret_adjacent":
        return MINOR_SECRET
    if key == "replace_row":
        return 0.2
    if key in ("dragon_attack", "rage"):
        return -2.0 * float(v or 1)
    if key == "damage":
        return -1.5 * float(v)
    if key == "bag_black":
        return -0.3 * float(v)
    return 0.0


def card_play_value(game: Game, p: Player, card: CardDef | None, w: Weights, avg: float, depth: int = 0) -> float:
    """What playing this card once yields."""
    if card is None:
        return 0.0
    # Bots ask this at every decision, for every card they own or might buy. The answer is a pure
    # function of the card and of the few things its effects read (`_reads`): remembered under exactly
    # those, it is the very float the sum would give again, and a change of weight the card never reads
    # (Clank's, which moves every turn) does not make it be worked out anew.
    ruleset = game.ruleset
    # Most cards read nothing of the player: their value is found under the weights themselves (one
    # lookup, weights made once and hashed once), before the key of exactly what they read is made.
    quick = (ruleset, card.id, depth, w, avg)
    value = _QUICK.get(quick)
    if value is not None:
        return value
    keyed = _KEYS.get((ruleset, card.id))
    if keyed is None:
        reads = _card_reads(ruleset, card, 0)
        keyed = _KEYS[(ruleset, card.id)] = _key_maker(reads)
        _PLAYERLESS[(ruleset, card.id)] = all(r in _WEIGHTS or r == "avg" for r in reads)
    key = (ruleset, card.id, depth, keyed(p, w, avg))
    value = _VALUES.get(key)
    if value is None:
        value = block_value(game, p, card.block("play"), w, avg, depth)
        if card.block("end_of_turn"):
            value += block_value(game, p, card.block("end_of_turn"), w, avg, depth)
        if len(_VALUES) >= 50_000:
            _VALUES.clear()
        _VALUES[key] = value
    if _PLAYERLESS[(ruleset, card.id)]:
        if len(_QUICK) >= 50_000:
            _QUICK.clear()
        _QUICK[quick] = value
    return value


def card_block_value(game: Game, p: Player, card: CardDef, timing: str, w: Weights, avg: float) -> float:
    """block_value of one of a card's blocks (`defeat`, `acquire`, `use`), remembered like
    card_play_value under exactly what that block reads."""
    ruleset = game.ruleset
    keyed = _KEYS.get((ruleset, card.id, timing))
    if keyed is None:
        reads: set[str] = set()
        _block_reads(ruleset, card.block(timing), 0, reads)
        keyed = _KEYS[(ruleset, card.id, timing)] = _key_maker(tuple(sorted(reads)))
    key = (ruleset, card.id, timing, keyed(p, w, avg))
    value = _VALUES.get(key)
    if value is None:
        value = block_value(game, p, card.block(timing), w, avg)
        if len(_VALUES) >= 50_000:
            _VALUES.clear()
        _VALUES[key] = value
    return value


def block_reads_avg(ruleset: Ruleset, card: CardDef, timing: str) -> bool:
    """Whether block_value of this card's block reads the deck's average (a bot that has not worked the
    average out need not, for a block that does not read it: any number gives the same value)."""
    found = _READS_AVG.get((ruleset, card.id, timing))
    if found is None:
        reads: set[str] = set()
        _block_reads(ruleset, card.block(timing), 0, reads)
        found = _READS_AVG[(ruleset, card.id, timing)] = "avg" in reads
    return found


_READS_AVG: dict[tuple[Ruleset, str, str], bool] = {}
_VALUES: dict[tuple[Any, ...], float] = {}
_QUICK: dict[tuple[Any, ...], float] = {}  # card values that read only weights (and the deck's average)
_PLAYERLESS: dict[tuple[Ruleset, str], bool] = {}
_KEYS: dict[tuple[Any, ...], Callable[[Player, Weights, float], Any]] = {}
_WEIGHTS = ("skill", "boots", "swords", "gold", "teleport", "points", "heal", "clank", "draw")

# What block_value may read besides the card and the weights, by name; `_block_reads` names the ones a
# block reads (a weight by its field's name).
_READERS: dict[str, Callable[[Player, Weights, float], Any]] = {
    "avg": lambda p, w, avg: avg,
    "damage": lambda p, w, avg: p.damage,
    "artifact": lambda p, w, avg: bool(p.artifacts),
    "tokens": lambda p, w, avg: tuple(p.tokens),
    "owned": lambda p, w, avg: _multiset(owned_cards(p)),
}


def _multiset(owned: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The cards owned and how many of each, in id order (what a `played:` condition's chance reads)."""
    found = _MULTISETS.get(owned)
    if found is None:
        found = tuple(sorted(_counted(owned)))
        if len(_MULTISETS) >= 20_000:
            _MULTISETS.clear()
        _MULTISETS[owned] = found
    return found


_MULTISETS: dict[tuple[str, ...], tuple[tuple[str, int], ...]] = {}
_COND_READS = {"artifact": "artifact", "has": "tokens", "played": "owned"}
_EFFECT_READS = {"heal": ("heal", "damage"), "clank": ("clank",), "draw": ("draw", "avg"),
                 **{k: (k,) for k in ("skill", "boots", "swords", "gold", "teleport", "points")}}


def _key_maker(reads: tuple[str, ...]) -> Callable[[Player, Weights, float], Any]:
    """What a card's value is remembered under: the weights it reads (in one C call), then the rest."""
    names = [r for r in reads if r in _WEIGHTS]
    weights = operator.attrgetter(*names) if names else None
    others = [_READERS[r] for r in reads if r not in _WEIGHTS]
    if not others:
        return (lambda p, w, avg: weights(w)) if weights is not None else (lambda p, w, avg: None)
    return lambda p, w, avg: (weights(w) if weights is not None else None, *[f(p, w, avg) for f in others])


def _card_reads(ruleset: Ruleset, card: CardDef, depth: int) -> tuple[str, ...]:
    reads: set[str] = set()
    _block_reads(ruleset, card.block("play"), depth, reads)
    _block_reads(ruleset, card.block("end_of_turn"), depth, reads)
    return tuple(sorted(reads))


def _block_reads(ruleset: Ruleset, block: Any, depth: int, reads: set[str]) -> None:
    """Mirror of block_value and effect_value: the names of what they read for this block."""
    if not block or depth > 3:
        return
    for m in [block] if isinstance(block, Mapping) else block:
        if "if" in m:
            (key, _), = m["if"].items()
            if key in _COND_READS:
                reads.add(_COND_READS[key])
        for key, v in m.items():
            if key in ("if", "per"):
                continue
            reads.update(_EFFECT_READS.get(key, ()))
            if key == "discard":
                reads.add("avg")
                _block_reads(ruleset, v, depth + 1, reads)
            elif key == "choose":
                for b in v:
                    _block_reads(ruleset, b, depth + 1, reads)
            elif key == "gain_card" and v in ruleset.cards:
                reads.update(_card_reads(ruleset, ruleset.cards[v], depth + 1))


def deck_average(game: Game, p: Player, w: Weights) -> float:
    """The average worth of one card this player owns (draws count as one plain card)."""
    owned = owned_cards(p)
    if not owned:
        return 1.0
    items = _counted(owned)  # owned_items(game, p)
    # Asked at every decision and a pure function of the weights, the cards owned (in the order they
    # are summed) and what card_play_value reads of the player (damage, artifact, tokens): remembered
    # under exactly those, it is the very float the sum would give again.
    ruleset = game.ruleset
    key = (ruleset, w, p.damage, bool(p.artifacts), tuple(p.tokens), items)
    average = _AVERAGES.get(key)
    if average is None:
        # a deck changes at almost every buy and the Clank weight every turn, so most averages are
        # summed anew: from the values of the cards that read only weights (weight_values), then those
        # that read the deck's average too, under these weights and an average of 1.0
        values = weight_values(ruleset, w)
        known = _PLAIN_VALUES.get((ruleset, w, 1.0))
        if known is None:
            known = _PLAIN_VALUES[(ruleset, w, 1.0)] = {}
        total = 0.0
        for card_id, n in items:
            value = values.get(card_id)
            if value is None:
                value = known.get(card_id)
                if value is None:
                    value = _value_in(values, game, p, ruleset.cards[card_id], w, 1.0)
                    if _PLAYERLESS.get((ruleset, card_id)):
                        known[card_id] = value
            total += n * value
        average = total / len(owned)  # (len(owned) is the sum of the counts of the items)
        if len(_AVERAGES) >= 20_000:
            _AVERAGES.clear()
        _AVERAGES[key] = average
    return average


def weight_values(ruleset: Ruleset, w: Weights) -> dict[str, float]:
    """card_play_value under `w` of the cards that read nothing but weights (not the player, not the
    deck's average), filled in as they are asked for. A bot's Clank weight moves at almost every turn,
    so a table for new weights starts with the values of the cards that do not read that weight."""
    values = _PLAIN_VALUES.get((ruleset, w))
    if values is None:
        if len(_PLAIN_VALUES) >= 4_000:
            _PLAIN_VALUES.clear()
        rest = (ruleset, w[:6], w[7:])  # every weight but Clank's (the seventh)
        shared = _PLAIN_VALUES.get(rest)
        if shared is None:
            shared = _PLAIN_VALUES[rest] = {}
        values = _PLAIN_VALUES[(ruleset, w)] = dict(shared)
    return values


def play_value(values: dict[str, float], game: Game, p: Player, card: CardDef, w: Weights, avg: float) -> float:
    """card_play_value(game, p, card, w, avg), found first in `values` (weight_values(ruleset, w))."""
    value = values.get(card.id)
    return value if value is not None else _value_in(values, game, p, card, w, avg)


def _value_in(values: dict[str, float], game: Game, p: Player, card: CardDef, w: Weights, avg: float) -> float:
    """card_play_value, kept in `values` (weight_values(ruleset, w)) when the card reads only weights,
    and in the table that every Clank weight starts from when it reads only weights but Clank's."""
    value = card_play_value(game, p, card, w, avg)
    kind = _WEIGHT_KINDS.get((game.ruleset, card.id))
    if kind is None:
        reads = set(_card_reads(game.ruleset, card, 0))
        kind = _WEIGHT_KINDS[(game.ruleset, card.id)] = (
            2 if reads <= _NOT_CLANK else 1 if reads <= _ALL_WEIGHTS else 0)
    if kind:
        values[card.id] = value
        if kind == 2:
            shared = _PLAIN_VALUES.get((game.ruleset, w[:6], w[7:]))
            if shared is not None:
                shared[card.id] = value
    return value


# card values by weights: (ruleset, w) -> weight_values' table; (ruleset, every weight but Clank's) ->
# the values those tables start from; (ruleset, w, 1.0) -> playerless cards that read the average, at 1.0
_PLAIN_VALUES: dict[tuple[Any, ...], dict[str, float]] = {}
_AVERAGES: dict[tuple[Any, ...], float] = {}
_WEIGHT_KINDS: dict[tuple[Ruleset, str], int] = {}  # 2: reads weights but Clank's; 1: weights; 0: more
_ALL_WEIGHTS = frozenset(("skill", "boots", "swords", "gold", "teleport", "points", "heal", "clank", "draw"))
_NOT_CLANK = _ALL_WEIGHTS - {"clank"}


def owned_cards(p: Player) -> tuple[str, ...]:
    """p.owned() as a tuple: hand, deck, discard, in play (the order the sums below add them in)."""
    return (*p.hand, *p.deck, *p.discard, *p.in_play)


def owned_items(game: Game, p: Player) -> tuple[tuple[str, int], ...]:
    """Counter(p.owned()).items(): each card owned and how many, in the order first met. Between two
    decisions a deck rarely changes, so it is remembered under the exact sequence owned."""
    return _counted(owned_cards(p))


def _counted(owned: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    items = _ITEMS.get(owned)
    if items is None:
        items = tuple(Counter(owned).items())
        if len(_ITEMS) >= 20_000:
            _ITEMS.clear()
        _ITEMS[owned] = items
    return items


_ITEMS: dict[tuple[str, ...], tuple[tuple[str, int], ...]] = {}


def owned_count(p: Player) -> int:
    """len(p.owned()), without building the list."""
    return len(p.hand) + len(p.deck) + len(p.discard) + len(p.in_play)


def _pool_of(block: Any, key: str) -> float:
    total = 0.0
    for m in block:
        n = m.get(key, 0)
        if isinstance(n, int):
            total += n * (0.5 if "if" in m else 1.0)
        if key != "draw" and "choose" in m:
            total += max((b.get(key, 0) for b in m["choose"] if isinstance(b.get(key, 0), int)), default=0) * 0.5
    return total


def per_hand(game: Game, p: Player, key: str) -> float:
    """Expected Boots (or another pool) from a five-card hand of this player's cards."""
    owned = owned_cards(p)
    return per_hand_of(game.ruleset, key, owned) if owned else 0.0


def per_hand_of(ruleset: Ruleset, key: str, owned: tuple[str, ...]) -> float:
    """per_hand of a player who owns `owned` (owned_cards, not empty)."""
    # Asked for every player at most decisions; a pure function of the cards in the order owned.
    memo = (ruleset, key, owned)
    value = _PER_HAND.get(memo)
    if value is None:
        table = _per_card(ruleset, key)
        value = 5 * sum(map(table.__getitem__, owned)) / len(owned)  # (the same sum, in the same order)
        if len(_PER_HAND) >= 20_000:
            _PER_HAND.clear()
        _PER_HAND[memo] = value
    return value


_PER_HAND: dict[tuple[Any, ...], float] = {}


def _per_card(ruleset: Ruleset, key: str) -> dict[str, float]:
    """What each card's play block gives of one pool (cached per ruleset; content never changes)."""
    entry = _CACHE.get((id(ruleset), key))
    if entry is None or entry[0] is not ruleset:
        entry = (ruleset, {c.id: _pool_of(c.block("play"), key) for c in ruleset.cards.values()})
        _CACHE[(id(ruleset), key)] = entry
    return entry[1]  # type: ignore[return-value]


_CACHE: dict[tuple[int, str], tuple[Ruleset, Any]] = {}


@functools.lru_cache(maxsize=4096)  # pure, and asked with the same few numbers all game long
def turns_to_walk(distance: float, boots: float, cards: int, growth: float = 1.0) -> float:
    """Turns to walk `distance` Boots when hands now give `boots` and the deck of `cards` cards gains
    about `growth` Boots-cards a turn (a player who keeps buying Explores walks faster and faster)."""
    if distance <= 0:
        return 0.0
    total_boots = boots * cards / 5.0
    walked = 0.0
    for k in range(40):
        step = 5.0 * (total_boots + growth * k) / (cards + k)
        if walked + step >= distance:
            return k + (distance - walked) / step
        walked += step
    return 40.0


# -- the dragon ------------------------------------------------------------------------------------
def dragon_share(game: Game) -> float:
    """The share of dragon-symbol cards in the row deck, from the deck list (public)."""
    ruleset = game.ruleset
    entry = _CACHE.get((id(ruleset), "dragon"))
    if entry is None or entry[0] is not ruleset:
        entry = (ruleset, _deck_dragon_share(ruleset))
        _CACHE[(id(ruleset), "dragon")] = entry
    return entry[1]  # type: ignore[return-value]


def attack_chance(game: Game) -> float:
    """How likely a player's turn ends with a dragon attack."""
    return _dragon_facts(game.ruleset)[2]


class Threat(NamedTuple):
    """What the dragon's sums read of the table besides the player asked about, taken once per
    decision (a bot asks about itself and each rival, and nothing moves while it thinks)."""

    bag: int  # cubes in the bag
    area: int  # cubes in the Clank area
    playing: int  # players still in the game
    cubes: int  # cubes an attack draws (rage track and Danger cards)
    attack: float  # attack_chance

    @classmethod
    def of(cls, game: Game) -> Threat:
        track, dangers, attack = _dragon_facts(game.ruleset)
        # row_cubes(game): the rage track's number, +1 per Danger card in the row
        cubes = track[min(game.rage, len(track)) - 1]
        if dangers:
            for card_id in game.row:
                if card_id in dangers:
                    cubes += 1
        playing = 0
        for q in game.players:
            if q.status == PLAYING:
                playing += 1
        # (made as a tuple of the class, without the named tuple's __new__ in Python: once per decision)
        return _new_tuple(cls, (sum(game.bag.values()), sum(game.clank_area.values()), playing, cubes, attack))


_new_tuple = tuple.__new__


@functools.lru_cache(maxsize=64)
def _dragon_facts(ruleset: Ruleset) -> tuple[tuple[int, ...], frozenset[str], float]:
    """The rage track, the ids of the Danger cards and attack_chance (content never changes)."""
    dangers = frozenset(c.id for c in ruleset.cards.values() if c.danger)
    return ruleset.board.rage_track, dangers, 1.0 - (1.0 - _deck_dragon_share(ruleset)) ** REFILLS_PER_TURN


def _deck_dragon_share(ruleset: Ruleset) -> float:
    deck = ruleset.deck
    return sum(1 for c in deck if ruleset.cards[c].dragon) / len(deck) if deck else 0.0


def my_share(game: Game, p: Player, extra_clank: float = 0.0, area: bool = True, t: Threat | None = None) -> float:
    """The share of cubes the dragon would draw that are mine, once the area goes into the bag."""
    mine = game.bag.get(p.name, 0) + extra_clank
    total = (sum(game.bag.values()) if t is None else t.bag) + extra_clank
    if area:
        mine += game.clank_area.get(p.name, 0)
        total += sum(game.clank_area.values()) if t is None else t.area
    return mine / total if total > 0 else 0.0


def damage_per_round(game: Game, p: Player, clank_per_turn: float = 0.0, area: bool = True,
                     t: Threat | None = None) -> float:
    """Expected dragon damage to `p` over one round of turns, from the cubes in the bag and the area,
    the rage track, the Danger cards, the countdown and players who are already out."""
    if t is None:
        t = Threat.of(game)
    # my_share(game, p, clank_per_turn, area, t), the same sums in the same order
    mine = game.bag.get(p.name, 0) + clank_per_turn
    total = t.bag + clank_per_turn
    if area:
        mine += game.clank_area.get(p.name, 0)
        total += t.area
    share = mine / total if total > 0 else 0.0
    playing = t.playing
    out = len(game.players) - playing
    cubes = t.cubes
    expected = playing * t.attack * cubes * share
    if game.ruleset.legacy:
        expected += out * (6 if len(game.players) == 2 else 4) * share
    elif game.countdown is not None:
        expected += (cubes + game.countdown) * share
    return expected


def _after_first_out(game: Game, out: int, rounds_until: float = 0.0) -> float:
    """Rounds the game lasts once `out` players are off the clock: the classic countdown, or in legacy
    until their draws (and the attacks) empty the dragon bag."""
    if not game.ruleset.legacy:
        return 4.5 - (game.countdown or 1)
    playing = len(game.players) - out
    draws = playing * attack_chance(game) * row_cubes(game)
    bag = sum(game.bag.values()) + sum(game.clank_area.values())
    bag = max(4.0, bag + rounds_until * (0.8 * playing - draws))  # Clank goes in, draws come out
    per_round = out * (6 if len(game.players) == 2 else 4) + draws
    return max(1.0, bag / max(1.0, per_round))


def rounds_left(game: Game, first_out: float | None = None, t: Threat | None = None) -> float:
    """A rough horizon: how many more of my turns the game is likely to last. `first_out` is the
    estimate of when the first rival goes out (escapes), if nobody has yet."""
    out = sum(1 for q in game.players if q.out) if t is None else len(game.players) - t.playing
    if out:
        return max(0.0, _after_first_out(game, out))
    solo = game.notes.get("solo")
    if solo:
        return _solo_rounds(game, solo)
    if first_out is None:
        return 14.0
    return first_out + _after_first_out(game, 1, first_out)


def _solo_rounds(game: Game, solo: Mapping[str, Any]) -> float:
    """Playing alone: the solo director's threat track (on the table for all to see) sets the end."""
    if solo.get("audit"):
        return max(0.0, 4.5 - solo["audit"])
    threat = game.bag.get("threat", 0) + game.clank_area.get("threat", 0)
    total = sum(game.bag.values()) + sum(game.clank_area.values())
    draws = 2 * attack_chance(game) * row_cubes(game) * threat / max(1, total)
    return min(14.0, (solo.get("track", 6) - solo.get("threat", 0)) / max(0.05, draws) + 4.0)


@functools.lru_cache(maxsize=32768)  # pure, and asked with ever new sums: room for a game or two
def survive_chance(expected_damage: float, health_left: int) -> float:
    """P(fewer than `health_left` hits) when hits arrive like a Poisson stream."""
    if expected_damage <= 0:
        return 1.0
    term = math.exp(-expected_damage)
    total = term
    for k in range(1, max(1, health_left)):
        term *= expected_damage / k
        total += term
    return min(1.0, total)


def secret_worth(game: Game, space: str) -> float:
    """A face-down secret's expected worth, judged by the kind of space it lies on."""
    s = game.ruleset.board.spaces[space]
    return MAJOR_SECRET if s.major_secrets else MINOR_SECRET
