"""`book schema`: JSON Schemas (draft-07) for every content file type, generated from the field tables
the loaders check (content/schema.py, story/passages.py, story/contracts.py, campaign/definition.py)
and the effect registry (rules/effects.py), so an editor with yaml-language-server completes and checks
the same fields the game reads, with the same descriptions.

The shipped files name their schema in a first-line comment (`# yaml-language-server: $schema=...`);
`modeline()` makes that line. The committed schemas live in `schemas/` at the top of the project
(a wheel carries them in `_shipped/schemas`); a test keeps them equal to what this module makes."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from clank_story.content.schema import Field

DRAFT = "http://json-schema.org/draft-07/schema#"
MODELINE = "# yaml-language-server: $schema="

# file name -> (content kind of authoring/discover.py, title)
FILES = {
    "cards.schema.json": ("cards", "clank-story card file"),
    "board.schema.json": ("board", "clank-story board"),
    "scenario.schema.json": ("scenario", "clank-story scenario (a position)"),
    "secrets.schema.json": ("secrets", "clank-story secret tokens"),
    "market.schema.json": ("market", "clank-story market items"),
    "book.schema.json": ("book", "clank-story Book of Secrets file (passages and contracts)"),
    "campaign-definition.schema.json": ("definition", "clank-story campaign definition"),
    "narration.schema.json": ("narration", "clank-story narration templates"),
    "campaign-file.schema.json": ("campaign-file", "clank-story campaign file (a campaign in play)"),
}
KIND_FILES = {kind: name for name, (kind, _) in FILES.items()}


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/definitions/{name}"}


def _basic(f: Field) -> dict[str, Any]:
    kind = f.type
    schema: dict[str, Any] = {
        "str": {"type": "string"}, "id": {"type": "string"}, "int": {"type": "integer"},
        "bool": {"type": "boolean"}, "strlist": {"type": "array", "items": {"type": "string"}},
        "block": {}, "pos": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "map": {"type": "object"}, "list": {"type": "array"}, "any": {},
        "intornull": {"type": ["integer", "null"]},
    }[kind]
    schema = dict(schema)
    if f.choices:
        schema["enum"] = list(f.choices)
    return schema


def table(fields: Mapping[str, Field], description: str = "",
          nested: Mapping[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """An object schema from a field table: descriptions, required fields, no unknown fields."""
    nested = nested or {}
    props: dict[str, Any] = {}
    for name, f in fields.items():
        schema = dict(nested.get(name) or _basic(f))
        doc = f.doc + (" (quote ids that look like numbers)" if f.type == "id" else "")
        if doc:
            schema["description"] = doc
        if f.choices and "enum" not in schema and "anyOf" not in schema:
            schema["enum"] = list(f.choices)
        props[name] = schema
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    required = [n for n, f in fields.items() if f.required]
    if required:
        out["required"] = required
    if description:
        out["description"] = description
    return out


# -- effects ----------------------------------------------------------------------------------------
def _effect_definitions() -> dict[str, Any]:
    from clank_story.content.effects_check import PILES
    from clank_story.rules.effects import MODIFIERS, REGISTRY
    from clank_story.rules.queue import CONDITION_SPECS, COUNTER_SPECS, PAYABLE, TestSpec
    from clank_story.story.effects import EFFECTS as STORY_EFFECTS

    def arg(kind: str, block: str) -> dict[str, Any]:
        return {
            "int": {"type": "integer"}, "bool": {"type": "boolean"}, "card": {"type": "string"},
            "str": {"anyOf": [{"type": "string"}, {"type": "object"}]}, "any": {},
            "trash": {"anyOf": [{"const": True}, {"type": "object", "additionalProperties": False, "properties": {
                "from": {"type": "array", "items": {"enum": list(PILES)}}, "optional": {"type": "boolean"}}}]},
            "trash_card": {"anyOf": [{"type": "string"}, {"type": "object", "additionalProperties": False,
                                                          "required": ["card"], "properties": {
                "card": {"type": "string"}, "optional": {"type": "boolean"}}}]},
            "block": _ref(block), "blocks": {"type": "array", "minItems": 1, "items": _ref(block)},
        }[kind]

    def test_arg(kind: str) -> dict[str, Any]:
        return {"str": {"type": "string"}, "int": {"type": "integer"}, "bool": {"type": "boolean"},
                "kinds": {"anyOf": [{"type": "boolean"}, {"type": "array", "items": {"type": "string"}},
                                    {"type": "object", "additionalProperties": False, "required": ["at_least"],
                                     "properties": {"at_least": {"type": "integer"},
                                                    "of": {"type": "array", "items": {"type": "string"}}}}]},
                }[kind]

    def one_key(table_: Mapping[str, TestSpec], what: str) -> dict[str, Any]:
        return {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                "description": f"a {what}: a one-key mapping",
                "properties": {k: {"description": spec.doc, **test_arg(spec.arg)} for k, spec in table_.items()}}

    defs: dict[str, Any] = {"condition": one_key(CONDITION_SPECS, "card condition"),
                            "counter": one_key(COUNTER_SPECS, "counter")}
    for kind, story in (("card", False), ("story", True)):
        props: dict[str, Any] = {}
        for name, spec in REGISTRY.items():
            if spec.story and not story:
                continue
            doc = STORY_EFFECTS[name].doc if name in STORY_EFFECTS else spec.doc
            props[name] = {**arg(spec.arg, f"{kind}_block"), "description": doc}
        props["if"] = {"description": MODIFIERS["if"], **(
            {"anyOf": [{"type": "string", "description": "a Jinja condition, judged when the passage is read"},
                       _ref("condition")]} if story else _ref("condition"))}
        props["per"] = {"description": MODIFIERS["per"], **_ref("counter")}
        props["pay"] = {"description": MODIFIERS["pay"], "type": "object", "additionalProperties": False,
                        "properties": {k: {"type": "integer", "minimum": 0} for k in PAYABLE}}
        defs[f"{kind}_effect"] = {"type": "object", "properties": props, "additionalProperties": False,
                                  "description": "effects, applied in the order written"}
        defs[f"{kind}_block"] = {"anyOf": [_ref(f"{kind}_effect"), {"type": "array", "items": _ref(f"{kind}_effect")}],
                                 "description": "an effect mapping, or a list of them"}
    return defs


def _card_definitions() -> dict[str, Any]:
    from clank_story.content import schema as s
    from clank_story.rules.model import TIMINGS

    card = table(s.CARD, "a card", {t: _ref("card_block") for t in TIMINGS})
    return {"card": card, **_effect_definitions()}


def _board_definition() -> dict[str, Any]:
    from clank_story.content import schema as s

    return table(s.BOARD, "a board: spaces by id and the paths between them", {
        "spaces": {"type": "object", "additionalProperties": table(s.SPACE, "a space")},
        "paths": {"type": "array", "items": table(s.PATH, "a path")},
        "rage_track": {"type": "array", "items": {"type": "integer", "minimum": 1}},
    })


# -- one schema per file type -----------------------------------------------------------------------
def _document(name: str, body: dict[str, Any], definitions: dict[str, Any] | None = None) -> dict[str, Any]:
    doc = {"$schema": DRAFT, "title": FILES[name][1], **body}
    if definitions:
        doc["definitions"] = definitions
    return doc


def schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema, for every content file type."""
    from clank_story.campaign import definition as d
    from clank_story.campaign.abilities import ABILITIES
    from clank_story.content import schema as s
    from clank_story.story import contracts as c
    from clank_story.story import passages as p

    cards = _card_definitions()
    out: dict[str, dict[str, Any]] = {}
    out["cards.schema.json"] = _document("cards.schema.json", table(s.CARD_FILE, "a card file", {
        "cards": {"type": "array", "items": _ref("card")}}), cards)
    out["board.schema.json"] = _document("board.schema.json", _board_definition())
    out["scenario.schema.json"] = _document("scenario.schema.json", table(s.SCENARIO, "a scenario", {
        "board": {"anyOf": [{"type": "string"}, _ref("board")]},
        "players": {"type": "array", "minItems": 1, "maxItems": 4, "items": table(s.PLAYER, "a seat")},
        "cards": {"type": "array", "items": _ref("card")},
        "bag": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        "artifacts": {"type": "object", "additionalProperties": {"type": "integer"}},
    }), {**cards, "board": _board_definition()})
    secret = table(s.SECRET, "a kind of secret token", {"effects": _ref("card_block")})
    sizes = {"type": "object", "additionalProperties": False, "properties": {
        size: {"type": "array", "items": _ref("secret")} for size in ("minor", "major", "mystic_fruit")}}
    out["secrets.schema.json"] = _document("secrets.schema.json", {
        "type": "object", "description": "secret tokens by ruleset and size", "additionalProperties": False,
        "properties": {r: sizes for r in ("classic", "legacy")}}, {"secret": secret, **_effect_definitions()})
    item = table(s.MARKET_ITEM, "a market item")
    out["market.schema.json"] = _document("market.schema.json", {
        "type": "object", "description": "market items by ruleset", "additionalProperties": False,
        "properties": {r: {"type": "array", "items": item} for r in ("classic", "legacy")}})
    choice = table(p.CHOICE, "an option the reader may pick", {"effects": _ref("story_block")})
    passage = table(p.PASSAGE, "a passage", {
        "effects": _ref("story_block"), "choices": {"type": "array", "items": choice},
        "once": {"anyOf": [{"type": "boolean"}, {"type": "string"}]}})
    trigger = {"anyOf": [{"enum": list(c.SIMPLE_TRIGGERS)}, {
        "type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
        "properties": {k: {"type": "string", "description": v} for k, v in c.ARG_TRIGGERS.items()}}]}
    contract = table(c.CONTRACT, "a contract", {
        "trigger": trigger, "reward": _ref("story_block"),
        "cost": {"type": "object", "additionalProperties": False,
                 "properties": {k: {"type": "integer", "minimum": 0, "description": v}
                                for k, v in c.COST_KEYS.items()}}})
    out["book.schema.json"] = _document("book.schema.json", table(p.BOOK_FILE, "a Book of Secrets file", {
        "passages": {"type": "object", "additionalProperties": passage},
        "contracts": {"type": "array", "items": contract}}), _effect_definitions())
    ability = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
               "description": "a permanent ability: a one-key mapping",
               "properties": {a.name: {"description": a.doc, **(
                   {"type": "integer"} if "" in a.args else
                   {"type": "object", "additionalProperties": False, "required": list(a.args),
                    "properties": {k: {"type": "integer" if v == "int" else "string"} for k, v in a.args.items()}})}
                   for a in ABILITIES.values()}}
    goal = table(d.GOAL, "a personal goal", {"when": {
        "type": "object", "additionalProperties": False,
        "properties": {k: {"type": "boolean" if v == "bool" else "integer"} for k, v in d.GOAL_CHECKS.items()}}})
    out["campaign-definition.schema.json"] = _document("campaign-definition.schema.json", table(
        d.DEFINITION, "a campaign definition", {
            "games": {"type": "array", "items": table(d.GAME, "a game of the campaign", {
                "waypoints": {"type": "object", "additionalProperties": {"type": "string"}}})},
            "status_track": {"type": "array", "items": table(d.SECTION, "a section of the status track")},
            "personal_goals": {"type": "array", "items": table(d.GOAL_ROW, "a row of personal goals", {
                "goals": {"type": "array", "items": goal}})},
            "stickers": {"type": "object", "additionalProperties": table(d.STICKER, "a sticker", {
                "ability": ability})},
            "rules": {"type": "object", "additionalProperties": table(d.RULE, "an unlockable rule", {
                "ability": ability})},
            "contracts": {"type": "object", "additionalProperties": table(d.CONTRACT, "a contract of the campaign")},
            "rivals": {"type": "array", "items": table(d.RIVAL, "a bot rival")},
        }))
    out["campaign-file.schema.json"] = _document("campaign-file.schema.json", _campaign_file(ability))
    plural_keys, person_keys = ("zero", "one", "two", "few", "many", "other"), ("you", "they")
    text = {"type": "string"}
    plural = {"description": "forms by CLDR plural category, chosen by the count `n`", "anyOf": [text, {
        "type": "object", "additionalProperties": False, "minProperties": 1,
        "properties": {k: text for k in plural_keys}}]}
    text_or_form = {"description": "a format string, or forms by person (you/they) or plural category",
                    "anyOf": [_ref("plural"), {"type": "object", "additionalProperties": False, "minProperties": 1,
                                               "properties": {k: _ref("plural") for k in person_keys}}]}
    forms = {"plural": plural, "text_or_form": text_or_form}
    text_or_form = _ref("text_or_form")
    out["narration.schema.json"] = _document("narration.schema.json", {
        "type": "object", "additionalProperties": False, "description": "narration templates (`clank-story book docs narration`)",
        "properties": {"narrate": {
            "type": "object", "description": "the narration's words: events, prose, and words by id",
            "additionalProperties": text_or_form,
            "properties": {
                "events": {"type": "object", "additionalProperties": text_or_form,
                           "description": "one line per event kind; {placeholders} are the event's fields"},
                "prose": {"type": "object", "additionalProperties": {"type": "array", "items": text_or_form},
                          "description": "Jinja variants per beat kind"}}}}}, forms)
    return out


def _campaign_file(ability: dict[str, Any]) -> dict[str, Any]:
    """The campaign file (campaign/model.py), so an editor completes it too; the saved game in
    `in_progress` is opaque: JSON text or a mapping."""
    from clank_story.campaign import model as m

    status = table(m.STATUS, "checkmarks and promotion level")
    goals = table(m.GOALS, "personal goals", {"rows_done": {"type": "array", "items": {"type": "integer"}}})
    employee = table(m.EMPLOYEE, "an employee: a person or a bot rival", {
        "bot": {"type": ["string", "null"]}, "associate_status": status, "personal_goals": goals,
        "colour": {"enum": list(m.COLOURS)}})
    report = table(m.REPORT, "a mission report", {
        "scores": {"type": "object", "additionalProperties": {"type": "integer"}},
        "winner": {"type": ["string", "null"]}})
    sticker = table(m.STICKER, "a sticker on the franchise board", {"ability": ability})
    return table(m.CAMPAIGN, "a campaign in play: its franchise, employees and everything that happened", {
        "schema_version": {"type": "integer", "minimum": 1, "maximum": m.SCHEMA_VERSION},
        "game_number": {"type": "integer", "minimum": 1},
        "players": {"type": "array", "minItems": 1, "maxItems": len(m.COLOURS), "items": employee},
        "mission_reports": {"type": "array", "items": report},
        "counters": {"type": "object", "additionalProperties": {"type": "integer"}},
        "stickers": {"type": "array", "items": sticker},
        "dran_track": {"type": "array", "items": {"type": "integer"}},
        "in_progress": {"anyOf": [{"type": "null"}, {"type": "string"}, {"type": "object"}]},
    })


def dumps(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = folder / name
        path.write_text(dumps(schema), encoding="utf-8")
        written.append(path)
    return written


def modeline(kind: str, file: Path, folder: Path) -> str | None:
    """The yaml-language-server comment pointing a file of this kind at its schema in `folder`."""
    import os

    name = KIND_FILES.get(kind)
    if name is None:
        return None
    rel = os.path.relpath(folder.resolve() / name, file.resolve().parent)
    return MODELINE + Path(rel).as_posix()
