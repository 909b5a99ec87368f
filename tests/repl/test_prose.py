"""Prose narration: templates with variants, numbers beside the prose, paragraphs for the big
moments, rivals summarised, and never a draw on the game's RNG."""

from __future__ import annotations

import pytest
from playtools import session_from

from clank_story.narrate.prose import ProseNarrator, _compiled, _fill, _template
from clank_story.rules import events as ev
from clank_story.words import section

SOLO = """
ruleset: classic
board: tiny
seed: 9
players:
  - name: Ana
    space: hall
    hand: [burgle, burgle, sidestep, sword, stumble]
    deck: [burgle, burgle, burgle, burgle, burgle]
  - name: Rex
    bot: random
row: [lantern, gem, sword, orc, winch, choice]
deck: [howl, pal, hush, racket, drake, boots, medic, thorn]
"""


def flat(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


@pytest.fixture
def game_and_narrator():
    session = session_from(SOLO)
    narrator = ProseNarrator(9)
    narrator.lines(session.game, session.opening())
    return session, narrator


def test_narrating_never_draws_on_the_games_rng(game_and_narrator):
    session, narrator = game_and_narrator
    events = session.do("play all") + session.do("end")
    state = session.game.rng.getstate()
    narrator.lines(session.game, events)
    assert session.game.rng.getstate() == state


def test_the_same_seed_and_events_give_the_same_words():
    texts = []
    for _ in range(2):
        session = session_from(SOLO)
        narrator = ProseNarrator(9)
        out = narrator.lines(session.game, session.opening())
        for line in ("play all", "move shrine", "end"):
            out += narrator.lines(session.game, session.do(line))
        texts.append(out)
    assert texts[0] == texts[1]


def test_the_variant_depends_on_the_seed_not_on_chance():
    seen = set()
    for seed in range(12):
        narrator = ProseNarrator(seed)
        narrator.owner, narrator.turn = "Ana", 1
        seen.add(narrator.render("play", {"player": "Ana", "cards": "Burgle", "count": 1}, True))
    assert len(seen) == len(section("narrate.prose")["play"])


def test_cards_played_together_are_one_sentence_with_their_numbers_beside(game_and_narrator):
    session, narrator = game_and_narrator
    text = flat(narrator.lines(session.game, session.do("play all")))
    assert "Burgle ×2, Sidestep, Sword and Stumble" in text
    assert text.endswith("(+2 Skill, +2 Swords, +1 Boot, +1 Clank)")


def test_the_person_at_the_keyboard_is_you_and_rivals_are_named(game_and_narrator):
    session, narrator = game_and_narrator
    assert flat(narrator.lines(session.game, session.do("play all"))).startswith(("You ", "Out come"))


def test_a_rivals_turn_is_one_short_paragraph(game_and_narrator):
    session, narrator = game_and_narrator
    session.do("play all")
    lines = narrator.tell(session.game, session.do("end"))
    rival = [line for line in lines if line.tag == "rival"]
    assert len(rival) == 1 and "Rex" in rival[0].text and "plays 5 cards" in rival[0].text
    assert not any("Rex plays Burgle" in line.text for line in lines)


def test_verbose_tells_a_rivals_turn_beat_by_beat(game_and_narrator):
    session, _ = game_and_narrator
    narrator = ProseNarrator(9, verbose=True)
    session.do("play all")
    lines = narrator.tell(session.game, session.do("end"))
    assert any(line.tag == "header" and "Rex" in line.text for line in lines)
    assert any(line.tag == "beat" and line.text.startswith(("Rex plays", "Rex lays", "Out of Rex's hand")) for line in lines)


def test_a_dragon_attack_is_a_paragraph_with_the_cubes_beside_it():
    session = session_from(SOLO)
    narrator = ProseNarrator(1)
    attack = ev.DragonAttacked(4, {"Ana": 2, "Rex": 1}, black=1, reason="row")
    [paragraph] = [line for line in narrator.tell(session.game, [attack]) if line.tag != "blank"]
    assert paragraph.tag == "dragon"
    text = " ".join(paragraph.text.split())
    assert "you and Rex" in text and text.endswith("(4 cubes drawn: you 2, Rex 1, black 1)")
    assert "Vorsacht" in text


def test_a_knock_out_and_an_escape_are_paragraphs_told_to_you_or_about_them():
    session = session_from(SOLO)
    narrator = ProseNarrator(1)
    out = narrator.tell(session.game, [ev.KnockedOut("Ana", True), ev.Escaped("Rex")])
    paragraphs = [line for line in out if line.tag == "paragraph"]
    assert len(paragraphs) == 2
    assert "you score nothing" in " ".join(paragraphs[0].text.split())
    assert paragraphs[1].text.startswith("Rex ")


def test_the_end_of_the_game_tells_the_winner_and_lists_the_scores(game_and_narrator):
    session, narrator = game_and_narrator
    game = session.game
    game.over = True
    game.players[0].score, game.players[1].score = 31, 12
    [over] = [line for line in narrator.tell(game, [ev.GameOver({"Ana": 31, "Rex": 12}, "Ana", "all_out")])
              if line.tag != "blank"]
    assert over.tag == "over"
    text = " ".join(over.text.split())
    assert "You win, by 19 points." in text or "You come out on top, 19 points clear." in text
    assert over.text.splitlines()[-2:][0].startswith("  Ana   31")


def test_every_line_fits_the_width():
    session = session_from(SOLO)
    narrator = ProseNarrator(5, width=40)
    lines = narrator.lines(session.game, session.opening() + session.do("play all"))
    assert all(len(row) <= 40 for line in lines for row in line.splitlines())


SAMPLE = {"player": "Rex", "turn": 3, "space": "Hall", "hand": "Burgle", "cards": "Burgle ×2", "count": 2,
          "card": "Lantern", "origin": "Hall", "to": "Vault", "value": 20, "token": "Pocket Tonic", "item": "Backpack",
          "pile": "hand", "passage": "12", "option": 1, "effect": "flag", "source": "Gem", "reshuffled": True,
          "deeds": "plays 5 cards", "reason": "row", "cubes": 4, "hurt": "Rex", "single": True, "zero": True,
          "depths": False, "others_below": True, "winner": "Rex", "winner_you": False, "margin": 3, "legacy": True,
          "title": "The Old Well", "label": "Walk on", "name": "Well Survey", "sticker": "gold-star",
          "rule": "night-shift", "monsters": 1, "dragon": "Vorsacht", "company": "Gilt & Gristle", "text": "The well has been surveyed to death."}


@pytest.mark.parametrize("kind", sorted(section("narrate.prose")))
def test_every_variant_of_every_template_renders(kind):
    for variant in section("narrate.prose")[kind]:
        forms = variant.values() if isinstance(variant, dict) else [variant]
        for source in forms:
            text = _template(source).render(**SAMPLE)
            assert text.strip() and "{{" not in text and "{%" not in text, (kind, source)


@pytest.mark.parametrize("kind", sorted(section("narrate.prose")))
def test_every_variant_reads_the_same_without_jinja(kind):
    for variant in section("narrate.prose")[kind]:
        for source in (variant.values() if isinstance(variant, dict) else [variant]):
            assert _compiled(source) is not None, (kind, source)
            assert _fill(source, SAMPLE) == _template(source).render(**SAMPLE), (kind, source)


def test_what_narrate_template_does_not_speak_is_left_to_jinja():
    assert _compiled("— Turn {{ turn }}: {{player}} —") is not None
    assert _compiled("{{ 'squelch' if legacy else 'creep' }}") is not None
    assert _compiled("{% if zero %}nothing{% endif %}") is not None
    assert _compiled("{{ player | upper }}") is None


def test_the_first_turn_of_a_classic_game_is_told_without_importing_jinja():
    import subprocess
    import sys

    from playtools import CORRIDOR

    code = (f"from playtools import session_from; from pathlib import Path; import sys\n"
            f"from clank_story.narrate.prose import ProseNarrator\n"
            f"s = session_from(path=Path({str(CORRIDOR)!r}))\n"
            f"assert ProseNarrator(1).lines(s.game, s.opening())\n"
            f"print('jinja2' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(CORRIDOR.parent.parent))
    assert out.stdout.strip() == "False"


def test_a_broken_template_falls_back_to_the_plain_line(game_and_narrator, monkeypatch):
    session, narrator = game_and_narrator
    monkeypatch.setitem(narrator.prose, "play", ["{{ no_such_name }}"])
    text = flat(narrator.lines(session.game, session.do("play burgle")))
    assert text.startswith("You play Burgle.")  # Ana is the one person at the keyboard: "you"


def test_the_last_burglar_out_is_not_told_that_others_are_still_below():
    """Every way of telling an escape: 'the others are still down there' only while someone is."""
    narrator = ProseNarrator(1)
    told = {True: set(), False: set()}
    for others_below in (True, False):
        for _ in range(40):  # every variant, in both persons
            for you in (True, False):
                ctx = {"player": "Rex", "value": 10, "others_below": others_below}
                told[others_below].add(narrator.render("escaped", ctx, you))
    assert any("still down there" in text for text in told[True])
    assert not any("still down there" in text for text in told[False])
