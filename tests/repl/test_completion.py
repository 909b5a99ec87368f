"""Tab completion offers what is legal now, and works without prompt_toolkit."""

from __future__ import annotations

import subprocess
import sys

import pytest
from playtools import session_from

from clank_story.repl.completion import complete

TINY = """
ruleset: classic
board: tiny
seed: 4
players:
  - name: Ana
    space: hall
    hand: [burgle, burgle, sidestep, sword, scramble]
    deck: [gem, burgle, lantern]
  - name: Rex
    bot: random
row: [lantern, gem, sword, orc, winch, choice]
deck: [howl, pal]
artifacts: {vault: 20}
"""


@pytest.fixture
def tiny():
    return session_from(TINY)


def texts(game, typed: str) -> list[str]:
    return [c.text for c in complete(game, typed)]


def test_at_the_start_of_a_line_it_offers_the_verbs_that_can_do_something_now(tiny):
    verbs = texts(tiny.game, "")
    assert verbs[:2] == ["play", "take"]  # she stands on secrets; no Skill, Swords or Boots yet
    assert "acquire" not in verbs and "move" not in verbs and "end" not in verbs
    assert {"look", "hand", "row", "status", "help", "undo", "save", "quit"} <= set(verbs)


def test_verbs_complete_from_their_first_letters_with_what_they_do(tiny):
    [play] = complete(tiny.game, "pl")
    assert (play.text, play.start) == ("play", -2)
    assert play.meta == "play a card from your hand, or all of them"


def test_after_play_only_cards_in_hand_and_all(tiny):
    offered = complete(tiny.game, "play ")
    assert [c.text for c in offered] == ["burgle", "sidestep", "sword", "scramble", "all"]
    assert offered[0].display == "Burgle" and offered[0].meta == "+1 Skill"


def test_a_partly_typed_name_is_replaced_by_the_id(tiny):
    [sword] = complete(tiny.game, "play Sw")
    assert (sword.text, sword.start, sword.display) == ("sword", -2, "Sword")


def test_after_move_only_reachable_spaces_with_the_cost_as_meta(tiny):
    tiny.do("play all")  # 2 Skill, 2 Swords, 2 Boots
    offered = {c.text: c.meta for c in complete(tiny.game, "move ")}
    assert offered == {"cave": "2 Boots", "shrine": "1 Boot"}  # locked Market, and no way back without an artifact


def test_a_monster_path_shows_its_monsters(tiny):
    tiny.do("play all")
    tiny.do("move shrine")
    tiny.game.turn.boots = 1
    assert {c.text: c.meta for c in complete(tiny.game, "move ")}["nook"] == "1 Boot, 2 monsters"


def test_a_later_word_of_a_name_is_enough(tiny):
    tiny.do("play all")
    assert texts(tiny.game, "move cry") == ["cave"]
    assert texts(tiny.game, "move cave") == ["cave"]


def test_acquire_offers_only_what_you_can_afford_with_its_price(tiny):
    tiny.do("play all")  # 3 Skill
    offered = {c.text: c.meta for c in complete(tiny.game, "buy ")}
    assert offered == {"lantern": "3 Skill", "sword": "2 Skill", "choice": "3 Skill", "mercenary": "2 Skill",
                       "explore": "3 Skill"}  # not the Gem (4)


def test_fight_offers_monsters_you_have_the_swords_for(tiny):
    tiny.do("play all")
    assert {c.text: c.meta for c in complete(tiny.game, "fight ")} == {"goblin": "2 Swords"}


def test_choose_offers_the_options_of_the_question(tiny):
    tiny.game.turn.skill = 3
    tiny.do("acquire choice")
    tiny.game.me.hand.append("choice")
    tiny.do("play choice")
    offered = complete(tiny.game, "choose ")
    assert [(c.text, c.meta) for c in offered] == [("1", "+2 Skill"), ("2", "+2 Swords")]
    assert texts(tiny.game, "")[0] == "choose"


def test_card_offers_every_card_secret_and_item(tiny):
    assert texts(tiny.game, "card mas") == ["master-key"]
    assert "pocket-tonic" in texts(tiny.game, "card ")


def test_help_offers_the_topics(tiny):
    assert texts(tiny.game, "help und") == ["undo"]


def test_an_unknown_verb_has_nothing_to_complete(tiny):
    assert complete(tiny.game, "dance ") == []


def test_completion_never_changes_the_game(tiny):
    before = tiny.game.to_dict()
    for typed in ["", "p", "play ", "move ", "acquire ", "card ", "choose ", "help "]:
        complete(tiny.game, typed)
    assert tiny.game.to_dict() == before


def test_only_the_repl_package_imports_prompt_toolkit():
    code = ("import sys; import clank_story.repl.completion, clank_story.looking, clank_story.table.dispatch, "
            "clank_story.repl.start, clank_story.table.scripts, clank_story.cli.main; "
            "print('prompt_toolkit' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_tab_offers_the_words_the_players_language_adds_for_a_verb(tiny):
    from clank_story.words import speaking

    with speaking("pt-BR"):
        shown = [c.text for c in complete(tiny.game, "jo")]
        assert "jogar" in shown
        assert "jogar" not in [c.text for c in complete(tiny.game, "")]  # an empty line offers the English names
    with speaking("en"):
        assert [c.text for c in complete(tiny.game, "jo")] == []
