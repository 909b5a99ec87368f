"""Actions on your turn: play cards, acquire, use devices, fight, take tokens, buy at a market."""

from __future__ import annotations

from clank_story.rules import events as ev
from clank_story.rules import tokens
from clank_story.rules.commands import Acquire, Fight, Market, PlayCard, Take, Use
from clank_story.rules.model import EMPTY, CardDef, MarketItem
from clank_story.rules.queue import plain, resolve
from clank_story.rules.refusal import Refusal
from clank_story.rules.state import Game, Player


def _names(game: Game, ids: list[str]) -> str:
    return ", ".join(game.card(c).name for c in ids) or "-"


# -- play ------------------------------------------------------------------------------------------
def play_refusal(game: Game, p: Player, cmd: PlayCard) -> Refusal | None:
    if cmd.card not in p.hand:
        return Refusal("play.not_in_hand", lambda: {"card": game.card(cmd.card).name, "hand": _names(game, p.hand)})
    return None


def do_play(game: Game, p: Player, card_id: str, out: list[ev.Event]) -> None:
    p.hand.remove(card_id)
    p.in_play.append(card_id)
    card = game.ruleset.cards[card_id]
    game.turn.played_types.extend(card.types)
    out.append(ev.CardPlayed(p.name, card_id))
    effects = card.effects  # `card.block(...)` twice, without the calls: every card played comes here
    resolve(game, p, effects.get("play", EMPTY), card_id, out)
    later = effects.get("end_of_turn", EMPTY)
    if later:
        game.turn.end_queue.append({"p": p.name, "src": card_id, "fx": plain(later)})


# -- acquire / use / fight ------------------------------------------------------------------------
def acquire_refusal(game: Game, p: Player, cmd: Acquire) -> Refusal | None:
    card = game.ruleset.cards[cmd.card]
    if cmd.card not in game.row and game.reserve.get(cmd.card, 0) <= 0:
        return Refusal("acquire.not_available", lambda: {"card": card.name, "row": _names(game, game.row)})
    if not card.acquirable:
        return Refusal(f"acquire.not_item.{card.kind}", lambda: {"card": card.name})
    if card.only == "depths" and not game.ruleset.board.spaces[p.space].depths:
        return Refusal("acquire.only_depths", lambda: {"card": card.name})
    if card.only == "crystal_cave" and not game.ruleset.board.spaces[p.space].exhausting:
        return Refusal("acquire.only_cave", lambda: {"card": card.name})
    cost = acquire_cost(game, card)
    if game.turn.skill < cost:
        return Refusal("acquire.skill", lambda: {"card": card.name, "cost": cost, "skill": game.turn.skill})
    return None


def acquire_cost(game: Game, card: CardDef) -> int:
    """The Skill a card costs now: its cost, less a discount waiting for the next acquire."""
    return max(0, card.cost - game.turn.discount)


def do_acquire(game: Game, p: Player, cmd: Acquire, out: list[ev.Event]) -> None:
    card = game.ruleset.cards[cmd.card]
    if cmd.card in game.row:
        game.row.remove(cmd.card)
    else:
        game.reserve[cmd.card] -= 1
    cost = acquire_cost(game, card)
    game.turn.skill -= cost
    game.turn.discount = 0
    p.discard.append(cmd.card)
    out.append(ev.CardAcquired(p.name, cmd.card, cost))
    resolve(game, p, card.block("acquire"), cmd.card, out)


def use_refusal(game: Game, p: Player, cmd: Use) -> Refusal | None:
    secrets = game.ruleset.secrets
    if cmd.card in p.tokens and secrets.get(cmd.card) and secrets[cmd.card].keep:
        return None
    card = game.ruleset.cards.get(cmd.card)
    if card is None or cmd.card not in game.row:
        secret = secrets.get(cmd.card)
        return Refusal("use.not_available",
                       lambda: {"thing": card.name if card else secret.name if secret else cmd.card})
    if card.kind != "device":
        return Refusal("use.not_device", lambda: {"card": card.name})
    if game.turn.skill < card.cost:
        return Refusal("use.skill", lambda: {"card": card.name, "cost": card.cost, "skill": game.turn.skill})
    return None


def do_use(game: Game, p: Player, cmd: Use, out: list[ev.Event]) -> None:
    if cmd.card in p.tokens:
        tokens.use_secret(game, p, cmd.card, out)
        return
    card = game.ruleset.cards[cmd.card]
    game.row.remove(cmd.card)
    game.deck_discard.append(cmd.card)
    game.turn.skill -= card.cost
    out.append(ev.DeviceUsed(p.name, cmd.card, card.cost))
    resolve(game, p, card.block("use"), cmd.card, out)


def fight_refusal(game: Game, p: Player, cmd: Fight) -> Refusal | None:
    card = game.ruleset.cards[cmd.card]
    in_reserve = card.stays and cmd.card in game.reserve
    if cmd.card not in game.row and not in_reserve:
        return Refusal("fight.not_available", lambda: {"card": card.name})
    if card.kind != "monster":
        return Refusal("fight.not_monster", lambda: {"card": card.name})
    if game.turn.swords < card.cost:
        return Refusal("fight.swords", lambda: {"card": card.name, "cost": card.cost, "swords": game.turn.swords})
    return None


def do_fight(game: Game, p: Player, cmd: Fight, out: list[ev.Event]) -> None:
    """A defeated row monster goes to the discard; the Goblin / Cultist stays to be fought again."""
    card = game.ruleset.cards[cmd.card]
    if not card.stays:
        game.row.remove(cmd.card)
        game.deck_discard.append(cmd.card)
    game.turn.swords -= card.cost
    out.append(ev.MonsterDefeated(p.name, cmd.card, card.cost))
    resolve(game, p, card.block("defeat"), cmd.card, out)


# -- take ------------------------------------------------------------------------------------------
TAKEABLE = ("artifact", "secret", "idol")


def take_refusal(game: Game, p: Player, cmd: Take) -> Refusal | None:
    what = cmd.what
    if what == "artifact":
        there = p.space in game.artifacts
    elif what == "secret":
        there = tokens.takeable_secret(game, p.space)
    else:
        there = bool(game.idols.get(p.space))

    def here() -> dict[str, object]:
        return {"here": game.ruleset.board.spaces[p.space].name}

    if not there:
        return Refusal(f"take.none.{what}", here)
    if not game.turn.may_take:
        return Refusal("take.once", here)
    if what == "artifact" and len(p.artifacts) >= tokens.artifact_limit(game, p):
        return Refusal("take.artifact_limit", here)
    return None


def do_take(game: Game, p: Player, cmd: Take, out: list[ev.Event]) -> None:
    if cmd.what == "artifact":
        tokens.take_artifact(game, p, out)
    elif cmd.what == "idol":
        tokens.take_idol(game, p, out)
    else:
        tokens.take_secret(game, p, p.space, out)


# -- market ----------------------------------------------------------------------------------------
def market_offer(game: Game, kind: str) -> MarketItem | None:
    """The item of this kind on sale now: crowns are sold highest first."""
    items = [i for i in game.ruleset.market if (i.kind == kind or i.id == kind) and game.market.get(i.id, 0) > 0]
    return min(items, key=lambda i: (i.order, -i.points)) if items else None


def market_refusal(game: Game, p: Player, cmd: Market) -> Refusal | None:
    space = game.ruleset.board.spaces[p.space]
    if not space.market:
        return Refusal("market.not_here", lambda: {"here": space.name})
    item = market_offer(game, cmd.item)
    if item is None:
        return Refusal("market.sold_out", lambda: {"item": cmd.item})
    if game.ruleset.legacy and tokens.holds_kind(game, p, item.kind):
        return Refusal("market.one_each", lambda: {"item": item.name})
    if p.gold < item.price:
        return Refusal("market.gold", lambda: {"item": item.name, "price": item.price, "gold": p.gold})
    return None


def do_market(game: Game, p: Player, cmd: Market, out: list[ev.Event]) -> None:
    item = market_offer(game, cmd.item)
    assert item is not None
    game.market[item.id] -= 1
    p.gold -= item.price
    p.tokens.append(item.id)
    out.append(ev.MarketBought(p.name, item.id, item.price))
