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
