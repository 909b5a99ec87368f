"""Classic secrets: potions kept until used, boosts and treasure at once, the spring at end of turn,
the dragon egg, the greater secrets and the chalice."""

from __future__ import annotations

import pytest
from scenarios import hand

from clank_story.rules.errors import IllegalCommand


def table_with_secret(tiny, secret: str, **ana):
    table = tiny(ana={"space": "hall", **hand("burgle"), **ana}, rex=hand("burgle"), row=["gem"])
    table.game.secrets["hall"] = [secret]  # arrange: which face-down token lies here
    table.game.turn.may_take = True
    return table


def test_a_potion_is_kept_until_you_use_it(tiny):
    table = table_with_secret(tiny, "pocket-tonic", damage=3)
    table.do("take secret")
    assert table.me.tokens == ("pocket-tonic",) and table.me.damage == 3
    table.do("use pocket tonic")
    assert table.me.tokens == () and table.me.damage == 2


def test_a_kept_potion_can_wait_for_a_later_turn(tiny):
    table = table_with_secret(tiny, "brawn-tonic")
    table.do("take secret", "play burgle", "end", "play burgle", "end", "use brawn")
    assert table.me.swords == 2


def test_a_skill_boost_acts_at_once(tiny):
    table = table_with_secret(tiny, "sudden-competence")
    table.do("take secret")
    assert table.me.skill == 2 and table.me.tokens == ()


def test_a_treasure_gives_gold_at_once(tiny):
    table = table_with_secret(tiny, "loose-change")
    table.do("take secret")
    assert table.me.gold == 2


def test_the_spring_trashes_a_card_at_the_end_of_the_turn(tiny):
    table = table_with_secret(tiny, "wellspring-of-second-thoughts")
    table.do("take secret", "play burgle", "end")
    assert table.game.pending is not None and table.game.pending["q"] == "trash"
    assert table.me.name == "Ana"
    table.do("choose 1")
    assert table.game.player("Ana").trashed == ["burgle"] and table.me.name == "Rex"


def test_the_dragon_egg_is_worth_three_points_and_raises_rage(tiny):
    table = table_with_secret(tiny, "ledger-wyrm-egg")
    rage = table.game.rage
    table.do("take secret")
    assert table.game.rage == rage + 1 and table.me.tokens == ("ledger-wyrm-egg",)


def test_the_chalice_is_worth_seven_points(tiny):
    from clank_story.rules.scoring import token_points

    table = table_with_secret(tiny, "gilded-goblet")
    table.do("take secret")
    assert token_points(table.game, "gilded-goblet") == 7


@pytest.mark.parametrize(("secret", "check"), [
    ("grand-tonic", lambda t: t.do("use grand tonic") and t.me.damage == 2),
    ("stroke-of-genius", lambda t: t.me.skill == 5),
    ("memo-of-insight", lambda t: len(t.game.player("Ana").hand) == 1 + 3),
    ("misplaced-payroll", lambda t: t.me.gold == 5),
])
def test_major_secrets(tiny, secret, check):
    table = table_with_secret(tiny, secret, damage=4, deck=["gem"] * 5)
    table.do("take secret")
    assert check(table)


def test_a_potion_you_do_not_hold_cannot_be_used(tiny):
    table = table_with_secret(tiny, "pocket-tonic")
    with pytest.raises(IllegalCommand, match="no Pocket Tonic"):
        table.do("use pocket tonic")
