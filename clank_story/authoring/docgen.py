"""The reference sections of docs/authoring.md, generated from the code so they never drift: the field
tables the loaders check, the effect registry (each effect with an example that the tests load), the
state view (read from the view classes), and the story's template helpers.

    python -m clank_story.authoring.docgen            # rewrite the generated sections in place
    python -m clank_story.authoring.docgen --check    # exit 1 if docs/authoring.md is out of date

A generated section sits between `<!-- generated: NAME -->` and `<!-- end generated: NAME -->`; the
prose around the markers is written by hand."""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from pathlib import Path

from clank_story.content.schema import Field

DOC = Path(__file__).resolve().parents[2] / "docs" / "authoring.md"
_SECTION = re.compile(r"(<!-- generated: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- end generated: (?P=name) -->)", re.S)

# An example for every effect (checked by the tests: each loads as a passage effect without errors).
EFFECT_EXAMPLES = {
    "skill": "{skill: 2}", "swords": "{swords: 1}", "boots": "{boots: 1}", "teleport": "{teleport: 1}",
    "gold": "{gold: 3}", "clank": "{clank: -2}", "draw": "{draw: 1}", "heal": "{heal: 2}", "damage": "{damage: 1}",
    "rage": "{rage: 1}", "points": "{points: 5}", "gain_card": "{gain_card: mercenary}",
    "dragon_attack": "{dragon_attack: 1}", "bag_black": "{bag_black: 2}",
    "trash": "{trash: {from: [hand, discard], optional: true}}", "discard": "{discard: {swords: 2}}",
    "choose": "{choose: [{gold: 2}, {heal: 1}]}", "replace_row": "{replace_row: true}",
    "secret_adjacent": "{secret_adjacent: true}", "flag": "{flag: met_oma}", "unflag": "{unflag: met_oma}",
    "counter": "{counter: {favours: 1}}", "goto": '{goto: "13"}', "cardporium": "{cardporium: regulation-pitchfork}",
    "add_contract": "{add_contract: mill-inspection}", "complete_contract": "{complete_contract: mill-inspection}",
    "destroy_contract": "{destroy_contract: mill-inspection}", "sticker": "{sticker: turnip-tithe}",
    "checkmark": "{checkmark: 1}", "unlock": "{unlock: signing-bonus}", "end_game": "{end_game: true}",
    "destroy_card": "{destroy_card: stumble}", "patron": "{patron: explore}",
    "refresh": "{refresh: true}", "ignore_exhaustion": "{ignore_exhaustion: true}", "discount": "{discount: 2}",
    "each_player": "{each_player: {clank: 1}}", "trash_card": "{trash_card: burgle}",
}
CONDITION_EXAMPLES = {"played": "{played: companion}", "has": "{has: crown}", "artifact": "{artifact: true}",
                      "at": "{at: market}", "gold": "{gold: 5}",
                      "token_kinds": "{token_kinds: {at_least: 2, of: [crown, master-key, backpack]}}",
                      "gold_gained": "{gold_gained: 3}"}
COUNTER_EXAMPLES = {"played": "{played: gem}", "owned": "{owned: companion}", "tokens": "{tokens: monkey-idol}",
                    "token_kinds": "{token_kinds: true}", "clank_made": "{clank_made: true}",
                    "gold_gained": "{gold_gained: true}"}

# What each attribute of the state view means (a test fails when the view gains one not described here).
VIEW_DOCS = {
    "game": {
        "ruleset": "`classic` or `legacy`", "board": "the board's id", "turn": "the turn number, from 1",
        "rage": "the dragon's rage-track space (1-based)", "rage_cubes": "cubes the dragon draws at this rage",
        "bag": "the dragon bag: `black` and player names -> cubes", "clank_area": "player name -> cubes in the Clank area",
        "row": "card ids in the row, left to right", "countdown": "the classic Countdown Track space, or none",
        "over": "true once the game has ended", "artifacts": "artifacts lying on the board: space -> value",
        "active": "the name of the player whose turn it is",
        "winner": "once the game is over, the winner's name (a tie goes to the most valuable artifact), or none",
        "row_discard": "card ids in the dungeon / adventure discard pile, oldest first",
        "deck_size": "cards left in the dungeon / adventure deck",
        "market": "market stock: item id -> how many are left", "reserve": "Reserve piles: card id -> cards left",
        "secrets": "face-down secrets still on the board: space -> how many",
        "secret_bank": "legacy: minor secrets left in the bank", "idols": "monkey idols on the board: space -> how many",
    },
    "player": {
        "name": "the player's name", "space": "the space id the pawn stands on", "damage": "cubes on the health meter",
        "health_left": "10 minus damage", "gold": "Gold", "skill": "Skill this turn (0 unless it is their turn)",
        "swords": "Swords this turn (0 unless it is their turn)", "boots": "Boots this turn (0 unless it is their turn)",
        "clank": "their cubes in the Clank area", "supply": "cubes left in their supply", "hand": "card ids in hand",
        "deck_size": "cards left in their deck", "discard": "card ids in the discard pile",
        "in_play": "card ids played this turn", "artifact": "the value of the artifact carried, or none",
        "tokens": "token ids held (market items, idols, kept secrets, ...)",
        "status": "`playing`, `escaped` or `knocked_out`", "exhausted": "exhausted this turn (crystal cave, forest)",
        "score": "what they would score if the game ended now (final once it is over)",
        "rank": "their place by score, 1 = first (ties by the most valuable artifact; level players share)",
        "trashed": "card ids they trashed this game", "teleports": "teleports banked this turn (0 unless it is their turn)",
        "bot": "their bot strategy id, or none for a person",
    },
    "campaign": {
        "name": "the franchise's name", "game_number": "which game of the campaign this is (1, 2, ...)",
        "flags": "flags set by passages: `campaign.flags.met_oma` (an unset flag is false)",
        "counters": "counters added to by passages: `campaign.counters.favours` (an unset counter is 0)",
        "seen": "`campaign.seen('12')`: the passage was read in this campaign (this game included)",
        "seen_this_game": "`campaign.seen_this_game('12')`: the passage was read during this game",
        "stickers": "ids of the stickers on the franchise board: `'turnip-tithe' in campaign.stickers`",
        "rules": "ids of the rules unlocked so far in the campaign",
        "contracts": "ids of the open contracts in the contract row, left to right",
        "dragon": "the dragon's name, from the campaign definition (`the dragon` outside a campaign)",
        "company": "the company's name, from the campaign definition (`the company` outside a campaign)",
    },
}
VIEW_NAMES = {"game": "`game`", "player": "`me` (the reader) and each of `players` (`players['Ana']`, "
                                           "`{% for p in players %}`)", "campaign": "`campaign`"}


def _type_word(f: Field) -> str:
    words = {"str": "text", "id": "id", "int": "number", "bool": "true/false", "strlist": "list of ids",
             "block": "effects", "pos": "[x, y]", "map": "mapping", "list": "list", "any": "any",
             "intornull": "number or null"}
    word = words.get(f.type, f.type)
    return word + (": " + " \\| ".join(f"`{c}`" for c in f.choices) if f.choices else "")


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|")


def field_table(fields: Mapping[str, Field]) -> str:
    rows = ["| field | kind | required | meaning |", "|---|---|---|---|"]
    for name, f in fields.items():
        rows.append(f"| `{name}` | {_type_word(f)} | {'yes' if f.required else ''} | {f.doc} |")
    return "\n".join(rows)


def tables() -> list[tuple[str, str, Mapping[str, Field]]]:
    """(heading, what it is, fields) for every table a content file is made of."""
    from clank_story.campaign import definition as d
    from clank_story.content import schema as s
    from clank_story.story import contracts as c
    from clank_story.story import passages as p

    return [
        ("Card file", "a file under `cards/`", s.CARD_FILE), ("Card", "an item of `cards:`", s.CARD),
        ("Board", "a file under `boards/`", s.BOARD), ("Space", "a value of `spaces:`", s.SPACE),
        ("Path", "an item of `paths:`", s.PATH), ("Secret", "an item of `secrets.yaml`", s.SECRET),
        ("Market item", "an item of `market.yaml`", s.MARKET_ITEM),
        ("Scenario", "a file under `scenarios/` (a position)", s.SCENARIO),
        ("Seat", "an item of a scenario's `players:`", s.PLAYER),
        ("Book of Secrets file", "any file of the book", p.BOOK_FILE), ("Passage", "a value of `passages:`", p.PASSAGE),
        ("Choice", "an item of a passage's `choices:`", p.CHOICE), ("Contract", "an item of `contracts:`", c.CONTRACT),
        ("Campaign definition", "`campaign.yaml`", d.DEFINITION), ("Game", "an item of `games:`", d.GAME),
        ("Status-track section", "an item of `status_track:`", d.SECTION),
        ("Personal goals row", "an item of `personal_goals:`", d.GOAL_ROW),
        ("Personal goal", "an item of a row's `goals:`", d.GOAL), ("Sticker", "a value of `stickers:`", d.STICKER),
        ("Unlockable rule", "a value of `rules:`", d.RULE),
        ("Campaign contract", "a value of the definition's `contracts:`", d.CONTRACT),
        ("Rival", "an item of `rivals:`", d.RIVAL),
    ]


def fields_section() -> str:
    parts = []
    for heading, what, fields in tables():
        parts += [f"#### {heading} ({what})", "", field_table(fields), ""]
    return "\n".join(parts)


def effects_section() -> str:
    from clank_story.content.effects_check import PILES
    from clank_story.rules.effects import CONDITIONS, COUNTERS, MODIFIERS, REGISTRY
    from clank_story.story.effects import EFFECTS as STORY_EFFECTS

    rows = ["Rules effects, for cards, secrets, passages and contract rewards:", "",
            "| effect | meaning | example |", "|---|---|---|"]
    for name, spec in REGISTRY.items():
        if not spec.story:
            rows.append(f"| `{name}` | {_cell(spec.doc)} | `{EFFECT_EXAMPLES.get(name, '')}` |")
    rows += ["", "Story effects, for passages and contract rewards only (one table, `clank_story/story/effects.py`, "
             "that the game and the campaign both apply). *Lasts*: `game` effects mean something only while a "
             "game is played; `campaign` effects outlive it (flags, counters and the contract row travel "
             "whole; *recorded* ones are kept in the game's journal and written to the campaign file at its end).",
             "", "| effect | argument | meaning | lasts | example |", "|---|---|---|---|---|"]
    for name, effect in STORY_EFFECTS.items():
        lasts = effect.scope + (", recorded" if effect.recorded else "")
        rows.append(f"| `{name}` | {_cell(effect.args)} | {_cell(effect.doc)} | {lasts} | "
                    f"`{EFFECT_EXAMPLES.get(name, '')}` |")
    rows += ["", "Modifiers, on any mapping of a block:", "", "| key | meaning | example |", "|---|---|---|"]
    rows.append(f"| `if` | {MODIFIERS['if']}; in passages also a Jinja condition | "
                "`{if: {played: companion}, draw: 1}`, `{if: \"campaign.flags.vip\", gold: 5}` |")
    rows.append(f"| `per` | {MODIFIERS['per']} | `{{per: {{played: gem}}, gold: 1}}` |")
    rows.append(f"| `pay` | {MODIFIERS['pay']} | `{{pay: {{gold: 2}}, skill: 3}}` |")
    rows += ["", "Card conditions (`if:`):", "", "| condition | meaning | example |", "|---|---|---|"]
    rows += [f"| `{k}` | {v} | `{CONDITION_EXAMPLES.get(k, '')}` |" for k, v in CONDITIONS.items()]
    rows += ["", "Counters (`per:`):", "", "| counter | meaning | example |", "|---|---|---|"]
    rows += [f"| `{k}` | {v} | `{COUNTER_EXAMPLES.get(k, '')}` |" for k, v in COUNTERS.items()]
    rows += ["", f"Piles `trash` may take from: {', '.join(f'`{p}`' for p in PILES)}."]
    return "\n".join(rows) + "\n"


def view_section() -> str:
    from clank_story.authoring.templates import view_attributes

    attrs = view_attributes()
    parts = []
    for kind in ("game", "player", "campaign"):
        parts += [f"{VIEW_NAMES[kind]}:", "", "| name | meaning |", "|---|---|"]
        parts += [f"| `{name}` | {VIEW_DOCS[kind].get(name, '')} |" for name in sorted(attrs[kind])]
        parts.append("")
    return "\n".join(parts)


def helpers_section() -> str:
    from clank_story.story.helpers import reference

    rows = ["| kind | name | use | meaning |", "|---|---|---|---|"]
    for h in reference():
        rows.append(f"| {h.kind} | `{h.name}` | `{_cell(h.usage)}` | {h.doc} |")
    return "\n".join(rows) + "\n"


def sections() -> dict[str, str]:
    return {"fields": fields_section(), "effects": effects_section(), "view": view_section(),
            "helpers": helpers_section()}


def render(text: str) -> str:
    """The document with every generated section replaced by what the code says now."""
    made = sections()

    def replace(m: re.Match[str]) -> str:
        name = m["name"]
        body = made.get(name, m["body"])
        return m.group(1) + body.rstrip("\n") + "\n" + m.group(4)

    return _SECTION.sub(replace, text)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = DOC.read_text(encoding="utf-8")
    fresh = render(text)
    if "--check" in args:
        if fresh != text:
            print(f"{DOC} is out of date: run python -m clank_story.authoring.docgen", file=sys.stderr)
            return 1
        return 0
    if fresh != text:
        DOC.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
