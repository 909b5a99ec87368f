"""Field tables for every content type: the loader, the linter and the JSON Schemas read them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from clank_story.content.diagnostics import Report, Said, said
from clank_story.content.yamlio import Node


@dataclass(frozen=True)
class Field:
    """What a content field may hold, and what it is for."""

    type: str  # str | id | int | bool | strlist | block | pos | map | list | any | intornull
    doc: str = ""
    required: bool = False
    choices: tuple[str, ...] = ()


CARD = {
    "id": Field("id", "unique slug", True),
    "name": Field("str", "display name", True),
    "kind": Field("str", "what you do with it", choices=("item", "device", "monster", "event")),
    "types": Field("strlist", "tags conditions can read: companion, gem, ..."),
    "cost": Field("int", "Skill (items, devices) or Swords (monsters)"),
    "points": Field("int", "points at game end"),
    "count": Field("int", "copies in its deck"),
    "dragon": Field("bool", "shows the dragon-attack symbol"),
    "danger": Field("bool", "legacy: +1 cube per dragon attack while in the row"),
    "only": Field("str", "classic: acquirable only in the depths or a crystal cave",
                  choices=("depths", "crystal_cave")),
    "flavor": Field("str", "a line of flavour text"),
    "ruleset": Field("str", "limit a shared card to one ruleset", choices=("classic", "legacy")),
    "stays": Field("bool", "a Reserve monster that is never discarded (goblin, cultist)"),
    "play": Field("block", "when played from hand"),
    "acquire": Field("block", "once, when acquired"),
    "defeat": Field("block", "when a monster is defeated"),
    "arrive": Field("block", "when revealed in the row"),
    "use": Field("block", "when a device is used"),
    "end_of_turn": Field("block", "at the end of the turn it was played"),
    "score": Field("block", "points computed at the end of the game"),
}
CARD_FILE = {
    "cards": Field("list", "the cards", True),
    "ruleset": Field("str", "which ruleset these cards belong to", choices=("classic", "legacy", "both")),
    "deck": Field("str", "which pile they build", choices=("starting", "reserve", "dungeon", "adventure", "extra")),
}
SPACE = {
    "name": Field("str", "display name", True),
    "minor_secrets": Field("int", "minor secret tokens placed here"),
    "major_secrets": Field("int", "major secret tokens placed here"),
    "monkey_idols": Field("int", "monkey idols placed here"),
    "artifact": Field("int", "value of the artifact placed here"),
    "depths": Field("bool", "classic Depths / legacy Danger Zone"),
    "exhausting": Field("bool", "crystal cave / forest: entering stops Boot movement for the turn"),
    "market": Field("bool", "a market (classic) or town (legacy)"),
    "coach": Field("int", "legacy coach stop and its Gold value"),
    "waypoint": Field("str", "passage opened on entering"),
    "heal": Field("int", "healing, once per turn on entering"),
    "gold": Field("int", "Gold, once per turn on entering"),
    "draw": Field("int", "cards drawn, once per turn on entering"),
    "magic_circle": Field("bool", "a magic circle"),
    "mystic_fruit": Field("int", "mystic fruit placed here"),
    "pos": Field("pos", "[x, y] for drawing maps"),
}
PATH = {
    "from": Field("id", "one end", True),
    "to": Field("id", "the other end", True),
    "boots": Field("int", "Boots needed (footprints)"),
    "monsters": Field("int", "damage unless you spend a Sword per monster"),
    "locked": Field("bool", "needs a Master Key"),
    "one_way": Field("bool", "only from -> to"),
    "water": Field("bool", "needs a Canoe"),
}
BOARD = {
    "id": Field("id", "board id", True),
    "name": Field("str", "display name", True),
    "ruleset": Field("str", "classic or legacy", True, ("classic", "legacy")),
    "start": Field("id", "where pawns start; returning with an artifact escapes", True),
    "rage_track": Field("list", "cubes drawn per rage space"),
    "spaces": Field("map", "spaces by id", True),
    "paths": Field("list", "paths between spaces", True),
}
SECRET = {
    "id": Field("id", "unique slug", True),
    "name": Field("str", "display name", True),
    "count": Field("int", "tokens of this kind"),
    "effects": Field("block", "what it does when revealed (or used, if kept)"),
    "keep": Field("bool", "held until the player uses it"),
    "points": Field("int", "points at game end"),
    "rage": Field("int", "rage change when taken"),
    "timing": Field("str", "when its effects happen", choices=("now", "end_of_turn")),
}
MARKET_ITEM = {
    "id": Field("id", "unique slug", True),
    "name": Field("str", "display name", True),
    "kind": Field("str", "what it is for: master-key, backpack, crown, canoe, ...", True),
    "price": Field("int", "Gold"),
    "count": Field("int", "how many are for sale"),
    "points": Field("int", "points at game end"),
    "order": Field("int", "items of a kind are sold lowest order first"),
}
SCENARIO = {
    "ruleset": Field("str", "classic or legacy", choices=("classic", "legacy")),
    "board": Field("any", "a board id, or an inline board"),
    "seed": Field("int", "the RNG seed"),
    "players": Field("list", "seats in order"),
    "active": Field("str", "whose turn it is"),
    "rage": Field("int", "rage-track space, 1-based"),
    "bag": Field("map", "dragon bag: black and player names -> cubes"),
    "row": Field("strlist", "the row, left to right"),
    "deck": Field("strlist", "the dungeon / adventure deck, top first"),
    "cards": Field("list", "extra card definitions"),
    "artifacts": Field("map", "artifacts lying on the board: space -> value"),
    "secrets": Field("map", "secrets lying face down on the board: space -> secret ids, top first"),
    "secret_bank": Field("strlist", "legacy: the minor secrets in the bank, top first"),
    "market": Field("map", "market stock: item id -> how many are for sale (items left out are sold out)"),
}
PLAYER = {
    "name": Field("str", "player name"),
    "bot": Field("str", "a bot strategy id; absent = a human seat"),
    "space": Field("id", "where the pawn stands"),
    "hand": Field("strlist", "cards in hand"),
    "deck": Field("strlist", "deck, top first"),
    "discard": Field("strlist", "discard pile"),
    "damage": Field("int", "cubes on the health meter"),
    "gold": Field("int", "Gold"),
    "clank": Field("int", "cubes in the Clank area"),
    "artifact": Field("intornull", "artifact value carried"),
    "tokens": Field("strlist", "tokens held"),
}

_TYPES = {
    "str": (str,), "id": (str,), "int": (int,), "bool": (bool,), "strlist": (list,), "block": (dict, list),
    "pos": (list,), "map": (dict,), "list": (list,), "intornull": (int, type(None)),
}


MAX_HINT_OPTIONS = 200  # names "did you mean" compares a word with (difflib's cost grows with the list)


def closest(word: str, options: list[str] | Mapping[str, object]) -> str | None:
    """The name among `options` closest to `word`, if one is close. Among many names only those that
    could be close are compared (same first letter, about the same length), so a book of thousands of
    passages lints in time."""
    names = list(options)
    if len(names) > MAX_HINT_OPTIONS:
        names = [n for n in names if isinstance(n, str) and n[:1] == word[:1]
                 and abs(len(n) - len(word)) <= 2][:MAX_HINT_OPTIONS]
    import difflib  # only when a word is wrong

    close = difflib.get_close_matches(word, names, n=1)
    return close[0] if close else None


def hint_or_names(word: str, options: list[str], names: list[str] | None = None) -> Said:
    """` (did you mean 'x'?)`, or, when no option is close, ` (names: a, b, c)` listing `names`
    (default: the options)."""
    close = closest(word, options)
    if close is not None:
        return said("hint.did_you_mean", name=close)
    return said("hint.names", names=", ".join(options if names is None else names))


def suggest(word: str, options: list[str] | Mapping[str, object]) -> str:
    """` (did you mean 'x'?)`, or '' (in the current language)."""
    return str(hint(word, options))


def hint(word: str, options: list[str] | Mapping[str, object]) -> Said | str:
    """` (did you mean 'x'?)` as a sentence said when shown (a diagnostic's parameter), or ''."""
    close = closest(word, options)
    return said("hint.did_you_mean", name=close) if close is not None else ""


def check_fields(node: Node, fields: Mapping[str, Field], report: Report, what: str | Said) -> bool:
    """Unknown, missing and mistyped fields; returns whether the node is a usable mapping. `what` names
    the thing checked ("a card", or a sentence of the catalog such as `said("what.passage", id=...)`)."""
    if not isinstance(node.value, dict):
        report.error(node.path, node.line, node.col, "CT005", said("fields.not_a_mapping", what=what))
        return False
    ok = True
    for key in node.value:
        if not isinstance(key, str):
            continue
        if key not in fields:
            line, col = node.key_pos(key)  # looked up only for a report: a big book has 100,000 keys
            report.error(node.path, line, col, "CT004",
                         said("fields.unknown", key=key, what=what, hint=hint(key, list(fields))))
            continue
        spec = fields[key]
        value = node.value[key]
        if spec.type == "any":
            continue
        wanted = _TYPES[spec.type]
        good = isinstance(value, wanted) and not (spec.type == "int" and isinstance(value, bool))
        if spec.type == "strlist" and good:
            good = all(isinstance(v, str) for v in value)
        if spec.type == "pos" and good:
            good = len(value) == 2 and all(isinstance(v, int) for v in value)
        if not good:
            vline, vcol = node.value_pos(key)
            report.error(node.path, vline, vcol, "CT005", said("fields.wrong_type", key=key, what=what,
                                                               type=_describe(spec.type)))
            ok = False
        elif spec.choices and value not in spec.choices:
            vline, vcol = node.value_pos(key)
            report.error(node.path, vline, vcol, "CT006",
                         said("fields.not_a_choice", key=key, choices=", ".join(spec.choices), value=value))
            ok = False
    for key, spec in fields.items():
        if spec.required and key not in node.value:
            report.error(node.path, node.line, node.col, "CT007", said("fields.missing", what=what, key=key))
            ok = False
    return ok


TYPE_WORDS = frozenset({"str", "id", "int", "bool", "strlist", "block", "pos", "map", "list", "intornull"})


def _describe(kind: str) -> Said | str:
    """A field type in words ("a whole number"): `diagnostics.type.<kind>` of the catalog."""
    return said(f"type.{kind}") if kind in TYPE_WORDS else kind
