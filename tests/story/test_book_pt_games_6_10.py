"""The Brazilian Portuguese book, games 6 to 10: a sentence that names the players agrees with how
many it names, and says nothing of them that would need a gender (a knocked-out employee is carried
by somebody, in the active voice, rather than "carregado" or "carregada")."""

from __future__ import annotations

from clank_story.authoring.preview import preview
from clank_story.words import speaking


def read(passage: str, *settings: str) -> str:
    with speaking("pt-BR"):
        out = preview(passage, settings=list(settings))
    assert not out.diagnostics, out.diagnostics
    return " ".join(" ".join(out.lines).split())


ONE_HOME = ("players.You.status=escaped",)
BOTH_HOME = ("players.You.status=escaped", "players.Rival.status=escaped")
BOTH_OUT = ("players.You.status=knocked_out", "players.Rival.status=knocked_out")


def test_after_the_flood_one_comes_back_and_two_come_back():
    assert "Você volta para a filial de botas molhadas" in read("g6-epilogue", *ONE_HOME)
    assert "Você e Rival voltam para a filial de botas molhadas" in read("g6-epilogue", *BOTH_HOME)


def test_the_shepherds_fish_the_knocked_out_out_of_the_caverns_whoever_they_are():
    assert "Os pastores pescam Rival nas Cavernas" in read("g6-epilogue", "players.Rival.status=knocked_out")
    assert "Os pastores pescam você e Rival nas Cavernas" in read("g6-epilogue", *BOTH_OUT)


def test_counting_the_paper_one_full_sack_or_several():
    assert "Você volta para casa com o saco cheio" in read("g7-epilogue", *ONE_HOME)
    assert "Você e Rival voltam para casa com os sacos cheios" in read("g7-epilogue", *BOTH_HOME)


def test_the_dragons_staff_carry_the_knocked_out_with_unsettling_politeness():
    text = read("g8-epilogue", *BOTH_OUT)
    assert "Ninguém sai das Cavernas por conta própria, e os funcionários de" in text
    assert "precisam carregar você e Rival" in text
    assert "Você e Rival saem das Cavernas sem faltar nenhum pedaço" in read("g8-epilogue", *BOTH_HOME)


def test_the_quarters_takings_come_home_with_one_or_with_several():
    assert "Você volta para casa com a receita do trimestre" in read("g9-epilogue", *ONE_HOME)
    assert "Você e Rival voltam para casa com a receita do trimestre" in read("g9-epilogue", *BOTH_HOME)


def test_the_allies_are_listed_with_their_titles_and_the_dragon_last():
    text = read("g9-epilogue", "campaign.flags.ally_ullery=true", "campaign.flags.ally_crane=true",
                "campaign.flags.ally_wyrm=true")
    assert "Do lado da filial, no fim do trimestre: o Magistrado Ullery, até Sabine Crane e o próprio " in text


def test_the_last_day_one_walks_out_and_two_walk_out():
    assert "Você sai das Cavernas do Livro-Razão pela última vez" in read("g10-epilogue", *ONE_HOME)
    assert "Você e Rival saem das Cavernas do Livro-Razão pela última vez" in read("g10-epilogue", *BOTH_HOME)


def test_the_coda_says_zero_points_in_the_plural_where_cldr_would_say_0_ponto():
    text = read("g10-coda", "players.You.status=escaped")
    assert "Você: 0 pontos, saiu andando." in text and "Rival: 0 pontos, ainda lá dentro" in text
