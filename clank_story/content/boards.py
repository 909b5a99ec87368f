"""Board files (DESIGN.md §3): spaces by id and the paths between them."""

from __future__ import annotations

from collections import deque

from clank_story.content import schema
from clank_story.content.diagnostics import Report, said
from clank_story.content.yamlio import Node, plain
from clank_story.rules.model import RAGE_TRACK, Board, Path, Space


def board_from_node(node: Node, report: Report) -> Board | None:
    if not schema.check_fields(node, schema.BOARD, report, said("what.board")):
        return None
    data = node.value
    spaces: dict[str, Space] = {}
    snode = node.child("spaces")
    if isinstance(snode.value, dict):
        for sid, child in snode.items():
            if schema.check_fields(child, schema.SPACE, report, said("what.space", space=sid)):
                d = plain(child.value)
                if "pos" in d:
                    d["pos"] = tuple(d["pos"])
                spaces[str(sid)] = Space(id=str(sid), **d)
    paths: list[Path] = []
    pnode = node.child("paths")
    if isinstance(pnode.value, list):
        for child in pnode.elements():
            if not schema.check_fields(child, schema.PATH, report, said("what.path")):
                continue
            d = plain(child.value)
            for end in ("from", "to"):
                if d[end] not in spaces:
                    line, col = child.value_pos(end)
                    report.error(node.path, line, col, "BD020", said("board.no_such_space", end=end, space=d[end],
                                                                     hint=schema.hint(d[end], spaces)))
            if d["from"] == d["to"]:
                report.error(node.path, child.line, child.col, "BD022", said("board.path_to_itself"))
            paths.append(Path(a=d["from"], b=d["to"], boots=d.get("boots", 1), monsters=d.get("monsters", 0),
                              locked=d.get("locked", False), one_way=d.get("one_way", False),
                              water=d.get("water", False)))
    if data["start"] not in spaces:
        line, col = node.value_pos("start")
        report.error(node.path, line, col, "BD021", said("board.start", start=data["start"]))
    track = tuple(plain(data.get("rage_track", RAGE_TRACK)))
    if not track or not all(isinstance(n, int) and n > 0 for n in track):
        line, col = node.value_pos("rage_track")
        report.error(node.path, line, col, "BD023", said("board.rage_track"))
        track = RAGE_TRACK
    if report.errors:
        return None
    return Board(id=str(data["id"]), name=str(data["name"]), ruleset=str(data["ruleset"]),
                 start=str(data["start"]), spaces=spaces, paths=tuple(paths), rage_track=track)


def reachable(board: Board, origin: str, *, keys: bool = True) -> set[str]:
    """Spaces one can walk to from `origin` (respecting one-way paths; with or without keys/canoes)."""
    seen = {origin}
    todo = deque([origin])
    while todo:
        here = todo.popleft()
        for dest, path in board.exits(here):
            if dest in seen or (not keys and path.needs):
                continue
            seen.add(dest)
            todo.append(dest)
    return seen


def board_warnings(board: Board, node: Node, report: Report) -> None:
    """Spaces nobody can reach, and artifacts with no way home without keys."""
    start_reach = reachable(board, board.start)
    snode = node.child("spaces")
    for sid, space in board.spaces.items():
        line, col = snode.key_pos(sid)
        if sid not in start_reach:
            report.warning(node.path, line, col, "BD030", said("board.unreachable", space=sid))
        if space.artifact is not None and board.start not in reachable(board, sid, keys=False):
            report.warning(node.path, line, col, "BD031", said("board.no_way_back", space=sid))
