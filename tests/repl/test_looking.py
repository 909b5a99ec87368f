"""Looking commands: what they show, what they refuse, and that they never change the game."""

from __future__ import annotations

import pytest
from playtools import session_from
from scenarios import answer, help_text

from clank_story.looking.help import topics
from clank_story.rules.errors import CommandError
from clank_story.table import verbs

TINY = """
ruleset: classic
board: tiny
seed: 4
players:
  - name: Ana
    space: hall
    hand: [burgle, burgle, sidestep, sword, stumble]
    deck: [gem, burgle, lantern]
    discard: [explore, burgle]
  - name: Rex
    bot: random
    space: shrine
row: [lantern, gem, sword, orc, winch, fright]
deck: [howl, pal]
artifacts: {vault: 20}
"""


@pytest.fixture
def tiny():
    return session_from(TINY)


def test_look_tells_where_you_are_the_paths_and_what_they_cost(tiny):
    text = answer(tiny.game, "look")
    assert "You are in Hall" in text
    assert "Here: 2 secrets" in text
    assert "→ Crystal Cave — 2 Boots" in text
    assert "→ Market — 1 Boot · locked (needs a Master Key)" in text
    assert "→ Entrance — 1 Boot · you need an artifact to go back" in text
    assert "This turn: 0 Skill, 0 Swords, 0 Boots" in text


def test_look_names_the_monsters_on_a_path(tiny):
    tiny.do("play all")
    tiny.do("move shrine")
    assert "→ Nook — 1 Boot, 2 monsters" in answer(tiny.game, "look")
    assert "Also here: Rex." in answer(tiny.game, "look")


def test_hand_shows_each_card_once_with_its_effect_and_count(tiny):
    text = answer(tiny.game, "hand")
    assert "In hand (5):" in text
    assert "  Burgle ×2 — +1 Skill" in text
    assert "  Sword — +2 Swords" in text


def test_hand_shows_the_cards_in_play_and_this_turns_pools(tiny):
    tiny.do("play sword")
    text = answer(tiny.game, "hand")
    assert "In play: Sword." in text and "This turn: 0 Skill · 2 Swords · 0 Boots." in text


def test_an_empty_hand_says_so(tiny):
    tiny.do("play all")
    assert answer(tiny.game, "hand").startswith("Your hand is empty.")


def test_row_lists_cost_and_effect_and_marks_what_you_can_afford(tiny):
    tiny.do("play all")  # 2 Skill, 2 Swords
    text = answer(tiny.game, "row")
    assert text.startswith("The Dungeon Row (2 cards left in the dungeon deck):")
    assert "✓ Sword — item, 2 Skill · +2 Swords" in text
    assert "    Lantern — item, 3 Skill · +1 Skill, +1 Boot · on acquire: +1 Clank" in text
    assert "    Orc — monster, 3 Swords · defeated: +4 Gold" in text
    assert "A Danger card is in the row" in text
    assert "✓ marks what you can afford now." in text


def test_reserve_shows_piles_left_and_the_goblin_always_there(tiny):
    text = answer(tiny.game, "reserve")
    assert "Mercenary — item, 2 Skill · +2 Swords, +1 Skill (15 left)" in text
    assert "Goblin — monster, 2 Swords · defeated: +1 Gold (always there)" in text


def test_status_shows_every_player_the_rage_and_the_bag(tiny):
    text = answer(tiny.game, "status")
    assert "The dragon's rage is at space 3 of 7: 3 cubes per attack, +1 for Danger cards." in text
    assert "The dragon bag: black 24, Ana 0, Rex 0." in text
    assert "▸ Ana — Hall · health 10/10 · Clank 3 · Gold 0" in text
    assert "  Rex (random) — Shrine" in text


def test_deck_lists_contents_in_name_order_never_the_order_they_will_be_drawn(tiny):
    text = answer(tiny.game, "deck")
    assert "Your deck: 3 cards, in an order you do not know:" in text
    assert "  Burgle, Gem, Lantern." in text
    other = session_from(TINY.replace("deck: [gem, burgle, lantern]", "deck: [lantern, gem, burgle]"))
    assert answer(other.game, "deck") == text


def test_discard_lists_the_pile_and_what_was_trashed(tiny):
    assert "Your discard pile: 2 cards:\n  Burgle, Explore." in answer(tiny.game, "discard")
    tiny.game.me.trashed.append("stumble")
    assert "Trashed this game: Stumble." in answer(tiny.game, "discard")


def test_an_empty_deck_says_the_discard_pile_comes_next():
    session = session_from(TINY.replace("deck: [gem, burgle, lantern]", "deck: []"))
    assert answer(session.game, "deck").startswith("Your deck is empty; the discard pile (2)")


def test_map_draws_the_spaces_within_two_steps_each_once(tiny):
    text = answer(tiny.game, "map")
    lines = text.splitlines()
    assert lines[0] == "Within 2 steps of Hall:"
    assert lines[1] == "Hall (you) [2 secrets]"
    assert "├─ Crystal Cave — 2 Boots [exhausting]" in text
    assert "│  └─ Vault — 1 Boot, 1 monster [an artifact worth 20, the depths]" in text
    assert sum("Nook" in line for line in lines) == 1
    assert "Shrine — 1 Boot [2 monkey idols, heal 1 once a turn, Rex here]" in text


def test_map_takes_a_number_of_steps(tiny):
    assert "Vault" not in answer(tiny.game, "map 1")
    assert answer(tiny.game, "map 1").startswith("One step from Hall:")


def test_card_shows_the_full_text_and_where_copies_are(tiny):
    text = answer(tiny.game, "card lantern")
    assert text.splitlines()[0] == "Lantern — item, 3 Skill"
    assert "  +1 Skill, +1 Boot" in text and "  on acquire: +1 Clank" in text
    assert "Now: in the row, 1 in your deck." in text


def test_card_reads_conditions_and_choices(tiny):
    assert "if you played another companion card: draw 1" in answer(tiny.game, "card pal")
    assert "choose one: +2 Skill or +2 Swords" in answer(tiny.game, "card choice")


def test_card_knows_secrets_and_market_items(tiny):
    assert answer(tiny.game, "card pocket tonic").startswith("Pocket Tonic — minor secret")
    assert "Kept until you `use` it." in answer(tiny.game, "card pocket tonic")
    assert answer(tiny.game, "card master key").startswith("Master Key — market item, 7 Gold")


def test_score_adds_up_what_each_player_would_score_now(tiny):
    tiny.game.me.artifacts.append(20)
    tiny.game.me.gold = 3
    text = answer(tiny.game, "score")
    assert text.startswith("Scores if the game ended now:")
    assert "Ana   26  = artifact 20 + Gold 3 + cards 3" in text  # the Gem in her deck: 3
    assert "Rex    0  (no artifact — scores 0)" in text


def test_help_lists_every_command_with_what_it_does():
    text = answer(session_from(TINY).game, "help")
    for topic, entry in topics().items():
        assert entry["usage"] in text, topic
    assert all(len(line) <= 78 for line in text.splitlines())


@pytest.mark.parametrize("topic", ["play", "acquire", "move", "undo", "map"])
def test_help_on_a_command_gives_usage_and_examples(topic):
    text = help_text(topic)
    entry = topics()[topic]
    assert text.startswith(f"Usage: {entry['usage']}")
    assert all(f"  {example}" in text for example in entry["examples"])


def test_help_finds_a_command_by_its_alias_or_start():
    assert help_text("buy").startswith("Usage: acquire CARD")
    assert help_text("tele").startswith("Usage: teleport SPACE")


# -- refusals ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("line", "says"), [
    ("card", "card what? Name a card, secret or market item"),
    ("card zebra", "nothing called 'zebra' in this game (the row holds: Lantern, Gem"),
    ("card b", "'b' could mean"),
    ("help xyzzy", "there is no help on 'xyzzy' (topics: play, acquire"),
    ("help m", "'m' could be help on map, market, monsters, move, movement"),
    ("look around", "`look` takes nothing after it — just type `look`."),
    ("hand 2", "`hand` takes nothing after it"),
    ("map far", "`map` takes a number of steps from 1 to 4, not 'far'."),
    ("map 9", "`map` takes a number of steps from 1 to 4, not '9'."),
])
def test_a_looking_command_refuses_with_a_sentence_that_quotes_the_input(tiny, line, says):
    with pytest.raises(CommandError) as refused:
        answer(tiny.game, line)
    assert str(refused.value).startswith(line + ": ")
    assert says in str(refused.value)


# -- never a change ----------------------------------------------------------------------------------
@pytest.mark.parametrize("line", ["look", "hand", "row", "reserve", "status", "deck", "discard", "map", "map 3",
                                  "card lantern", "score", "help", "help move"])
def test_looking_never_changes_the_game_not_even_its_rng(tiny, line):
    tiny.do("play all")
    before = tiny.game.to_dict()
    answer(tiny.game, line)
    assert tiny.game.to_dict() == before


def test_a_game_command_is_not_a_looking_command(tiny):
    assert answer(tiny.game, "play all") is None
    assert answer(tiny.game, "") is None


@pytest.mark.parametrize(("word", "verb"), [("sta", "status"), ("lo", "look"), ("de", "deck"), ("ha", "hand"),
                                             ("q", "quit"), ("e", "end"), ("l", "look"), ("x", "card"),
                                             ("i", "hand"), ("?", "help"), ("b", "acquire"), ("bu", "acquire")])
def test_a_verb_may_be_shortened_while_it_stays_unique(word, verb):
    assert verbs.find(word).name == verb


@pytest.mark.parametrize(("word", "options"), [("s", "status, score, save"), ("d", "deck, discard"),
                                                ("c", "coach, choose, card, contracts")])
def test_a_shortened_verb_that_fits_several_lists_them(word, options):
    with pytest.raises(CommandError, match=f"'{word}' could be {options} — type more of the word."):
        verbs.find(word)
