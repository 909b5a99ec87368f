"""A passage calls the person at the keyboard "you", as the rest of the game does: the helpers that
name players (`is you`, `you_and_list`, `you_or_name`, `agree`, `capfirst`) in English, Japanese and
Portuguese, with one person at the keyboard, in a hot-seat game and with bots only; and the shipped
epilogues, which say "you" where they once said the player's own name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from scenarios import make_table

from clank_story.authoring.preview import preview
from clank_story.rules.view import views
from clank_story.story.render import compile_template, render
from clank_story.words import say, speaking

HUMAN, BOT, OTHER = "Tamsin Wick", "Mirela Quillfeather", "Tobiah Fenn"


def table(*humans: str) -> Any:
    """A game of Tamsin, Mirela and Tobiah; the seats named in `humans` are played by people, the rest
    by bots. Tamsin's turn."""
    seats = [{"name": name} for name in (HUMAN, BOT, OTHER)]
    game = make_table("legacy", "tiny-legacy", seats).game
    for p in game.players:
        p.bot = None if p.name in humans else "random"
    return game


def say_it(game: Any, source: str, lang: str = "en", reader: str | None = None) -> str:
    names = views(game)
    if reader is not None:
        names["me"] = names["players"][reader]
    with speaking(lang):
        return render(compile_template(source), names)


LISTS = "{{ [h] | you_and_list }}|{{ [h, b] | you_and_list }}|{{ [b, h, o] | you_and_list }}|{{ [b] | you_and_list }}"
ONE_PERSON = {
    "en": "you|you and Mirela Quillfeather|Mirela Quillfeather, you and Tobiah Fenn|Mirela Quillfeather",
    "ja": "あなた|あなたとMirela Quillfeather|Mirela Quillfeather、あなたとTobiah Fenn|Mirela Quillfeather",
    "pt-BR": "você|você e Mirela Quillfeather|Mirela Quillfeather, você e Tobiah Fenn|Mirela Quillfeather",
}


def _lists(game: Any, lang: str, reader: str | None = None) -> str:
    source = "{% set h, b, o = players['" + HUMAN + "'], players['" + BOT + "'], players['" + OTHER + "'] %}" + LISTS
    return say_it(game, source, lang, reader)


@pytest.mark.parametrize("lang", ["en", "ja", "pt-BR"])
def test_the_one_person_at_the_keyboard_is_you_in_a_list_and_bots_keep_their_names(lang):
    assert _lists(table(HUMAN), lang) == ONE_PERSON[lang]


@pytest.mark.parametrize("lang", ["en", "ja", "pt-BR"])
def test_the_one_person_is_you_whoever_reads_the_passage(lang):
    assert _lists(table(HUMAN), lang, reader=BOT) == ONE_PERSON[lang]


@pytest.mark.parametrize("lang", ["en", "ja", "pt-BR"])
def test_a_list_of_names_works_like_a_list_of_players(lang):
    source = "{{ players | map(attribute='name') | list | you_and_list }}"
    assert say_it(table(HUMAN), source, lang) == say_it(table(HUMAN), "{{ players | you_and_list }}", lang)
    with speaking(lang):
        assert say("story.you.word") in say_it(table(HUMAN), source, lang)


@pytest.mark.parametrize("lang", ["en", "ja", "pt-BR"])
def test_in_a_hot_seat_game_only_the_reader_is_you(lang):
    game = table(HUMAN, BOT)
    you = ONE_PERSON[lang].split("|")[0]
    tamsin_reads = say_it(game, "{{ players | you_and_list }}", lang)
    mirela_reads = say_it(game, "{{ players | you_and_list }}", lang, reader=BOT)
    assert tamsin_reads.startswith(you) and BOT in tamsin_reads and HUMAN not in tamsin_reads
    assert mirela_reads.startswith(HUMAN) and you in mirela_reads and BOT not in mirela_reads
    assert say_it(game, f"{{{{ players['{BOT}'] is you }}}} {{{{ me is you }}}}", lang, reader=BOT) == "True True"
    assert say_it(game, f"{{{{ players['{HUMAN}'] is you }}}}", lang, reader=BOT) == "False"


def test_in_a_hot_seat_game_a_bot_reader_makes_nobody_you():
    game = table(HUMAN, OTHER)
    assert say_it(game, "{{ players | you_and_list }}", reader=BOT) == f"{HUMAN}, {BOT} and {OTHER}"


@pytest.mark.parametrize("lang", ["en", "ja", "pt-BR"])
def test_with_bots_only_nobody_is_you(lang):
    game = table()
    said = _lists(game, lang)
    assert say_word(lang) not in said.lower() and said.count(HUMAN) == 3
    assert say_it(game, "{{ me is you }} {{ me | you_or_name }}", lang) == f"False {HUMAN}"
    assert _lists(game, "en") == (f"{HUMAN}|{HUMAN} and {BOT}|{BOT}, {HUMAN} and {OTHER}|{BOT}")


def say_word(lang: str) -> str:
    with speaking(lang):
        return say("story.you.word")


@pytest.mark.parametrize("lang", ["en", "ja", "pt-BR"])
def test_one_player_is_you_or_their_name(lang):
    game = table(HUMAN)
    source = f"{{{{ me | you_or_name }}}}/{{{{ players['{BOT}'] | you_or_name }}}}/{{{{ '{HUMAN}' | you_or_name }}}}"
    you = say_word(lang)
    assert say_it(game, source, lang) == f"{you}/{BOT}/{you}"


def test_is_you_reads_a_player_or_a_name():
    game = table(HUMAN)
    assert say_it(game, f"{{{{ me is you }}}} {{{{ '{HUMAN}' is you }}}} {{{{ '{BOT}' is you }}}} "
                        f"{{{{ players['{BOT}'] is you }}}}") == "True True False False"
    assert say_it(game, "{{ players | select('you') | map(attribute='name') | list }}") == f"['{HUMAN}']"


AGREE = "{{ [h] | agree('1', 'n') }}{{ [b] | agree('1', 'n') }}{{ [h, b] | agree('1', 'n') }}{{ [b, o] | agree('1', 'n') }}"


@pytest.mark.parametrize(("lang", "said"), [("en", "n1nn"), ("pt-BR", "11nn"), ("ja", "11nn")])
def test_the_verb_agrees_with_you_as_the_language_conjugates_it(lang, said):
    """English "you come" takes the form "they come" does; Portuguese "você volta" the form "ela volta"."""
    source = "{% set h, b, o = players['" + HUMAN + "'], players['" + BOT + "'], players['" + OTHER + "'] %}" + AGREE
    assert say_it(table(HUMAN), source, lang) == said


def test_the_verb_agrees_with_one_bot_in_the_singular_when_nobody_is_you():
    assert say_it(table(), "{{ [me] | agree('comes', 'come') }} {{ me | agree('tops', 'top') }}") == "comes tops"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "You and Mirela Quillfeather come home. Mirela Quillfeather comes home. You come home."),
    ("pt-BR", "Você e Mirela Quillfeather voltam. Mirela Quillfeather volta. Você volta."),
])
def test_a_sentence_starts_with_a_capital_and_leaves_the_names_alone(lang, said):
    verb = {"en": ("comes home", "come home"), "pt-BR": ("volta", "voltam")}[lang]
    one = "{{ %s | you_and_list | capfirst }} {{ %s | agree('%s', '%s') }}."
    source = " ".join(one % (who, who, *verb) for who in ("players[:2]", "players[1:2]", "players[:1]"))
    assert say_it(table(HUMAN), source, lang) == said
    assert say_it(table(HUMAN), "{{ 'de Vries' | capfirst }} {{ '' | capfirst }}|") == "De Vries |"


def test_japanese_has_no_capitals_to_make():
    assert say_it(table(HUMAN), "{{ players[:2] | you_and_list | capfirst }}", "ja") == f"あなたと{BOT}"


def test_the_authoring_guide_example_reads_as_it_says():
    """docs/authoring.md, "Naming the players": the example and the sentences it claims."""
    guide = (Path(__file__).parents[2] / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = guide[guide.index('#### Naming the players: "you"'):]
    example = section[section.index("```jinja\n") + 9:section.index("```\n", section.index("```jinja"))]
    game = table(HUMAN)
    human, bot = game.players[0], game.players[1]
    bot.status = "escaped"
    bot.artifacts = [10]
    assert " ".join(say_it(game, example).split()) == (
        f"{BOT} comes home. {BOT} tops the table. A letter arrives for them.")
    human.status = "escaped"
    human.artifacts = [20]
    assert " ".join(say_it(game, example).split()) == (
        f"You and {BOT} come home. You top the table. A letter arrives for you.")
    assert "You come home." in section and "You and Mirela come" in section and "Mirela tops the table" in section


# -- the shipped epilogues ------------------------------------------------------------------------------
EPILOGUES = ["g1-epilogue", "g2-epilogue", "g6-epilogue", "g7-epilogue", "g8-epilogue", "g9-epilogue",
             "g10-epilogue", "g10-coda"]
STATES = {
    "escaped and best": ["status=escaped", "artifact=20"],
    "knocked out": ["status=knocked_out"],
}
SOLO_TABLE = f"""ruleset: legacy
players:
  - {{name: {HUMAN}}}
  - {{name: {BOT}, bot: random}}
"""


def read(tmp_path: Path, passage: str, lang: str, mine: list[str], theirs: list[str]) -> str:
    """The passage as Tamsin (at the keyboard, next to a bot) reads it: only the story's text."""
    scenario = tmp_path / "solo.yaml"
    scenario.write_text(SOLO_TABLE, encoding="utf-8")
    settings = [f"players.{HUMAN}.{s}" for s in mine] + [f"players.{BOT}.{s}" for s in theirs]
    with speaking(lang):
        out = preview(passage, scenario=scenario, settings=settings)
        end = out.lines.index(say("authoring.preview.changes"))
    assert not out.diagnostics, out.diagnostics
    return " ".join(" ".join(out.lines[2:end]).split())


@pytest.mark.parametrize("lang", ["en", "ja", "pt-BR"])
@pytest.mark.parametrize("passage", EPILOGUES)
@pytest.mark.parametrize("state", list(STATES))
def test_a_shipped_epilogue_calls_the_player_you_and_never_by_their_name(tmp_path, lang, passage, state):
    theirs = ["status=knocked_out"] + ([] if state == "escaped and best" else ["artifact=10"])  # named either way
    text = read(tmp_path, passage, lang, STATES[state], theirs)
    assert HUMAN not in text
    assert say_word(lang) in text.lower()
    assert BOT in text


@pytest.mark.parametrize(("lang", "escaped", "knocked_out"), [
    ("en", ["You came home with something shiny", "You top the first quarterly table with 20 points"],
     ["you came home on a hurdle the next morning", f"{BOT} tops the first quarterly table"]),
    ("ja", ["あなたは何か光るものを持ち帰った", "あなたが20点で最初の四半期成績表のトップに立つ"],
     ["あなたは翌朝、荒野の人々に担架で運ばれて帰ってきた", f"{BOT}が10点で"]),
    ("pt-BR", ["Você voltou para casa com alguma coisa brilhante", "Você lidera a primeira tabela trimestral com 20"],
     ["você chegou na manhã seguinte numa padiola", f"{BOT} lidera a primeira tabela"]),
])
def test_the_first_debrief_says_you_with_the_verb_that_goes_with_it(tmp_path, lang, escaped, knocked_out):
    text = read(tmp_path, "g1-epilogue", lang, STATES["escaped and best"], ["status=knocked_out"])
    assert all(sentence in text for sentence in escaped), text
    text = read(tmp_path, "g1-epilogue", lang, STATES["knocked out"], ["status=escaped", "artifact=10"])
    assert all(sentence in text for sentence in knocked_out), text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["You and Mirela Quillfeather come home with full sacks", "this time: you, with 20 points"]),
    ("ja", ["あなたとMirela Quillfeatherは満杯の袋を抱えて帰ってくる", "首位に立ったのはあなた、20点"]),
    ("pt-BR", ["Você e Mirela Quillfeather voltam para casa com os sacos cheios", "desta vez: você, com 20 pontos"]),
])
def test_two_home_together_are_you_and_the_bot(tmp_path, lang, said):
    text = read(tmp_path, "g7-epilogue", lang, ["status=escaped", "artifact=20"], ["status=escaped"])
    assert all(sentence in text for sentence in said), text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["You lead the day with 20 points", "a letter of commendation arrives for you"]),
    ("ja", ["この日の首位は20点のあなた。あなた宛てに表彰状が届く"]),
    ("pt-BR", ["Você lidera o dia com 20 pontos e recebe uma carta de elogio"]),
])
def test_the_commendation_is_addressed_to_you(tmp_path, lang, said):
    text = read(tmp_path, "g8-epilogue", lang, ["status=escaped", "artifact=20"], ["status=knocked_out"])
    assert all(sentence in text for sentence in said), text
