"""The content library: card files, boards, secrets and market items found under content roots,
and Ruleset objects built from them for one game."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_story.content import schema, translate
from clank_story.content.boards import board_from_node
from clank_story.content.cards import CardFile, load_card_file
from clank_story.content.diagnostics import ContentError, Diagnostic, Report, said
from clank_story.content.effects_check import Refs, check_block
from clank_story.content.yamlfast import load_content_file
from clank_story.content.yamlio import Node, plain
from clank_story.paths import shipped
from clank_story.rules.model import Board, CardDef, MarketItem, Ruleset, SecretDef, as_block
from clank_story.words import language

DEFAULT_BOARDS = {"classic": "cinder-halls", "legacy": "brackenmoor"}
ROW_DECKS = {"classic": "dungeon", "legacy": "adventure"}
SECRET_SIZES = {"minor": "minor", "major": "major", "mystic_fruit": "fruit"}


def core_root() -> Path:
    return shipped("campaigns") / "core"


@dataclass
class Catalog:
    """All the content read from a folder: card files, boards, secrets, market."""

    card_files: list[CardFile] = field(default_factory=list)
    boards: dict[str, Board] = field(default_factory=dict)
    secrets: dict[str, dict[str, SecretDef]] = field(default_factory=dict)  # ruleset -> id -> def
    market: dict[str, tuple[MarketItem, ...]] = field(default_factory=dict)
    refs: Refs = field(default_factory=Refs)

    def cards(self) -> dict[str, CardDef]:
        return {c.id: c for f in self.card_files for c in f.cards}


def forget() -> None:
    """Drop the in-process parsed content roots (the disk caches check file times): `reload`."""
    load_root.cache_clear()


@functools.lru_cache(maxsize=16)
def load_root(root: Path) -> Catalog:
    from clank_story.content.cache import cached

    return cached(root, lambda: _parse_root(root), files=_root_files(root))


def _root_files(root: Path) -> list[Path]:
    """The files `_parse_root` reads (and so the ones its cache entry depends on)."""
    found = [*(root / "cards").glob("*.yaml"), *(root / "boards").glob("*.yaml")]
    return found + [p for p in (root / "secrets.yaml", root / "market.yaml") if p.exists()]


def _parse_root(root: Path) -> Catalog:
    report = Report()
    catalog = Catalog()
    for path in sorted((root / "cards").glob("*.yaml")):  # libyaml's reading where it is ruamel's
        catalog.card_files.append(load_card_file(load_content_file(path), report, catalog.refs))
    for path in sorted((root / "boards").glob("*.yaml")):
        board = board_from_node(load_content_file(path), report)
        if board is not None:
            catalog.boards[board.id] = board
    if (root / "secrets.yaml").exists():
        _load_secrets(load_content_file(root / "secrets.yaml"), catalog, report)
    if (root / "market.yaml").exists():
        _load_market(load_content_file(root / "market.yaml"), catalog, report)
    report.raise_errors()
    return catalog


def _load_secrets(node: Node, catalog: Catalog, report: Report) -> None:
    for ruleset, sizes in node.items():
        table: dict[str, SecretDef] = {}
        for size, listing in sizes.items():
            if size not in SECRET_SIZES:
                line, col = sizes.key_pos(size)
                report.error(node.path, line, col, "CT004", said("content.secret_size", size=size))
                continue
            for child in listing.elements():
                if not schema.check_fields(child, schema.SECRET, report, said("what.secret")):
                    continue
                errors = len(report.errors)
                if "effects" in child.value:
                    check_block(child.child("effects"), report, catalog.refs)
                if len(report.errors) > errors:
                    continue
                d = plain(child.value)
                table[d["id"]] = SecretDef(
                    id=d["id"], name=d["name"], size=SECRET_SIZES[size], effects=as_block(d.get("effects")),
                    keep=d.get("keep", False), points=d.get("points", 0), rage=d.get("rage", 0),
                    timing=d.get("timing", "now"), count=d.get("count", 1))
        catalog.secrets[str(ruleset)] = table


def _load_market(node: Node, catalog: Catalog, report: Report) -> None:
    for ruleset, listing in node.items():
        items = []
        for child in listing.elements():
            if schema.check_fields(child, schema.MARKET_ITEM, report, said("what.market_item")):
                items.append(MarketItem(**plain(child.value)))
        catalog.market[str(ruleset)] = tuple(items)


def catalog(roots: Sequence[Path] = ()) -> Catalog:
    """The shipped core content merged with extra roots (later roots add to or override earlier), in
    the current language (content/translate.py)."""
    merged = Catalog()
    for root in [core_root(), *roots]:
        resolved = Path(root).resolve()
        part = translated(load_root(resolved), translate.overlay(resolved, language()))
        merged.card_files.extend(part.card_files)
        merged.boards.update(part.boards)
        merged.secrets.update(part.secrets)
        merged.market.update(part.market)
        merged.refs.cards.extend(part.refs.cards)
    return merged


def translated(part: Catalog, words: Mapping[str, Any]) -> Catalog:
    """A content root's catalog with the names and texts of its overlay (the same catalog when none)."""
    if not words:
        return part
    cards, boards = words.get("cards") or {}, words.get("boards") or {}
    secrets, market = words.get("secrets") or {}, words.get("market") or {}
    return Catalog(
        card_files=[dataclasses.replace(f, cards=tuple(translate.card(c, cards) for c in f.cards))
                    for f in part.card_files],
        boards={k: translate.board(b, boards) for k, b in part.boards.items()},
        secrets={r: {k: translate.secret(v, secrets) for k, v in table.items()} for r, table in part.secrets.items()},
        market={r: tuple(translate.item(i, market) for i in items) for r, items in part.market.items()},
        refs=part.refs)


def _expand(cards: Iterable[CardDef]) -> tuple[str, ...]:
    return tuple(c.id for c in cards for _ in range(c.count))


def build_ruleset(cat: Catalog, name: str, board: Board | str | None = None,
                  extra_cards: Sequence[CardDef] = ()) -> Ruleset:
    if isinstance(board, str) or board is None:
        board_id = board or DEFAULT_BOARDS[name]
        if board_id not in cat.boards:
            known = ", ".join(sorted(b for b, v in cat.boards.items() if v.ruleset == name)) or "none"
            raise ContentError([Diagnostic.of("<board>", 1, 1, "SC010", said("content.no_board", board=board_id,
                                                                              boards=known))])
        board = cat.boards[board_id]
    files = [f for f in cat.card_files if f.ruleset in (name, "both")]
    cards: dict[str, CardDef] = {}
    for f in files:
        for c in f.cards:
            if c.ruleset in (None, name):
                cards[c.id] = c
    for c in extra_cards:
        cards[c.id] = c
    starting = _expand(c for f in files if f.deck == "starting" for c in f.cards)
    reserve = {c.id: c.count for f in files if f.deck == "reserve" for c in f.cards
               if c.ruleset in (None, name)}
    for c in list(cards.values()):
        if c.reserve and c.id not in reserve:
            del cards[c.id]
    deck = _expand(c for f in files if f.deck == ROW_DECKS[name] for c in f.cards)
    return Ruleset(name=name, cards=cards, starting=starting, reserve=reserve, deck=deck, board=board,
                   secrets=cat.secrets.get(name, {}), market=cat.market.get(name, ()))
