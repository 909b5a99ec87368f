"""Story effects change the StoryState (and, where they must, this game); contracts complete
themselves when their trigger fires and their condition holds."""

from __future__ import annotations

from conftest import at_the_wood

from clank_story.rules import events as ev
from clank_story.story import events as sev
from clank_story.story.state import StoryState


def read_well(story_table, write_book, effects: str, state: StoryState | None = None, **kw):
    book = write_book(f'passages:\n  "12":\n    effects: {effects}\n' + kw.pop("extra", ""))
    table = story_table(book, state=state, **kw)
    return table, table.do("play all", "move well")


def test_flags_are_set_with_a_name_or_values_and_cleared_with_unflag(story_table, write_book):
    table, _ = read_well(story_table, write_book, '[{flag: a}, {flag: {b: 3}}, {unflag: old}]',
                         state=StoryState.for_game(flags={"old": True}))
    assert table.session.story.flags == {"a": True, "b": 3}


def test_counters_add_one_by_name_or_an_amount(story_table, write_book):
    table, _ = read_well(story_table, write_book, '[{counter: dives}, {counter: {dives: 2, coins: -1}}]',
                         state=StoryState.for_game(counters={"coins": 5}))
    assert table.session.story.counters == {"coins": 4, "dives": 3}


def test_rules_effects_go_through_the_engine(story_table, write_book):
    table, events = read_well(story_table, write_book,
                              '[{gold: 3}, {damage: 2}, {clank: 2}, {rage: 1}, {boots: 1}, {gain_card: explore}]',
                              ana=at_the_wood(clank=0), rage=1)
    ana = table.game.players[0]
    assert (ana.gold, ana.damage, table.game.clank_area["Ana"], table.game.rage) == (3, 2, 2, 2)
    assert table.game.turn.boots == 1 and ana.discard == ["explore"]
    assert any(isinstance(e, ev.TookDamage) for e in events)


def test_destroy_card_removes_a_copy_now_and_records_it_for_the_campaign(story_table, write_book):
    table, events = read_well(story_table, write_book, '[{destroy_card: burgle}]')
    ana = table.game.players[0]
    assert ana.owned().count("burgle") == 8 and ana.trashed == ["burgle"]
    assert table.session.story.destroyed_cards == ["burgle"]
    assert [e.card for e in events if isinstance(e, sev.CardDestroyed)] == ["burgle"]


def test_campaign_changes_are_recorded(story_table, write_book):
    table, events = read_well(story_table, write_book,
                              '[{cardporium: explore}, {sticker: moor-bridge}, {checkmark: 2}, {unlock: canoes},'
                              ' {patron: explore}]')
    story = table.session.story
    assert (story.cardporium, story.stickers, story.checkmarks, story.unlocked, story.patrons) == (
        ["explore"], ["moor-bridge"], {"Ana": 2}, ["canoes"], ["explore"])
    assert table.game.reserve["explore"] == table.game.ruleset.reserve["explore"] + 1
    kinds = [e.kind for e in events if isinstance(e, sev.Event) and e.kind in (
        "CardporiumAdded", "StickerPlaced", "CheckmarksEarned", "RuleUnlocked", "PatronPlaced")]
    assert kinds == ["CardporiumAdded", "StickerPlaced", "CheckmarksEarned", "RuleUnlocked", "PatronPlaced"]


def test_end_game_ends_the_game_at_once(story_table, write_book):
    table, events = read_well(story_table, write_book, '[{end_game: true}, {gold: 9}]')
    assert table.game.over and table.session.story.ended_by_story
    over = [e for e in events if isinstance(e, ev.GameOver)]
    assert over and over[0].reason == "story" and table.game.players[0].gold == 0


CONTRACTS = """\
contracts:
  - {id: survey, name: Survey, description: d, trigger: {enter_space: well}, if: me.gold >= 1,
     cost: {gold: 1}, passage: filed, reward: [{checkmark: 1}]}
  - {id: repeat, name: Repeat, description: d, trigger: end_of_turn, reward: [{counter: turns}],
     destroy: false}
  - {id: shop, name: Shop, description: d, trigger: {acquire: explore}, reward: [{flag: shopped}]}
  - {id: hunt, name: Hunt, description: d, trigger: {defeat: cultist}, reward: [{flag: hunted}]}
  - {id: opener, name: Opener, description: d, trigger: start_of_game, reward: [{flag: opened}]}
  - {id: closer, name: Closer, description: d, trigger: end_of_game, reward: [{flag: closed}]}
passages:
  filed: {title: Filed, effects: [{flag: filed}]}
  "12": {effects: [{add_contract: shop}, {destroy_contract: hunt}, {complete_contract: closer}]}
"""


def test_a_contract_completes_when_its_trigger_fires_and_its_condition_holds(story_table, write_book):
    book = write_book(CONTRACTS)
    table = story_table(book, ana={"name": "Ana", "space": "wood", "gold": 1,
                                   "hand": ["sidestep", "burgle", "burgle", "burgle", "burgle"]},
                        state=StoryState.for_game(contracts=["survey"]))
    events = table.do("play all", "move well")
    story = table.session.story
    done = [e.contract for e in events if isinstance(e, sev.ContractCompleted)]
    assert done == ["survey"] and "survey" not in story.contracts and story.contracts_completed == ["survey"]
    assert table.game.players[0].gold == 0 and story.checkmarks == {"Ana": 1} and story.flags == {"filed": True}


def test_a_contract_whose_cost_cannot_be_paid_stays_in_the_row(story_table, write_book):
    table = story_table(write_book(CONTRACTS), state=StoryState.for_game(contracts=["survey"]))
    table.do("play all", "move well")
    assert table.session.story.contracts[0] == "survey" and table.session.story.checkmarks == {}


def test_a_contract_that_is_not_destroyed_completes_again(story_table, write_book):
    table = story_table(write_book(CONTRACTS), state=StoryState.for_game(contracts=["repeat"]))
    table.do("play all", "end")
    assert table.session.story.counters == {"turns": 1}
    table.do("play all", "end")  # Rex's turn ends too
    assert table.session.story.counters == {"turns": 2} and table.session.story.contracts == ["repeat"]


def test_acquire_defeat_and_game_start_triggers(story_table, write_book):
    table = story_table(write_book(CONTRACTS), state=StoryState.for_game(contracts=["shop", "hunt", "opener"]),
                        ana={"name": "Ana", "space": "wood", "hand": ["burgle"] * 3 + ["scramble", "scramble"]})
    assert table.session.story.flags == {"opened": True}
    table.do("play all", "acquire explore")
    assert table.session.story.flags == {"opened": True, "shopped": True}


def test_contract_effects_add_destroy_and_complete(story_table, write_book):
    table = story_table(write_book(CONTRACTS), state=StoryState.for_game(contracts=["hunt", "closer"]))
    events = table.do("play all", "move well")
    story = table.session.story
    assert story.contracts == ["shop"] and story.contracts_destroyed == ["hunt"]
    assert story.contracts_completed == ["closer"] and story.flags == {"closed": True}
    assert [e.kind for e in events if e.kind.startswith("Contract")] == [
        "ContractAdded", "ContractDestroyed", "ContractCompleted"]


def test_the_contract_row_is_described_for_the_contracts_command(story_table, write_book):
    table = story_table(write_book(CONTRACTS), state=StoryState.for_game(contracts=["shop"]))
    assert table.session.router.describe_contracts() == ["Contracts:", "  Shop — d"]
    table.session.story.contracts.clear()
    assert table.session.router.describe_contracts() == ["The contract row is empty."]


def test_prologue_and_epilogue_are_read_at_the_start_and_the_end(write_book):
    from scenarios import make_table

    from clank_story.table.session import attach_book

    book = write_book("""\
        passages:
          intro: {title: Intro, effects: [{flag: began}]}
          outro: {title: Outro, effects: [{counter: games}, {gold: 5}]}
          "12": {effects: [{end_game: true}]}
        """)
    table = make_table("legacy", "tiny-legacy", [{"name": "Ana", "space": "wood",
                                                  "hand": ["sidestep"] + ["burgle"] * 4}, {"name": "Rex"}])
    attach_book(table.session, book, prologue="intro", epilogue="outro")
    assert [e.passage for e in table.session.opening() if isinstance(e, sev.PassageOpened)] == ["intro"]
    events = table.do("play all", "move well")
    assert [e.passage for e in events if isinstance(e, sev.PassageOpened)] == ["12", "outro"]
    assert table.session.story.flags == {"began": True} and table.session.story.counters == {"games": 1}
