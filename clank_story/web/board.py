"""The board as an SVG picture, drawn from the board's data: spaces where their `pos` puts them (a
layout of our own when a board has none), the paths between them with what they cost, and what the
game has on them now (pawns, artifacts, secrets). Spaces you can move to now are buttons that send
`move SPACE`, the very line a person would type; every other word is from the catalog (`web.map.*`).

No Graphviz: it is optional on players' machines, and a grid of `pos` cells reads like the printed
board anyway."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape

from clank_story.looking.common import path_cost, space_name
from clank_story.rules.model import Board, Path
from clank_story.rules.state import Game
from clank_story.words import say

CELL_W, CELL_H = 130, 92  # one `pos` step, in SVG units
MARGIN_X, MARGIN_Y = 80, 50  # room for the names under the outer spaces
RADIUS = 16
SEATS = 4  # pawn colours by seat (style.css `.seat-N`); every pawn is named in its space's title too


@dataclass(frozen=True)
class Layout:
    """Where each space's centre is, and the picture's size."""

    at: Mapping[str, tuple[float, float]]
    width: float
    height: float


def layout(board: Board) -> Layout:
    """The spaces' `pos` cells when every space has one, else columns by paths from the start."""
    if board.spaces and all(s.pos is not None for s in board.spaces.values()):
        cells = {sid: s.pos for sid, s in board.spaces.items()}
    else:
        cells = _layered(board)
    xs = [c[0] for c in cells.values()] or [0]
    ys = [c[1] for c in cells.values()] or [0]
    x0, y0 = min(xs), min(ys)
    at = {sid: (MARGIN_X + (c[0] - x0) * CELL_W, MARGIN_Y + (c[1] - y0) * CELL_H)  # type: ignore[index]
          for sid, c in cells.items()}
    return Layout(at, 2 * MARGIN_X + (max(xs) - x0) * CELL_W, 2 * MARGIN_Y + 10 + (max(ys) - y0) * CELL_H)


def _layered(board: Board) -> dict[str, tuple[int, int]]:
    """Column = the fewest paths from the start (either way along a path), rows in the order the spaces
    were reached, each column centred on the tallest; spaces cut off from the start go in a last column."""
    depth = {board.start: 0}
    order = [board.start]
    todo = deque([board.start])
    while todo:
        here = todo.popleft()
        for near in board.adjacent(here):
            if near not in depth:
                depth[near] = depth[here] + 1
                order.append(near)
                todo.append(near)
    last = max(depth.values(), default=0) + 1
    for sid in board.spaces:
        if sid not in depth:
            depth[sid] = last
            order.append(sid)
    columns: dict[int, list[str]] = {}
    for sid in order:
        columns.setdefault(depth[sid], []).append(sid)
    tallest = max(len(c) for c in columns.values())
    cells: dict[str, tuple[int, int]] = {}
    for col, members in columns.items():
        top = (tallest - len(members)) // 2
        for row, sid in enumerate(members):
            cells[sid] = (col, top + row)
    return cells


# -- the picture -----------------------------------------------------------------------------------
def _a(text: object) -> str:
    """Text for an attribute or an element's content."""
    return escape(str(text), quote=True)


def _path_words(game: Game, path: Path) -> str:
    who = game.me
    cost, notes = path_cost(game, who, path.b, origin=path.a)
    if not cost:  # a one-way path seen from its end
        cost, notes = path_cost(game, who, path.a, origin=path.b)
    return say("web.map.path", a=space_name(game, path.a), b=space_name(game, path.b), cost=cost, notes=notes)


def _paths(game: Game, at: Mapping[str, tuple[float, float]]) -> Iterable[str]:
    for path in game.board.paths:
        (x1, y1), (x2, y2) = at[path.a], at[path.b]
        classes = ["path"] + [name for name, on in (("locked", path.locked), ("water", path.water),
                                                      ("one-way", path.one_way)) if on]
        marker = ' marker-end="url(#arrow)"' if path.one_way else ""
        if path.one_way:  # stop the arrow at the circle's edge
            dx, dy = x2 - x1, y2 - y1
            length = max((dx * dx + dy * dy) ** 0.5, 1)
            x2, y2 = x2 - dx / length * (RADIUS + 3), y2 - dy / length * (RADIUS + 3)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        parts = [f'<g class="{" ".join(classes)}"><title>{_a(_path_words(game, path))}</title>',
                 f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}"{marker}/>']
        if path.monsters:
            parts.append(f'<circle class="monster" cx="{mx:.0f}" cy="{my:.0f}" r="8"/>'
                         f'<text class="monster-n" x="{mx:.0f}" y="{my + 4:.0f}">{path.monsters}</text>')
        if path.boots > 1:
            bx, by = mx + (12 if path.monsters else 0), my - (10 if path.monsters else 0)
            parts.append(f'<rect class="boots" x="{bx - 7:.0f}" y="{by - 7:.0f}" width="14" height="14" rx="3"/>'
                         f'<text class="boots-n" x="{bx:.0f}" y="{by + 4:.0f}">{path.boots}</text>')
        if path.locked:
            parts.append(f'<rect class="lock" x="{mx - 6:.0f}" y="{my + 8:.0f}" width="12" height="9" rx="2"/>')
        parts.append("</g>")
        yield "".join(parts)


def _label_lines(name: str, most: int = 18) -> list[str]:
    """A space's name on at most two lines under its circle, broken between words."""
    words = name.split()
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return lines


def _spaces(game: Game, at: Mapping[str, tuple[float, float]], moves: Mapping[str, str]) -> Iterable[str]:
    board = game.board
    me = game.me
    pawns: dict[str, list[int]] = {}
    for i, p in enumerate(game.players):
        if not p.out:
            pawns.setdefault(p.space, []).append(i)
    for sid, space in board.spaces.items():
        x, y = at[sid]
        name = space_name(game, sid)
        classes = ["space"]
        for flag, on in (("start", sid == board.start), ("depths", space.depths), ("market", space.market),
                         ("exhausting", space.exhausting), ("here", sid == me.space and not me.out),
                         ("reachable", sid in moves)):
            if on:
                classes.append(flag)
        if sid in moves:
            label = moves[sid]
            attrs = (f' role="button" tabindex="0" data-command="{_a("move " + sid)}" aria-label="{_a(label)}"')
        else:
            label = say("web.map.here", space=name) if "here" in classes else name
            attrs = ""
        here_names = [game.players[i].name for i in pawns.get(sid, [])]
        title = label + (" — " + say("web.map.pawns", names=", ".join(here_names)) if here_names else "")
        parts = [f'<g class="{" ".join(classes)}" id="space-{_a(sid)}" data-space="{_a(sid)}"{attrs}>',
                 f"<title>{_a(title)}</title>",
                 f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{RADIUS}"/>']
        for k, line in enumerate(_label_lines(name)):
            parts.append(f'<text class="name" x="{x:.0f}" y="{y + RADIUS + 15 + 14 * k:.0f}">{_a(line)}</text>')
        if sid in game.artifacts:
            ax, ay = x + RADIUS + 2, y - RADIUS - 2
            parts.append(f'<path class="artifact" d="M{ax:.0f} {ay - 10:.0f} L{ax + 10:.0f} {ay:.0f} '
                         f'L{ax:.0f} {ay + 10:.0f} L{ax - 10:.0f} {ay:.0f} Z"/>'
                         f'<text class="artifact-n" x="{ax:.0f}" y="{ay + 4:.0f}">{game.artifacts[sid]}</text>')
        secrets = len(game.secrets.get(sid, [])) + game.idols.get(sid, 0)
        for k in range(min(secrets, 4)):
            parts.append(f'<circle class="secret" cx="{x - RADIUS - 4:.0f}" cy="{y - RADIUS + 2 + 8 * k:.0f}" r="3"/>')
        seats = pawns.get(sid, [])
        for k, seat in enumerate(seats):
            px = x - (len(seats) - 1) * 6 + 12 * k
            ring = " me" if game.players[seat] is me else ""
            parts.append(f'<circle class="pawn seat-{seat % SEATS}{ring}" cx="{px:.0f}" cy="{y:.0f}" r="6"/>')
        parts.append("</g>")
        yield "".join(parts)


def svg(game: Game, moves: Mapping[str, str] | None = None, shape: Layout | None = None) -> str:
    """The board now, as an inline SVG element. `moves`: space id -> the words of the button that moves
    there (the spaces a person can move to now)."""
    shape = shape or layout(game.board)
    title = say("web.map.title", board=game.board.name)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {shape.width:.0f} {shape.height:.0f}" '
            f'role="group" aria-labelledby="map-title map-desc" class="board">'
            f'<title id="map-title">{_a(title)}</title><desc id="map-desc">{_a(say("web.map.description"))}</desc>'
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
            'orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z"/></marker></defs>')
    return "".join([head, '<g class="paths">', *_paths(game, shape.at), "</g>",
                    '<g class="spaces">', *_spaces(game, shape.at, moves or {}), "</g></svg>"])
