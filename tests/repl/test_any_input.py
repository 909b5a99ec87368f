"""No input string produces a traceback: whatever is typed, the answer is a sentence, and a refused
line changes nothing."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clank_story.repl.completion import complete
from clank_story.table import verbs

WORDS = [*[w for v in verbs.VERBS for w in (v.name, *v.aliases)], "all", "swords", "den", "hall", "hq", "burgle", "mercenary", "artifact", "secret",
         "1", "0", "-1", "99", "ａｌｌ", "\x00", "\t", "🐉", "''", '"', "{", "}", "{{", "%s", "\\"]
LINES = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),
    st.tuples(st.sampled_from(WORDS), st.text(max_size=20)).map(" ".join),
)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(lines=st.lists(LINES, min_size=1, max_size=6))
def test_any_line_gets_an_answer_and_a_refusal_changes_nothing(corridor, caplog, lines):
    for line in lines:
        before = corridor.game.to_dict()
        reply = corridor.handle(line)
        tags = {out.tag for out in reply.lines}
        assert "bug" not in tags, reply.text
        if tags <= {"refusal"} and not reply.quit:
            assert corridor.game.to_dict() == before, line
    assert not [r for r in caplog.records if r.name == "clank_story.narrate"]  # the prose never fell back


@SETTINGS
@given(typed=LINES)
def test_any_partial_line_completes_without_error(corridor, typed):
    for candidate in complete(corridor.game, typed):
        assert candidate.start <= 0 and candidate.text
