"""Checks across files: what templates read (names, flags, counters, passages, cards, spaces), which
passages something can reach, waypoints without a passage, contracts and patrons a campaign names.

Positions of effects are found only for the diagnostics that need one, by reading that file's YAML
again (a clean book costs nothing extra)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from clank_story.authoring import facts as t
from clank_story.content.diagnostics import Report, or_list, said
from clank_story.content.schema import hint

if TYPE_CHECKING:
    from clank_story.authoring.lint import Project
    from clank_story.story.passages import Book, Passage

Steps = tuple[Any, ...]  # a way into a file: keys, list indexes, ("contract_at", line)


@dataclass
class Where:
    path: str
    line: int
    col: int
    steps: Steps = ()  # when given, the exact spot is looked up only if a diagnostic needs it


@dataclass
class Uses:
    """Flags and counters: where each is read, and which are written. A read is kept as the cheapest
    thing that gives its position (worked out by `spot` only for a warning); a write by its name alone,
    its places looked for again (`written_at`) only for a name no one reads: most never need one."""

    reads: dict[str, list[Any]] = field(default_factory=dict)  # a Where, or (passage, key, template line)
    sets: dict[str, None] = field(default_factory=dict)  # flag: / counter:, in the order first written
    writes: dict[str, None] = field(default_factory=dict)  # sets, plus unflag:, in the same order
    dynamic: bool = False  # read by a computed name somewhere: any may be read


def spot(read: Any) -> Where:
    """A read's Where (Uses.reads)."""
    if isinstance(read, Where):
        return read
    p, key, template_line = read
    line, col = p.where(key, template_line)
    return Where(p.path, line, col)


class Locator:
    """(line, col) of a spot in a file, from its YAML read again (once per file)."""

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts
        self.nodes: dict[str, Any] = {}

    def __call__(self, where: Where) -> tuple[int, int]:
        if not where.steps or where.path not in self.texts:
            return where.line, where.col
        try:
            node = self._root(where.path)
            spot = self._walk(node, where.steps)
        except Exception:  # a spot that cannot be found keeps the nearby position it came with
            return where.line, where.col
        return spot or (where.line, where.col)

    def _root(self, path: str) -> Any:
        if path not in self.nodes:
            from clank_story.content.yamlfast import load_text

            self.nodes[path] = load_text(self.texts[path], path)
        return self.nodes[path]

    @staticmethod
    def _walk(node: Any, steps: Steps) -> tuple[int, int] | None:
        for i, step in enumerate(steps):
            last = i == len(steps) - 1
            if isinstance(step, tuple) and step[0] == "contract_at":
                node = next(c for c in node.elements() if c.line == step[1])
                continue
            if isinstance(step, int) and isinstance(node.value, dict):
                if step != 0:
                    return None
                continue  # a block written as one mapping is its own first item
            if last:
                return node.value_pos(step) if isinstance(step, int) else node.key_pos(step)
            node = node.child(step)
        return node.line, node.col


def cross_checks(project: Project, report: Report) -> None:
    locate = Locator(project.texts)
    spaces = {s for b in project.boards.values() for s in b.spaces}
    bf = project.book
    if bf is not None:
        uses = Uses()
        _templates(bf, project, spaces, uses, report, locate)
        leads = _effects(bf.book, uses)
        _flags(bf.book, uses, report, locate)
        _reachability(bf.book, project, report, leads)
        _waypoints(bf.book, project, report, locate)
    _contracts(project, spaces, report, locate)
    _definitions(project, report, locate)


# -- what templates and conditions read -------------------------------------------------------------
def _templates(bf: Any, project: Project, spaces: set[str], uses: Uses, report: Report, locate: Locator) -> None:
    book: Book = bf.book
    facts_of = bf.facts
    reads = uses.reads
    for p in book.passages.values():
        for key, source in p.sources.items():
            facts = facts_of.get(("condition" if key.endswith(".if") else "template", source))
            if not facts:
                continue
            for fact in facts:
                kind = fact[0]
                if kind == t.FLAG or kind == t.COUNTER:  # the common fact: its position only if reported
                    name = f"{kind}:{fact[1]}"
                    found = reads.get(name)
                    if found is None:
                        reads[name] = [(p, key, fact[-1])]
                    else:
                        found.append((p, key, fact[-1]))
                    continue
                line, col = p.where(key, fact[-1])
                _fact(fact, Where(p.path, line, col), key, book, project, spaces, uses, report)
    for c in book.contracts.values():
        sources = [(c.condition, ("if",))] + [(e.get("if"), ("reward", i, "if")) for i, e in enumerate(c.reward)]
        for source, steps in sources:
            if not isinstance(source, str):
                continue
            where = Where(c.path, c.line, c.col, ("contracts", ("contract_at", c.line), *steps))
            facts = facts_of.get(("condition", source))
            if facts is None:
                line, col = locate(where)
                report.error(c.path, line, col, "BS034", said("lint.unreadable_condition", source=source))
                continue
            for fact in facts:
                line, col = locate(where)
                _fact(fact, Where(c.path, line, col), "if", book, project, spaces, uses, report)


def _fact(fact: t.Fact, where: Where, key: str, book: Book, project: Project, spaces: set[str], uses: Uses,
          report: Report) -> None:
    kind, path, line, col = fact[0], where.path, where.line, where.col
    if kind == t.ATTR:
        report.error(path, line, col, "LN010", fact[2])
    elif kind in (t.FLAG, t.COUNTER):
        uses.reads.setdefault(f"{kind}:{fact[1]}", []).append(where)
    elif kind in (t.ANY_FLAG, t.ANY_COUNTER):
        uses.dynamic = True
    elif kind == t.PASSAGE and fact[1] not in book.passages:
        report.warning(path, line, col, "LN040", said("lint.never_seen", passage=fact[1],
                                                      hint=hint(fact[1], sorted(book.passages))))
    elif kind == t.CARD and fact[1] not in project.cards:
        report.warning(path, line, col, "LN041", said("lint.no_card", card=fact[1], hint=hint(fact[1], sorted(project.cards))))
    elif kind == t.SPACE and spaces and fact[1] not in spaces:
        report.warning(path, line, col, "LN042", said("lint.no_space", space=fact[1], hint=hint(fact[1], sorted(spaces))))
    elif kind == t.CONST and not fact[2] and (key == "if" or key.endswith(".if")):
        report.warning(path, line, col, "LN011", said("lint.constant_if", value=fact[1]))


# -- what effects write, and where passages lead ----------------------------------------------------
def effect_items(block: Any, steps: Steps) -> Iterator[tuple[dict[str, Any], Steps]]:
    """Every effect mapping in a block, nested `choose:` and `discard:` blocks included."""
    items = [block] if isinstance(block, dict) else block if isinstance(block, list) else ()
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            continue
        here = (*steps, i)
        yield item, here
        if "choose" in item or "discard" in item:  # most effects hold no block (lint walks every one)
            yield from _inner_items(item, here)


def _inner_items(item: dict[str, Any], here: Steps) -> Iterator[tuple[dict[str, Any], Steps]]:
    inner = item.get("choose")
    if isinstance(inner, list):
        for j, sub in enumerate(inner):
            yield from effect_items(sub, (*here, "choose", j))
    inner = item.get("discard")
    if isinstance(inner, dict | list):
        yield from effect_items(inner, (*here, "discard"))


def passage_blocks(p: Passage) -> Iterator[tuple[Any, Steps, str | None]]:
    """(effect block, steps to it, the goto that follows) of a passage and each of its choices."""
    base = ("passages", p.id)
    yield p.effects, (*base, "effects"), p.goto
    for n, choice in enumerate(p.choices):
        yield choice.get("effects") or [], (*base, "choices", n, "effects"), choice.get("goto") or p.goto


_DATA_KEYS = frozenset(("flag", "unflag", "counter"))


def _effects(book: Book, uses: Uses) -> dict[str, list[str]]:
    """The flags and counters every effect writes, by name, and where each passage leads (`links`),
    in one walk over the effects: lint walks every effect of a book."""
    writes, sets = uses.writes, uses.sets
    leads: dict[str, list[str]] = {}
    for pid, p in book.passages.items():
        leads[pid] = _leads(p.data, writes, sets)
    for c in book.contracts.values():
        if c.reward:
            _walk_effects(c.reward, writes, sets, [])
    return leads


def _leads(data: Mapping[str, Any], writes: dict[str, None], sets: dict[str, None]) -> list[str]:
    """Where a passage leads (its goto, its choices' gotos, goto effects, in passage_blocks' order),
    noting in `writes` and `sets` the flags and counters its effects write."""
    goto = data.get("goto")
    out = [str(goto)] if goto else []
    effects = data.get("effects")
    if effects:
        _walk_effects(effects, writes, sets, out)
    for choice in data.get("choices") or ():
        to = choice.get("goto") or goto
        if to:
            out.append(str(to))
        effects = choice.get("effects")
        if effects:
            _walk_effects(effects, writes, sets, out)
    return list(dict.fromkeys(out)) if len(out) > 1 else out


def _walk_effects(block: Any, writes: dict[str, None], sets: dict[str, None], gotos: list[str]) -> None:
    """effect_items' walk, written out: the names of what a block writes, and its goto effects."""
    items = [block] if isinstance(block, dict) else block if isinstance(block, list) else ()
    for item in items:
        if not isinstance(item, dict):
            continue
        to = item.get("goto")
        if isinstance(to, str):
            gotos.append(to)
        if not _DATA_KEYS.isdisjoint(item):
            for key, name in _names(item):
                writes[name] = None
                if key != "unflag":
                    sets[name] = None
        if "choose" in item or "discard" in item:
            for inner, _ in _inner_items(item, ()):
                to = inner.get("goto")
                if isinstance(to, str):
                    gotos.append(to)
                for key, name in _names(inner) if not _DATA_KEYS.isdisjoint(inner) else ():
                    writes[name] = None
                    if key != "unflag":
                        sets[name] = None


def _names(item: dict[str, Any]) -> list[tuple[str, str]]:
    """(effect key, "flag:NAME" or "counter:NAME") of each flag and counter an effect writes."""
    out = []
    for key in ("flag", "unflag", "counter"):
        if key in item:
            value = item[key]
            kind = "counter" if key == "counter" else "flag"
            out += [(key, f"{kind}:{name}") for name in (list(value) if isinstance(value, dict) else [str(value)])]
    return out


def written_at(book: Book, wanted: set[str]) -> dict[str, list[Where]]:
    """Where each of these flags and counters is written (unflag: too), looked for only when a warning
    needs it."""
    found: dict[str, list[Where]] = {}

    def note(block: Any, path: str, line: int, col: int, steps: Steps) -> None:
        for item, here in effect_items(block, steps):
            for key, name in _names(item) if not _DATA_KEYS.isdisjoint(item) else ():
                if name in wanted:
                    found.setdefault(name, []).append(Where(path, line, col, (*here, key)))

    for p in book.passages.values():
        for block, steps, _ in passage_blocks(p):
            if block:
                note(block, p.path, p.line, p.data.get("col", 1), steps)
    for c in book.contracts.values():
        note(c.reward, c.path, c.line, c.col, ("contracts", ("contract_at", c.line), "reward"))
    return found


def _flags(book: Book, uses: Uses, report: Report, locate: Locator) -> None:
    codes = {"flag": ("LN030", "LN031"), "counter": ("LN032", "LN033")}
    for name, reads in uses.reads.items():
        kind, short = name.split(":", 1)
        if name not in uses.sets:
            code = codes[kind][0]
            near = _near(short, kind, uses.sets)  # once per name, however often it is read
            for read in reads:
                where = spot(read)
                report.warning(where.path, where.line, where.col, code,
                               said(f"lint.{kind}_never_set", name=short, hint=near))
    if uses.dynamic:
        return
    unread = [name for name in uses.writes if name not in uses.reads]
    places = written_at(book, set(unread)) if unread else {}
    for name in unread:
        kind, short = name.split(":", 1)
        code = codes[kind][1]
        for where in places.get(name, ()):
            line, col = locate(where)
            report.warning(where.path, line, col, code, said(f"lint.{kind}_never_read", name=short))


def _near(name: str, kind: str, known: dict[str, Any]) -> Any:
    return hint(name, [k.split(":", 1)[1] for k in known if k.startswith(kind + ":")])


def _reachability(book: Book, project: Project, report: Report, leads: dict[str, list[str]] | None = None) -> None:
    seen = reached(book, project, leads)
    for pid, p in book.passages.items():
        if pid not in seen:
            report.warning(p.path, p.line, p.data.get("col", 1), "LN020", said("lint.unreached", passage=pid))


def roots(book: Book, project: Project) -> set[str]:
    """Passages something outside the book opens: waypoints, contracts, campaign definitions."""
    found: set[str] = {s.waypoint for b in project.boards.values() for s in b.spaces.values() if s.waypoint}
    found.update(c.passage for c in book.contracts.values() if c.passage)
    for definition, _ in project.definitions:
        found.update(definition_passages(definition))
    return found


def reached(book: Book, project: Project, leads: dict[str, list[str]] | None = None) -> set[str]:
    """The passages something outside the book leads to, at any remove; `leads`: each passage's
    `links`, when they are known already."""
    passages = book.passages
    seen: set[str] = set()
    todo = [r for r in roots(book, project) if r in passages]
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for n in leads[pid] if leads is not None else links(passages[pid]):
            if n in passages and n not in seen:
                todo.append(n)
    return seen


def links(p: Passage) -> list[str]:
    """Passages this one can lead to: its goto, its choices' gotos, goto effects (passage_blocks'
    order, written out: reachability asks this of every passage)."""
    return _leads(p.data, {}, {})


def definition_passages(definition: Any) -> list[str]:
    out: list[str] = []
    for g in definition.games:
        out += [p for p in (g.prologue, g.epilogue) if p]
        out += [passage for _, passage in getattr(g, "waypoints", ())]
    out += [s.passage for s in definition.status_track if s.passage]
    out += list(definition.dran_track)
    out += [c.end_of_game for c in definition.contracts.values() if c.end_of_game]
    out += [r.passage for r in definition.rules.values() if getattr(r, "passage", None)]
    return out


def _waypoints(book: Book, project: Project, report: Report, locate: Locator) -> None:
    for board_id, path in project.linted_boards.items():
        board = project.boards[board_id]
        for sid, space in board.spaces.items():
            if space.waypoint and space.waypoint not in book.passages:
                line, col = locate(Where(path, 1, 1, ("spaces", sid, "waypoint")))
                report.warning(path, line, col, "LN021", said("lint.waypoint_without_passage", waypoint=space.waypoint,
                                                              space=sid, hint=hint(space.waypoint, sorted(book.passages))))


# -- contracts and campaign definitions -------------------------------------------------------------
def _contracts(project: Project, spaces: set[str], report: Report, locate: Locator) -> None:
    if project.book is None:
        return
    for c in project.book.book.contracts.values():
        if c.target is None:
            continue
        if c.trigger == "enter_space":
            known, what = spaces, "lint.contract_no_space"
        else:
            known, what = set(project.cards), "lint.contract_no_card"
        if c.target not in known:
            line, col = locate(Where(c.path, c.line, c.col, ("contracts", ("contract_at", c.line), "trigger", c.trigger)))
            report.error(c.path, line, col, "LN043", said(what, contract=c.id, trigger=c.trigger, target=c.target,
                                                          hint=hint(c.target, sorted(known))))


def _definitions(project: Project, report: Report, locate: Locator) -> None:
    contracts = set(project.book.book.contracts) if project.book is not None else None
    for definition, path in project.definitions:
        for i, g in enumerate(definition.games):
            _artifacts_left(project, path, i, g, report, locate)
            if g.patron and g.patron not in project.cards:
                line, col = locate(Where(path, 1, 1, ("games", i, "patron")))
                report.warning(path, line, col, "LN045", said("lint.patron_not_a_card", game=g.number, patron=g.patron,
                                                              hint=hint(g.patron, sorted(project.cards))))
            if contracts is None:
                continue
            for j, cid in enumerate(g.contracts):
                if cid not in contracts:
                    line, col = locate(Where(path, 1, 1, ("games", i, "contracts", j)))
                    report.warning(path, line, col, "LN044", said("lint.contract_not_in_book", game=g.number,
                                                                  contract=cid, hint=hint(cid, sorted(contracts))))


def _artifacts_left(project: Project, path: str, i: int, g: Any, report: Report, locate: Locator) -> None:
    """Setup takes artifacts off the board for small tables (rules/setup.py); a campaign may be played
    by any table of 1 to 4, and a table left with no artifact cannot score (legacy) or win."""
    from clank_story.rules.setup import ARTIFACTS_REMOVED

    board = project.boards.get(g.board)
    if board is None:
        return
    artifacts = sum(1 for s in board.spaces.values() if s.artifact is not None)
    short = [n for n in range(1, 5) if artifacts - ARTIFACTS_REMOVED.get(n, 0) < 1]
    if short:
        removed = ARTIFACTS_REMOVED.get(short[0], 0)
        line, col = locate(Where(path, 1, 1, ("games", i, "board")))
        report.warning(path, line, col, "LN046", said("lint.artifacts_left", game=g.number, board=g.board, n=artifacts,
                                                      removed=removed, players=or_list(short), most=short[-1],
                                                      needed=max(ARTIFACTS_REMOVED.values()) + 1))
