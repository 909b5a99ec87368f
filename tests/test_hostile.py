"""Hostile content keeps the sandbox's promise (issue #18): every payload and file in the corpus
(tests/data/hostile) goes through `book lint`, `book preview`, a played passage and a script `expect`
(files: through what reads them) with 0 escapes, each ending within 2 s of CPU time and under 200 MB,
with a clean message instead of a traceback. How a case is run and judged: tests/hostile_corpus.py."""

from __future__ import annotations

import signal
from collections import Counter
from pathlib import Path

import hostile_corpus as hc
import pytest

CASES = hc.cases()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, hc.Result]:
    """Every case, run once, side by side in a few zygotes (the corpus takes well under a minute)."""
    base = tmp_path_factory.mktemp("hostile")
    return {results[0].case.id: results[0] for results in hc.run_all(CASES, base)}


@pytest.mark.parametrize("case_id", [c.id for c in CASES])
def test_hostile_content_does_not_escape_and_ends_within_2_s_and_200_mb(corpus, case_id):
    result = corpus[case_id]
    assert not result.problems, (f"{case_id}: {'; '.join(result.problems)}\n"
                                 f"--- stderr ---\n{result.stderr[-2000:]}\n--- stdout ---\n{result.stdout[-2000:]}")


def test_the_corpus_tries_every_kind_of_payload_through_every_way_in():
    kinds = Counter((c.kind, c.surface) for c in CASES if c.id.startswith("payload/"))
    for kind in ("code", "files", "state", "time", "memory", "recursion"):
        for surface in hc.SURFACES:
            assert kinds[(kind, surface)] >= 1, f"no {kind} payload goes through {surface}"
    files = {c.spec["as"] for c in CASES if c.id.startswith("file/")}
    assert files >= {"scenario", "campaign", "book", "cards", "board", "script", "folder"}


def test_the_issues_four_memory_payloads_are_in_the_corpus():
    exprs = {p.get("expr") or p.get("template") for p in hc.payloads()}
    for payload in ("([[1] * 5000] * 5000)|sum(start=[])", "range(3)|slice(10 ** 9)|list",
                    "{{ [[['a' * 4999] * 2] * 5000] * 5000 }}", "[1]|batch(10 ** 8, 0)"):
        assert payload in exprs


# -- the judge itself: an escape, a hang or a traceback would be caught --------------------------------
def _result(tmp_path: Path, **changes) -> tuple[hc.Case, hc.Result, hc.Prepared]:
    case = next(c for c in CASES if c.id == "payload/list-append/expect")
    prepared = hc.Prepared(["run"], tmp_path)
    fields = {"status": 1, "signal": None, "killed": False, "cpu": 0.1, "wall": 0.1, "peak": 30 * hc.MB,
              "stdout": "", "stderr": f"{tmp_path}/expect.script:1: bad expect expression: not allowed", **changes}
    return case, hc.Result(case, problems=[], **fields), prepared


def test_the_judge_passes_a_clean_refusal(tmp_path):
    assert hc.judge(*_result(tmp_path)) == []


@pytest.mark.parametrize(("changes", "found"), [
    ({"stdout": f"the secret is {hc.CANARY}"}, "a file was read"),
    ({"stderr": "expect.script:2: expect failed: me.gold < 100"}, "the game changed"),
    ({"status": None, "signal": int(signal.SIGXCPU)}, "over 2 s of CPU time"),
    ({"status": None, "signal": int(signal.SIGKILL), "killed": True}, "wall-clock"),
    ({"stderr": "Traceback (most recent call last):\n  ...\nMemoryError"}, "a traceback"),
    ({"stdout": "x" * (hc.MAX_OUTPUT + 1)}, "of output"),
])
def test_the_judge_catches_an_escape_a_hang_and_a_traceback(tmp_path, changes, found):
    problems = hc.judge(*_result(tmp_path, **changes))
    assert any(found in p for p in problems), problems


def test_the_judge_catches_code_that_ran(tmp_path):
    case, result, prepared = _result(tmp_path)
    (tmp_path / "MARKER").write_text("")
    assert any("code ran" in p for p in hc.judge(case, result, prepared))


def test_a_case_past_its_wall_clock_limit_is_killed_not_waited_for(tmp_path):
    case = next(c for c in CASES if c.id == "payload/nested-loops-million/preview")
    pool = hc.Pool(tmp_path, workers=1)
    try:
        prepared = hc.prepare(case, tmp_path / "work")
        r = pool.zygote().run(prepared, wall=0.001)
    finally:
        pool.close()
    assert r["killed"] and r["signal"] == signal.SIGKILL
