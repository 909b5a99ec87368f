"""Scenario files (DESIGN.md §3): a position, like FEN for chess. Every key is optional."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_story.content import schema, translate
from clank_story.content.boards import board_from_node
from clank_story.content.cards import card_from_node
from clank_story.content.diagnostics import ContentError, Report, said
from clank_story.content.effects_check import Refs
from clank_story.content.library import build_ruleset, catalog
from clank_story.content.reading import read_text
from clank_story.content.yamlio import Node, load_text, plain
from clank_story.rules.model import Ruleset
from clank_story.words import language

DEFAULT_SEATS: tuple[dict[str, Any], ...] = ({"name": "You"}, {"name": "Rival", "bot": "random"})


@dataclass
class Position:
    """A game set up from a scenario file: its ruleset, the scenario's data and seed."""

    ruleset: Ruleset
    scenario: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    path: str = "<scenario>"


def content_roots(near: Path | None) -> list[Path]:
    """Folders beside a scenario file (and its parent) may hold boards/ and cards/ of their own."""
    if near is None:
        return []
    here = near.resolve().parent
    return [d for d in (here.parent, here) if (d / "boards").is_dir() or (d / "cards").is_dir()]


def load_scenario(path: str | Path | None = None, *, text: str | None = None, data: dict[str, Any] | None = None,
                  seed: int | None = None,
                  ruleset: str | None = None, board: str | None = None,
                  seats: list[dict[str, Any]] | None = None) -> Position:
    """Read a scenario (file or text) into a Position; options given here override the file."""
    options = {"seed": seed, "ruleset": ruleset, "board": board, "seats": seats}
    if data is not None:
        node = Node(data, str(path or "<scenario>"), 1, 1)
    elif text is not None:
        node = load_text(text, str(path or "<scenario>"))
    elif path is not None:
        return _from_file(path, options)
    else:
        node = Node({}, "<scenario>", 1, 1)
    return _position(node, path, **options)


def _from_file(path: str | Path, options: dict[str, Any]) -> Position:
    """A scenario file, its YAML read from the read cache when this text was read before. Every check
    runs again on the remembered data; should one fail, the file is read itself, so each diagnostic
    gets its line and column."""
    from clank_story.content import readcache

    text = read_text(path)
    known = readcache.recall("scenarios", Path(path), text)
    if isinstance(known, dict):
        try:
            return _position(Node(known, str(path), 1, 1), path, **options)
        except ContentError:
            pass
    node = load_text(text, str(path))
    position = _position(node, path, **options)
    readcache.remember("scenarios", Path(path), text, plain(node.value))
    return position


def _position(node: Node, path: str | Path | None, *, seed: int | None, ruleset: str | None, board: str | None,
              seats: list[dict[str, Any]] | None) -> Position:
    if node.value is None:
        node = Node({}, node.path, 1, 1)
    report = Report()
    schema.check_fields(node, schema.SCENARIO, report, said("what.scenario"))
    report.raise_errors()
    roots = content_roots(Path(path) if path else None)
    cat = catalog(roots)
    data = plain(node.value)
    refs = Refs()
    extra = []
    if "cards" in node.value:
        for child in node.child("cards").elements():
            card = card_from_node(child, report, refs)
            if card is not None:
                extra.append(card)
    board_value: Any = board or data.get("board")
    if isinstance(board_value, dict):
        board_value = board_from_node(node.child("board"), report)
        if board_value is not None and path is not None:  # a board of its own, named in the reader's language
            words = translate.overlay(Path(path).resolve().parent, language())
            board_value = translate.board(board_value, words.get("boards") or {})
    report.raise_errors()
    name = ruleset or data.get("ruleset")
    if name is None:
        name = board_value.ruleset if hasattr(board_value, "ruleset") else (
            cat.boards[board_value].ruleset if isinstance(board_value, str) and board_value in cat.boards
            else "legacy")
    rules = build_ruleset(cat, name, board_value, extra)
    if seats is not None and "players" not in data:
        data["players"] = seats
    data.setdefault("players", [dict(s) for s in DEFAULT_SEATS])
    _check_refs(node, data, rules, report)
    _check_card_refs(refs, rules, report)
    report.raise_errors()
    chosen_seed = seed if seed is not None else int(data.get("seed", 0))
    return Position(rules, data, chosen_seed, node.path)


def _check_card_refs(refs: Refs, rules: Ruleset, report: Report) -> None:
    for card_id, node in refs.cards:
        if card_id not in rules.cards:
            report.error(node.path, node.line, node.col, "SC001",
                         said("content.no_card", card=card_id, hint=schema.hint(card_id, list(rules.cards))))


def _check_refs(node: Node, data: dict[str, Any], rules: Ruleset, report: Report) -> None:
    cards, spaces = rules.cards, rules.board.spaces
    names: list[str] = []

    def card_list(owner: Node, key: str) -> None:
        if key not in owner.value:
            return
        listing = owner.child(key)
        for i, card_id in enumerate(listing.value):
            if card_id not in cards:
                line, col = listing.value_pos(i)
                report.error(node.path, line, col, "SC001",
                             said("content.no_card", card=card_id, hint=schema.hint(card_id, list(cards))))

    def secret_list(listing: Node) -> None:
        for i, secret_id in enumerate(listing.value):
            if secret_id not in rules.secrets:
                line, col = listing.value_pos(i)
                report.error(node.path, line, col, "SC006", said("scenario.no_secret", ruleset=rules.name, secret=secret_id,
                                                                 hint=schema.hint(str(secret_id), list(rules.secrets))))

    def space_ref(owner: Node, key: str, value: Any) -> None:
        if value not in spaces:
            line, col = owner.value_pos(key)
            report.error(node.path, line, col, "SC002", said("scenario.no_space", space=value, board=rules.board.id,
                                                             hint=schema.hint(str(value), list(spaces))))

    if "players" in node.value:
        pnode = node.child("players")
        if not isinstance(pnode.value, list) or not pnode.value:
            report.error(node.path, pnode.line, pnode.col, "SC003", said("scenario.players_shape"))
            return
        for i, child in enumerate(pnode.elements()):
            if not schema.check_fields(child, schema.PLAYER, report, said("what.player", n=i + 1)):
                continue
            names.append(str(child.value.get("name") or f"Player {i + 1}"))
            for key in ("hand", "deck", "discard"):
                card_list(child, key)
            if "space" in child.value:
                space_ref(child, "space", child.value["space"])
        if len(set(names)) != len(names):
            report.error(node.path, pnode.line, pnode.col, "SC003", said("scenario.same_name"))
        if len(names) > 4 and not report.errors:
            report.error(node.path, pnode.line, pnode.col, "SC003", said("scenario.too_many_players"))
    else:
        names = [str(p.get("name")) for p in data["players"]]
    for key in ("row", "deck"):
        card_list(node, key)
    for key in ("artifacts", "secrets"):
        if key in node.value:
            anode = node.child(key)
            for space in anode.value:
                if space not in spaces:
                    line, col = anode.key_pos(space)
                    report.error(node.path, line, col, "SC002", said("scenario.no_space", space=space,
                                                                     board=rules.board.id, hint=""))
    if "secrets" in node.value:
        snode = node.child("secrets")
        for _space, child in snode.items():
            if not isinstance(child.value, list) or not all(isinstance(s, str) for s in child.value):
                report.error(node.path, child.line, child.col, "SC006", said("scenario.secrets_shape"))
                continue
            secret_list(child)
    if "secret_bank" in node.value:
        secret_list(node.child("secret_bank"))
    if "market" in node.value:
        mnode = node.child("market")
        items = [i.id for i in rules.market]
        for item, count in mnode.value.items():
            if item not in items:
                line, col = mnode.key_pos(item)
                report.error(node.path, line, col, "SC007", said("scenario.no_market_item", item=item,
                                                                 ruleset=rules.name, hint=schema.hint(str(item), items)))
            elif not isinstance(count, int) or isinstance(count, bool) or count < 0:
                line, col = mnode.value_pos(item)
                report.error(node.path, line, col, "SC007", said("scenario.stock", item=item))
    if "active" in node.value and data["active"] not in names:
        line, col = node.value_pos("active")
        report.error(node.path, line, col, "SC003", said("scenario.active_not_seated", player=data["active"],
                                                         names=", ".join(names)))
    if "bag" in node.value:
        bnode = node.child("bag")
        for key in bnode.value:
            if key != "black" and key not in names:
                line, col = bnode.key_pos(key)
                report.error(node.path, line, col, "SC004", said("scenario.bag_colour", colour=key))
    if "rage" in data and not 1 <= data["rage"] <= len(rules.board.rage_track):
        line, col = node.value_pos("rage")
        report.error(node.path, line, col, "SC005", said("scenario.rage", most=len(rules.board.rage_track)))

