"""A board as a picture (`board show ID --format dot|svg`): Graphviz DOT that draws readably.

- Spaces with a `pos` keep their places (neato, pinned), spread far enough apart that the widest
  box of a column (or row) never reaches its neighbour; a board without positions is laid out by `dot`.
- Place names are bigger than path labels; a space's features go under its name, smaller.
- The start is a double octagon, the depths (the Danger Zone) are shaded, and paths say what they
  need: locked paths are red and dashed, water paths blue, one-way paths have an arrow, and the
  Boots and monsters a path costs are its label.
- A legend under the board says all of that in words.
Every word comes from the catalog (`catalogue.*` and `authoring.board.*`)."""

from __future__ import annotations

from clank_story.rules.model import Board
from clank_story.words import say

NAME_SIZE = 12  # points: place names
FEATURE_SIZE = 9  # what a space holds
EDGE_SIZE = 8  # path labels: smaller than place names
CHAR_WIDTH = 0.085  # inches per character of a place name at NAME_SIZE (a generous average)
LINE_HEIGHT = 0.2  # inches per text line
GAP = 0.7  # inches of clear space between neighbouring boxes
LOCKED = "#c0392b"
WATER = "#2471a3"
DEPTHS = "#d5d8dc"


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _features(board: Board, sid: str) -> list[str]:
    from clank_story.looking.catalogue import FEATURES

    space = board.spaces[sid]
    out = []
    for f in FEATURES:
        value = getattr(space, f)
        if value not in (None, 0, False, "") and f != "depths":  # the shading says depths
            out.append(say(f"catalogue.feature.{f}", n=value))
    return out


def _label(board: Board, sid: str) -> str:
    feats = _features(board, sid)
    name = f'<FONT POINT-SIZE="{NAME_SIZE}"><B>{_html(board.spaces[sid].name)}</B></FONT>'
    if not feats:
        return f"<{name}>"
    sep = say("catalogue.board.features.sep")
    small = f'<FONT POINT-SIZE="{FEATURE_SIZE}">{_html(sep.join(feats))}</FONT>'
    return f"<{name}<BR/>{small}>"


def _size(board: Board, sid: str) -> tuple[float, float]:
    """A box's width and height in inches, estimated from its text (Graphviz sizes it for real)."""
    feats = say("catalogue.board.features.sep").join(_features(board, sid))
    width = max(len(board.spaces[sid].name) * CHAR_WIDTH, len(feats) * CHAR_WIDTH * FEATURE_SIZE / NAME_SIZE) + 0.3
    return width, LINE_HEIGHT * (2 if feats else 1) + 0.25


def spacing(board: Board) -> tuple[float, float]:
    """Inches between grid columns and rows, so that no two boxes of neighbouring cells meet."""
    sizes = [_size(board, sid) for sid in board.spaces]
    return (max((w for w, _ in sizes), default=1.0) + GAP, max((h for _, h in sizes), default=0.5) + GAP)


def _needs(path) -> str:
    parts = []
    if path.boots != 1:
        parts.append(say("catalogue.need.boots", n=path.boots))
    if path.monsters:
        parts.append(say("catalogue.need.monsters", n=path.monsters))
    if path.locked:
        parts.append(say("catalogue.need.locked"))
    if path.water:
        parts.append(say("catalogue.need.water"))
    return say("catalogue.board.features.sep").join(parts)


def pinned(board: Board) -> bool:
    return bool(board.spaces) and all(s.pos is not None for s in board.spaces.values())


def board_dot(board: Board) -> str:
    """The board as Graphviz DOT (for `neato` when every space has a `pos`, else for `dot`)."""
    pin = pinned(board)
    dx, dy = spacing(board)
    lines = [f"graph {_q(board.id)} {{",
             f'  graph [label={_q(board.name)}, labelloc=t, fontsize=16, fontname="Helvetica", '
             f"splines={'true' if pin else 'spline'}, outputorder=edgesfirst, pad=0.3];",
             f'  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica", '
             f"fontsize={NAME_SIZE}, margin=\"0.12,0.06\"];",
             f'  edge [fontname="Helvetica", fontsize={EDGE_SIZE}, fontcolor="#444444", color="#555555"];']
    lowest = 0
    for sid, space in board.spaces.items():
        attrs = [f"label={_label(board, sid)}"]
        if pin and space.pos is not None:
            attrs.append(f'pos="{space.pos[0] * dx:.2f},{-space.pos[1] * dy:.2f}!"')
            lowest = max(lowest, space.pos[1])
        if space.depths:
            attrs.append(f'fillcolor="{DEPTHS}"')
        if sid == board.start:
            attrs.append("shape=doubleoctagon, style=filled")
        lines.append(f"  {_q(sid)} [{', '.join(attrs)}];")
    for path in board.paths:
        attrs = []
        label = _needs(path)
        if label:
            attrs.append(f"label={_q(label)}")
        if path.one_way:
            attrs.append("dir=forward, arrowhead=normal")
        if path.locked:
            attrs.append(f'style=dashed, color="{LOCKED}", fontcolor="{LOCKED}", penwidth=2')
        elif path.water:
            attrs.append(f'color="{WATER}", fontcolor="{WATER}", penwidth=2')
        lines.append(f"  {_q(path.a)} -- {_q(path.b)}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    legend = [f"legend [shape=plaintext, style=solid, label={legend_label()}"]
    if pin:
        legend.append(f'pos="0,{-(lowest + 1) * dy - 0.6:.2f}!"')
    lines.append("  " + ", ".join(legend) + "];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def legend_label() -> str:
    """An HTML-like table: each way the picture marks something, and what it means."""
    rows = [
        ("⬣", "black", say("authoring.board.legend.start")),
        ("■", "#99a3a4", say("authoring.board.legend.depths")),
        ("- - -", LOCKED, say("authoring.board.legend.locked")),
        ("———", WATER, say("authoring.board.legend.water")),
        ("——▶", "black", say("authoring.board.legend.one_way")),
        ("2 Boots", "#444444", say("authoring.board.legend.label")),
    ]
    cells = "".join(f'<TR><TD ALIGN="CENTER"><FONT COLOR="{colour}">{_html(mark)}</FONT></TD>'
                    f'<TD ALIGN="LEFT">{_html(text)}</TD></TR>' for mark, colour, text in rows)
    head = f'<TR><TD COLSPAN="2" ALIGN="LEFT"><B>{_html(say("authoring.board.legend.title"))}</B></TD></TR>'
    return f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2" COLOR="#999999">{head}{cells}</TABLE>>'


def board_svg(board: Board) -> str:
    from clank_story.authoring.graphviz import to_svg

    return to_svg(board_dot(board), "neato" if pinned(board) else "dot")
