"""Going off the clock, the classic countdown, legacy off-the-clock draws, scoring."""

from __future__ import annotations

from scenarios import hand


def escape_ana(table):
    return table.do("play sidestep", "move hq")


def test_the_first_player_out_starts_the_countdown(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, **hand("sidestep")}, rex=hand("burgle"), row=["gem"])
    escape_ana(table)
    assert table.game.countdown == 1


def test_countdown_spaces_two_to_four_attack_with_one_to_three_extra_cubes(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, **hand("sidestep")},
                 rex={**hand("burgle"), "deck": ["burgle"] * 20, "clank": 0},
                 row=["gem"], deck=["gem"] * 3, bag={"black": 24}, rage=1)
    escape_ana(table)
    table.do("end")
    cubes = []
    for _ in range(3):
        events = table.do("play all", "end")
        cubes += [e.cubes for e in events if e.kind == "DragonAttacked" and e.reason == "countdown"]
    assert cubes == [2 + 1, 2 + 2, 2 + 3]
    assert table.game.countdown == 4


def test_countdown_space_five_knocks_out_everyone_left(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, **hand("sidestep")},
                 rex={**hand("burgle"), "deck": ["burgle"] * 25, "clank": 0},
                 row=["gem"], deck=["gem"] * 3, bag={"black": 24})
    escape_ana(table)
    table.do("end")
    for _ in range(4):
        table.do("play all", "end")
    game = table.game
    assert game.over and game.player("Rex").status == "knocked_out"


def test_cubes_of_players_already_out_drawn_in_an_attack_are_not_damage(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, **hand("sidestep")},
                 rex={**hand("burgle"), "deck": ["burgle"] * 5, "clank": 0},
                 row=["gem"], bag={"black": 0, "Ana": 6}, rage=1)
    escape_ana(table)
    table.do("end", "play all", "end")
    ana = table.game.player("Ana")
    assert ana.damage == 0 and table.cubes_conserved()


def test_legacy_players_off_the_clock_draw_six_cubes_in_a_two_player_game(tiny_legacy):
    table = tiny_legacy(ana={"space": "lane", "artifact": 10, **hand("sidestep")},
                        rex={**hand("burgle"), "deck": ["burgle"] * 10, "clank": 0},
                        row=["gem"], deck=["gem"] * 5, bag={"black": 20}, rage=1)
    events = table.do("play sidestep", "move hq", "end", "play all", "end")
    draws = [e.cubes for e in events if e.kind == "DragonAttacked" and e.reason == "off_clock"]
    assert draws == [6]


def test_legacy_players_off_the_clock_draw_four_cubes_with_more_players(tiny_legacy):
    table = tiny_legacy(ana={"space": "lane", "artifact": 10, **hand("sidestep")},
                        rex={**hand("burgle"), "deck": ["burgle"] * 10, "clank": 0},
                        more=[{"name": "Sol", **hand("burgle"), "deck": ["burgle"] * 10, "clank": 0}],
                        row=["gem"], deck=["gem"] * 5, bag={"black": 20}, rage=1)
    events = table.do("play sidestep", "move hq", "end", "play all", "end", "play all", "end")
    draws = [e.cubes for e in events if e.kind == "DragonAttacked" and e.reason == "off_clock"]
    assert draws == [4]


def test_an_empty_dragon_bag_after_an_attack_ends_the_legacy_game(tiny_legacy):
    table = tiny_legacy(ana={**hand("burgle"), "clank": 0, "space": "lane", "artifact": 10},
                        rex={"clank": 0, "space": "lane"}, row=[], deck=["howl"], bag={"black": 2}, rage=1)
    events = table.do("play burgle", "end")
    over = next(e for e in events if e.kind == "GameOver")
    assert over.reason == "empty_bag"
    assert {p.status for p in table.game.players} == {"knocked_out"}


def test_the_game_ends_when_every_player_is_out(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, **hand("sidestep")},
                 rex={"space": "hall", "artifact": 5, **hand("sidestep")}, row=["gem"])
    events = table.do("play sidestep", "move hq", "end", "play sidestep", "move hq")
    assert table.game.over and events[-1].kind == "GameOver"


def test_scoring_adds_artifact_tokens_gold_card_points_and_twenty_for_escaping(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, "gold": 4, "tokens": ["crown-10", "monkey-idol"],
                      "hand": ["sidestep"], "deck": ["gem"], "discard": ["secret-tome"]},
                 rex={"space": "hall", "artifact": 5, **hand("sidestep")}, row=["gem"])
    table.do("play sidestep", "move hq", "end", "play sidestep", "move hq")
    assert table.game.player("Ana").score == 20 + 10 + 5 + 4 + 3 + 7 + 20


def test_a_knocked_out_player_without_an_artifact_scores_nothing(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, **hand("sidestep")},
                 rex={**hand("thorn"), "space": "hall", "damage": 9, "gold": 30}, row=["gem"])
    table.do("play sidestep", "move hq", "end", "play thorn")
    rex = table.game.player("Rex")
    assert rex.status == "knocked_out" and rex.score == 0


def test_a_player_knocked_out_in_the_depths_scores_nothing(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, **hand("sidestep")},
                 rex={**hand("thorn"), "space": "vault", "artifact": 25, "damage": 9}, row=["gem"])
    table.do("play sidestep", "move hq", "end", "play thorn")
    assert table.game.player("Rex").score == 0


def test_a_player_knocked_out_above_the_depths_with_an_artifact_still_scores(tiny):
    table = tiny(ana={"space": "hall", "artifact": 20, **hand("sidestep")},
                 rex={**hand("thorn"), "space": "hall", "artifact": 5, "damage": 9, "gold": 3}, row=["gem"])
    table.do("play sidestep", "move hq", "end", "play thorn")
    assert table.game.player("Rex").score == 5 + 3


def test_a_tie_goes_to_the_most_valuable_artifact(tiny):
    table = tiny(ana={"space": "hall", "artifact": 5, "gold": 15, **hand("sidestep")},
                 rex={"space": "hall", "artifact": 20, **hand("sidestep")}, row=["gem"])
    events = table.do("play sidestep", "move hq", "end", "play sidestep", "move hq")
    over = events[-1]
    assert over.scores == {"Ana": 40, "Rex": 40} and over.winner == "Rex"
