"""`book graph`: the passages of a book and what links them — gotos, choices, goto effects — with the
triggers that open them from outside (waypoints, contracts, a campaign's games, promotions, the Dran
track), as Graphviz DOT, Mermaid, or SVG drawn by Graphviz.

Passages nothing reaches are grey; links to passages that do not exist end in a red box."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from clank_story.authoring.crossref import effect_items, passage_blocks, reached

if TYPE_CHECKING:
    from clank_story.authoring.lint import Project

LABEL_WIDTH = 32


@dataclass(frozen=True)
class Node:
    id: str
    label: str
    kind: str  # passage | unreached | missing | waypoint | contract | campaign


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    kind: str  # goto | choice | effect | trigger
    label: str = ""


@dataclass
class Graph:
    nodes: dict[str, Node] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)

    def add(self, node: Node) -> None:
        self.nodes.setdefault(node.id, node)


def _short(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= LABEL_WIDTH else text[:LABEL_WIDTH - 1] + "…"


def passage_graph(project: Project) -> Graph:
    g = Graph()
    if project.book is None:
        return g
    book = project.book.book
    seen = reached(book, project)
    for pid, p in book.passages.items():
        label = pid if not p.title or p.title == pid else f"{pid}\n{_short(p.title)}"
        g.add(Node(f"p:{pid}", label, "passage" if pid in seen else "unreached"))

    def link(a: str, target: str, kind: str, label: str = "") -> None:
        if target not in book.passages:
            g.add(Node(f"p:{target}", f"{target}\n(missing)", "missing"))
        g.edges.append(Edge(a, f"p:{target}", kind, label))

    for pid, p in book.passages.items():
        for n, (block, _, goto) in enumerate(passage_blocks(p)):
            choice = p.choices[n - 1] if n else None
            if choice is not None:
                target = choice.get("goto")  # a choice without one goes on to the passage's goto
                if target:
                    link(f"p:{pid}", str(target), "choice", f"{n}. {_short(choice.get('text', ''))}")
            elif goto:
                link(f"p:{pid}", str(goto), "goto")
            for item, _ in effect_items(block, ()):
                if isinstance(item.get("goto"), str):
                    link(f"p:{pid}", item["goto"], "effect", "goto effect")
    for board in sorted(project.boards.values(), key=lambda b: b.id):
        for sid, space in board.spaces.items():
            if space.waypoint and space.waypoint in book.passages:
                node = f"w:{board.id}:{sid}"
                g.add(Node(node, f"{board.id}: {space.name}", "waypoint"))
                link(node, space.waypoint, "trigger", "enter")
    for c in sorted(book.contracts.values(), key=lambda c: c.id):
        if c.passage:
            node = f"c:{c.id}"
            g.add(Node(node, f"contract\n{_short(c.name)}", "contract"))
            link(node, c.passage, "trigger", "completed")
    for definition, _ in project.definitions:
        for label, passage in _campaign_triggers(definition):
            node = f"d:{definition.id}:{label}"
            g.add(Node(node, f"{definition.id}\n{label}", "campaign"))
            link(node, passage, "trigger")
    return g


def _campaign_triggers(definition) -> list[tuple[str, str]]:  # (label, passage)
    out: list[tuple[str, str]] = []
    for game in definition.games:
        if game.prologue:
            out.append((f"game {game.number} prologue", game.prologue))
        if game.epilogue:
            out.append((f"game {game.number} epilogue", game.epilogue))
        out += [(f"game {game.number} waypoint {w}", passage) for w, passage in getattr(game, "waypoints", ())]
    out += [(f"promotion: {s.level}", s.passage) for s in definition.status_track if s.passage]
    out += [(f"Dran X {i}", p) for i, p in enumerate(definition.dran_track, 1)]
    out += [(f"contract {c.id} at the end", c.end_of_game) for c in definition.contracts.values() if c.end_of_game]
    return out


# -- output -------------------------------------------------------------------------------------------
def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


DOT_NODES = {
    "passage": "shape=box",
    "unreached": "shape=box, style=filled, fillcolor=lightgrey, fontcolor=grey30",
    "missing": "shape=box, color=red, fontcolor=red",
    "waypoint": "shape=ellipse, style=filled, fillcolor=lightyellow",
    "contract": "shape=note, style=filled, fillcolor=lightblue",
    "campaign": "shape=cds, style=filled, fillcolor=palegreen",
}
DOT_EDGES = {"goto": "", "choice": "style=dashed", "effect": "style=dotted", "trigger": "color=grey40"}


def to_dot(g: Graph, name: str = "book") -> str:
    lines = [f"digraph {_q(name)} {{", "  rankdir=LR;", "  node [fontsize=10];", "  edge [fontsize=9];"]
    for node in g.nodes.values():
        lines.append(f"  {_q(node.id)} [label={_q(node.label)}, {DOT_NODES[node.kind]}];")
    for e in g.edges:
        attrs = [a for a in (DOT_EDGES[e.kind], f"label={_q(e.label)}" if e.label else "") if a]
        lines.append(f"  {_q(e.a)} -> {_q(e.b)}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _mid(node_id: str, ids: dict[str, str]) -> str:
    """Mermaid node ids are plain words: number them in order of appearance."""
    if node_id not in ids:
        ids[node_id] = f"n{len(ids)}"
    return ids[node_id]


def _mlabel(text: str) -> str:
    return '"' + text.replace('"', "#quot;").replace("\n", "<br/>") + '"'


MERMAID_NODES = {"passage": ("[", "]"), "unreached": ("[", "]"), "missing": ("[", "]"), "waypoint": ("([", "])"),
                 "contract": ("[/", "/]"), "campaign": ("{{", "}}")}
MERMAID_EDGES = {"goto": "-->", "choice": "-.->", "effect": "==>", "trigger": "-->"}


def to_mermaid(g: Graph) -> str:
    ids: dict[str, str] = {}
    lines = ["flowchart LR"]
    for node in g.nodes.values():
        a, b = MERMAID_NODES[node.kind]
        lines.append(f"  {_mid(node.id, ids)}{a}{_mlabel(node.label)}{b}")
    for e in g.edges:
        arrow = MERMAID_EDGES[e.kind]
        label = f"|{_mlabel(e.label)}|" if e.label else ""
        lines.append(f"  {_mid(e.a, ids)} {arrow}{label} {_mid(e.b, ids)}")
    lines.append("  classDef unreached fill:#ddd,color:#555;")
    lines.append("  classDef missing stroke:#c00,color:#c00;")
    for kind in ("unreached", "missing"):
        members = [ids[n.id] for n in g.nodes.values() if n.kind == kind]
        if members:
            lines.append(f"  class {','.join(members)} {kind};")
    return "\n".join(lines) + "\n"
