"""A whole scripted mini-campaign: three short games on Brackenmoor, each driven by a scenario, with the
campaign file read before and checked after every game."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from clank_story.campaign.lifecycle import (
    GameEnd,
    Reading,
    apply_story_effect,
    end_of_game,
    mark_seen,
    start_of_game,
)
from clank_story.campaign.model import Campaign, CampaignError
from clank_story.campaign.setup import campaign_position, campaign_seats
from clank_story.campaign.store import backup_path, read_campaign
from clank_story.content.library import build_ruleset, catalog

# Ana stands two steps from the Branch Office with an artifact; Rex (a bot) has one health left and
# five Stumbles, so he cannot move: once Ana is home, the off-the-clock draw knocks him out.
GAME = """
players:
  - name: Ana
    space: turnip-lane
    artifact: 10
    clank: 0
    hand: [sidestep, scramble, burgle, burgle, burgle]
    deck: [burgle, burgle, burgle, stumble, stumble]
  - name: Rex
    bot: random
    space: {rex_space}
    damage: 9
    clank: 0
    artifact: {rex_artifact}
    hand: [stumble, stumble, stumble, stumble, stumble]
active: Ana
bag: {{black: 0, Rex: 3}}
"""
ANA_RUNS_HOME = ["play all", "move tollbury", "move hq", "end"]
REX_LOST_IN_THE_CAVERNS = {"rex_space": "overdraft-drop", "rex_artifact": "null"}  # Danger Zone: 0 points
REX_OUT_ON_THE_MOOR = {"rex_space": "bramble-crossroads", "rex_artifact": 5}  # knocked out, keeps 5

HAND_WRITTEN = {
    "franchise: The Test Branch": "# our Tuesday group\nfranchise: The Test Branch  # named by Ana",
    "flags: {}": "# flags are set by passages\nflags: {}",
}


def read_aloud(c: Campaign, mini, end: GameEnd, effects: dict[str, list[tuple[str, object]]]) -> Campaign:
    """Read the passages in order; `effects` stands in for what each passage of the book would do."""
    for reading in end.readings:
        c = mark_seen(c, reading.passage)
        for name, value in effects.get(reading.passage, []):
            c, more = apply_story_effect(c, mini, name, value, reading.player)
            assert more == []
    return c


def core_deck() -> Counter[str]:
    return Counter(build_ruleset(catalog(), "legacy", "brackenmoor").deck)


def test_three_games_of_a_campaign_change_the_file_after_each(tmp_path: Path, mini, campaign_file, play) -> None:
    path = campaign_file.path
    text = path.read_text(encoding="utf-8")
    for old, new in HAND_WRITTEN.items():
        text = text.replace(old, new)
    path.write_text(text + "# the end\n", encoding="utf-8")
    top_keys = list(read_campaign(path).doc)

    def check_file() -> Campaign:
        saved = path.read_text(encoding="utf-8")
        for comment in ("# our Tuesday group", "# named by Ana", "# flags are set by passages", "# the end"):
            assert comment in saved
        cf = read_campaign(path)
        assert list(cf.doc) == top_keys
        return cf.campaign

    # -- game 1 ------------------------------------------------------------------------------------
    cf = read_campaign(path)
    c, setup = start_of_game(cf.campaign, mini)
    assert (setup.game_number, setup.board, setup.prologue) == (1, "brackenmoor", "mini-prologue-1")
    assert setup.contract_row == ("mind-the-mill",)
    cf.save(c)
    _, result = play(setup, GAME.format(**REX_LOST_IN_THE_CAVERNS), ANA_RUNS_HOME)
    assert [(p.name, p.score) for p in result.players] == [("Ana", 30), ("Rex", 0)]
    end = end_of_game(c, mini, result)
    assert end.readings == (
        Reading("mini-contract-mill", "contract", detail="mind-the-mill"),
        Reading("mini-epilogue-1", "epilogue"),
        Reading("mini-copper", "promotion", "Ana", "copper"),  # scored, won, and a goals row: 3
        Reading("mini-dran-1", "dran", detail="1"),
    )
    c = read_aloud(end.campaign, mini, end, {"mini-epilogue-1": [
        ("sticker", "tollbury-tips"), ("destroy_card", "bog-imp"), ("cardporium", "regulation-pitchfork")]})
    cf.save(c)

    c = check_file()
    ana, rex = c.players
    assert (ana.status.checkmarks, ana.status.level) == (3, "copper")
    assert (rex.status.checkmarks, rex.status.level) == (0, "none")
    assert ana.goals.ticked == ["home-for-tea", "thirty-up"] and ana.goals.rows_done == [2]
    assert c.dran_track == [1]
    report = c.mission_reports[0]
    assert (report.game, report.winner, report.escaped, report.scored_zero) == (1, "Ana", ["Ana"], ["Rex"])
    assert c.contract_row == ["mind-the-mill"]
    assert c.passages_seen == ["mini-contract-mill", "mini-epilogue-1", "mini-copper", "mini-dran-1"]
    assert c.game_number == 2 and c.in_progress is None

    # -- game 2: the destroyed card is gone, the Cardporium card is in, the sticker pays -----------
    cf = read_campaign(path)
    c, setup = start_of_game(cf.campaign, mini)
    assert setup.contract_row == ("mind-the-mill", "ledger-of-debts")
    assert setup.destroyed_cards == ("bog-imp",) and setup.cardporium_cards == ("regulation-pitchfork",)
    rules = campaign_position(setup, mini).ruleset
    deck, before = Counter(rules.deck), core_deck()
    assert deck["bog-imp"] == before["bog-imp"] - 1
    assert deck["regulation-pitchfork"] == before["regulation-pitchfork"] + 1
    assert rules.board.spaces["tollbury"].gold == 2
    cf.save(c)
    session, result = play(setup, GAME.format(**REX_LOST_IN_THE_CAVERNS), ANA_RUNS_HOME)
    assert session.game.player("Ana").gold == 2  # the Tollbury Tip Jar
    end = end_of_game(c, mini, result)
    assert end.readings == (
        Reading("mini-contract-mill", "contract", detail="mind-the-mill"),
        Reading("mini-contract-ledger", "contract", detail="ledger-of-debts"),
        Reading("mini-epilogue-2", "epilogue"),
        Reading("mini-silver", "promotion", "Ana", "silver"),  # scored, won, and the Gold row: 6
        Reading("mini-dran-2", "dran", detail="2"),
    )
    c = read_aloud(end.campaign, mini, end, {
        "mini-contract-ledger": [("complete_contract", "ledger-of-debts")],
        "mini-epilogue-2": [("unlock", "signing-bonus")]})
    cf.save(c)

    c = check_file()
    ana, rex = c.players
    assert (ana.status.checkmarks, ana.status.level) == (6, "silver")
    assert ana.goals.rows_done == [2, 1]
    assert c.dran_track == [1, 2]
    assert c.contract_row == ["mind-the-mill"]
    assert c.stickers[0].id == "tollbury-tips" and c.unlocked_rules == ["signing-bonus"]

    # -- game 3: the contract carried over; an unlocked rule gives starting Gold -------------------
    cf = read_campaign(path)
    c, setup = start_of_game(cf.campaign, mini)
    assert setup.contract_row == ("mind-the-mill",) and setup.patron == "explore"
    assert [s.get("gold") for s in campaign_seats(setup)] == [2, 2]
    assert Counter(campaign_position(setup, mini).ruleset.deck)["bog-imp"] == core_deck()["bog-imp"] - 1
    cf.save(c)
    _, result = play(setup, GAME.format(**REX_OUT_ON_THE_MOOR), ANA_RUNS_HOME)
    assert result.of("Rex").score == 5
    end = end_of_game(c, mini, result)
    assert not end.dran_x
    assert [r.passage for r in end.readings] == ["mini-contract-mill", "mini-epilogue-3"]
    cf.save(read_aloud(end.campaign, mini, end, {}))

    c = check_file()
    ana, rex = c.players
    assert (ana.status.checkmarks, rex.status.checkmarks) == (8, 1)
    assert c.dran_track == [1, 2]
    assert [r.winner for r in c.mission_reports] == ["Ana", "Ana", "Ana"]
    assert c.game_number == 4
    assert backup_path(path).exists() and read_campaign(backup_path(path)).campaign.game_number == 3
    with pytest.raises(CampaignError, match="complete"):
        start_of_game(c, mini)
