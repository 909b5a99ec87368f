"""docs/authoring.md never drifts: its complete examples load without a problem and together use every
field the loaders know; every effect has an example that loads; every attribute of the state view is
described."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from clank_story.authoring import docgen
from clank_story.authoring.lint import lint
from clank_story.content.diagnostics import Report

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "authoring.md"
EXAMPLE = re.compile(r"<!-- example: (?P<kind>\w+) -->\n```yaml\n(?P<body>.*?)```", re.S)


def examples() -> dict[str, str]:
    return {m["kind"]: m["body"] for m in EXAMPLE.finditer(GUIDE.read_text(encoding="utf-8"))}


def node(text: str, name: str):
    from clank_story.content.yamlio import load_text

    return load_text(text, name)


def keys(items) -> set[str]:
    return {k for item in items for k in item}


def test_the_guide_has_a_complete_example_of_every_kind_of_file():
    assert set(examples()) == {"cards", "board", "scenario", "secrets", "market", "book", "definition"}


def test_the_example_book_and_board_lint_clean_together(tmp_path):
    ex = examples()
    (tmp_path / "boards").mkdir()
    (tmp_path / "book").mkdir()
    (tmp_path / "boards" / "vale.yaml").write_text(ex["board"])
    (tmp_path / "book" / "well.yaml").write_text(ex["book"])
    result = lint([tmp_path])
    assert result.diagnostics == [], "\n".join(result.as_text())


def test_the_example_cards_secrets_and_market_load_through_the_games_loaders():
    from clank_story.content import library
    from clank_story.content.cards import load_card_file
    from clank_story.content.effects_check import Refs

    ex = examples()
    report = Report()
    cards = load_card_file(node(ex["cards"], "cards.yaml"), report, Refs())
    catalog = library.Catalog()
    library._load_secrets(node(ex["secrets"], "secrets.yaml"), catalog, report)
    library._load_market(node(ex["market"], "market.yaml"), catalog, report)
    assert report.diagnostics == [] and len(cards.cards) == 5


def test_the_example_scenario_and_definition_load(tmp_path):
    from clank_story.campaign.definition import load_definition
    from clank_story.content.scenario import load_scenario

    ex = examples()
    position = load_scenario(None, text=ex["scenario"])
    assert position.ruleset.board.id == "brackenmoor"
    (tmp_path / "campaign.yaml").write_text(ex["definition"])
    definition, warnings = load_definition(tmp_path / "campaign.yaml")
    assert definition.games[0].patron == "explore" and warnings == []


def test_the_examples_together_use_every_field_of_every_table():
    from clank_story.campaign import definition as d
    from clank_story.content import schema as s
    from clank_story.story import contracts as c
    from clank_story.story import passages as p

    ex = {k: yaml.safe_load(v) for k, v in examples().items()}
    board, book, definition = ex["board"], ex["book"], ex["definition"]
    used = {
        "CARD_FILE": set(ex["cards"]), "CARD": keys(ex["cards"]["cards"]),
        "BOARD": set(board), "SPACE": keys(board["spaces"].values()), "PATH": keys(board["paths"]),
        "SCENARIO": set(ex["scenario"]), "PLAYER": keys(ex["scenario"]["players"]),
        "SECRET": keys(x for sizes in ex["secrets"].values() for items in sizes.values() for x in items),
        "MARKET_ITEM": keys(x for items in ex["market"].values() for x in items),
        "BOOK_FILE": set(book), "PASSAGE": keys(book["passages"].values()),
        "CHOICE": keys(ch for ps in book["passages"].values() for ch in ps.get("choices", [])),
        "BOOK_CONTRACT": keys(book["contracts"]),
        "DEFINITION": set(definition), "GAME": keys(definition["games"]),
        "SECTION": keys(definition["status_track"]), "GOAL_ROW": keys(definition["personal_goals"]),
        "GOAL": keys(g for row in definition["personal_goals"] for g in row["goals"]),
        "STICKER": keys(definition["stickers"].values()), "RULE": keys(definition["rules"].values()),
        "DEF_CONTRACT": keys(definition["contracts"].values()), "RIVAL": keys(definition["rivals"]),
    }
    tables = {
        "CARD_FILE": s.CARD_FILE, "CARD": s.CARD, "BOARD": s.BOARD, "SPACE": s.SPACE, "PATH": s.PATH,
        "SCENARIO": s.SCENARIO, "PLAYER": s.PLAYER, "SECRET": s.SECRET, "MARKET_ITEM": s.MARKET_ITEM,
        "BOOK_FILE": p.BOOK_FILE, "PASSAGE": p.PASSAGE, "CHOICE": p.CHOICE, "BOOK_CONTRACT": c.CONTRACT,
        "DEFINITION": d.DEFINITION, "GAME": d.GAME, "SECTION": d.SECTION, "GOAL_ROW": d.GOAL_ROW, "GOAL": d.GOAL,
        "STICKER": d.STICKER, "RULE": d.RULE, "DEF_CONTRACT": d.CONTRACT, "RIVAL": d.RIVAL,
    }
    missing = {name: sorted(set(fields) - used[name]) for name, fields in tables.items() if set(fields) - used[name]}
    assert not missing, f"give these fields an example in docs/authoring.md: {missing}"
    assert {id(t) for _, _, t in docgen.tables()} == {id(t) for t in tables.values()}, "docgen lists every table"


def test_every_effect_has_an_example_that_loads_as_a_passage_effect():
    from clank_story.rules.effects import REGISTRY
    from clank_story.story.passages import check_effects

    assert set(docgen.EFFECT_EXAMPLES) == set(REGISTRY)
    for name, example in docgen.EFFECT_EXAMPLES.items():
        report = Report()
        check_effects(node(f"- {example}\n", "effects.yaml"), report)
        assert report.diagnostics == [], (name, report.diagnostics)
        assert f"`{example}`" in GUIDE.read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", ["game", "player", "campaign"])
def test_every_attribute_of_the_state_view_is_described(kind):
    from clank_story.authoring.templates import view_attributes

    assert set(view_attributes()[kind]) == set(docgen.VIEW_DOCS[kind])


def test_the_walk_through_commands_name_real_options():
    """The commands the guide shows exist with the options it uses."""
    from click.testing import CliRunner

    from clank_story.cli.main import cli

    text = GUIDE.read_text(encoding="utf-8")
    for line in re.findall(r"^clank-story (.+)$", text, re.M):
        words = line.split()
        path = [w for w in words if not w.startswith("-")][:2]
        result = CliRunner().invoke(cli, [*path[:2 if path[0] in ("book", "campaign", "board") else 1], "--help"])
        assert result.exit_code == 0, line
        for option in (w.split("=")[0] for w in words if w.startswith("--")):
            assert option in result.stdout, f"{line}: {option}"
