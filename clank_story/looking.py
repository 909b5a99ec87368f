"""The looking commands (`look`, `hand`, `row`, `reserve`, `status`, `deck`, `discard`, `map`, `card`,
`score`, `contracts`, `help`): pure functions from a game (and its story router) to text.

They read the state and never change it, so the REPL, `run` scripts and tests share them. Every word
comes from locale/<lang>/looking.yaml and help.yaml; refusals are CommandErrors with message ids."""

from __future__ import annotations

import functools
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from clank_story.rules.errors import AmbiguousCommand, UnknownCommand
from clank_story.rules.model import Path
from clank_story.rules.parse import VERBS as GAME_VERBS
from clank_story.rules.parse import match
from clank_story.rules.state import ESCAPED, HEALTH, Game, Player

if TYPE_CHECKING:
    from clank_story.story.contracts import Contract
    from clank_story.story.router import Router

LOOKING_VERBS = ("look", "hand", "row", "reserve", "status", "deck", "discard", "map", "card", "score", "contracts",
                 "help")
SESSION_VERBS = ("undo", "save", "quit", "exit", "reload")
ALL_VERBS = (*GAME_VERBS, *LOOKING_VERBS, *SESSION_VERBS)
MAP_RADIUS, MAP_MOST = 2, 4
HELP_WIDTH = 78


@dataclass(frozen=True)
class Texts:
    words: Mapping[str, str]
    help: Mapping[str, Any]

    def w(self, key: str, **params: Any) -> str:
        """The word `key` filled in; `key.one` is preferred when the count `n` is 1."""
        template = self.words.get(f"{key}.one") if params.get("n") == 1 else None
        template = template or self.words.get(key)
        if template is None:
            return key
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return template


@functools.lru_cache(maxsize=4)
def texts(lang: str = "en") -> Texts:
    """The looking words and help topics; also installs the looking refusals into the catalog the
    rules layer renders CommandErrors from."""
    from clank_story.narrate.catalog import load_locale
    from clank_story.rules import messages
    from clank_story.session import install_messages

    install_messages(lang)
    looking = load_locale("looking.yaml", lang)
    helps = load_locale("help.yaml", lang)
    messages.install(looking.get("messages", {}))
    return Texts(looking["words"], helps)


def narration_words(lang: str = "en"):
    from clank_story.narrate.lines import Narrator

    return Narrator(lang)


# -- verbs -----------------------------------------------------------------------------------------
def resolve_verb(word: str) -> str | None:
    """A verb by its full name, or the one verb (of the game, looking and session ones) it starts."""
    word = word.lower()
    if word in ALL_VERBS:
        return word
    near = [v for v in ALL_VERBS if v.startswith(word) and v != "exit"] if word else []  # `e` is end
    return near[0] if len(near) == 1 else None


def is_looking(line: str) -> bool:
    words = line.split()
    return bool(words) and resolve_verb(words[0]) in LOOKING_VERBS


def answer(game: Game, line: str, lang: str = "en", *, router: Router | None = None) -> str | None:
    """The text a looking command shows, or None when `line` is not a looking command. `router` is
    the game's Book of Secrets (session.router), for `contracts`.
    Raises CommandError (an unknown card, help on nothing, ...); never changes the game."""
    words = line.split()
    if not words:
        return None
    verb = resolve_verb(words[0])
    if verb not in LOOKING_VERBS:
        return None
    rest = " ".join(words[1:])
    typed = " ".join(words)
    if verb == "help":
        return help_text(rest or None, lang)
    if verb == "card":
        if not rest:
            raise UnknownCommand("look.card.missing", typed)
        return card_text(game, rest, lang, typed)
    if verb == "map":
        radius = MAP_RADIUS
        if rest:
            if not rest.isdigit() or not 1 <= int(rest) <= MAP_MOST:
                raise UnknownCommand("look.map_radius", typed, text=rest, most=MAP_MOST)
            radius = int(rest)
        return map_text(game, radius, lang)
    if rest:
        raise UnknownCommand("look.takes_nothing", typed, verb=verb)
    if verb == "contracts":
        return contracts_text(game, router, lang)
    show: dict[str, Callable[[Game, str], str]] = {
        "look": look, "hand": hand, "row": row, "reserve": reserve, "status": status, "deck": deck,
        "discard": discard, "score": score,
    }
    return show[verb](game, lang)


# -- small helpers ---------------------------------------------------------------------------------
def card_name(game: Game, card_id: str) -> str:
    return game.ruleset.name_of(card_id)


def space_name(game: Game, space_id: str) -> str:
    return game.ruleset.space_name(space_id)


def join(t: Texts, parts: Iterable[str]) -> str:
    items = [p for p in parts if p]
    if not items:
        return t.w("none")
    if len(items) == 1:
        return items[0]
    return t.w("sep").join(items[:-1]) + t.w("and") + items[-1]


def counted(game: Game, t: Texts, ids: Iterable[str], *, sort: bool = False) -> list[str]:
    """Card names with ×N for copies, in first-seen (or alphabetical) order."""
    counts = Counter(ids)
    order = sorted(counts, key=lambda c: card_name(game, c)) if sort else list(counts)
    return [t.w("times", name=card_name(game, c), n=counts[c]) if counts[c] > 1 else card_name(game, c)
            for c in order]


def effect_text(game: Game, block: Any, lang: str = "en") -> str:
    from clank_story.narrate.lines import describe_block

    return describe_block(narration_words(lang), block, lambda c: card_name(game, c)) if block else ""


def card_summary(game: Game, card_id: str, lang: str = "en") -> str:
    """`+1 Skill, +1 Boots · on acquire: +1 Clank · 3 points · dragon`."""
    t = texts(lang)
    card = game.card(card_id)
    parts = []
    for timing in ("play", "use", "defeat", "acquire", "arrive", "end_of_turn", "score"):
        block = card.block(timing)
        if block:
            parts.append(t.w(f"timing.{timing}", text=effect_text(game, block, lang)))
    if card.points:
        parts.append(t.w("flag.points", n=card.points))
    if card.only:
        parts.append(t.w(f"flag.only.{card.only}"))
    if card.dragon:
        parts.append(t.w("flag.dragon"))
    if card.danger:
        parts.append(t.w("flag.danger"))
    return " · ".join(parts) or t.w("no_effect")


def price(game: Game, card_id: str, t: Texts) -> str:
    card = game.card(card_id)
    if card.kind == "event":
        return ""
    return t.w("price.swords" if card.kind == "monster" else "price.skill", n=card.cost)


def space_things(game: Game, space_id: str, t: Texts) -> list[str]:
    """What lies on a space now: tokens first, then its features."""
    space = game.board.spaces[space_id]
    things = []
    if space_id in game.artifacts:
        things.append(t.w("thing.artifact", n=game.artifacts[space_id]))
    if game.secrets.get(space_id):
        things.append(t.w("thing.secrets", n=len(game.secrets[space_id])))
    if game.idols.get(space_id):
        things.append(t.w("thing.idols", n=game.idols[space_id]))
    if space_id == game.board.start:
        things.append(t.w("thing.start"))
    if space.market:
        things.append(t.w("thing.market"))
    if space.coach is not None:
        things.append(t.w("thing.coach", n=space.coach))
    if space.waypoint:
        things.append(t.w("thing.waypoint", n=space.waypoint))
    for key in ("heal", "gold", "draw"):
        if getattr(space, key):
            things.append(t.w(f"thing.{key}", n=getattr(space, key)))
    for key in ("exhausting", "depths", "magic_circle"):
        if getattr(space, key):
            things.append(t.w(f"thing.{key}"))
    return things


def best_path(game: Game, p: Player, origin: str, dest: str) -> Path | None:
    """The path p would take from `origin` to `dest`: one p can open first, then the cheapest."""
    from clank_story.rules.movement import has_kind

    def rank(path: Path) -> tuple[int, int, int]:
        blocked = (path.locked and not has_kind(game, p, "master-key")) or (
            path.water and not has_kind(game, p, "canoe"))
        return int(blocked), path.boots, path.monsters

    paths = [path for d, path in game.board.exits(origin) if d == dest]
    return min(paths, key=rank) if paths else None


def path_cost(game: Game, p: Player, dest: str, t: Texts, origin: str | None = None) -> tuple[str, str]:
    """(`1 Boot(s), 1 monster(s)`, ` · locked (needs a Master Key)`) for the path from `origin`
    (p's space unless given) to `dest`."""
    from clank_story.rules.movement import has_kind

    path = best_path(game, p, origin or p.space, dest)
    if path is None:
        return "", ""
    cost = [t.w("cost.boots", n=path.boots)]
    if path.monsters:
        cost.append(t.w("cost.monsters", n=path.monsters))
    notes = []
    if path.locked:
        notes.append(t.w("note.locked_ok" if has_kind(game, p, "master-key") else "note.locked"))
    if path.water:
        notes.append(t.w("note.water_ok" if has_kind(game, p, "canoe") else "note.water"))
    if path.one_way:
        notes.append(t.w("note.one_way"))
    if dest == game.board.start and not p.artifacts:
        notes.append(t.w("note.need_artifact"))
    return t.w("sep").join(cost), t.w("note.notes", notes=t.w("sep").join(notes)) if notes else ""


# -- the looking commands --------------------------------------------------------------------------
def look(game: Game, lang: str = "en") -> str:
    t = texts(lang)
    p = game.me
    if p.out:
        return t.w(f"look.where_out.{p.status}", turn=game.turn_number)
    lines = [t.w("look.where", turn=game.turn_number, space=space_name(game, p.space))]
    things = space_things(game, p.space, t)
    if things:
        lines.append(t.w("look.here", things=t.w("sep").join(things)))
    others = [q.name for q in game.players if q is not p and not q.out and q.space == p.space]
    if others:
        lines.append(t.w("look.others", players=join(t, others)))
    lines.append(t.w("look.paths"))
    exits = sorted(dict(game.board.exits(p.space)), key=lambda s: space_name(game, s))
    for dest in exits:
        cost, notes = path_cost(game, p, dest, t)
        lines.append(t.w("look.path", space=space_name(game, dest), cost=cost, notes=notes))
    if not exits:
        lines.append(t.w("look.no_paths"))
    turn = game.turn
    lines.append(t.w("look.pools", skill=turn.skill, swords=turn.swords, boots=turn.boots, gold=p.gold,
                     health=p.health_left, most=HEALTH, hand=len(p.hand)))
    if turn.exhausted:
        lines.append(t.w("look.exhausted"))
    if turn.may_take:
        lines.append(t.w("look.may_take"))
    return "\n".join(lines)


def hand(game: Game, lang: str = "en") -> str:
    t = texts(lang)
    p = game.me
    lines = []
    if p.hand:
        lines.append(t.w("hand.title", n=len(p.hand)))
        counts = Counter(p.hand)
        for c in counts:
            times = f" ×{counts[c]}" if counts[c] > 1 else ""
            lines.append(t.w("hand.card", name=card_name(game, c), times=times, text=card_summary(game, c, lang)))
    else:
        lines.append(t.w("hand.empty"))
    if p.in_play:
        lines.append(t.w("hand.in_play", cards=t.w("sep").join(counted(game, t, p.in_play))))
    turn = game.turn
    lines.append(t.w("hand.pools", skill=turn.skill, swords=turn.swords, boots=turn.boots))
    return "\n".join(lines)


def deck(game: Game, lang: str = "en") -> str:
    """The deck's contents are known (what you own minus what you see), its order is not: the
    list is sorted by name so it gives nothing away."""
    t = texts(lang)
    p = game.me
    if not p.deck:
        return t.w("deck.empty", n=len(p.discard))
    return "\n".join([t.w("deck.title", n=len(p.deck)),
                      t.w("deck.cards", cards=t.w("sep").join(counted(game, t, p.deck, sort=True)))])


def discard(game: Game, lang: str = "en") -> str:
    t = texts(lang)
    p = game.me
    lines = [t.w("discard.title", n=len(p.discard)),
             t.w("deck.cards", cards=t.w("sep").join(counted(game, t, p.discard, sort=True)))] \
        if p.discard else [t.w("discard.empty")]
    if p.trashed:
        lines.append(t.w("trashed", cards=t.w("sep").join(counted(game, t, p.trashed, sort=True))))
    return "\n".join(lines)


def _can(game: Game) -> set[str]:
    """Cards the active player could acquire, use or fight right now."""
    from clank_story.rules.commands import Acquire, Fight, Use
    from clank_story.rules.legal import legal_commands

    return {c.card for c in legal_commands(game) if isinstance(c, Acquire | Fight | Use)}


def row(game: Game, lang: str = "en") -> str:
    t = texts(lang)
    can = _can(game)
    lines = [t.w(f"row.title.{game.ruleset.name}", n=len(game.deck))]
    for c in game.row:
        card = game.card(c)
        lines.append(t.w("row.card", mark=t.w("row.can") if c in can else t.w("row.cannot"), name=card.name,
                         kind=t.w(f"kind.{card.kind}"), cost=price(game, c, t), text=card_summary(game, c, lang)))
    if not game.row:
        lines.append(t.w("row.empty"))
    danger = sum(1 for c in game.row if game.card(c).danger)
    if danger:
        lines.append(t.w("row.danger", n=danger))
    if can & set(game.row):
        lines.append(t.w("row.hint"))
    return "\n".join(lines)


def reserve(game: Game, lang: str = "en") -> str:
    t = texts(lang)
    can = _can(game)
    lines = [t.w("reserve.title")]
    for c, n in game.reserve.items():
        card = game.card(c)
        left = t.w("reserve.stays") if card.stays else t.w("reserve.left", n=n)
        lines.append(t.w("reserve.card", mark=t.w("row.can") if c in can else t.w("row.cannot"), name=card.name,
                         kind=t.w(f"kind.{card.kind}"), cost=price(game, c, t), text=card_summary(game, c, lang),
                         left=left))
    if can & set(game.reserve):
        lines.append(t.w("row.hint"))
    return "\n".join(lines)


def status(game: Game, lang: str = "en") -> str:
    from clank_story.rules.dragon import danger_cards, rage_cubes

    t = texts(lang)
    danger = danger_cards(game)
    lines = [t.w("status.dragon", turn=game.turn_number, rage=game.rage, most=len(game.board.rage_track),
                 cubes=rage_cubes(game), danger=t.w("status.danger", n=danger) if danger else "")]
    bag = [t.w("status.black", n=game.bag.get("black", 0))]
    bag += [t.w("status.bag_part", name=p.name, n=game.bag.get(p.name, 0)) for p in game.players]
    lines.append(t.w("status.bag", cubes=t.w("sep").join(bag)))
    if game.countdown is not None and not game.legacy:
        lines.append(t.w("status.countdown", n=game.countdown))
    for i, p in enumerate(game.players):
        where = space_name(game, p.space) if not p.out else t.w(f"status.{p.status}")
        tokens = counted(game, t, p.tokens)
        lines.append(t.w(
            "status.player", mark=t.w("status.active") if i == game.active and not game.over else t.w("status.idle"),
            name=p.name + (t.w("status.bot", bot=p.bot) if p.bot else ""), where=where,
            health=p.health_left, most=HEALTH, clank=game.clank_area.get(p.name, 0), gold=p.gold,
            artifact=t.w("status.artifact", n="+".join(str(a) for a in p.artifacts)) if p.artifacts else "",
            tokens=t.w("status.tokens", tokens=t.w("sep").join(tokens)) if tokens else ""))
    return "\n".join(lines)


def map_text(game: Game, radius: int = MAP_RADIUS, lang: str = "en") -> str:
    """A tree of the spaces within `radius` paths of the active player, each listed once (where it
    is first reached), with the cost of the path that leads to it and what lies there."""
    t = texts(lang)
    p = game.me
    board = game.board
    here = p.space
    seen = {here}
    frontier = [here]
    children: dict[str, list[str]] = {}
    for _ in range(radius):
        nxt = []
        for s in frontier:
            kids = [d for d, _ in board.exits(s) if d not in seen]
            kids = sorted(dict.fromkeys(kids), key=lambda d: space_name(game, d))
            for d in kids:
                seen.add(d)
            children[s] = kids
            nxt.extend(kids)
        frontier = nxt
    players_at: dict[str, list[str]] = {}
    for q in game.players:
        if not q.out and q is not p:
            players_at.setdefault(q.space, []).append(q.name)

    def things(space_id: str) -> str:
        items = space_things(game, space_id, t)
        if space_id in players_at:
            items.append(t.w("map.players", names=join(t, players_at[space_id])))
        return t.w("map.things", things=t.w("sep").join(items)) if items else ""

    lines = [t.w("map.title", n=radius, space=space_name(game, here)),
             t.w("map.root", space=space_name(game, here), things=things(here))]

    def walk(parent: str, prefix: str) -> None:
        kids = children.get(parent, [])
        for i, kid in enumerate(kids):
            last = i == len(kids) - 1
            cost, notes = path_cost(game, p, kid, t, origin=parent)
            lines.append(prefix + t.w("map.last" if last else "map.branch")
                         + t.w("map.node", space=space_name(game, kid), cost=cost, notes=notes, things=things(kid)))
            walk(kid, prefix + t.w("map.blank" if last else "map.pipe"))

    walk(here, "")
    return "\n".join(lines)


def card_text(game: Game, text: str, lang: str = "en", typed: str = "") -> str:
    """The full text of a card (or secret, or market item) named by id, name or unique prefix."""
    t = texts(lang)
    rs = game.ruleset
    pool = [(c.id, c.name) for c in rs.cards.values()]
    pool += [(s.id, s.name) for s in rs.secrets.values()]
    pool += [(i.id, i.name) for i in rs.market]
    found = match(text, pool)
    if not found:
        raise UnknownCommand("look.card.unknown", typed or f"card {text}", text=text,
                             row=", ".join(card_name(game, c) for c in game.row) or "-")
    if len(found) > 1:
        names = dict(pool)
        raise AmbiguousCommand("parse.ambiguous", typed or f"card {text}", text=text,
                               options=", ".join(names[f] for f in found))
    thing = found[0]
    if thing in rs.cards:
        return _card_full(game, thing, t, lang)
    if thing in rs.secrets:
        s = rs.secrets[thing]
        lines = [t.w("secret.title", name=s.name, size=t.w(f"secret.size.{s.size}"))]
        if s.effects:
            lines.append(t.w("card.line", text=effect_text(game, s.effects, lang)))
        if s.keep:
            lines.append(t.w("secret.keep"))
        if s.timing == "end_of_turn":
            lines.append(t.w("secret.later"))
        if s.rage:
            lines.append(t.w("secret.rage", n=s.rage))
        if s.points:
            lines.append(t.w("secret.points", n=s.points))
        return "\n".join(lines)
    item = next(i for i in rs.market if i.id == thing)
    lines = [t.w("item.title", name=item.name, price=item.price)]
    if f"item.kind.{item.kind}" in t.words:
        lines.append(t.w(f"item.kind.{item.kind}"))
    if item.points:
        lines.append(t.w("item.points", n=item.points))
    return "\n".join(lines)


def _card_full(game: Game, card_id: str, t: Texts, lang: str) -> str:
    card = game.card(card_id)
    flags = [t.w("flag.points", n=card.points)] if card.points else []
    if card.dragon:
        flags.append(t.w("flag.dragon"))
    if card.danger:
        flags.append(t.w("flag.danger"))
    if card.only:
        flags.append(t.w(f"flag.only.{card.only}"))
    lines = [t.w("card.title", name=card.name, kind=t.w(f"kind.{card.kind}"), cost=price(game, card_id, t),
                 flags=(" · " + t.w("sep").join(flags)) if flags else "")]
    if card.types:
        lines.append(t.w("card.types", types=t.w("sep").join(card.types)))
    for timing in ("play", "use", "defeat", "acquire", "arrive", "end_of_turn", "score"):
        block = card.block(timing)
        if block:
            lines.append(t.w("card.line", text=t.w(f"timing.{timing}", text=effect_text(game, block, lang))))
    if card.flavor:
        lines.append(t.w("card.flavor", text=card.flavor))
    where = []
    if card_id in game.row:
        where.append(t.w("card.in_row"))
    if card_id in game.reserve:
        where.append(t.w("card.in_reserve", n=game.reserve[card_id]))
    p = game.me
    for pile in ("hand", "in_play", "discard", "deck"):
        n = getattr(p, pile).count(card_id)
        if n:
            where.append(t.w("card.in_pile", n=n, pile=t.w(f"pile.{pile}")))
    if where:
        lines.append(t.w("card.where", where=t.w("sep").join(where)))
    return "\n".join(lines)


def score_lines(game: Game, lang: str = "en") -> list[str]:
    """One line per player: the total and what it is made of (final scores once the game is over)."""
    from clank_story.rules.scoring import card_points, scores_zero, token_points
    from clank_story.rules.scoring import score as score_of

    t = texts(lang)
    width = max(len(p.name) for p in game.players)
    lines = []
    for p in game.players:
        total = p.score if game.over else score_of(game, p)
        if scores_zero(p):
            parts = t.w("score.zero." + ("no_artifact" if not p.artifacts else "depths"))
        else:
            bits = [("artifacts", sum(p.artifacts)), ("tokens", sum(token_points(game, x) for x in p.tokens)),
                    ("gold", p.gold), ("cards", card_points(game, p))]
            parts = t.w("score.parts", parts=" + ".join(t.w(f"score.part.{k}", n=n) for k, n in bits if n))
        lines.append(t.w("score.line", name=p.name, width=width, total=total, parts=parts))
    return lines


def score(game: Game, lang: str = "en") -> str:
    """Scores as they stand (final ones once the game is over); reading, never writing, the state."""
    from clank_story.rules.scoring import winner

    t = texts(lang)
    lines = [t.w("score.final" if game.over else "score.title"), *score_lines(game, lang)]
    if game.over:
        name = winner(game) if any(p.score > 0 for p in game.players) else None
        lines.append(t.w("score.winner", name=name) if name else t.w("score.no_winner"))
    return "\n".join(lines)


def contracts_text(game: Game, router: Router | None, lang: str = "en") -> str:
    """The contract row: each contract's name and description (as the story layer words them), then
    when it is checked, what it costs and what it pays, in this game's names."""
    t = texts(lang)
    if router is None:
        return t.w("contracts.none")
    lines = router.describe_contracts(lambda c: contract_detail(game, c, lang))
    return "\n".join(_hang(line) for line in lines)


def contract_detail(game: Game, c: Contract, lang: str = "en") -> str:
    t = texts(lang)
    target = ""
    if c.target is not None:
        target = space_name(game, c.target) if c.trigger == "enter_space" else card_name(game, c.target)
    parts = [t.w(f"contracts.when.{c.trigger}", target=target)]
    cost = [t.w(f"contracts.cost.{k}", n=n) for k, n in c.cost.items() if n]
    if cost:
        parts.append(t.w("contracts.cost", cost=t.w("sep").join(cost)))
    reward = effect_text(game, c.reward, lang)
    parts.append(t.w("contracts.reward", reward=reward) if reward else t.w("contracts.no_reward"))
    if not c.destroy:
        parts.append(t.w("contracts.stays"))
    return t.w("contracts.detail", parts=t.w("contracts.parts_sep").join(parts))


def _hang(line: str) -> str:
    """A line wrapped to the help width, its continuation indented under its text (`  Name — ...`
    lines continue two columns further in)."""
    indent = len(line) - len(line.lstrip(" "))
    return textwrap.fill(line, HELP_WIDTH, subsequent_indent=" " * (indent + 2 if indent < 4 else indent),
                         break_long_words=False, break_on_hyphens=False)


def help_text(topic: str | None = None, lang: str = "en") -> str:
    t = texts(lang)
    h = t.help
    topics: Mapping[str, Any] = h["topics"]
    if topic is None:
        lines = [textwrap.fill(" ".join(h["intro"].split()), HELP_WIDTH), ""]
        width = max(len(v["usage"]) for v in topics.values())
        for group, title in h["groups"].items():
            lines.append(title)
            for v in topics.values():
                if v.get("group") == group:
                    lines.append(textwrap.fill(f"  {v['usage']:<{width}}  {v['summary']}", HELP_WIDTH,
                                               subsequent_indent=" " * (width + 4)))
            lines.append("")
        lines.append(textwrap.fill(h["footer"].strip(), HELP_WIDTH))
        return "\n".join(lines)
    key = topic.split()[0].lower()
    for name, v in topics.items():
        if key in v.get("aliases", ()):
            key = name
    if key not in topics:
        near = [n for n in topics if n.startswith(key)]
        if len(near) != 1:
            raise UnknownCommand("help.unknown", f"help {topic}", text=topic, topics=", ".join(topics))
        key = near[0]
    v = topics[key]
    lines = [h["usage"].format(usage=v["usage"]), "", v["summary"][:1].upper() + v["summary"][1:] + "."]
    if v.get("text"):
        lines += ["", textwrap.fill(" ".join(v["text"].split()), HELP_WIDTH)]
    if v.get("aliases"):
        lines += ["", h["aliases"].format(aliases=", ".join(v["aliases"]))]
    lines += ["", h["examples"]] + [f"  {e}" for e in v.get("examples", ())]
    return "\n".join(lines)


def help_topics(lang: str = "en") -> Mapping[str, Any]:
    return texts(lang).help["topics"]


def status_line(game: Game, lang: str = "en") -> str:
    """One line for the REPL's bottom toolbar."""
    from clank_story.rules.dragon import row_cubes

    t = texts(lang)
    if game.over:
        return t.w("bar.over", scores=", ".join(f"{p.name} {p.score}" for p in game.players))
    p = game.me
    turn = game.turn
    return t.w("bar", turn=game.turn_number, space=space_name(game, p.space) if p.status != ESCAPED else
               t.w("status.escaped"), skill=turn.skill, swords=turn.swords, boots=turn.boots, gold=p.gold,
               health=p.health_left, most=HEALTH, clank=game.clank_area.get(p.name, 0), rage=game.rage,
               cubes=row_cubes(game))
