"""The shipped cards and boards: they validate, and their numbers are as the design states."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from clank_story.content.boards import reachable
from clank_story.content.library import build_ruleset, catalog

CAT = catalog()
RULES = {name: build_ruleset(CAT, name) for name in ("classic", "legacy")}


@pytest.mark.parametrize("name", ["classic", "legacy"])
def test_each_ruleset_has_a_row_deck_of_one_hundred_cards_of_about_forty_kinds(name):
    deck = RULES[name].deck
    assert len(deck) == 100
    assert 35 <= len(set(deck)) <= 50


@pytest.mark.parametrize("name", ["classic", "legacy"])
def test_about_a_third_of_the_row_deck_shows_the_dragon(name):
    rules = RULES[name]
    dragons = sum(1 for c in rules.deck if rules.cards[c].dragon)
    assert 25 <= dragons <= 40


def test_the_classic_deck_has_monsters_devices_companions_gems_and_points():
    rules = RULES["classic"]
    kinds = Counter(rules.cards[c].kind for c in set(rules.deck))
    types = Counter(t for c in set(rules.deck) for t in rules.cards[c].types)
    assert kinds["monster"] >= 8 and kinds["device"] >= 4
    assert types["companion"] >= 5 and types["gem"] >= 3
    assert any(rules.cards[c].points for c in rules.deck)


def test_the_legacy_deck_has_events_and_danger_cards():
    rules = RULES["legacy"]
    cards = [rules.cards[c] for c in set(rules.deck)]
    assert sum(1 for c in cards if c.kind == "event") >= 6
    assert sum(1 for c in cards if c.danger) >= 4
    assert all(c.block("arrive") for c in cards if c.kind == "event")


@pytest.mark.parametrize("board_id", ["cinder-halls", "brackenmoor"])
def test_a_shipped_board_has_seven_artifacts_from_five_to_thirty(board_id):
    board = CAT.boards[board_id]
    values = sorted(s.artifact for s in board.spaces.values() if s.artifact is not None)
    assert values == [5, 7, 10, 15, 20, 25, 30]
    assert 35 <= len(board.spaces) <= 45


@pytest.mark.parametrize("board_id", ["cinder-halls", "brackenmoor"])
def test_every_space_is_reachable_and_every_artifact_has_a_way_home(board_id):
    board = CAT.boards[board_id]
    assert reachable(board, board.start) == set(board.spaces)
    for sid, space in board.spaces.items():
        if space.artifact is not None:
            assert board.start in reachable(board, sid, keys=False), sid


def test_the_classic_board_has_depths_caves_markets_secrets_a_shrine_and_every_path_kind():
    board = CAT.boards["cinder-halls"]
    spaces = list(board.spaces.values())
    assert any(s.depths for s in spaces) and sum(s.exhausting for s in spaces) >= 2
    assert sum(s.market for s in spaces) >= 2 and any(s.monkey_idols for s in spaces)
    assert sum(1 for s in spaces if s.minor_secrets) >= 6 and sum(1 for s in spaces if s.major_secrets) >= 3
    assert all(any(getattr(p, k) for p in board.paths) for k in ("locked", "one_way", "monsters"))
    assert any(p.boots == 2 for p in board.paths)


def test_the_legacy_board_has_towns_coaches_forests_water_circles_rewards_and_waypoints():
    board = CAT.boards["brackenmoor"]
    spaces = list(board.spaces.values())
    assert sum(s.market for s in spaces) >= 3 and sum(s.coach is not None for s in spaces) >= 4
    assert sum(s.exhausting for s in spaces) >= 4 and sum(s.magic_circle for s in spaces) >= 3
    assert sum(p.water for p in board.paths) >= 3 and any(s.depths for s in spaces)
    assert {s.waypoint for s in spaces if s.waypoint} >= {"101", "102", "103", "104", "105", "106"}


@pytest.mark.parametrize("name", ["classic", "legacy"])
def test_every_card_text_is_generated_from_its_data(name):
    from clank_story.looking.catalogue import cards_text

    text = cards_text(RULES[name])
    for card_id in set(RULES[name].deck):
        assert RULES[name].cards[card_id].name in text


def test_the_card_catalogue_json_lists_card_objects_with_the_contract_keys():
    out = subprocess.run([sys.executable, "-m", "clank_story", "cards", "--ruleset", "legacy", "--json"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    cards = json.loads(out)
    keys = {"id", "name", "kind", "types", "cost", "points", "count", "dragon", "danger"}
    assert all(keys <= set(c) for c in cards)
    assert sum(c["count"] for c in cards if c["id"] in set(RULES["legacy"].deck)) == 100


def test_board_commands_list_and_show_boards_as_text_and_dot():
    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "clank_story", *args], capture_output=True, text=True,
                              timeout=60)

    assert "cinder-halls" in cli("board", "list").stdout
    text = cli("board", "show", "brackenmoor").stdout
    assert "waypoint 101" in text and "water" in text
    dot = cli("board", "show", "cinder-halls", "--format", "dot").stdout
    assert dot.startswith('graph "cinder-halls"') and dot.rstrip().endswith("}")
    missing = cli("board", "show", "atlantis")
    assert missing.returncode == 2 and "no board 'atlantis'" in missing.stderr
