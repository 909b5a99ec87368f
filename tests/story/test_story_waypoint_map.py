"""A campaign game may give a board's waypoint numbers passages of its own."""

from __future__ import annotations

from scenarios import make_table
from story.conftest import BOOK, at_the_wood

from clank_story.table.session import attach_book


def test_a_game_can_send_a_waypoint_number_to_a_passage_of_its_own():
    seats = [at_the_wood(), {"name": "Rex", "hand": ["burgle"] * 5, "deck": [], "discard": []}]
    table = make_table("legacy", "tiny-legacy", seats)
    attach_book(table.session, BOOK, waypoints={"12": "13"})
    table.session.opening()
    events = table.do("play sidestep", "move well")
    opened = [e.passage for e in events if e.kind == "PassageOpened"]
    assert opened[:1] == ["13"]
