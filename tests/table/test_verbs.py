"""One verb table: dispatch, completion and help all read it, and the rules layer parses the same
game verbs."""

from __future__ import annotations

from clank_story.looking.help import topics
from clank_story.rules.parse import VERBS as PARSED
from clank_story.table import verbs


def test_the_rules_parse_exactly_the_game_verbs_of_the_table_and_their_aliases():
    game = [v for v in verbs.VERBS if v.kind == verbs.GAME]
    spelled = {v.name for v in game} | {a for v in game for a in v.aliases if len(a) > 1}
    assert spelled == set(PARSED)


def test_every_verb_has_a_help_topic_and_every_topic_is_a_verb():
    assert {v.name for v in verbs.VERBS} == set(topics())


def test_no_word_names_two_verbs():
    words = [w for v in verbs.VERBS for w in (v.name, *v.aliases)]
    assert len(words) == len(set(words))


def test_every_verb_that_takes_words_says_what_completion_offers():
    from clank_story.repl.completion import ARGUMENTS

    for v in verbs.VERBS:
        if v.takes_words and v.kind != verbs.SESSION:
            assert v.args in ARGUMENTS or v.args == "steps", v.name


def test_portuguese_adds_a_word_of_its_own_for_every_command_and_keeps_the_english_ones():
    from clank_story.words import speaking

    english = {w for v in verbs.VERBS for w in (v.name, *v.aliases)}
    with speaking("pt-BR"):
        added = {v.name: verbs.language_aliases(v) for v in verbs.VERBS}
        every = [w for words in added.values() for w in words]
        assert all(added.values()), [name for name, words in added.items() if not words]
        assert len(every) == len(set(every)), "a Portuguese word names two commands"
        assert not set(every) & english, "a Portuguese word is already an English command word"
        assert added["play"][0] == "jogar" and "comprar" in added["acquire"] and "mover" in added["move"]
        for v in verbs.VERBS:
            for word in (*added[v.name], v.name, *v.aliases):
                assert verbs.find(word) is v, word  # each word, Portuguese or English, finds its command
