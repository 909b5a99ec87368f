"""The Brazilian Portuguese Book of Secrets agrees its words with how many players a sentence names:
Portuguese verbs change with the number of their subject where English ones often do not."""

from __future__ import annotations

from clank_story.authoring.preview import preview
from clank_story.words import speaking


def read(passage: str, *settings: str) -> str:
    with speaking("pt-BR"):
        out = preview(passage, settings=list(settings))
    assert not out.diagnostics, out.diagnostics
    return " ".join(" ".join(out.lines).split())


def test_one_employee_home_with_treasure_comes_home_in_the_singular():
    text = read("g1-epilogue", "players.You.status=escaped")
    assert "Você voltou para casa com alguma coisa brilhante" in text


def test_two_employees_home_with_treasure_come_home_in_the_plural():
    text = read("g1-epilogue", "players.You.status=escaped", "players.Rival.status=escaped")
    assert "Você e Rival voltaram para casa com alguma coisa brilhante" in text


def test_a_knocked_out_employee_arrives_on_a_hurdle_in_the_number_of_the_list():
    one = read("g1-epilogue", "players.Rival.status=knocked_out")
    both = read("g1-epilogue", "players.You.status=knocked_out", "players.Rival.status=knocked_out")
    assert "Rival chegou na manhã seguinte numa padiola" in one
    assert "você e Rival chegaram na manhã seguinte numa padiola" in both


def test_the_night_in_the_sheepfold_is_spent_by_one_or_by_several():
    one = read("g2-epilogue", "players.Rival.status=knocked_out")
    both = read("g2-epilogue", "players.You.status=knocked_out", "players.Rival.status=knocked_out")
    assert "Rival passa a noite no Aprisco dos Cordeirinhos" in one
    assert "Você e Rival passam a noite no Aprisco dos Cordeirinhos" in both


def test_the_sample_debrief_says_someone_for_one_and_some_of_you_for_several():
    assert "Alguém voltou com um tesouro" in read("epilogue", "players.You.status=escaped")
    assert "Alguns de vocês voltaram" in read("epilogue", "players.You.status=escaped", "players.Rival.status=escaped")
    assert "Ninguém voltou" in read("epilogue")
