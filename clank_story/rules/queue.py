"""The effect queue and its registries: effects, conditions, counters and questions.

This module is the floor of the effect machinery: it knows how a block of effects is queued, resolved
one effect at a time, paused on a question that only `choose N` answers, and carried on. What each
effect, condition, counter or question *means* is registered from rules/effects.py, so the modules
that do things (cubes, dragon, row, tokens, outcomes) never import the queue's users and the rules
package has no import circle."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from clank_story.rules import events as ev
from clank_story.rules.state import Game, Player

Handler = Callable[[Game, Player, Any, str, list[ev.Event]], None]
Resolver = Callable[[Game, Player, dict[str, Any], int, list[ev.Event]], None]  # (..., pending, n, out)
Judge = Callable[[Game, Player, Any, str], Any]


@dataclass(frozen=True)
class EffectSpec:
    """An effect the rules know: its argument's kind, its handler and what it does."""

    name: str
    arg: str  # int | bool | card | trash | trash_card | block | blocks | str | any
    doc: str
    handler: Handler | None = None  # None: story effects applied by the story layer
    story: bool = False


@dataclass(frozen=True)
class TestSpec:
    """A condition (`if:`) or a counter (`per:`): what its value must look like and how it is judged."""

    name: str
    arg: str  # str | int | bool | kinds (see content/effects_check.py)
    doc: str
    judge: Judge
    end_of_turn: bool = False  # a counter that is only complete when the turn ends (Clank made, Gold gained)
    at_game_end: bool = True  # meaningful in a `score` block, judged when the game is over


REGISTRY: dict[str, EffectSpec] = {}
QUESTIONS: dict[str, Resolver] = {}
CONDITION_SPECS: dict[str, TestSpec] = {}
COUNTER_SPECS: dict[str, TestSpec] = {}
CONDITIONS: dict[str, str] = {}  # name -> doc, for the linter, the docs and the JSON Schemas
COUNTERS: dict[str, str] = {}
MODIFIERS = {
    "if": "a condition judged over the whole turn",
    "per": "multiply numbers by a counter",
    "pay": "a price (Gold, Skill, Swords, Boots) paid first; the rest of the mapping happens only if it is paid",
}
PAYABLE = ("gold", "skill", "swords", "boots")  # what `pay:` may spend


def effect(name: str, arg: str, doc: str, *, story: bool = False) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        REGISTRY[name] = EffectSpec(name, arg, doc, fn, story)
        return fn

    return register


def story_effect(name: str, arg: str, doc: str, handler: Handler | None = None) -> None:
    """Effects on the story or campaign: the engine reports them as StoryEffect events. A story
    effect that also changes this game (end_game, destroy_card, patron) has an engine handler too."""
    REGISTRY[name] = EffectSpec(name, arg, doc, handler, True)


def question(name: str) -> Callable[[Resolver], Resolver]:
    """Register what answering a question of this kind does: resolver(game, player, pending, n, out),
    n being the chosen option (1-based; never the 'none' of an optional question)."""
    def register(fn: Resolver) -> Resolver:
        QUESTIONS[name] = fn
        return fn

    return register


def condition(name: str, arg: str, doc: str, *, at_game_end: bool = True) -> Callable[[Judge], Judge]:
    def register(fn: Judge) -> Judge:
        CONDITION_SPECS[name] = TestSpec(name, arg, doc, fn, at_game_end=at_game_end)
        CONDITIONS[name] = doc
        return fn

    return register


def counter(name: str, arg: str, doc: str, *, end_of_turn: bool = False,
            at_game_end: bool = True) -> Callable[[Judge], Judge]:
    def register(fn: Judge) -> Judge:
        COUNTER_SPECS[name] = TestSpec(name, arg, doc, fn, end_of_turn, at_game_end)
        COUNTERS[name] = doc
        return fn

    return register


# -- judging ---------------------------------------------------------------------------------------
def holds(game: Game, p: Player, cond: Mapping[str, Any], src: str) -> bool:
    (key, value), = cond.items()
    spec = CONDITION_SPECS.get(key)
    if spec is None:
        raise ValueError(f"unknown condition {key!r}")
    return bool(spec.judge(game, p, value, src))


def count(game: Game, p: Player, per: Mapping[str, Any], src: str) -> int:
    (key, value), = per.items()
    spec = COUNTER_SPECS.get(key)
    if spec is None:
        raise ValueError(f"unknown counter {key!r}")
    return int(spec.judge(game, p, value, src))


def counted_at_end_of_turn(per: Mapping[str, Any]) -> bool:
    return any(COUNTER_SPECS[k].end_of_turn for k in per if k in COUNTER_SPECS)


def price(block: Any) -> dict[str, int]:
    """What a block asks to be paid (`pay:` of each of its mappings, added up)."""
    total: dict[str, int] = {}
    for m in [block] if isinstance(block, Mapping) else block or ():
        for what, n in (m.get("pay") or {}).items():
            total[what] = total.get(what, 0) + n
    return total


def can_pay(game: Game, p: Player, cost: Mapping[str, int]) -> bool:
    for what, n in cost.items():
        have = p.gold if what == "gold" else getattr(game.turn, what) if p is game.players[game.active] else 0
        if have < n:
            return False
    return True


def pay(game: Game, p: Player, cost: Mapping[str, int], src: str, out: list[ev.Event]) -> None:
    for what, n in cost.items():
        if what == "gold":
            p.gold -= n
        else:
            setattr(game.turn, what, getattr(game.turn, what) - n)
    if cost:
        out.append(ev.Gained(p.name, src, {what: -n for what, n in cost.items()}))


# -- the queue -------------------------------------------------------------------------------------
_SCALARS = (int, str, bool, float, type(None))


def plain(value: Any) -> Any:
    """Content values (read-only mappings, tuples) as plain JSON-like data for the saved queue."""
    if type(value) in _SCALARS:
        return value
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
    for m in block if type(block) is tuple else [block] if isinstance(block, Mapping) else block:  # (content: a tuple)
        cond = m.get("if")
        if cond is not None and not holds(game, p, cond, src):
            if watch and p is game.players[game.active]:
                game.turn.watches.append({"p": p.name, "src": src, "fx": plain(m)})
            continue
        per = m.get("per")
        if per is not None and counted_at_end_of_turn(per) and not game.turn.ending:
            rest = {k: v for k, v in m.items() if k != "if"}
            game.turn.end_queue.append({"p": p.name, "src": src, "fx": plain(rest)})
            continue
        mult = count(game, p, per, src) if per is not None else 1
        effects = []
        for key, value in m.items():
            if key in MODIFIERS:
                continue
            if mult != 1 and isinstance(value, int) and not isinstance(value, bool):
                value = value * mult
            effects.append({"p": p.name, "src": src, "k": key, "v": plain(value)})
        cost = m.get("pay")
        if cost:
            # the price is an item of its own, paid when the mapping resolves (not when it is queued);
            # `n` says how many items after it are that mapping's effects
            items.append({"p": p.name, "src": src, "k": "pay", "v": plain(cost), "n": len(effects)})
        items += effects
    if front:
        game.queue[0:0] = items
    else:
        game.queue.extend(items)


# Effects whose handlers never queue, ask, watch or read the queue (registered in rules/effects.py).
QUIET: set[str] = set()
Step = tuple[str, Handler, Any]  # an effect of a plain block: its name, handler and (plain) argument
_plans: dict[int, tuple[Any, tuple[Step, ...] | None]] = {}


def _plan(block: Any) -> tuple[Step, ...] | None:
    """A content block's effects, in order, when every one is quiet and none has a condition, counter,
    price or a value other than a number, a word or a flag; else None. Worked out once per block."""
    entry = _plans.get(id(block))
    if entry is not None and entry[0] is block:
        return entry[1]
    steps: list[Step] | None = []
    for m in block:
        for key, value in m.items():
            if key not in QUIET or type(value) not in _SCALARS:  # a modifier (if, per, pay) is not quiet
                steps = None
                break
            handler = REGISTRY[key].handler
            assert handler is not None
            steps.append((key, handler, value))
        if steps is None:
            break
    plan = tuple(steps) if steps is not None else None
    _plans[id(block)] = (block, plan)  # the block is kept, so its id is never another's
    return plan


def resolve(game: Game, p: Player, block: Any, src: str, out: list[ev.Event]) -> None:
    """Queue a card's block (a tuple) for `p` and resolve what can be resolved now, as `enqueue` and then
    `run` would: when nothing waits and every effect is quiet, each handler is called in turn without
    queueing the effect first (a hand plays a dozen effects; queueing each as a dict and taking it back
    was most of what they cost)."""
    if not block:
        return
    steps = _plan(block) if type(block) is tuple else None
    if steps is None or game.queue or game.pending is not None or game.over:
        enqueue(game, p, block, src)
        return
    for i, (_key, handler, value) in enumerate(steps):
        handler(game, p, value, src, out)
        if game.over:
            return  # the end of the game clears the queue: the rest never happens
        if game.pending is not None or game.queue:  # pragma: no cover  (quiet effects do neither)
            game.queue.extend({"p": p.name, "src": src, "k": k, "v": v} for k, _, v in steps[i + 1:])
            return


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
            if game.turn.watches:
                check_watches(game)
            if not game.queue:
                return
        item = game.queue.pop(0)
        p = game.player(item["p"])
        if item["k"] == "pay":
            _pay_or_skip(game, p, item, out)
            continue
        spec = REGISTRY[item["k"]]
        if spec.story:
            out.append(ev.StoryEffect(p.name, item["src"], item["k"], item["v"]))
        if spec.handler is not None:
            spec.handler(game, p, item["v"], item["src"], out)


def _pay_or_skip(game: Game, p: Player, item: dict[str, Any], out: list[ev.Event]) -> None:
    """Pay a mapping's price; if it cannot be paid, the rest of that mapping does not happen."""
    if can_pay(game, p, item["v"]):
        pay(game, p, item["v"], item["src"], out)
    else:
        del game.queue[:item["n"]]


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
    out.append(ev.Answered(p.name, pending["q"], n))
    if option.get("none"):
        return
    QUESTIONS[pending["q"]](game, p, pending, n, out)
