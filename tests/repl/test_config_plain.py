"""The config file's defaults and its refusals; plain mode's words for screen readers; the Japanese
and wide-character wrapping."""

from __future__ import annotations

from pathlib import Path

import pytest

from clank_story.narrate.wrap import cells, fill, fit
from clank_story.repl.config import Config, ConfigError, load
from clank_story.repl.plain import plain_text
from clank_story.repl.start import PlayOptions, spec_of, wants_color, wants_plain


def test_the_config_file_gives_defaults_for_one_shot_games(tmp_path: Path):
    path = tmp_path / "config.toml"
    path.write_text('name = "Ana"\nrivals = 1\nbot = "greedy"\nplain = true\n', encoding="utf-8")
    config = load(path)
    assert config == Config(name="Ana", rivals=1, bot="greedy", plain=True)
    spec = spec_of(PlayOptions(ruleset="classic", seed=1), config)
    assert [s.get("name") for s in spec.seats] == ["Ana", spec.seats[1]["name"]]
    assert spec.seats[1]["bot"].startswith("greedy")
    assert wants_plain(PlayOptions(), config) and not wants_color(PlayOptions(), config)


def test_the_config_file_never_turns_play_into_a_one_shot_game():
    spec = spec_of(PlayOptions(), Config(rivals=3, name="Ana"))
    assert type(spec).__name__ == "CampaignGame"


@pytest.mark.parametrize("text, says", [
    ("rivals = 'two'\n", "'rivals' takes a whole number"),
    ("colour = false\n", "'colour' is not a setting clank-story knows — did you mean 'color'?"),
    ("name = \n", "not valid TOML"),
    ("plain = 1\n", "'plain' takes true or false"),
])
def test_a_config_file_that_cannot_be_used_is_one_sentence_naming_it(tmp_path: Path, text: str, says: str):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        load(path)
    assert str(refused.value).startswith(f"{path}: ") and says in str(refused.value)


def test_a_config_file_not_in_utf8_says_the_byte(tmp_path: Path):
    path = tmp_path / "config.toml"
    path.write_bytes(b'name = "Ana\xff"\n')
    with pytest.raises(ConfigError, match=r"not UTF-8 \(byte 11\)"):
        load(path)


def test_no_config_file_is_the_defaults(tmp_path: Path):
    assert load(tmp_path / "none.toml") == Config()


def test_term_dumb_is_plain_and_colourless(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TERM", "dumb")
    assert wants_plain(PlayOptions()) and not wants_color(PlayOptions())


def test_plain_mode_writes_decorations_as_punctuation():
    assert plain_text("— Turn 2: your move —") == "Turn 2: your move"
    assert plain_text("  → Tollbury — 1 Boot · locked") == "  to Tollbury, 1 Boot, locked"
    assert plain_text("└─ Tollbury — 1 Boot\n   ├─ Mossgate") == "  - Tollbury, 1 Boot\n    - Mossgate"
    assert plain_text("Burgle ×3") == "Burgle x3"


def test_japanese_wraps_between_characters_but_never_before_closing_punctuation():
    text = "ドラゴンが目を覚ました。洞窟の奥から、低いうなり声が響いてくる。「逃げろ！」と誰かが叫んだ。"
    lines = fill(text, 20).split("\n")
    assert "".join(lines) == text
    assert all(cells(line) <= 20 for line in lines)
    assert not any(line[0] in "。、」！" for line in lines)
    assert not any(line.endswith("「") for line in lines)


def test_english_never_breaks_inside_a_word_and_hangs_under_its_text():
    line = "  → Bramble Crossroads — 1 Boot, 2 monsters · locked (needs a Master Key) · one-way"
    wrapped = fit(line, 40).split("\n")
    assert all(cells(w) <= 40 for w in wrapped)
    assert wrapped[1].startswith("    ") and " ".join(w.strip() for w in wrapped) == line.strip()
