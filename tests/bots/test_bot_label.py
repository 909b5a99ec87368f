"""A rival's strategy is shown in the language spoken; English shows the id that `--bot` takes."""

from __future__ import annotations

import pytest

from clank_story.bots import BOTS, label
from clank_story.words import speaking


def test_in_english_a_strategy_reads_as_the_id_that_bot_takes():
    with speaking("en"):
        assert [label(b) for b in BOTS] == list(BOTS)
        assert label("planner:hard") == "planner:hard"


@pytest.mark.parametrize(("lang", "plain", "levelled"), [
    ("ja", "ランダム", "計画派・難しい"),
    ("pt-BR", "aleatório", "planejador, difícil"),
])
def test_in_a_translation_a_strategy_and_its_level_read_in_that_language(lang, plain, levelled):
    with speaking(lang):
        assert label("random") == plain
        assert label("planner:hard") == levelled
        assert all(label(b) != b for b in BOTS)  # every strategy has words of its own


def test_an_id_no_strategy_has_is_shown_as_it_is():
    with speaking("ja"):
        assert label("wizard") == "wizard"
        assert label("random:hard") == "random:hard"  # the random bot has no levels
