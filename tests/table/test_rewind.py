"""A script's line that fails halfway (a bug) or is cut short (Ctrl-C) is taken back exactly, though a
script keeps one snapshot, taken as its first line came in, instead of one a line (table/rewind.py): the
game, the story and the narrator are as they were when the line came in, and the game played on is the
same game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clank_story.bots import make_bot
from clank_story.rules import engine
from clank_story.table.opening import OneShot, Options, open_game, play_seats
from clank_story.table.table import Table


def script_table(ruleset: str, seed: int) -> Table:
    """A one-shot game with you and three bot rivals, driven as `run` drives a script."""
    table = open_game(OneShot(ruleset, seed=seed, seats=play_seats(None, 3, "random", False)), Options(save=False))
    table.interactive = False
    table.opening()
    return table


def next_line(table: Table, side: random.Random) -> str:
    """Your next command, chosen at random from a side RNG (the game's own RNG is not drawn on)."""
    game = table.game
    real, game.rng = game.rng, side
    try:
        return str(make_bot("random").choose(game))
    finally:
        game.rng = real


def as_it_was(table: Table) -> tuple:
    return table.game.to_dict(), table.story_state(), table.narrator.state()


class Broken(Exception):
    pass


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(["classic", "legacy"]), seed=st.integers(0, 10_000), every=st.integers(2, 7),
       failure=st.sampled_from(["narration", "rules"]))
def test_a_line_that_fails_halfway_is_taken_back_exactly_and_the_game_goes_on_the_same(ruleset, seed, every,
                                                                                      failure):
    table, clean = script_table(ruleset, seed), script_table(ruleset, seed)
    if ruleset == "legacy":
        assert table.session.story is not None  # the Book of Secrets reads along
    side = random.Random(seed)
    for n in range(400):
        if table.game.over:
            break
        line = next_line(table, side)
        if n % every == every - 1:
            before = as_it_was(table)
            # the narrator's telling, or the engine's doing of a command `apply` has judged legal
            broken = table.narrator if failure == "narration" else engine
            name = "tell" if failure == "narration" else "perform"
            real = getattr(broken, name)

            fired: list[bool] = []

            def fail_after(*args, real=real, fired=fired):
                out = real(*args)  # the game (or the story) has changed by now
                if fired:  # a bug of this line only: the lines played again to take it back pass
                    return out
                fired.append(True)
                raise Broken("halfway")

            setattr(broken, name, fail_after)
            try:
                reply = table.handle(line)
            finally:
                if broken is engine:
                    setattr(broken, name, real)
                else:
                    delattr(broken, name)
            assert reply.refused and reply.lines[0].tag == "bug"
            assert as_it_was(table) == before
        assert not table.handle(line).refused
        assert not clean.handle(line).refused
    assert table.game.to_dict() == clean.game.to_dict()
    assert table.story_state() == clean.story_state()


def test_ctrl_c_in_a_script_takes_the_line_back():
    table = script_table("legacy", 5)
    side = random.Random(5)
    for _ in range(12):
        table.handle(next_line(table, side))
    before = as_it_was(table)
    real = table.narrator.tell

    def interrupted(*args):
        real(*args)
        raise KeyboardInterrupt

    table.narrator.tell = interrupted
    reply = table.handle(next_line(table, side))
    assert reply.quit and as_it_was(table) == before


def test_a_script_keeps_one_snapshot_for_the_whole_game_not_one_a_line(monkeypatch):
    seats = tuple({"name": name} for name in ("Ana", "Bo", "Cy", "Di"))  # four people: a turn each
    table = open_game(OneShot("classic", seed=3, seats=seats), Options(save=False))
    table.interactive = False
    table.opening()
    taken: list[int] = []
    real = Table.snapshot
    monkeypatch.setattr(Table, "snapshot", lambda self, command="": taken.append(1) or real(self, command))
    side = random.Random(3)
    lines, turns = 0, set()
    while not table.game.over and lines < 400:
        turns.add((table.game.turn_number, table.game.active))  # the turns lines came in at
        table.handle(next_line(table, side))
        lines += 1
    assert lines > 2 * len(turns) > 40
    assert taken == [1]
    assert table.history == []  # a script has no undo


def test_a_bug_late_in_a_long_game_is_taken_back_from_the_scripts_first_line():
    table = script_table("classic", 11)
    side = random.Random(11)
    while table.game.turn_number < 6:  # many turns of you and three rivals since the first line
        assert not table.handle(next_line(table, side)).refused
    assert not table.game.over
    line = next_line(table, side)
    before = as_it_was(table)
    real = engine.perform
    fired: list[bool] = []

    def broken(*args):
        out = real(*args)  # the game has changed by now
        if fired:  # the lines played again to take it back pass
            return out
        fired.append(True)
        raise Broken("late")

    engine.perform = broken
    try:
        reply = table.handle(line)
    finally:
        engine.perform = real
    assert reply.refused and reply.lines[0].tag == "bug"
    assert as_it_was(table) == before
    assert not table.handle(line).refused
