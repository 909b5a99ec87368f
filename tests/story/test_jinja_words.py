"""A template's syntax error is told in the author's language, with the symbols the author types
(story/jinjawords.py): every common mistake is recognised from Jinja's message, and any other keeps
Jinja's own words."""

from __future__ import annotations

import pytest
from jinja2 import TemplateSyntaxError

from clank_story.content.diagnostics import Said
from clank_story.story import jinjawords
from clank_story.story.render import StoryProblem, compile_condition, compile_template, environment
from clank_story.words import speaking

# (what the author wrote, the sentence, the words it says in English)
MISTAKES = {
    "an operator with nothing after it": ("{{ me.gold + }}", "unfinished", "stops before }}"),
    "{{ never closed": ("Gold {{ me.gold ", "ends_open", "ends before }}"),
    "an if never closed": ("{% if me.gold > 2 %}rich", "block_not_closed", "end it with {% endif %}"),
    "a for never closed": ("{% for p in players %}{{ p.name }}", "block_not_closed", "{% endfor %}"),
    "an else never closed": ("{% if me.gold %}x{% else %}y", "block_not_closed", "{% endif %}"),
    "an endif with no if": ("x{% endif %}", "end_without_start", "never opened"),
    "a misspelt tag": ("{% iff me.gold %}x{% endif %}", "unknown_tag", "did you mean 'if'?"),
    "elsif for elif": ("{% if me.gold %}x{% elsif me.health %}y{% endif %}", "unknown_tag", "did you mean 'elif'?"),
    "another block's end": ("{% if me.gold %}x{% endfor %}", "wrong_end", "close that first with {% endif %}"),
    "a bracket closed, never opened": ("{{ me.gold ) }}", "unexpected", ") is not expected here"),
    "a bracket opened, never closed": ("{{ (me.gold + 1 }}", "expected_instead", ") is missing before }"),
    "a character no expression has": ("{{ me.gold $ 2 }}", "bad_char", "the character $"),
    "a quote never closed": ("{{ 'abc }}", "unclosed_string", "('...)"),
    "= for ==": ("{% if me.gold = 2 %}x{% endif %}", "single_equals", "write =="),
    "nothing to print": ("{{ }}", "empty", "nothing between {{ and }}"),
    "a comment never closed": ("{# note", "unclosed_comment", "never closed with #}"),
    "a dot with no name": ("{{ me. }}", "after_dot", "must follow the dot"),
    "two values in one print": ("{{ me.gold me.health }}", "expected_instead", "}} is missing before me"),
}


def _jinja_message(template: str) -> str:
    with pytest.raises(TemplateSyntaxError) as raised:
        environment().parse(template)
    return raised.value.message or ""


@pytest.mark.parametrize("mistake", MISTAKES)
def test_each_common_mistake_is_told_with_what_to_type(mistake):
    template, sentence, words = MISTAKES[mistake]
    told = jinjawords.explain(_jinja_message(template))
    assert isinstance(told, Said) and told.key == f"diagnostics.jinja.{sentence}"
    assert words in str(told)


@pytest.mark.parametrize("lang", ["ja", "pt-BR"])
def test_no_jinja_english_reaches_a_japanese_or_brazilian_author(lang):
    for template, _sentence, _words in MISTAKES.values():
        with pytest.raises(StoryProblem) as raised:
            compile_template(template)
        with speaking(lang):
            told = str(raised.value)  # the sentence, said in the language of the moment
        for english in ("unexpected", "expected", "Encountered", "Jinja", "template", "statement"):
            assert english not in told, (template, told)


def test_a_condition_that_cannot_be_read_says_why_in_the_same_words():
    with pytest.raises(StoryProblem) as raised:
        compile_condition("me.gold = 2")
    assert "a single = sets a value; to compare, write ==" in str(raised.value)


def test_a_condition_that_stops_halfway_says_something_is_missing():
    with pytest.raises(StoryProblem) as raised:
        compile_condition("me.gold > 2 and")
    assert "the expression ends with something missing" in str(raised.value)
    with pytest.raises(StoryProblem) as raised:
        compile_condition("me.gold > 2 me")
    assert "something follows the end of the condition: me" in str(raised.value)


def test_a_message_not_recognised_keeps_jinja_s_words():
    assert jinjawords.explain("something Jinja says one day") == "something Jinja says one day"
    assert jinjawords.explain_runtime("something Jinja says one day") == "something Jinja says one day"


@pytest.mark.parametrize(("message", "told"), [
    ("'clank_story.rules.view.PlayerView object' has no attribute 'helth'", "a player has no 'helth'"),
    ("'clank_story.story.state.StoryCampaignView object' has no attribute 'flagz'", "campaign has no 'flagz'"),
    ("'dict object' has no attribute 'k'", "this value has no 'k'"),
    ("'None' has no attribute 'k'", "this value has no 'k'"),
    ("list object has no element 5", "this list has no element 5"),
    ("'tally' is undefined", "'tally' has no value here"),
    ("access to attribute '__class__' of 'str' object is unsafe.", "'__class__' is not available in a passage"),
])
def test_a_value_missing_at_play_time_is_told_without_python_s_class_names(message, told):
    assert str(jinjawords.explain_runtime(message)).startswith(told)


@pytest.mark.parametrize("lang", ["ja", "pt-BR"])
def test_a_limit_a_passage_meets_is_told_in_the_author_s_language_and_survives_a_worker_process(lang):
    import pickle

    from clank_story.story.budget import StoryLimit, story_range

    with pytest.raises(StoryLimit) as raised:
        story_range(10**9)
    sent = pickle.loads(pickle.dumps(raised.value))  # as from a worker process
    assert str(sent) == "range() of more than 1,000 numbers" and sent.said == raised.value.said
    with speaking(lang):
        told = str(sent.said)
    assert "1,000" in told and "more than" not in told
