"""`campaign scaffold` writes its sample campaign in the author's language (`--lang`): the story, the
names a player reads and the comments that teach the format are Japanese or Brazilian Portuguese, while
ids, keys, conditions and effects are the one structure every language shares. The English sample is
the one the scaffold always wrote."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from clank_story.authoring import scaffold as scaffolding
from clank_story.authoring.scaffold import FILES, MARK, files, fill, scaffold, words_of
from clank_story.cli.main import cli
from clank_story.words import LANGUAGES, speaking

DATA = Path(__file__).resolve().parents[1] / "data" / "scaffold"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
PASSAGE_WORDS = ("prologue.text", "signpost.text", "signpost.has_map", "signpost.ask", "walk_on",
                 "job_done.text", "epilogue.text", "second_prologue.text", "signpost_again.text",
                 "second_epilogue.text")
COMMANDS = ("yaml-language-server:", "clank-story ", "`clank-story ", "boards/")  # comments that are no words
HUMAN_FIELDS = {"name", "title", "text", "description", "character"}  # what a language may say its own way


def invoke(lang: str, *args: str):
    """The command line in this process, speaking `lang`; the language of the moment is put back after."""
    with speaking("en"):
        return CliRunner().invoke(cli, ["--lang", lang, *args])


def written(folder: Path) -> str:
    """Every file of a scaffolded folder but the generated schemas, each under its path, in path order."""
    return "".join(f"==> {p.relative_to(folder).as_posix()} <==\n" + p.read_text(encoding="utf-8")
                   for p in sorted(folder.rglob("*")) if p.is_file() and p.parent.name != "schemas")


@pytest.fixture
def made(tmp_path, monkeypatch, request) -> tuple[str, Path]:
    """`clank-story --lang LANG campaign scaffold "The Mill Job"` in an empty folder."""
    lang = request.param
    monkeypatch.chdir(tmp_path)
    result = invoke(lang, "campaign", "scaffold", "The Mill Job")
    assert result.exit_code == 0, result.stderr
    return lang, Path("the-mill-job")


each_language = pytest.mark.parametrize("made", LANGUAGES, indirect=True)
translations = pytest.mark.parametrize("made", [lang for lang in LANGUAGES if lang != "en"], indirect=True)


def english_sentences() -> list[str]:
    """The English sample's passage sentences, as a player reads them."""
    return [_unwrapped(words_of("en")[key]) for key in PASSAGE_WORDS]


def _unwrapped(text: str) -> str:
    """The text with no line breaks or spaces, so it compares however the narrator wrapped it (Japanese
    wraps between characters, with no space to put back)."""
    return re.sub(r"\s+", "", text)


# -- English: what the scaffold always wrote --------------------------------------------------------
@pytest.mark.parametrize("made", ["en"], indirect=True)
def test_the_english_sample_is_byte_for_byte_what_the_scaffold_wrote_before_it_spoke_other_languages(made):
    """tests/data/scaffold/the-mill-job.en.txt is what main wrote (7801435) before the sample had words
    in other languages; when the English sample changes on purpose, write it again with `written()`."""
    _, folder = made
    assert written(folder) == (DATA / "the-mill-job.en.txt").read_text(encoding="utf-8")


def test_without_a_language_the_scaffold_writes_in_the_language_spoken_now(tmp_path):
    with speaking("ja"):
        spoken = scaffold("The Mill Job", tmp_path / "spoken")
    assert written(spoken) == written(scaffold("The Mill Job", tmp_path / "given", "ja"))
    assert "title: 古い道標" in (spoken / "book" / "story.yaml").read_text(encoding="utf-8")


# -- every language: clean, playable, one structure --------------------------------------------------
@each_language
def test_the_sample_lints_clean_with_strict_in_its_language(made):
    lang, folder = made
    result = invoke(lang, "book", "lint", str(folder), "--strict")
    assert result.exit_code == 0 and result.stdout == "", result.stdout


@each_language
def test_its_script_walks_onto_the_waypoint_and_the_passage_is_read_in_its_language(made):
    lang, folder = made
    result = invoke(lang, "run", str(folder / "scripts" / "first-steps.script"), "--scenario",
                    str(folder / "scenarios" / "first-steps.yaml"), "--book", str(folder / "book"))
    assert result.exit_code == 0, result.stderr
    words = words_of(lang)
    assert f"~ {words['signpost.title']} ~" in result.stdout
    assert words["signpost.text"] in result.stdout and words["signpost.ask"] in result.stdout


@each_language
def test_a_bots_only_game_of_it_ends_with_a_winner_and_tells_its_prologue_and_epilogue_in_its_language(made):
    lang, folder = made
    started = invoke(lang, "campaign", "new", "Test Branch", "--definition", str(folder),
                     "--campaign", "bots.yaml", "--all-bots", "--rivals", "2")
    assert started.exit_code == 0, started.stderr
    played = invoke(lang, "run", str(folder / "scripts" / "bots.script"), "--campaign", "bots.yaml")
    assert played.exit_code == 0, played.stderr  # its checks: the game is over, and someone won
    words = words_of(lang)
    for key in ("prologue.title", "epilogue.title", "epilogue.text"):
        assert words[key] in played.stdout, key
    assert _unwrapped(words["prologue.text"]) in _unwrapped(played.stdout)


@translations
def test_a_player_reads_none_of_the_english_sample_sentences_in_a_translated_game(made):
    lang, folder = made
    played = invoke(lang, "run", str(folder / "scripts" / "first-steps.script"), "--scenario",
                    str(folder / "scenarios" / "first-steps.yaml"), "--book", str(folder / "book"))
    told = _unwrapped(played.stdout)
    story = _unwrapped((folder / "book" / "story.yaml").read_text(encoding="utf-8"))
    for sentence in english_sentences():
        assert sentence not in told and sentence not in story, sentence
    if lang == "ja":
        assert JAPANESE.search(played.stdout)


@translations
def test_every_player_facing_word_and_every_comment_of_a_translated_sample_is_its_own(made):
    """No sentence of the English table is left in the files (ids, commands and paths are not words)."""
    lang, folder = made
    text = written(folder)
    english, own = words_of("en"), words_of(lang)
    assert [key for key in english if own[key] == english[key] and key != "gap"] == []
    assert [key for key in english if len(english[key]) > 12 and english[key].split("\n")[0] in text] == []
    if lang == "ja":
        sources = [p for p in folder.rglob("*") if p.suffix in (".yaml", ".script") and p.parent.name != "schemas"]
        comments = [line.split("# ", 1)[1] for p in sources for line in p.read_text(encoding="utf-8").splitlines()
                    if "# " in line]
        words = [c for c in comments if not c.startswith(COMMANDS)]
        assert len(words) > 20 and all(JAPANESE.search(c) for c in words), words


@translations
def test_only_words_change_between_languages_ids_keys_conditions_and_effects_are_one_structure(made):
    _, folder = made
    english = files("The Mill Job", "the-mill-job", "en")
    assert sorted(english) == sorted(str(p.relative_to(folder).as_posix()) for p in folder.rglob("*")
                                     if p.is_file() and p.parent.name != "schemas")
    for rel, text in english.items():
        if rel.endswith(".yaml"):
            theirs = yaml.safe_load((folder / rel).read_text(encoding="utf-8"))
            _same_but_words(yaml.safe_load(text), theirs, rel)
        elif rel.endswith(".script"):  # a script's commands and checks are the same lines
            assert _code(text) == _code((folder / rel).read_text(encoding="utf-8")), rel


def _same_but_words(ours: Any, theirs: Any, where: str) -> None:
    assert type(ours) is type(theirs), where
    if isinstance(ours, dict):
        assert list(ours) == list(theirs), where
        for key in ours:
            if key in HUMAN_FIELDS and isinstance(ours[key], str):
                assert _statements(ours[key]) == _statements(theirs[key]), f"{where}.{key}"
            else:
                _same_but_words(ours[key], theirs[key], f"{where}.{key}")
    elif isinstance(ours, list):
        assert len(ours) == len(theirs), where
        for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
            _same_but_words(a, b, f"{where}[{i}]")
    else:
        assert ours == theirs, where


def _statements(text: str) -> list[str]:
    """The Jinja statements of a text (`{% if ... %}`): a translation says its sentences, not its logic."""
    return re.findall(r"\{%.*?%\}", text)


def _code(script: str) -> list[str]:
    return [line for line in script.splitlines() if line and not line.startswith("#")]


# -- the word tables --------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_gives_exactly_the_words_the_files_ask_for(lang):
    asked = {mark for text in [*FILES, *FILES.values()] for mark in MARK.findall(text)} - {"ident", "title"}
    assert set(scaffolding._read(lang)) == asked


def test_a_language_with_no_table_or_a_short_one_says_the_missing_words_in_english(tmp_path, monkeypatch):
    assert files("The Mill Job", "the-mill-job", "xx") == files("The Mill Job", "the-mill-job", "en")
    english = (scaffolding.WORDS / "en.yaml").read_text(encoding="utf-8")
    (tmp_path / "en.yaml").write_text(english, encoding="utf-8")
    (tmp_path / "xx.yaml").write_text("walk_on: Continuer\n", encoding="utf-8")
    monkeypatch.setattr(scaffolding, "WORDS", tmp_path)
    words_of.cache_clear()
    try:
        story = files("The Mill Job", "the-mill-job", "xx")["book/story.yaml"]
    finally:
        words_of.cache_clear()
    assert "- text: Continuer" in story and "title: The Old Signpost" in story


def test_a_text_of_several_lines_stays_inside_its_block_and_a_comment_stays_a_comment():
    template = "# «about»\npassage:\n  text: |\n    «text»\nend: «about»\n"
    out = fill(template, {"about": "one\ntwo", "text": "first\n\nthird"})
    assert out == "# one\n# two\npassage:\n  text: |\n    first\n\n    third\nend: one\ntwo\n"


@translations
def test_a_name_with_quotes_still_makes_a_sample_that_lints_clean(made, tmp_path):
    lang, _ = made
    with speaking(lang):
        folder = scaffold('The "Quiet" Job', tmp_path)
    assert invoke(lang, "book", "lint", str(folder), "--strict").exit_code == 0


@pytest.mark.parametrize("lang, name, ident", [("pt-BR", "O Serviço do Moinho", "o-servico-do-moinho"),
                                               ("ja", "粉ひき小屋の仕事", "粉ひき小屋の仕事")])
def test_a_name_in_the_authors_language_makes_the_id_and_its_campaign_lints_clean_and_plays(
        tmp_path, monkeypatch, lang, name, ident):
    """Latin letters lose their accents in the id; Japanese letters are the id (before, a Japanese name
    made no id at all)."""
    monkeypatch.chdir(tmp_path)
    assert invoke(lang, "campaign", "scaffold", name).exit_code == 0
    folder = Path(ident)
    assert f'name: "{name}"' in (folder / "campaign.yaml").read_text(encoding="utf-8")
    assert (folder / "boards" / f"{ident}.yaml").is_file() and (folder / "cards" / f"{ident}.yaml").is_file()
    assert invoke(lang, "book", "lint", ident, "--strict").exit_code == 0
    started = invoke(lang, "campaign", "new", "Bots", "--definition", ident, "--campaign", "bots.yaml",
                     "--all-bots")
    assert started.exit_code == 0, started.stderr
    played = invoke(lang, "run", str(folder / "scripts" / "bots.script"), "--campaign", "bots.yaml")
    assert played.exit_code == 0, played.stderr
