"""Actions on your turn: play cards, acquire, use devices, fight, take tokens, buy at a market."""

from __future__ import annotations

from clank_story.rules import tokens
from clank_story.rules import events as ev
from clank_story.rules.commands import Acquire, Fight, Market, PlayCard, Take, Use
from clank_story.rules.errors import IllegalCommand
from clank_story.rules.model import CardDef, MarketItem
from clank_story.rules.queue import enqueue, plain
from clank_story.rules.state import Game, Player


def _names(game: Game, ids: list[str]) -> str:
    return ", ".join(game.card(c).name for c in ids) or "-"


# -- play ------------------------------------------------------------------------------------------
def check_play(game: Game, p: Player, cmd: PlayCard, typed: str) -> None:
    if cmd.card not in p.hand:
        raise IllegalCommand("play.not_in_hand", typed, card=game.card(cmd.card).name, hand=_names(game, p.hand))


def do_play(game: Game, p: Player, card_id: str, out: list[ev.Event]) -> None:
    p.hand.remove(card_id)
    p.in_play.append(card_id)
    card = game.card(card_id)
    game.turn.played_types.extend(card.types)
    out.append(ev.CardPlayed(p.name, card_id))
    enqueue(game, p, card.block("play"), card_id)
    if card.block("end_of_turn"):
        game.turn.end_queue.append({"p": p.name, "src": card_id, "fx": plain(card.block("end_of_turn"))})


# -- acquire / use / fight ------------------------------------------------------------------------
def check_acquire(game: Game, p: Player, cmd: Acquire, typed: str) -> None:
    card = game.card(cmd.card)
    if cmd.card not in game.row and game.reserve.get(cmd.card, 0) <= 0:
        raise IllegalCommand("acquire.not_available", typed, card=card.name, row=_names(game, game.row))
    if not card.acquirable:
        raise IllegalCommand(f"acquire.not_item.{card.kind}", typed, card=card.name)
    if card.only == "depths" and not game.board.spaces[p.space].depths:
        raise IllegalCommand("acquire.only_depths", typed, card=card.name)
    if card.only == "crystal_cave" and not game.board.spaces[p.space].exhausting:
        raise IllegalCommand("acquire.only_cave", typed, card=card.name)
    cost = acquire_cost(game, card)
    if game.turn.skill < cost:
        raise IllegalCommand("acquire.skill", typed, card=card.name, cost=cost, skill=game.turn.skill)


def acquire_cost(game: Game, card: CardDef) -> int:
    """The Skill a card costs now: its cost, less a discount waiting for the next acquire."""
    return max(0, card.cost - game.turn.discount)


def do_acquire(game: Game, p: Player, cmd: Acquire, out: list[ev.Event]) -> None:
    card = game.card(cmd.card)
    if cmd.card in game.row:
        game.row.remove(cmd.card)
    else:
        game.reserve[cmd.card] -= 1
    cost = acquire_cost(game, card)
    game.turn.skill -= cost
    game.turn.discount = 0
    p.discard.append(cmd.card)
    out.append(ev.CardAcquired(p.name, cmd.card, cost))
    enqueue(game, p, card.block("acquire"), cmd.card)


def check_use(game: Game, p: Player, cmd: Use, typed: str) -> None:
    if cmd.card in p.tokens and game.ruleset.secrets.get(cmd.card) and game.ruleset.secrets[cmd.card].keep:
        return
    card = game.ruleset.cards.get(cmd.card)
    if card is None or cmd.card not in game.row:
        secret = game.ruleset.secrets.get(cmd.card)
        name = card.name if card else secret.name if secret else cmd.card
        raise IllegalCommand("use.not_available", typed, thing=name)
    if card.kind != "device":
        raise IllegalCommand("use.not_device", typed, card=card.name)
    if game.turn.skill < card.cost:
        raise IllegalCommand("use.skill", typed, card=card.name, cost=card.cost, skill=game.turn.skill)


def do_use(game: Game, p: Player, cmd: Use, out: list[ev.Event]) -> None:
    if cmd.card in p.tokens:
        tokens.use_secret(game, p, cmd.card, out)
        return
    card = game.card(cmd.card)
    game.row.remove(cmd.card)
    game.deck_discard.append(cmd.card)
    game.turn.skill -= card.cost
    out.append(ev.DeviceUsed(p.name, cmd.card, card.cost))
    enqueue(game, p, card.block("use"), cmd.card)


def check_fight(game: Game, p: Player, cmd: Fight, typed: str) -> None:
    card = game.card(cmd.card)
    in_reserve = card.stays and cmd.card in game.reserve
    if cmd.card not in game.row and not in_reserve:
        raise IllegalCommand("fight.not_available", typed, card=card.name)
    if card.kind != "monster":
        raise IllegalCommand("fight.not_monster", typed, card=card.name)
    if game.turn.swords < card.cost:
        raise IllegalCommand("fight.swords", typed, card=card.name, cost=card.cost, swords=game.turn.swords)


def do_fight(game: Game, p: Player, cmd: Fight, out: list[ev.Event]) -> None:
    """A defeated row monster goes to the discard; the Goblin / Cultist stays to be fought again."""
    card = game.card(cmd.card)
    if not card.stays:
        game.row.remove(cmd.card)
        game.deck_discard.append(cmd.card)
    game.turn.swords -= card.cost
    out.append(ev.MonsterDefeated(p.name, cmd.card, card.cost))
    enqueue(game, p, card.block("defeat"), cmd.card)


# -- take ------------------------------------------------------------------------------------------
TAKEABLE = ("artifact", "secret", "idol")


def check_take(game: Game, p: Player, cmd: Take, typed: str) -> None:
    here = game.board.spaces[p.space].name
    what = cmd.what
    there = {
        "artifact": p.space in game.artifacts,
        "secret": bool(game.secrets.get(p.space)),
        "idol": bool(game.idols.get(p.space)),
    }
    if not there[what]:
        raise IllegalCommand(f"take.none.{what}", typed, here=here)
    if not game.turn.may_take:
        raise IllegalCommand("take.once", typed, here=here)
    if what == "artifact" and len(p.artifacts) >= tokens.artifact_limit(game, p):
        raise IllegalCommand("take.artifact_limit", typed, here=here)


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


def check_market(game: Game, p: Player, cmd: Market, typed: str) -> None:
    space = game.board.spaces[p.space]
    if not space.market:
        raise IllegalCommand("market.not_here", typed, here=space.name)
    item = market_offer(game, cmd.item)
    if item is None:
        raise IllegalCommand("market.sold_out", typed, item=cmd.item)
    if game.legacy and tokens.holds_kind(game, p, item.kind):
        raise IllegalCommand("market.one_each", typed, item=item.name)
    if p.gold < item.price:
        raise IllegalCommand("market.gold", typed, item=item.name, price=item.price, gold=p.gold)


def do_market(game: Game, p: Player, cmd: Market, out: list[ev.Event]) -> None:
    item = market_offer(game, cmd.item)
    assert item is not None
    game.market[item.id] -= 1
    p.gold -= item.price
    p.tokens.append(item.id)
    out.append(ev.MarketBought(p.name, item.id, item.price))
