"""The shipped content lints clean with --strict; the committed JSON Schemas are up to date, accept
every shipped file, and every shipped file names its schema; docs/authoring.md's reference is current."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from clank_story.authoring import docgen, schemas
from clank_story.authoring.discover import classify, collect, default_paths
from clank_story.authoring.lint import lint
from clank_story.cli.main import cli
from clank_story.content.yamlio import load_text, plain
from clank_story.paths import shipped

SCHEMAS = shipped("schemas")


@pytest.fixture(scope="module")
def shipped_files() -> list[tuple[Path, str]]:
    found, _ = collect(default_paths())
    return [(path, classify(path, path.read_text(encoding="utf-8"), folders)) for path, folders in found]


def test_the_shipped_content_lints_clean_with_strict():
    result = lint()
    assert result.status(strict=True) == 0, "\n".join(result.as_text())
    assert result.files >= 10


def test_book_lint_with_no_paths_reads_the_shipped_content():
    result = CliRunner().invoke(cli, ["book", "lint", "--strict", "--format", "json"])
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout)
    assert data["diagnostics"] == [] and data["files"] >= 10


def test_the_committed_schemas_are_what_book_schema_writes(tmp_path):
    result = CliRunner().invoke(cli, ["book", "schema", "--out", str(tmp_path)])
    assert result.exit_code == 0
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == sorted(p.name for p in SCHEMAS.glob("*.json")), "run: clank-story book schema"
    for name in made:
        assert (SCHEMAS / name).read_text() == (tmp_path / name).read_text(), f"run: clank-story book schema ({name})"


def test_every_schema_is_a_valid_draft_7_schema_with_descriptions():
    for name, schema in schemas.schemas().items():
        jsonschema.Draft7Validator.check_schema(schema)
        assert '"description"' in json.dumps(schema), name


def test_every_shipped_file_is_accepted_by_its_schema_and_names_it(shipped_files):
    for path, kind in shipped_files:
        if kind == "translation":
            continue  # an overlay in another language: the translation checks read it against the English
        name = schemas.KIND_FILES[kind]
        text = path.read_text(encoding="utf-8")
        data = plain(load_text(text, str(path)).value)
        errors = [e.message for e in jsonschema.Draft7Validator(json.loads((SCHEMAS / name).read_text())).iter_errors(data)]
        assert errors == [], f"{path}: {errors[:3]}"
        if kind == "narration":
            continue  # it lives in the package, beside the code, not with the content
        line = schemas.modeline(kind, path, SCHEMAS)
        assert text.split("\n", 1)[0] == line, f"{path}: make its first line `{line}`"


def test_a_schema_refuses_what_the_loader_refuses():
    card_file = json.loads((SCHEMAS / "cards.schema.json").read_text())
    bad = {"cards": [{"id": "x", "name": "X", "costt": 2, "play": {"skil": 1}}]}
    messages = [e.message for e in jsonschema.Draft7Validator(card_file).iter_errors(bad)]
    assert messages and any("costt" in m for m in messages)
    assert not list(jsonschema.Draft7Validator(card_file).iter_errors(
        {"cards": [{"id": "x", "name": "X", "cost": 2, "play": [{"skill": 1}, {"if": {"played": "gem"}, "draw": 1}]}]}))


def test_the_reference_in_docs_authoring_is_up_to_date():
    assert docgen.main(["--check"]) == 0, "run: python -m clank_story.authoring.docgen"
