"""Content in the player's language: names come from the overlay, data never changes, and a card or
space may still be typed by its English name."""

from __future__ import annotations

from scenarios import hand

from clank_story.words import speaking


def test_names_come_from_the_overlay_and_the_data_stays(tiny):
    with speaking("ja"):
        table = tiny(ana=hand("burgle", "burgle", "burgle", "sidestep", "stumble"), row=["lantern", "gem"])
        game = table.game
        assert game.card("lantern").name == "ランタン" and game.card("lantern").flavor == "暗がりを照らす"
        assert game.card("gem").name == "宝石"
        assert game.card("lantern").cost == 3 and game.card("lantern").block("play") == \
            tiny().game.card("lantern").block("play")
        assert game.board.spaces["hall"].name == "広間" and game.board.name == "小さな試験盤"
        assert game.card("sword").name == "Sword"  # not translated: English for that one name


def test_a_translated_card_or_space_is_typed_by_either_name_or_its_id(tiny):
    with speaking("ja"):
        for name in ("ランタン", "Lantern", "lantern"):
            table = tiny(ana=hand("burgle", "burgle", "burgle", "sidestep", "stumble"), row=["lantern"])
            table.do("play all", f"acquire {name}")
            assert "lantern" in table.game.me.discard
        for name in ("広間", "Hall"):
            table = tiny(ana=hand("sidestep", "burgle", "burgle", "burgle", "burgle"))
            table.do("play all", f"move {name}")
            assert table.game.me.space == "hall"


def test_each_language_reads_its_own_overlay(tiny):
    with speaking("pt-BR"):
        assert tiny().game.card("lantern").name == "Lanterna"
    with speaking("en"):
        assert tiny().game.card("lantern").name == "Lantern"
