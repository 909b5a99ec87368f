"""`book lint` speaks the reader's language (issue #13): every diagnostic message is a sentence of the
`diagnostics` namespace, translated into Japanese and Brazilian Portuguese; the path, position, code
and the words `error`/`warning` stay as they are, so tools can still read them."""

from __future__ import annotations

import re
import string

import pytest
from authoring_tools import LINT
from click.testing import CliRunner

from clank_story import words
from clank_story.authoring.lint import lint
from clank_story.cli.main import cli
from clank_story.content.diagnostics import Diagnostic, Listed, Said, said
from clank_story.words import LANGUAGES, catalog, speaking

PREFIX = re.compile(r"^(\S+:\d+:\d+: (?:error|warning)\[[A-Z]{2}\d{3}\]: )(.+)$")
NUMBERS = {"n", "total", "line", "english", "levels", "most", "removed", "needed", "game", "entries"}


def diagnostic_ids() -> list[str]:
    return sorted(i for i in catalog("en").flat if i.startswith("diagnostics."))


def _params(value: object) -> dict[str, object]:
    """A sample value for every field of every form of an entry (numbers where the entry counts)."""
    texts = [value] if isinstance(value, str) else [v for k, v in value.items() if k != "by"]  # type: ignore[union-attr]
    params: dict[str, object] = {}
    for text in texts:
        for _, name, spec, _ in string.Formatter().parse(str(text)):
            if name:
                params[name] = 3 if name in NUMBERS or (spec or "").startswith("@") else f"<{name}>"
    return params


def test_there_is_a_diagnostics_namespace_with_every_message():
    assert len(diagnostic_ids()) >= 200


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_diagnostic_id_renders_in_every_language_with_its_parameters(lang):
    own = catalog(lang).flat
    problems = []
    for ident in diagnostic_ids():
        if ident not in own:
            problems.append(f"{ident}: not translated into {lang}")
            continue
        params = _params(catalog("en").flat[ident])
        with speaking(lang):
            text = words.say(ident, **params)
        if not text or text == ident or re.search(r"\{[a-z_]+\}", text):
            problems.append(f"{ident}: {text!r}")
        for name, sample in params.items():  # ids, paths and keys are given to the sentence, never dropped
            if isinstance(sample, str) and sample not in text:
                problems.append(f"{ident}: {name} is not said in {lang}: {text!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["ja", "pt-BR"])
def test_the_translations_are_not_english_left_in_place(lang):
    same = []
    for ident in diagnostic_ids():
        english = catalog("en").flat[ident]
        if not isinstance(english, str):
            continue
        words_in_it = re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}|`[^`]*`|'[^']*'", "", english))
        words_in_it = [w for w in words_in_it if w not in ("true", "false", "null", "YAML", "Jinja", "UTF")]
        if words_in_it and catalog(lang).flat[ident] == english:
            same.append(ident)
    assert not same, same


def test_a_sentence_keeps_its_id_and_parameters_and_is_said_in_the_language_of_the_moment():
    message = said("lint.no_card", card="lantren", hint=said("hint.did_you_mean", name="lantern"))
    d = Diagnostic.of("book/a.yaml", 3, 7, "LN041", message, "warning")
    assert d.message == "no card 'lantren' (did you mean 'lantern'?)"  # English, whatever the language
    with speaking("ja"):
        assert str(d) == "book/a.yaml:3:7: warning[LN041]: カード「lantren」はありません（「lantern」のことですか？）"
        assert d.as_json()["message"] == "カード「lantren」はありません（「lantern」のことですか？）"
    with speaking("pt-BR"):
        assert str(d) == "book/a.yaml:3:7: warning[LN041]: não há carta 'lantren' (você quis dizer 'lantern'?)"
    assert Said.from_plain(message.plain()) == message


def test_a_list_in_a_sentence_is_joined_with_the_languages_own_word():
    listed = Listed(("1", "2"))
    with speaking("en"):
        assert str(listed) == "1 or 2"
    with speaking("pt-BR"):
        assert str(listed) == "1 ou 2"
    with speaking("ja"):
        assert str(listed) == "1か2"


def invoke(*args: str):
    """The command line in this process; the language it chose is put back afterwards."""
    with speaking("en"):
        return CliRunner().invoke(cli, list(args))


def _lint_lines(*args: str) -> list[str]:
    return invoke("book", "lint", *args).stdout.splitlines()


BROKEN = ["BS101", "LN031", "LN040", "LN046", "CT002", "BD020", "LN072"]


@pytest.mark.parametrize("lang, expected", [
    ("ja", "不明な効果「gian_card」（「gain_card」のことですか？）"),
    ("pt-BR", "efeito desconhecido 'gian_card' (você quis dizer 'gain_card'?)"),
])
def test_a_broken_book_linted_in_japanese_or_portuguese_shows_translated_messages(lang, expected):
    english = _lint_lines(str(LINT / "BS101" / "bad"), "--lang", "en")
    translated = _lint_lines(str(LINT / "BS101" / "bad"), "--lang", lang)
    assert english == ["tests/data/lint/BS101/bad/book/story.yaml:12:16: error[BS101]: unknown effect 'gian_card' "
                       "(did you mean 'gain_card'?)"]
    assert translated == [f"tests/data/lint/BS101/bad/book/story.yaml:12:16: error[BS101]: {expected}"]


@pytest.mark.parametrize("lang", ["ja", "pt-BR"])
@pytest.mark.parametrize("code", BROKEN)
def test_only_the_message_is_translated_the_rest_of_each_line_stays_for_tools(lang, code, monkeypatch):
    folder = str(LINT / code / "bad")
    english = _lint_lines(folder, "--lang", "en")
    monkeypatch.setenv("CLANK_STORY_LANG", lang)  # the environment chooses too
    translated = _lint_lines(folder)
    assert english and len(english) == len(translated)
    for en_line, line in zip(english, translated, strict=True):
        en, there = PREFIX.match(en_line), PREFIX.match(line)
        assert en and there, line
        assert en.group(1) == there.group(1)  # path:line:col: severity[CODE]:
        assert en.group(2) != there.group(2) and "diagnostics." not in there.group(2), line


def test_json_output_translates_only_the_message():
    import json

    en = json.loads(invoke("book", "lint", str(LINT / "LN031" / "bad"), "--format", "json").stdout)
    ja = json.loads(invoke("book", "lint", str(LINT / "LN031" / "bad"), "--format", "json", "--lang", "ja").stdout)
    strip = [{k: v for k, v in d.items() if k != "message"} for d in en["diagnostics"]]
    assert strip == [{k: v for k, v in d.items() if k != "message"} for d in ja["diagnostics"]]
    assert [d["message"] for d in en["diagnostics"]] != [d["message"] for d in ja["diagnostics"]]


def test_every_failing_example_is_said_in_every_language_without_a_missing_sentence():
    folders = sorted(p / "bad" for p in LINT.iterdir() if p.is_dir() and not (p / "bad" / "PREVIEW").exists())
    found = [d for folder in folders for d in lint([folder]).diagnostics]
    assert len({d.code for d in found}) > 80
    for lang in ("ja", "pt-BR"):
        with speaking(lang):
            lines = [str(d) for d in found]
        assert not [line for line in lines if "diagnostics." in line], lang
    untranslated = [d for d in found if d.said is None]
    assert not untranslated, "\n".join(map(str, untranslated))
