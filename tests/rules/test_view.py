"""What scripts and passages can read of the table (DESIGN.md §4): live scores and ranks, the winner,
and what a player at the table can see or count (issue 16)."""

from __future__ import annotations

from scenarios import hand

from clank_story.campaign.definition import DEFAULT_DEFINITION, load_definition
from clank_story.campaign.lifecycle import campaign_view, new_campaign, story_seed
from clank_story.campaign.model import Sticker
from clank_story.rules.view import views
from clank_story.story.state import StoryState


def names(table):
    return views(table.game, table.session.campaign_view())


def test_a_players_score_is_what_they_would_score_if_the_game_ended_now(tiny):
    table = tiny(ana={**hand("burgle"), "gold": 4, "artifact": 5, "tokens": ["crown-9"], "space": "hall"},
                 rex={"gold": 9})
    view = names(table)
    assert view["players"]["Ana"].score == 5 + 9 + 4  # artifact, crown, Gold
    assert view["players"]["Rex"].score == 0  # no artifact: nothing counts


def test_a_player_still_in_the_depths_would_score_nothing(tiny):
    table = tiny(ana={**hand("burgle"), "gold": 4, "artifact": 20, "space": "vault"})
    assert names(table)["me"].score == 0


def test_ranks_follow_scores_and_ties_go_to_the_most_valuable_artifact(tiny):
    table = tiny(ana={"artifact": 5, "gold": 10, "space": "hall"}, rex={"artifact": 10, "gold": 5, "space": "hall"},
                 more=[{"name": "Mo", "gold": 30}])
    players = names(table)["players"]
    assert (players["Rex"].rank, players["Ana"].rank, players["Mo"].rank) == (1, 2, 3)


def test_the_winner_is_named_once_the_game_is_over_with_the_tie_broken_by_the_artifact(tiny):
    table = tiny(ana={**hand("burgle"), "artifact": 5, "gold": 10, "space": "hall"},
                 rex={"artifact": 10, "gold": 5, "space": "hall"})
    assert names(table)["game"].winner is None
    from clank_story.rules.outcomes import end_game

    end_game(table.game, "story", [])
    view = names(table)
    assert view["game"].winner == "Rex" and view["players"]["Ana"].score == view["players"]["Rex"].score == 15


def test_the_table_shows_the_row_discard_the_market_stock_and_what_lies_on_the_board(tiny):
    table = tiny(ana={**hand("shuffle-row"), "space": "hq"}, row=["gem", "orc"], deck=["lantern"],
                 secrets={"hall": ["pocket-tonic", "loose-change"]}, market={"master-key": 1, "crown-9": 1},
                 artifacts={"vault": 20})
    table.do("play shuffle-row", "choose 2")
    game = names(table)["game"]
    assert game.row_discard == ("orc",) and game.deck_size == 0
    assert dict(game.market) == {"master-key": 1, "backpack": 0, "crown-10": 0, "crown-9": 1, "crown-8": 0}
    assert dict(game.secrets) == {"hall": 2}  # the scenario placed exactly these
    assert dict(game.artifacts) == {"vault": 20} and dict(game.idols) == {"shrine": 2}


def test_trashed_cards_and_banked_teleports_can_be_read(tiny):
    table = tiny(ana={"hand": ["scrubber", "blink", "stumble"], "deck": [], "discard": []})
    table.do("play blink", "play scrubber", "choose 1")
    me = names(table)["me"]
    assert me.trashed == ("stumble",) and me.teleports == 1
    assert names(table)["players"]["Rex"].teleports == 0


def test_a_scenario_sets_the_legacy_secret_bank(tiny_legacy):
    table = tiny_legacy(secret_bank=["borrowed-notes"])
    assert names(table)["game"].secret_bank == 1


# campaign: stickers, unlocked rules, open contracts ----------------------------------------------
def test_the_campaign_view_reads_stickers_rules_and_contracts_from_the_campaign_file():
    definition, _ = load_definition(DEFAULT_DEFINITION)
    c = new_campaign(definition, "Test Branch")
    c.stickers.append(Sticker("turnip-tithe"))
    c.unlocked_rules.append("signing-bonus")
    c.contract_row = ["mill-inspection"]
    view = campaign_view(c)
    assert view.stickers == ("turnip-tithe",) and view.rules == ("signing-bonus",)
    assert view.contracts == ("mill-inspection",)


def test_during_a_game_the_campaign_view_adds_what_this_game_placed_and_unlocked():
    definition, _ = load_definition(DEFAULT_DEFINITION)
    c = new_campaign(definition, "Test Branch")
    c.stickers.append(Sticker("turnip-tithe"))
    c.contract_row = ["mill-inspection"]
    state = StoryState.for_game(**story_seed(c))
    state.journal += [["sticker", "goblin-bounty", None], ["unlock", "signing-bonus", None]]  # what this game placed
    state.contracts.append("lost-ledger")
    view = state.campaign_view()
    assert view.stickers == ("turnip-tithe", "goblin-bounty") and view.rules == ("signing-bonus",)
    assert view.contracts == ("mill-inspection", "lost-ledger")
