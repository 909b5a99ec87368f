"""What Tab may complete at the play prompt, from the state alone: suggestions as data (pgcli style),
with no terminal library here, so it is tested directly; repl/terminal.py maps them to widgets.

The verb table (table/verbs.py) says which verbs there are and what each takes after it; verbs come
first (only game verbs that can do something now), then the arguments the verb takes now: only cards
in hand after `play`, only spaces you can reach after `move` (with the path's cost beside each), and
so on. The id is what gets inserted (it always parses); the name is what is shown."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from clank_story.looking.common import card_name, card_summary, path_cost, price, space_name
from clank_story.looking.help import topics
from clank_story.narrate.lines import Narrator
from clank_story.rules.actions import market_offer
from clank_story.rules.commands import (
    Acquire,
    Choose,
    Coach,
    Command,
    End,
    Fight,
    Market,
    Move,
    PlayAll,
    PlayCard,
    Take,
    Teleport,
    Use,
)
from clank_story.rules.errors import CommandError
from clank_story.rules.legal import legal_commands
from clank_story.rules.movement import coach_fare
from clank_story.rules.state import Game
from clank_story.table import verbs
from clank_story.words import say

VERB_OF = {PlayCard: "play", PlayAll: "play", Acquire: "acquire", Use: "use", Fight: "fight", Move: "move",
           Teleport: "teleport", Take: "take", Market: "market", Coach: "coach", Choose: "choose", End: "end"}
SESSION_SHOWN = ("undo", "save", "quit")  # `reload` is for authors: typed, never offered


@dataclass(frozen=True)
class Candidate:
    """One completion: the text that replaces the word typed, and how it is shown."""

    text: str  # inserted in place of what is typed of the word
    start: int  # <= 0: where the replaced text begins, counted back from the cursor
    display: str
    meta: str = ""


Option = tuple[str, str, str]  # (id inserted, name shown, what is said beside it)


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def _fits(want: str, ident: str, name: str) -> bool:
    """Typed text fits an id or a name by its start, or by the start of a later word of the name
    (`chalk` finds The Chalk Giant)."""
    if not want:
        return True
    n_id, n_name = _norm(ident), _norm(name)
    if n_id.startswith(want) or n_name.startswith(want):
        return True
    return " " not in want and any(word.startswith(want) for word in n_name.split())


def _summary(name: str) -> str:
    return str(topics().get(name, {}).get("summary", ""))


def verb_options(game: Game, *, contracts: bool = False) -> list[tuple[str, str]]:
    """(verb, what it does) for every game verb that can do something now, then the looking verbs
    (`contracts` only in a game with a Book of Secrets), then help and the session's."""
    legal = {VERB_OF[type(c)] for c in legal_commands(game)}
    shown = [v.name for v in verbs.VERBS if v.kind == verbs.GAME and v.name in legal]
    shown += [v.name for v in verbs.VERBS if v.kind == verbs.LOOKING and v.name != "help"
              and (contracts or v.name != "contracts")]
    shown += ["help", *SESSION_SHOWN]
    return [(name, _summary(name)) for name in shown]


# -- what each kind of argument offers (the verb table's `args`) ----------------------------------
def _cards_of(kind: type) -> Callable[[Game, list[Command]], list[Option]]:
    def options(game: Game, legal: list[Command]) -> list[Option]:
        out = []
        for c in dict.fromkeys(c.card for c in legal if isinstance(c, kind)):  # type: ignore[attr-defined]
            cost = price(game, c).lstrip(", ") if c in game.ruleset.cards else ""
            out.append((c, card_name(game, c), cost))
        return out

    return options


def _hand(game: Game, legal: list[Command]) -> list[Option]:
    out = [(c, card_name(game, c), card_summary(game, c))
           for c in dict.fromkeys(c.card for c in legal if isinstance(c, PlayCard))]
    if PlayAll() in legal:
        out.append(("all", "all", say("look.complete.all")))
    return out


def _spaces_by(kind: type, meta: Callable[[Game, str], str]) -> Callable[[Game, list[Command]], list[Option]]:
    def options(game: Game, legal: list[Command]) -> list[Option]:
        return [(c.to, space_name(game, c.to), meta(game, c.to)) for c in legal  # type: ignore[attr-defined]
                if isinstance(c, kind) and getattr(c, "swords", None) is None]

    return options


def _path_meta(game: Game, to: str) -> str:
    cost, notes = path_cost(game, game.me, to)
    return cost + notes


def _market(game: Game, legal: list[Command]) -> list[Option]:
    out = []
    for c in legal:
        if isinstance(c, Market):
            item = market_offer(game, c.item)
            out.append((c.item, item.name if item else c.item, say("look.complete.gold", n=item.price if item else 0)))
    return out


def _choose(game: Game, legal: list[Command]) -> list[Option]:
    pending = game.pending or {}
    narrator = Narrator()
    return [(str(c.option), str(c.option), narrator.option(game, pending.get("options", [])[c.option - 1]))
            for c in legal if isinstance(c, Choose)]


def _card(game: Game, legal: list[Command]) -> list[Option]:
    rs = game.ruleset
    out = [(c.id, c.name, say(f"look.kind.{c.kind}")) for c in rs.cards.values()]
    out += [(s.id, s.name, say(f"look.secret.size.{s.size}")) for s in rs.secrets.values()]
    out += [(i.id, i.name, say("look.complete.gold", n=i.price)) for i in rs.market]
    return out


def _topic(game: Game, legal: list[Command]) -> list[Option]:
    return [(k, k, str(v.get("summary", ""))) for k, v in topics().items()]


ARGUMENTS: dict[str, Callable[[Game, list[Command]], list[Option]]] = {
    "hand": _hand,
    "shop": _cards_of(Acquire),
    "device": _cards_of(Use),
    "monster": _cards_of(Fight),
    "space": _spaces_by(Move, _path_meta),
    "teleport": _spaces_by(Teleport, lambda game, to: ""),
    "coach": _spaces_by(Coach, lambda game, to: say("look.complete.fare", n=coach_fare(game, game.me, to))),
    "take": lambda game, legal: [(c.what, c.what, "") for c in legal if isinstance(c, Take)],
    "market": _market,
    "choose": _choose,
    "card": _card,
    "topic": _topic,
}


def arguments(game: Game, verb: str) -> list[Option]:
    """(id, name, meta) for what may follow `verb` (a name or alias) now."""
    found = verbs.find(verb)
    if found is None or found.args not in ARGUMENTS:
        return []
    legal = legal_commands(game) if found.kind == verbs.GAME else []
    return ARGUMENTS[found.args](game, legal)


def complete(game: Game, before_cursor: str, *, contracts: bool = False) -> list[Candidate]:
    """Candidates for the text left of the cursor: a verb, or the argument of the verb typed.
    `contracts`: the game has a contract row to look at (a Book of Secrets is attached)."""
    text = before_cursor.lstrip()
    if " " not in text:
        want = text.lower()
        out = []
        for v, meta in verb_options(game, contracts=contracts):
            # the English name, and the words the player's language adds for it (`jogar` for `play`)
            for word in (v, *verbs.language_aliases(verbs.BY_NAME[v])):
                if word.startswith(want) and (word == v or want):
                    out.append(Candidate(word, -len(text), word, meta))
        return out
    word, _, arg = text.partition(" ")
    try:
        options = arguments(game, word)
    except CommandError:  # an ambiguous verb: nothing to offer after it
        return []
    arg = arg.lstrip()
    return _candidates(options, _norm(arg), len(arg))


def _candidates(options: Iterable[Option], want: str, typed: int) -> list[Candidate]:
    seen: set[str] = set()
    out = []
    for ident, name, meta in options:
        if ident not in seen and _fits(want, ident, name):
            seen.add(ident)
            out.append(Candidate(ident, -typed, name, meta))
    return out
