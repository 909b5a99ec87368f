"""Two small engine additions the solo director stands on: cubes of no player in the dragon bag, and
plain notes kept in the game state."""

from __future__ import annotations

from scenarios import hand

from clank_story.rules.state import Game


def test_a_cube_of_no_player_drawn_by_the_dragon_is_set_aside_and_reported(tiny):
    table = tiny(ana={**hand("alarm"), "clank": 0}, rex={"clank": 0}, bag={"black": 0, "Ana": 0})
    table.game.clank_area["threat"] = 3
    events = table.do("play alarm")
    attack = next(e for e in events if e.kind == "DragonAttacked")
    assert attack.neutral == {"threat": 3} and attack.hits == {}
    assert table.game.player("Ana").damage == 0 and table.game.bag["threat"] == 0


def test_notes_in_the_game_state_survive_a_save_and_load(tiny):
    table = tiny()
    table.game.notes["solo"] = {"threat": 2, "task": {"kind": "slay", "turns": 2}}
    again = Game.from_dict(table.game.to_dict(), table.game.ruleset)
    assert again.notes == table.game.notes
    assert again.to_dict() == table.game.to_dict()
