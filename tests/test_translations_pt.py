"""Brazilian Portuguese at the table: whole games told in pt-BR without an English sentence, and the
prompt answering in Portuguese to commands typed with Portuguese words (docs/translation.md).

English is found by its words: every word of the English catalog and of the English content (card,
board, secret and market names and flavour) is English, except a short list of names, game terms the
glossary keeps, argument words the parser takes as they are, and Portuguese words spelled like English
ones. The Book of Secrets is translated by a task of its own: its English passages are taken out of a
transcript before the count, sentence by sentence, so nothing else can hide behind them."""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import homes
import pytest
import yaml
from click.testing import CliRunner

from clank_story import words
from clank_story.cli.main import cli
from clank_story.words import catalog, speaking

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "campaigns" / "core"
BOOK = ROOT / "book_of_secrets"

ALLOWED = {
    # names: the seats of these games, the default rivals, the company, the dragon
    "ana", "bia", "caio", "duda", "mags", "pennywhistle", "tallow", "gilt", "gristle", "vorsacht",
    # game terms the glossary keeps in Portuguese (Clank!, Waypoint; goblin is a Portuguese word too)
    "clank", "waypoint", "goblin",
    # words the parser takes as they are (`jogar all`, `pegar artifact`, `mover ESPAÇO swords N`,
    # `transcrição off`) and
    # bot strategy ids (`--bot random`)
    "all", "off", "artifact", "secret", "idol", "swords", "random",
    # keys, and words Portuguese borrowed as they are
    "tab", "enter", "ctrl", "bot", "id",
    # Portuguese words spelled like English ones
    "as", "do", "no", "remove", "item", "normal", "total", "real", "final", "troll", "familiar",
}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _words(text: str) -> list[str]:
    """Words of two letters or more (a single letter is no evidence of either language)."""
    return [w for w in re.findall(r"[^\W\d_]+", text.lower()) if len(w) > 1]


def _english_vocabulary() -> set[str]:
    vocabulary: set[str] = set()
    for value in catalog("en").flat.values():
        for text in _strings(value):
            vocabulary.update(_words(re.sub(r"\{[^{}]*\}", " ", text)))
    files = [*CONTENT.glob("cards/*.yaml"), *CONTENT.glob("boards/*.yaml"), CONTENT / "secrets.yaml",
             CONTENT / "market.yaml"]
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for entry in _entries(data):
            for key in ("name", "flavor"):
                if isinstance(entry.get(key), str):
                    vocabulary.update(_words(entry[key]))
        if isinstance(data.get("name"), str):
            vocabulary.update(_words(data["name"]))
    return vocabulary - ALLOWED


def _entries(data: Any) -> Iterator[dict]:
    """Every mapping with an id in a content file (cards, spaces, secrets, market items)."""
    if isinstance(data, dict):
        if "name" in data and ("id" in data or "pos" in data):
            yield data
        for v in data.values():
            yield from _entries(v)
    elif isinstance(data, list):
        for v in data:
            yield from _entries(v)


ENGLISH = _english_vocabulary()


def _book_sentences() -> list[str]:
    """The static text of the shipped Book of Secrets (titles, passages, choices, contracts), in the
    pieces between its Jinja, longest first."""
    pieces: set[str] = set()
    for path in BOOK.rglob("*.yaml"):
        if "locale" in path.relative_to(BOOK).parts:
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        passages = data.get("passages") or {}
        texts: list[str] = []
        for passage in passages.values():
            texts += [passage.get("title"), passage.get("text"), passage.get("once")]
            texts += [c.get("text") for c in passage.get("choices") or []]
        for contract in data.get("contracts") or []:
            texts += [contract.get("name"), contract.get("description")]
        for text in filter(None, texts):
            for piece in re.split(r"\{%.*?%\}|\{\{.*?\}\}", str(text), flags=re.S):
                if piece.strip():
                    pieces.add(" ".join(piece.split()))
    return sorted(pieces, key=len, reverse=True)


def english_in(text: str, *, without: list[str] = ()) -> Counter:
    """The English words of a transcript, counted: commands in backquotes and file paths are things
    to type or places on disk, not sentences, and `without` takes out passages of the book."""
    flat = " ".join(text.split())
    for piece in without:
        flat = flat.replace(piece, " ")
    flat = re.sub(r"`[^`]*`|(?:/[\w.+-]+)+", " ", flat)
    return Counter(w for w in _words(flat) if w in ENGLISH)


@pytest.fixture
def in_english_afterwards():
    """`--lang` sets the language for the whole process: put English back for the tests that follow."""
    with speaking("en"):
        yield


@pytest.fixture
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, campaigns, caches and config go to a temporary home, never the user's."""
    return homes.private_home(tmp_path, monkeypatch)


def _all_bots(ruleset: str, board: str, seed: int) -> str:
    seats = [("Ana", "planner"), ("Bia", "greedy"), ("Caio", "cautious"), ("Duda", "random")]
    return yaml.safe_dump({"ruleset": ruleset, "board": board, "seed": seed,
                           "players": [{"name": n, "bot": b} for n, b in seats]})


def run_all_bots(tmp_path: Path, ruleset: str, board: str, seed: int) -> str:
    scenario = tmp_path / f"{ruleset}.yaml"
    scenario.write_text(_all_bots(ruleset, board, seed), encoding="utf-8")
    script = tmp_path / "empty.txt"
    script.write_text("", encoding="utf-8")
    result = CliRunner().invoke(cli, ["run", str(script), "--scenario", str(scenario), "--lang", "pt-BR"])
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


@pytest.mark.parametrize(("ruleset", "board", "seed"), [("classic", "cinder-halls", 5), ("legacy", "brackenmoor", 11)])
def test_a_whole_game_of_bots_is_told_in_portuguese(tmp_path, in_english_afterwards, ruleset, board, seed):
    out = run_all_bots(tmp_path, ruleset, board, seed)
    assert "A partida terminou:" in out or "E assim termina:" in out  # the game was played to its end
    assert "Dragão" in out and "joga 5 cartas" in out
    found = english_in(out, without=_book_sentences())
    assert not found, f"English in the {ruleset} game: {found.most_common(20)}"


def test_the_counter_does_find_english(tmp_path, in_english_afterwards):
    """The same game told in English is full of English words (the check is not blind)."""
    scenario = tmp_path / "classic.yaml"
    scenario.write_text(_all_bots("classic", "cinder-halls", 5), encoding="utf-8")
    script = tmp_path / "empty.txt"
    script.write_text("", encoding="utf-8")
    out = CliRunner().invoke(cli, ["run", str(script), "--scenario", str(scenario), "--lang", "en"]).stdout
    found = english_in(out)
    assert found["the"] > 10 and found["plays"] > 10 and found["dragon"] > 3


# -- the prompt, in Portuguese ------------------------------------------------------------------------
def play(*lines: str) -> str:
    result = CliRunner().invoke(cli, ["play", "--lang", "pt-BR", "--ruleset", "classic", "--seed", "12",
                                      "--name", "Bia"], input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def answers(out: str) -> dict[str, str]:
    """What the prompt said after each command typed (`> CMD` lines start an answer)."""
    said: dict[str, str] = {}
    command = None
    for line in out.splitlines():
        if line.startswith("> "):
            command = line[2:]
            said[command] = ""
        elif command is not None:
            said[command] += line + "\n"
    return said


def test_the_prompt_speaks_portuguese(private_home, in_english_afterwards):
    out = play("ajuda", "olhar", "mão", "fila", "estado", "lutar goblin", "fim", "n", "jogar tudo",
               "adquirir mercenario", "mover saguao", "dançar")
    said = answers(out)
    assert out.startswith("Gilt & Gristle, Resgates Licenciados — partida no modo clássico nos Salões de Cinza "
                          "de Vorsacht (semente 12).\nSeus rivais: Mags Pennywhistle (bot aleatório) e Irmão Tallow "
                          "(bot aleatório).\nDigite `ajuda` para ver os comandos")
    assert "Ações (mudam a partida):" in said["ajuda"] and "  jogar CARTA|tudo " in said["ajuda"]
    assert said["olhar"].startswith("Turno 1. Você está na Entrada de Serviço.\nAqui: a saída.\n")
    assert said["mão"].startswith("Na mão (5):\n") and "Furto ×2 — +1 Perícia" in said["mão"]
    assert said["fila"].startswith("A Fila da Masmorra (94 cartas restantes no Baralho da Masmorra):")
    assert "▸ Bia — Entrada de Serviço · saúde 10/10" in said["estado"]
    assert said["lutar goblin"] == "lutar goblin: Goblin exige 2 Espadas e você tem 0.\n"  # a refusal
    assert said["fim"].startswith("Você ainda tem 5 cartas na mão: ") and "Digite s (ou `fim` de novo)" in said["fim"]
    assert said["fim"].endswith("Encerrar o turno? [s/N] n\nO seu turno continua.\n")  # `n` answers no
    assert "(+3 Perícia, +2 Botas, +1 Clank)" in " ".join(said["jogar tudo"].split())  # `jogar tudo` plays all
    assert "Mercenário" in said["adquirir mercenario"]  # names match without their accents
    assert "Saguão dos Estagiários Perdidos" in said["mover saguao"]
    assert said["dançar"].startswith("dançar: 'dançar' não é um comando. Comandos: jogar, adquirir, usar")
    found = english_in(out)
    assert not found, f"English at the prompt: {found.most_common(20)}"


def test_help_on_a_command_finds_its_portuguese_word(private_home, in_english_afterwards):
    said = answers(play("ajuda jogar", "ajuda move"))
    assert said["ajuda jogar"].startswith("Uso: jogar CARTA|tudo\n\nJoga uma carta da mão, ou todas elas.")
    assert "Também: play\n" in said["ajuda jogar"]
    assert said["ajuda move"].startswith("Uso: mover ESPAÇO [swords N]") and "Também: move, ir, go" in said["ajuda move"]


# -- the catalog's shape --------------------------------------------------------------------------
def _fields(value: Any) -> set[str]:
    out = set()
    for text in _strings(value):
        for _, name, spec, _ in string.Formatter().parse(text):
            if name:
                out.add(name.split(".")[0].split("[")[0])
            if spec and "{" in spec:
                out |= _fields(spec)
    return out


def _jinja_names(value: Any) -> set[str]:
    from jinja2 import meta

    from clank_story.narrate.prose import _environment

    env = _environment()
    return set().union(*(meta.find_undeclared_variables(env.parse(t)) for t in _strings(value))) - set(env.globals)


def test_every_portuguese_sentence_uses_only_the_english_ones_placeholders():
    english, portuguese = catalog("en").flat, catalog("pt-BR").flat
    extra = {ident: _fields(value) - _fields(english[ident]) for ident, value in portuguese.items()
             if ident in english and not isinstance(value, list)}
    assert not {i: e for i, e in extra.items() if e}
    prose = words.catalog("pt-BR").tree["narrate"]["prose"]
    english_prose = words.catalog("en").tree["narrate"]["prose"]
    assert set(prose) == set(english_prose)
    assert not {kind: _jinja_names(v) - _jinja_names(english_prose[kind]) for kind, v in prose.items()
                if _jinja_names(v) - _jinja_names(english_prose[kind])}


def test_every_english_sentence_has_a_portuguese_one():
    english, portuguese = catalog("en").flat, catalog("pt-BR").flat
    assert sorted(set(english) - set(portuguese)) == []
    own = {i for i in set(portuguese) - set(english) if not i.startswith(("verbs.", "words.contract."))}
    assert own == set()  # the only ids English lacks: command words, and how prepositions contract


def test_the_core_content_has_a_portuguese_name_for_everything():
    overlay = yaml.safe_load((CONTENT / "locale" / "pt-BR" / "content.yaml").read_text(encoding="utf-8"))
    cards = {c["id"] for f in CONTENT.glob("cards/*.yaml") for c in yaml.safe_load(f.read_text())["cards"]}
    assert set(overlay["cards"]) == cards and all(e.get("name") and e.get("flavor") for e in overlay["cards"].values())
    for path in CONTENT.glob("boards/*.yaml"):
        board = yaml.safe_load(path.read_text())
        assert set(overlay["boards"][board["id"]]["spaces"]) == set(board["spaces"])
    secrets = yaml.safe_load((CONTENT / "secrets.yaml").read_text())
    assert set(overlay["secrets"]) == {s["id"] for table in secrets.values() for size in table.values() for s in size}
    market = yaml.safe_load((CONTENT / "market.yaml").read_text())
    assert set(overlay["market"]) == {i["id"] for items in market.values() for i in items}


def test_reading_a_section_in_portuguese_leaves_the_english_catalog_as_it_was():
    with speaking("en"):
        before = words.section("help.topics")["acquire"]["usage"]
    with speaking("pt-BR"):
        assert words.section("help.topics")["acquire"]["usage"] == "adquirir CARTA"
    with speaking("en"):
        assert words.section("help.topics")["acquire"]["usage"] == before == "acquire CARD"


def test_the_end_of_turn_question_is_answered_in_portuguese(private_home, in_english_afterwards):
    said = answers(play("jogar furto", "fim", "s"))
    assert "Encerrar o turno? [s/N] s\n" in said["fim"]  # `s` (sim) plays what is left and ends the turn
    assert "— Turno 2: sua vez —" in said["fim"]


def test_no_id_in_any_language_is_a_word_yaml_reads_as_true_or_false():
    """`yes:` and `no:` unquoted are True and False to YAML: the id `web.end.yes` would never be found."""
    for lang in words.LANGUAGES:
        flat = catalog(lang).flat
        assert not [i for i in flat if {"True", "False"} & set(i.split("."))], lang
        lists = [v for v in flat.values() if isinstance(v, list)]
        assert not [v for v in lists if any(isinstance(x, bool) for x in v)], lang


def test_the_tutorial_board_has_portuguese_names(private_home, in_english_afterwards):
    result = CliRunner().invoke(cli, ["play", "--tutorial", "--lang", "pt-BR"], input="olhar\nsair\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "no Cofre de Treino (semente 1)" in out and "Você está na Porta dos Fundos." in out
    assert "→ Salão do Livro-Razão — 1 Bota" in out
    assert not {"Practice", "Vault", "Ledger", "Door"} & set(re.findall(r"[A-Za-z]+", out))
