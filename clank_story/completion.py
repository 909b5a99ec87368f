"""What Tab may complete at the play prompt, from the state alone (no terminal library here, so it
is tested directly). Verbs first, then the arguments a verb takes now: only cards in hand after
`play`, only spaces you can reach after `move` (with the path's cost beside each), and so on. The id
is what gets inserted (it always parses); the name is what is shown."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from clank_story import looking
from clank_story.rules.commands import (
    Acquire,
    Choose,
    Coach,
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
from clank_story.rules.legal import legal_commands
from clank_story.rules.state import Game

VERB_OF = {PlayCard: "play", PlayAll: "play", Acquire: "acquire", Use: "use", Fight: "fight", Move: "move",
           Teleport: "teleport", Take: "take", Market: "market", Coach: "coach", Choose: "choose", End: "end"}
ALIASES = {"buy": "acquire", "go": "move", "exit": "quit"}


@dataclass(frozen=True)
class Candidate:
    text: str  # inserted in place of what is typed of the word
    start: int  # <= 0: where the replaced text begins, counted back from the cursor
    display: str
    meta: str = ""


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


def verbs(game: Game, lang: str = "en", *, contracts: bool = False) -> list[tuple[str, str]]:
    """(verb, what it does) for every verb that can do something now, then looking and session ones
    (`contracts` only in a game with a Book of Secrets)."""
    topics = looking.help_topics(lang)
    legal = {VERB_OF[type(c)] for c in legal_commands(game)}
    ordered = [v for v in ("play", "acquire", "use", "fight", "move", "teleport", "coach", "take", "market",
                           "choose", "end") if v in legal]
    ordered += [v for v in looking.LOOKING_VERBS if v != "help" and (contracts or v != "contracts")]
    ordered += ["help", "undo", "save", "quit"]
    return [(v, topics.get(v, {}).get("summary", "")) for v in ordered]


def arguments(game: Game, verb: str, lang: str = "en") -> list[tuple[str, str, str]]:
    """(id, name, meta) for what may follow `verb` now."""
    verb = ALIASES.get(verb, verb)
    t = looking.texts(lang)
    legal = legal_commands(game)
    name = lambda card_id: looking.card_name(game, card_id)  # noqa: E731
    out: list[tuple[str, str, str]] = []
    if verb == "play":
        for c in dict.fromkeys(c.card for c in legal if isinstance(c, PlayCard)):
            out.append((c, name(c), looking.card_summary(game, c, lang)))
        if PlayAll() in legal:
            out.append(("all", "all", t.w("complete.all")))
    elif verb in ("acquire", "use", "fight"):
        kind = {"acquire": Acquire, "use": Use, "fight": Fight}[verb]
        for c in dict.fromkeys(c.card for c in legal if isinstance(c, kind)):
            cost = looking.price(game, c, t).lstrip(", ") if c in game.ruleset.cards else ""
            out.append((c, name(c), cost))
    elif verb in ("move", "teleport", "coach"):
        kind = {"move": Move, "teleport": Teleport, "coach": Coach}[verb]
        me = game.me
        for c in legal:
            if isinstance(c, kind) and getattr(c, "swords", None) is None:
                if verb == "move":
                    cost, notes = looking.path_cost(game, me, c.to, t)
                    meta = cost + notes
                elif verb == "coach":
                    from clank_story.rules.movement import coach_fare

                    meta = t.w("complete.fare", n=coach_fare(game, me, c.to))
                else:
                    meta = ""
                out.append((c.to, looking.space_name(game, c.to), meta))
    elif verb == "take":
        out = [(c.what, c.what, "") for c in legal if isinstance(c, Take)]
    elif verb == "market":
        from clank_story.rules.actions import market_offer

        for c in legal:
            if isinstance(c, Market):
                item = market_offer(game, c.item)
                out.append((c.item, item.name if item else c.item, t.w("complete.gold", n=item.price if item else 0)))
    elif verb == "choose":
        pending = game.pending or {}
        narrator = looking.narration_words(lang)
        for c in legal:
            if isinstance(c, Choose):
                option = pending.get("options", [])[c.option - 1]
                out.append((str(c.option), str(c.option), narrator.option(game, option)))
    elif verb == "card":
        rs = game.ruleset
        out = [(c.id, c.name, t.w(f"kind.{c.kind}")) for c in rs.cards.values()]
        out += [(s.id, s.name, t.w(f"secret.size.{s.size}")) for s in rs.secrets.values()]
        out += [(i.id, i.name, t.w("complete.gold", n=i.price)) for i in rs.market]
    elif verb == "help":
        out = [(k, k, v.get("summary", "")) for k, v in looking.help_topics(lang).items()]
    return out


def complete(game: Game, before_cursor: str, lang: str = "en", *, contracts: bool = False) -> list[Candidate]:
    """Candidates for the text left of the cursor: a verb, or the argument of the verb typed.
    `contracts`: the game has a contract row to look at (a Book of Secrets is attached)."""
    text = before_cursor.lstrip()
    if " " not in text:
        want = text.lower()
        return [Candidate(v, -len(text), v, meta) for v, meta in verbs(game, lang, contracts=contracts)
                if v.startswith(want)]
    word, _, arg = text.partition(" ")
    verb = looking.resolve_verb(word)
    if verb is None:
        return []
    arg = arg.lstrip()
    want = _norm(arg)
    return _candidates(arguments(game, verb, lang), want, len(arg))


def _candidates(options: Iterable[tuple[str, str, str]], want: str, typed: int) -> list[Candidate]:
    seen: set[str] = set()
    out = []
    for ident, name, meta in options:
        if ident not in seen and _fits(want, ident, name):
            seen.add(ident)
            out.append(Candidate(ident, -typed, name, meta))
    return out
