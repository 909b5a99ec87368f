"""The sandbox's resource promise (issue #18): every render, condition and `expect` gets bounded time
and bounded memory for what it builds; sizes are checked before building, not after; going over is a
clean author error (BS202 one value over a cap, BS206 the evaluation over its budget) naming the
passage and the line; and everything one command sets off shares one time allowance."""

from __future__ import annotations

import itertools
import logging
import tracemalloc

import pytest

from clank_story.rules.view import views
from clank_story.story import budget
from clank_story.story import events as sev
from clank_story.story.expr import ExpressionError, evaluate
from clank_story.story.render import StoryProblem, compile_condition, compile_template, render, truth

# The four payloads (each hung for over 10 s, reaching 2-6 GB), then more of the same family.
MEMORY = {
    "sum of 5,000 shared lists": ("{{ ([[1] * 5000] * 5000)|sum(start=[]) }}", "BS202", "a value longer than 10,000"),
    "slice into a billion": ("{{ range(3)|slice(10 ** 9)|list }}", "BS202", "slice() into 1,000,000,000 parts"),
    "nested list multiply": ("{{ [[['a' * 4999] * 2] * 5000] * 5000 }}", "BS202", "a value longer than 10,000"),
    "batch with a fill": ("{{ [1]|batch(10 ** 8, 0) }}", "BS202", "batch() of 100,000,000 items"),
    "string multiply": ("{{ 'x' * 10 ** 9 }}", "BS202", "a value longer than 10,000"),
    "list multiply": ("{{ [1] * 10 ** 9 }}", "BS202", "a value longer than 10,000"),
    "join with a big separator": ("{{ range(1000)|map('string')|join('x' * 9999) }}", "BS202", "longer than 10,000"),
    "escaping grows the text": ("{{ ('<' * 9999)|e }}", "BS202", "a value longer than 10,000"),
    "printing a shared structure": ("{{ ([[[1] * 20] * 20] * 20)|string }}", "BS202", "a value longer than 10,000"),
    "a set in a loop": ("{% for i in range(1000) %}{% set x = 'x' * 9999 %}{% endfor %}", "BS206",
                        "built more than 1,000,000 characters and list items in all"),
    "a set block in a loop": ("{% for i in range(1000) %}{% set x %}{{ 'x' * 9999 }}{% endset %}{% endfor %}",
                              "BS206", "built more than 1,000,000"),
    "big numbers": ("{{ (('9' * 4000)|int) * (('9' * 4000)|int) }}", "BS202", "a number too large"),
}
STEPS = {
    "a million loop steps": ("{% for a in range(1000) %}{% for b in range(1000) %}{% endfor %}{% endfor %}",
                             "BS202", "more than 100,000 loop steps"),
    "a filtered loop": ("{% for a in range(1000) %}{% for b in range(1000) if b > 9999 %}{% endfor %}{% endfor %}",
                        "BS202", "more than 100,000 loop steps"),
    "a huge range": ("{% for i in range(10 ** 9) %}{{ i }}{% endfor %}", "BS202", "range() of more than 1,000"),
}


@pytest.fixture
def names(story_table):
    table = story_table()
    return views(table.game, table.session.campaign_view())


def problem_of(template: str, names) -> StoryProblem:
    with pytest.raises(StoryProblem) as raised:
        render(compile_template(template), names)
    return raised.value


@pytest.mark.parametrize("name", list(MEMORY))
def test_a_payload_that_would_build_gigabytes_is_refused_before_it_builds_them(name, names):
    template, code, message = MEMORY[name]
    compile_template(template).runner()  # Jinja's own code generation is not the payload
    tracemalloc.start()
    try:
        problem = problem_of(template, names)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert problem.code == code and message in problem.message
    assert peak < 5_000_000, f"{peak:,} bytes were built before the refusal"


@pytest.mark.parametrize("name", list(STEPS))
def test_a_payload_of_endless_steps_is_stopped_at_the_step_cap(name, names):
    template, code, message = STEPS[name]
    problem = problem_of(template, names)
    assert problem.code == code and message in problem.message


class Clock:
    """A CPU clock for tests: each look at it is `step` seconds later, so time budgets trip
    deterministically, however fast the machine."""

    def __init__(self, step: float) -> None:
        self.now = itertools.count()
        self.step = step

    def __call__(self) -> float:
        return next(self.now) * self.step


def test_an_evaluation_is_stopped_when_its_cpu_time_runs_out(names, monkeypatch):
    monkeypatch.setattr(budget, "_now", Clock(0.01))  # 0.01 s a look, one look every 16 steps
    problem = problem_of("{% for i in range(1000) %}{% for j in range(90) %}{% endfor %}{% endfor %}", names)
    assert problem.code == "BS206" and problem.message == "over budget: took longer than 0.5 s"


def test_a_condition_and_an_expect_have_the_same_budget(names, monkeypatch):
    monkeypatch.setattr(budget, "_now", Clock(0.05))
    slow = "[" + ", ".join(["(range(1000)|map('abs')|map('abs')|list|length)"] * 4) + "]|sum > 99999"
    with pytest.raises(StoryProblem, match=r"took longer than 0\.5 s"):
        truth(compile_condition(slow), names)
    with pytest.raises(ExpressionError, match=r"over budget: took longer than 0\.5 s"):
        evaluate(slow, names)


def test_time_is_the_threads_cpu_time_not_the_wall_clock():
    """A busy machine does not turn a passage into an apology (and the same book plays the same)."""
    import time

    assert budget._now is time.thread_time


def test_the_error_names_the_passage_file_and_the_line_of_the_payload(write_book, story_table, caplog):
    book = write_book({"book.yaml": 'passages:\n  "12":\n    title: Trap\n    text: |\n      One.\n      Two.\n'
                       "      {{ ([[1] * 5000] * 5000)|sum(start=[]) }}\n"})
    table = story_table(book)
    with caplog.at_level(logging.ERROR, logger="clank_story.story"):
        events = table.do("play all", "move well")
    (apology,) = [e for e in events if isinstance(e, sev.StoryApology)]
    assert apology.passage == "12"
    assert "book.yaml:7:7: error[BS202]: over a limit: a value longer than 10,000" in caplog.text


def _doors(n: int, condition: str) -> str:
    doors = "".join(f"      - text: Door {i}\n        if: {condition}\n" for i in range(n))
    return f'passages:\n  "12":\n    title: Doors\n    text: |\n      Doors.\n    choices:\n{doors}' \
           '  "20":\n    title: Later\n    text: |\n      {{ range(50)|list|length }} steps later.\n'


def test_twenty_slow_choices_share_one_allowance_for_the_command(write_book, story_table, caplog, monkeypatch):
    """Each condition is under its own 0.5 s, but a command gets MAX_COMMAND_SECONDS in all."""
    table = story_table(write_book(_doors(20, "(range(20)|list|length) > 500")))
    monkeypatch.setattr(budget, "_now", Clock(0.1))  # each condition looks at the clock twice: 0.2 s
    with caplog.at_level(logging.ERROR, logger="clank_story.story"):
        events = table.do("play all", "move well")
    (apology,) = [e for e in events if isinstance(e, sev.StoryApology)]
    assert "the story took longer than 1 s for one command" in apology.message and "BS206" in caplog.text
    assert table.game.pending is None  # the passage was skipped, the game goes on
    assert table.session.router.open(table.game, "20")[0].text == "50 steps later."  # a new allowance


def test_a_command_within_its_allowance_reads_every_choice(write_book, story_table, monkeypatch):
    table = story_table(write_book(_doors(3, "me.gold >= 0")))
    monkeypatch.setattr(budget, "_now", Clock(0.01))
    events = table.do("play all", "move well")
    assert not [e for e in events if isinstance(e, sev.StoryApology)]
    assert len(table.game.pending["options"]) == 3


def test_an_allowance_inside_another_keeps_the_outer_deadline(monkeypatch):
    monkeypatch.setattr(budget, "_now", Clock(0.8))
    with budget.allowance():
        outer = budget._ALLOWANCE.get()
        with budget.allowance():
            assert budget._ALLOWANCE.get() == outer
        with budget.budgeted() as b:
            b.check_time()  # the first step starts the evaluation's clock
            assert b.deadline == outer < float("inf")
    assert budget._ALLOWANCE.get() is None


def test_a_shared_structure_is_weighed_by_what_printing_it_would_make_without_walking_it_all():
    shared = [[1] * 5000] * 5000  # 25 million items to print, two lists in memory
    with pytest.raises(budget.StoryLimit, match="a value longer than 10,000"):
        budget.weigh(shared)
    assert budget.weigh([[1] * 50] * 50) == 50 + 50 * (50 + 50)  # items, and each inner list's items
