"""What the shipped campaign promises holds in every later game: a destroyed starting card stays out
of its owner's deck box, an unlocked rule does what its text says, a promotion's perk is paid, and the
Cardporium sends cards of its own."""

from __future__ import annotations

from collections import Counter

from clank_story.campaign.lifecycle import new_campaign, start_of_game
from clank_story.campaign.setup import campaign_position
from clank_story.content.library import build_ruleset, catalog
from clank_story.table.session import Session


def test_a_destroyed_stumble_is_gone_from_its_owners_deck_in_every_later_game(gilt):
    c = new_campaign(gilt, "Branch", ["Ana"], rivals=1)
    c.game_number = 4
    c.players[0].destroyed_cards = ["stumble"]
    for seed in (1, 2, 3):
        _, setup = start_of_game(c, gilt)
        game = Session.start(campaign_position(setup, gilt, seed=seed)).game
        ana, rex = game.player("Ana"), game.player(c.players[1].name)
        assert Counter(ana.owned())["stumble"] == 1 and len(ana.owned()) == 9 and len(ana.hand) == 5
        assert Counter(rex.owned())["stumble"] == 2 and len(rex.owned()) == 10


def test_quarterly_targets_are_read_before_every_game_once_unlocked(gilt):
    c = new_campaign(gilt, "Branch", ["Ana"], rivals=1)
    c.game_number = 6
    _, setup = start_of_game(c, gilt)
    assert setup.prologues == ("g6-prologue",)
    c.unlocked_rules = ["signing-bonus", "quarterly-targets"]
    for number in (6, 9):
        c.game_number = number
        _, setup = start_of_game(c, gilt)
        assert setup.prologues == (f"g{number}-prologue", "quarterly-targets")


def test_a_promotion_pays_its_perk_to_its_employee_alone(gilt):
    c = new_campaign(gilt, "Branch", ["Ana"], rivals=1)
    c.players[0].status.level = "gold"
    c.unlocked_rules = ["signing-bonus"]
    _, setup = start_of_game(c, gilt)
    game = Session.start(campaign_position(setup, gilt, seed=1)).game
    assert [p.gold for p in game.players] == [2 + 2, 2]  # the Gold Associate's allowance, and the bonus


def test_the_cardporium_sends_cards_of_its_own_that_nothing_else_deals(gilt):
    base = build_ruleset(catalog([]), "legacy", "brackenmoor")
    rules = build_ruleset(catalog(gilt.content_roots()), "legacy", "brackenmoor")
    names = {card.name for card in base.cards.values()}
    assert len(gilt.cardporium) >= 8
    for card_id in gilt.cardporium:
        card = rules.cards[card_id]
        assert card_id not in base.cards and card.name not in names, card_id
        assert card_id not in rules.deck and card_id not in rules.reserve  # only the Cardporium deals it
