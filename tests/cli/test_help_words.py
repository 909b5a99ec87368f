"""`--help` in three languages (issue 13, DESIGN.md §7): every command's help comes from the catalog
(`locale/<lang>/cli.yaml`), in the language the command line asks for, even when click handles an
eager `--help` before `--lang`; English help is byte for byte what it was before it moved into the
catalog (tests/data/help/en, recorded first); Japanese and Portuguese help has no English sentence,
and click's own words ("Usage:", "No such option") are translated too.

English is counted as in the whole-game tests (tests/test_translations_ja.py, _pt.py), less what the
help names and a person types: command and option names, metavars (NAME, FILE), choices and default
values, ids and file names, `things in backquotes`, $VARIABLES."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from test_translations_pt import english_in

from clank_story.authoring.translations import check_catalogs
from clank_story.cli.main import cli
from clank_story.content.diagnostics import Report
from clank_story.words import catalog, speaking

RECORDED = Path(__file__).parents[1] / "data" / "help" / "en"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LANGS = ("ja", "pt-BR")
NAMES = {"Clank", "Graphviz", "Markdown", "Mermaid", "Ctrl", "yaml", "braille"}  # names, keys, loanwords
# Brazilian Portuguese says these so, or has them as words of its own ("for salvo", "diretor solo")
PORTUGUESE_TOO = {"prompt", "token", "script", "lint", "bots", "id", "editor", "for", "rival", "solo"}


def commands(cmd: click.Command = cli, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    yield path, cmd
    if isinstance(cmd, click.Group):
        for name in sorted(cmd.commands):
            yield from commands(cmd.commands[name], (*path, name))


COMMANDS = [path for path, _ in commands()]


def ident(path: tuple[str, ...]) -> str:
    return "-".join(("clank-story", *path))


def run(args: list[str], env: dict[str, str | None] | None = None):
    """The command line in this process, at 80 columns, in a clean language environment."""
    clean = {"CLANK_STORY_LANG": None, "LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, "COLUMNS": "80"}
    with speaking("en"):
        return CliRunner().invoke(cli, args, prog_name="clank-story", env={**clean, **(env or {})},
                                  terminal_width=80)


def help_of(path: tuple[str, ...], lang: str) -> str:
    result = run([*path, "--lang", lang, "--help"])
    assert result.exit_code == 0, result.output
    return result.stdout


def typed_words() -> set[str]:
    """What the help names and a person types as it is: commands, option names, choices, defaults."""
    words: set[str] = set()
    for path, cmd in commands():
        words |= set(path)
        for param in cmd.params:
            if isinstance(param.type, click.Choice):
                words |= {str(c) for c in param.type.choices}
            if isinstance(param.default, str | Path):
                words |= set(re.split(r"[,:]", str(param.default)))
    ids = {"classic", "legacy", "random", "planner", "hard", "brackenmoor", "en", "ja", "seed"}  # `(seed, i)`
    return words | ids | {"dot", "svg", "mermaid", "reload", "lint"}


def sentences(text: str) -> str:
    """The help less what is typed or named as it is."""
    ascii_only = re.ASCII  # a Japanese letter next to `ID` or `Clank!` is no part of the word
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"(?<![\w-])--?[\w-]+", " ", text, flags=ascii_only)                    # --options, -h
    text = re.sub(r"[\w.:/=-]*\w[./=:][\w.:/=-]*", " ", text, flags=ascii_only)  # ids, files: me.gold=5, 127.0.0.1
    text = re.sub(r"\b\w+(?:-\w+)+\b", " ", text, flags=ascii_only)                        # cinder-halls, pt-BR
    text = re.sub(r"\$\w+|\b[A-Z][A-Z_|\[\]:.,]*[A-Z\]]\b", " ", text, flags=ascii_only)  # $VARIABLES, METAVARS
    for word in typed_words() | NAMES:
        text = re.sub(rf"(?<![\w-]){re.escape(word)}(?![\w-])", " ", text, flags=ascii_only)
    return text


# -- English stays as it was -------------------------------------------------------------------------
def test_every_command_has_its_english_help_recorded():
    assert sorted(ident(p) + ".txt" for p in COMMANDS) == sorted(f.name for f in RECORDED.glob("*.txt"))


@pytest.mark.parametrize("path", COMMANDS, ids=ident)
def test_english_help_is_byte_for_byte_what_click_wrote_before_the_catalog(path: tuple[str, ...]):
    result = run([*path, "--help"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (RECORDED / f"{ident(path)}.txt").read_text(encoding="utf-8")


# -- Japanese and Portuguese -------------------------------------------------------------------------
@pytest.mark.parametrize("path", COMMANDS, ids=ident)
def test_every_commands_help_in_japanese_has_no_english_sentence(path: tuple[str, ...]):
    text = help_of(path, "ja")
    assert text.startswith("使い方: clank-story") and "オプション：" in text
    assert "このメッセージを表示して終了する。" in text
    found = re.findall(r"[A-Za-z]{3,}", sentences(text))
    assert found == [], f"English in `{' '.join(('clank-story', *path))} --help`: {sorted(set(found))}\n{text}"
    assert len(JAPANESE.findall(text)) > 10


@pytest.mark.parametrize("path", COMMANDS, ids=ident)
def test_every_commands_help_in_portuguese_has_no_english_sentence(path: tuple[str, ...]):
    text = help_of(path, "pt-BR")
    assert text.startswith("Uso: clank-story") and "Opções:" in text and "Mostrar esta mensagem e sair." in text
    found = {w: n for w, n in english_in(sentences(text)).items() if w not in PORTUGUESE_TOO}
    assert not found, f"English in `{' '.join(('clank-story', *path))} --help`: {sorted(found)}\n{text}"


def test_the_commands_list_gives_each_commands_first_sentence_in_japanese():
    text = help_of((), "ja")
    assert "コマンド：\n" in text
    assert "  run       コマンドファイルをプロンプトなしで実行し、語りを出力します。\n" in text
    assert "  play      プロンプトで遊びます。\n" in text


def test_japanese_help_wraps_by_display_width():
    text = help_of(("sim",), "ja")
    from clank_story.narrate.wrap import cells

    width = 80  # the formatter's at 80 columns (click gives the whole terminal width under CliRunner)
    english = run(["sim", "--help"]).stdout
    assert max(len(line) for line in english.splitlines()) == width
    assert max(cells(line) for line in text.splitlines()) <= width
    assert sum(cells(line) > width - 4 for line in text.splitlines()) > 5  # filled by cells, not cut at 40


def test_a_japanese_first_sentence_too_long_for_the_list_is_cut_by_display_width():
    from clank_story.cli.helptext import _first_sentence
    from clank_story.narrate.wrap import cells

    assert _first_sentence("短い文です。その次の文。", 20) == "短い文です。"
    cut = _first_sentence("とても長い一文で、一覧の幅には収まりません。", 20)
    assert cut.endswith("…") and cells(cut) <= 20 and cut.startswith("とても長い")
    assert _first_sentence("`yaml-language-server` をとても長く説明する文。", 20) == "`yaml-language-server`…"


# -- how the language is chosen ----------------------------------------------------------------------
def test_help_before_lang_on_the_line_still_speaks_that_language():
    """click handles an eager --help before --lang: the command line is read for the language first."""
    assert run(["play", "--help", "--lang", "ja"]).stdout == help_of(("play",), "ja")
    assert run(["book", "lint", "--help", "--lang=pt-BR"]).stdout.startswith("Uso: clank-story book lint")


def test_a_groups_lang_holds_for_its_help_and_its_commands():
    assert run(["--lang", "ja", "--help"]).stdout.startswith("使い方: clank-story [OPTIONS] COMMAND")
    assert run(["--lang", "pt-BR", "campaign", "show", "--help"]).stdout == help_of(("campaign", "show"), "pt-BR")


def test_without_lang_the_environment_chooses_then_the_locale_then_english():
    assert run(["cards", "--help"], {"CLANK_STORY_LANG": "ja"}).stdout == help_of(("cards",), "ja")
    assert run(["cards", "--help"], {"LANG": "pt_BR.UTF-8"}).stdout == help_of(("cards",), "pt-BR")
    assert run(["cards", "--help"], {"LANG": "C"}).stdout == (RECORDED / "clank-story-cards.txt").read_text()
    assert run(["cards", "--lang", "en", "--help"], {"CLANK_STORY_LANG": "ja"}).stdout.startswith("Usage:")


def test_the_language_is_looked_up_when_help_is_written_not_at_import():
    ja = help_of(("saves",), "ja")
    assert help_of(("saves",), "en") == (RECORDED / "clank-story-saves.txt").read_text()
    assert help_of(("saves",), "ja") == ja


# -- click's own words ---------------------------------------------------------------------------------
def test_usage_errors_speak_the_command_lines_language():
    result = run(["play", "--frob", "--lang", "ja"])
    assert result.exit_code == 2
    assert "エラー：'--frob' というオプションはありません。" in result.stderr
    assert "使い方は 'clank-story play --help' で見られます。" in result.stderr
    result = run(["plya", "--lang", "pt-BR"])
    assert "Erro: Não existe o comando 'plya'. Você quis dizer 'play'?" in result.stderr
    result = run(["book", "lint", "--format", "xml", "--lang", "pt-BR"])
    assert "Valor inválido para '--format': 'xml' não é nenhum destes: 'text', 'json'." in result.stderr
    result = run(["sim", "--games", "many"], {"CLANK_STORY_LANG": "ja"})
    assert "'many' は正しい数ではありません。" in result.stderr


def test_the_version_is_told_in_the_language_too():
    assert run(["--version"]).stdout.startswith("clank-story, version ")
    assert run(["--lang", "ja", "--version"]).stdout.startswith("clank-story バージョン ")
    assert run(["--version"], {"CLANK_STORY_LANG": "pt-BR"}).stdout.startswith("clank-story, versão ")


def test_help_in_one_language_leaves_the_next_command_line_in_its_own():
    """click words its --help option once per command and keeps it: ours is looked up each time."""
    assert "Mostrar esta mensagem e sair." in help_of(("saves",), "pt-BR")
    assert run(["saves", "--help"]).stdout == (RECORDED / "clank-story-saves.txt").read_text(encoding="utf-8")
    assert run(["--help"]).stdout == (RECORDED / "clank-story.txt").read_text(encoding="utf-8")


def test_english_usage_errors_are_clicks_own():
    result = run(["play", "--frob"])
    assert "Error: No such option '--frob'." in result.stderr
    assert "Try 'clank-story play --help' for help." in result.stderr


def test_every_click_message_in_the_catalog_is_one_click_has():
    """The shim finds click's words by their English text: an English entry click no longer says
    would never be translated (a click upgrade that reworded it shows here)."""
    import ast

    source = Path(click.__file__).parent
    said: set[str] = set()
    for path in source.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "ngettext"):
                said |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    said.add("required")  # `_(extra["required"])`: click's word, given through a variable
    english = {k: v for k, v in catalog("en").flat.items() if k.startswith("cli.click.")}
    for key, value in english.items():
        texts = list(value.values()) if isinstance(value, dict) else [value]
        assert set(texts) <= said, f"{key}: click never says {texts}"


# -- the lint checks the new namespace -----------------------------------------------------------------
def test_the_translation_lint_checks_the_help_of_the_command_line(tmp_path: Path):
    """LN070 (missing), LN071 (unknown id), LN072 (a placeholder the English lacks), LN075 (a plural
    form Japanese never uses) in cli.yaml."""
    from clank_story.paths import locale_dir

    root = tmp_path / "locale"
    shutil.copytree(locale_dir("en").parent, root)
    ja = root / "ja" / "cli.yaml"
    text = ja.read_text(encoding="utf-8")
    text = text.replace('    seed: "乱数のシード。"\n', "")                                      # missing
    text = text.replace('heading: "{heading}："', 'heading: "{heading}{colon}："')               # placeholder
    text = text.replace('did_you_mean: "もしかして：{possibilities}"',
                        'did_you_mean: {one: "もしかして：{possibility}", other: "もしかして：{possibilities}"}')
    text += '  gone:\n    help: "もう使わない説明。"\n'                                             # unknown
    ja.write_text(text, encoding="utf-8")
    report = Report()
    check_catalogs(report, root)
    found = {(d.code, Path(d.path).name) for d in report.diagnostics}
    assert {("LN072", "cli.yaml"), ("LN071", "cli.yaml"), ("LN075", "cli.yaml")} <= found
    missing = [d for d in report.diagnostics if d.code == "LN070" and d.path.endswith("ja")]
    assert missing and "cli.common.seed" in missing[0].message
    placeholder = next(d for d in report.diagnostics if d.code == "LN072")
    assert placeholder.line == text.splitlines().index('  heading: "{heading}{colon}："') + 1


def test_the_shipped_help_is_translated_whole_and_lints_clean():
    english = {k for k in catalog("en").flat if k.startswith("cli.")}
    for lang in LANGS:
        assert english <= set(catalog(lang).flat), lang
    report = Report()
    check_catalogs(report)
    assert [str(d) for d in report.diagnostics if "cli.yaml" in d.path or "cli." in d.message] == []
