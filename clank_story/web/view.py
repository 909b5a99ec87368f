"""What the page shows of a table, as JSON-ready data: the map, your hand, the row and the reserve, the
toolbar's numbers, the players, the question waiting for an answer, and the buttons that can do
something now.

Nothing here knows a rule. What can be done now comes from the completion table
(`repl/completion.py`, the same one Tab reads at the prompt, which asks the rules for the legal
commands), and every button carries the command line a person would type for it (`play burgle`,
`acquire explore`, `move hall`, `choose 2`), which the page sends through the table's one dispatcher.
The texts are the looking commands' (`looking/`) and the catalog's."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from clank_story.bots import label as bot_label
from clank_story.looking.common import card_name, card_summary, price, space_name
from clank_story.narrate.prose import ProseNarrator
from clank_story.repl import completion
from clank_story.rules.commands import End
from clank_story.rules.dragon import row_cubes
from clank_story.rules.legal import legal_commands
from clank_story.rules.state import HEALTH, Game
from clank_story.table import verbs
from clank_story.table.reply import EndQuestion, SwordsQuestion
from clank_story.table.table import Table
from clank_story.web import board as board_svg
from clank_story.words import say

ROW_VERBS = ("acquire", "fight", "use")  # what a click on a row or reserve card can do, in this order
HERE_VERBS = ("take", "market", "coach", "teleport", "use")  # buttons of the space you stand on (and potions)

Options = dict[str, list[completion.Option]]


def _offers(game: Game, human: bool) -> Options:
    """verb -> (id, name, meta) it can take now: the completion table's arguments, read once."""
    if not human:
        return {}
    legal = legal_commands(game)
    out: Options = {}
    for verb in verbs.VERBS:
        if verb.kind == verbs.GAME and verb.args in completion.ARGUMENTS:
            out[verb.name] = completion.ARGUMENTS[verb.args](game, legal)
    out["end"] = [("", "", "")] if End() in legal else []
    return out


def _ids(options: Options, verb: str) -> set[str]:
    return {ident for ident, _, _ in options.get(verb, [])}


def _card(game: Game, card_id: str, command: str | None, key: str) -> dict[str, Any]:
    name, text = card_name(game, card_id), card_summary(game, card_id)
    cost = price(game, card_id).lstrip(", ")
    card = game.card(card_id)
    return {"id": card_id, "name": name, "kind": card.kind, "cost": cost, "text": text,
            "points": card.points, "dragon": card.dragon, "command": command,
            "label": say(f"web.card.{key}", card=name, cost=cost, text=text)}


def _row_card(game: Game, card_id: str, options: Options) -> dict[str, Any]:
    for verb in ROW_VERBS:
        if card_id in _ids(options, verb):
            return _card(game, card_id, f"{verb} {card_id}", verb)
    return _card(game, card_id, None, "look")


def _hand(game: Game, options: Options, human: bool) -> list[dict[str, Any]]:
    """The cards in hand of the person to move (a rival's hand is not shown); playing needs no cost."""
    if not human:
        return []
    playable = _ids(options, "play")
    return [{**_card(game, c, f"play {c}" if c in playable else None, "play" if c in playable else "look"),
             "cost": ""} for c in game.me.hand]


def _reserve(game: Game, options: Options) -> list[dict[str, Any]]:
    out = []
    for c, n in game.reserve.items():
        card = _row_card(game, c, options)
        card["left"] = say("look.reserve.stays") if game.card(c).stays else say("look.reserve.left", n=n)
        out.append(card)
    return out


def _moves(game: Game, options: Options) -> list[dict[str, Any]]:
    return [{"space": ident, "name": name, "command": f"move {ident}", "cost": meta,
             "label": say("web.move", space=name, cost=meta, notes="")}
            for ident, name, meta in options.get("move", [])]


def _here(options: Options, skip: set[str]) -> list[dict[str, Any]]:
    """Buttons for what the space (or a kept secret) lets you do now, with the completion's words."""
    out = []
    for verb in HERE_VERBS:
        for ident, name, meta in options.get(verb, []):
            if verb == "use" and ident in skip:
                continue  # a device in the row: its card is the button
            text = f"{verb} {ident}"
            out.append({"command": text, "label": text if name == ident else f"{verb} {name}", "meta": meta})
    return out


def _question(table: Table, options: Options) -> dict[str, Any] | None:
    """The question waiting for the person's answer: a card's or passage's choice (`choose N`), or how
    many Swords to spend on a monster path (answered with the number, as at the prompt)."""
    asking = table.asking
    if isinstance(asking, SwordsQuestion):
        return {"prompt": table.prompt().strip(), "kind": "swords",
                "options": [{"command": str(n), "label": say("web.swords", n=n)}
                            for n in range(asking.most, -1, -1)]}
    if isinstance(asking, EndQuestion):  # `end` with something left to play or spend: yes ends anyway
        return {"prompt": table.prompt().strip(), "kind": "end",
                "options": [{"command": "yes", "label": say("web.end.yes")},
                            {"command": "no", "label": say("web.end.no")}]}
    game = table.game
    if game.pending is None or game.over or not table.session.human_to_move:
        return None
    asked = table.narrator.plain.question(game)
    return {"prompt": asked[0] if asked else table.prompt().strip(), "kind": str(game.pending.get("q", "")),
            "options": [{"command": f"choose {ident}", "label": meta, "n": ident}
                        for ident, _, meta in options.get("choose", [])]}


def _players(game: Game) -> list[dict[str, Any]]:
    you = ProseNarrator.you(game)
    out = []
    for i, p in enumerate(game.players):
        where = space_name(game, p.space) if not p.out else say(f"look.status.{p.status}")
        line = say("web.player.line", where=where, health=p.health_left, most=HEALTH,
                   clank=game.clank_area.get(p.name, 0), gold=p.gold)
        if p.artifacts:
            line += say("web.player.artifact", value="+".join(str(a) for a in p.artifacts))
        out.append({"name": p.name, "seat": i, "bot": p.bot, "you": p.name == you, "status": p.status,
                    "active": i == game.active and not game.over, "line": line,
                    "mark": _mark(p.name, p.bot, p.name == you)})
    return out


def _mark(name: str, bot: str | None, you: bool) -> str:
    """`(you)` beside your name (unless your name already says so), a rival's strategy beside theirs."""
    if you:
        mark = say("web.player.you")
        return "" if name.casefold() in mark.casefold() else mark  # not "You (you)"
    return say("web.player.bot", bot=bot_label(bot)) if bot else ""


def _bar(game: Game) -> list[dict[str, str]]:
    """The toolbar's numbers, one labelled item each (the prompt's toolbar has the same ones)."""
    if game.over:
        return [{"key": "over", "text": say("web.bar.over")}]
    p, turn = game.me, game.turn
    items: list[tuple[str, Callable[[], str]]] = [
        ("turn", lambda: say("web.bar.turn", turn=game.turn_number)),
        ("skill", lambda: say("web.bar.skill", n=turn.skill)),
        ("swords", lambda: say("web.bar.swords", n=turn.swords)),
        ("boots", lambda: say("web.bar.boots", n=turn.boots)),
        ("gold", lambda: say("web.bar.gold", n=p.gold)),
        ("health", lambda: say("web.bar.health", health=p.health_left, most=HEALTH)),
        ("clank", lambda: say("web.bar.clank", n=game.clank_area.get(p.name, 0))),
        ("rage", lambda: say("web.bar.rage", rage=game.rage, n=row_cubes(game))),
    ]
    return [{"key": key, "text": text()} for key, text in items]


def state(table: Table, seq: int, *, campaign: bool = False) -> dict[str, Any]:
    """Everything the page draws after a command: one message, so the page never shows half a change."""
    game = table.game
    # a pending question leaves only its answers legal; the Swords question, no game command at all
    options = _offers(game, table.session.human_to_move and table.asking is None)
    moves = _moves(game, options)
    row_ids = set(game.row)
    return {
        "seq": seq,
        "over": game.over,
        "ruleset": game.ruleset.name,
        "board": game.board.name,
        "prompt": table.prompt(),
        "toolbar": table.toolbar(),
        "bar": _bar(game),
        "map": board_svg.svg(game, {m["space"]: say("web.map.reachable", space=m["name"], cost=m["cost"], notes="")
                                    for m in moves}, _shape(game)),
        "moves": moves,
        "hand": _hand(game, options, table.session.human_to_move),
        "in_play": [card_name(game, c) for c in game.me.in_play],
        "row": [_row_card(game, c, options) for c in game.row],
        "reserve": _reserve(game, options),
        "here": _here(options, row_ids),
        "players": _players(game),
        "question": _question(table, options),
        "can": {"play_all": any(i == "all" for i, _, _ in options.get("play", [])),
                "end": bool(options.get("end")), "undo": bool(table.history), "campaign": campaign,
                "contracts": table.session.router is not None},
    }


_SHAPES: dict[int, tuple[Any, board_svg.Layout]] = {}


def _shape(game: Game) -> board_svg.Layout:
    """A board's layout is worked out once (boards are immutable content)."""
    key = id(game.board)
    cached = _SHAPES.get(key)
    if cached is None or cached[0] is not game.board:
        cached = (game.board, board_svg.layout(game.board))
        _SHAPES[key] = cached
    return cached[1]


def words(keys: Mapping[str, str]) -> dict[str, str]:
    """The sentences the page's script shows by itself (connection lost, ...), by its own names."""
    return {name: say(key) for name, key in keys.items()}
