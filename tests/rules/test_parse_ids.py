"""A card's id typed as it is (`play burgle`, `acquire mercenary`, `fight goblin`, `use ...`: what
scripts and bots write) is found without building every name of the hand, the shop, the monsters or the
devices, and finds what matching the names finds."""

from __future__ import annotations

import random

from clank_story.bots import make_bot
from clank_story.content.scenario import load_scenario
from clank_story.rules.commands import Acquire, Fight, PlayCard, Use
from clank_story.rules.engine import apply
from clank_story.rules.parse import _cards, _pick, parse
from clank_story.rules.setup import setup_game

SEATS = [{"name": f"P{i}", "bot": "random"} for i in range(3)]


def _by_names(game, typed: str, text: str, ids: list[str]) -> str:
    """What the parser found before it looked at the ids first: a pick among the ids' names."""
    return _pick(typed, "card", text, _cards(game, ids), lambda: _cards(game, game.ruleset.cards), "-")


def test_an_id_typed_as_it_is_finds_what_the_names_find():
    for ruleset in ("classic", "legacy"):
        pos = load_scenario(ruleset=ruleset, seats=SEATS)
        game = setup_game(pos.ruleset, 4, {**pos.scenario, "players": SEATS})
        bot, checked = make_bot("random"), 0
        while not game.over and checked < 400:
            p = game.me
            for card in dict.fromkeys(p.hand):
                for typed in (card, card.upper()):
                    assert parse(f"play {typed}", game) == PlayCard(_by_names(game, f"play {typed}", typed, p.hand))
                    checked += 1
            shop = [*game.row, *(c for c, n in game.reserve.items() if n > 0)]
            for card in dict.fromkeys(shop):
                assert parse(f"acquire {card}", game) == Acquire(_by_names(game, f"acquire {card}", card, shop))
            apply(game, bot.choose(game))
        assert checked > 100


def test_a_monster_or_a_device_typed_by_its_id_finds_what_the_names_find():
    for ruleset in ("classic", "legacy"):
        pos = load_scenario(ruleset=ruleset, seats=SEATS)
        game = setup_game(pos.ruleset, 6, {**pos.scenario, "players": SEATS})
        bot, fights, uses = make_bot("random"), 0, 0
        while not game.over and fights + uses < 300:
            p = game.me
            foes = [c for c in [*game.row, *game.reserve] if game.card(c).kind == "monster"]
            for card in dict.fromkeys(foes):
                assert parse(f"fight {card}", game) == Fight(_by_names(game, f"fight {card}", card, foes))
                fights += 1
            secrets = game.ruleset.secrets
            pairs = _cards(game, [c for c in game.row if game.card(c).kind == "device"]) + \
                [(t, secrets[t].name) for t in dict.fromkeys(p.tokens) if t in secrets]
            for card, _ in pairs:
                found = _pick(f"use {card}", "card", card, pairs, lambda game=game: _cards(game, game.ruleset.cards), "-")
                assert parse(f"use {card}", game) == Use(found)
                uses += 1
            apply(game, bot.choose(game))
        assert fights > 20


def test_a_name_still_finds_its_card():
    pos = load_scenario(ruleset="classic", seats=SEATS)
    game = setup_game(pos.ruleset, 1, {**pos.scenario, "players": SEATS})
    rng = random.Random(1)
    card = rng.choice(game.me.hand)
    name = game.card(card).name
    assert parse(f"play {name}", game) == PlayCard(card)
