"""legal_commands(game): every command `apply` would accept now (for bots and completion), in a fixed
order: plays, play all, the row and the Reserve, kept secrets, moves, teleports, coaches, takes,
markets, end.

Bots pick from this list with the game's seeded RNG, so its content and order are part of what makes
a seed give the same game. Each candidate is judged by the very rule `check` uses (engine.RULES),
without building a message or raising; what the game, a pending question or the player's status
rules out is judged once for all candidates (tests/rules/test_legal.py compares this with checking
every candidate through `engine.check`)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

from clank_story.rules import actions
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
from clank_story.rules.engine import RULES
from clank_story.rules.movement import move_refusal
from clank_story.rules.state import ESCAPED, Game, Player

# Commands are immutable values, so one instance of each can be shared: making a frozen dataclass
# costs more than judging it, and most candidates are refused.
_play, _acquire, _use, _fight = (functools.lru_cache(maxsize=4096)(cls) for cls in (PlayCard, Acquire, Use, Fight))
_move, _teleport, _coach = (functools.lru_cache(maxsize=4096)(cls) for cls in (Move, Teleport, Coach))
_TAKES = tuple(Take(what) for what in actions.TAKEABLE)
_market = functools.lru_cache(maxsize=256)(Market)
_PLAY_ALL, _END = PlayAll(), End()


def legal_commands(game: Game) -> list[Command]:
    if game.over:
        return []
    if game.pending is not None:
        return [Choose(i + 1) for i in range(len(game.pending["options"]))]
    p = game.players[game.active]
    if p.out and p.status != ESCAPED:
        return []  # a player knocked out does nothing more
    out: list[Command] = [_play(c) for c in dict.fromkeys(p.hand)]
    if p.hand:
        out.append(_PLAY_ALL)
    out.extend(_card_commands(game, p))
    if p.status != ESCAPED:  # the rest needs a pawn on the board
        _board_commands(game, p, out)
    if not p.hand:
        out.append(_END)
    return out


# -- parts of the list, for bots that weigh only some kinds of command ------------------------------
# Each is exactly the commands of those kinds in legal_commands(game), in its order (a random bot that
# draws from them with the seeded RNG makes the same choice as from the whole list, for less work).
def _acting(game: Game) -> Player | None:
    """The player whose actions are listed, or None when legal_commands lists no action at all."""
    if game.over or game.pending is not None:
        return None
    p = game.players[game.active]
    return None if p.out and p.status != ESCAPED else p


def legal_card_commands(game: Game) -> list[Command]:
    """The Acquire, Fight and Use commands of legal_commands(game), in its order."""
    return list(iter_card_commands(game))


def iter_card_commands(game: Game) -> Iterator[Command]:
    """legal_card_commands(game), judged one at a time as they are drawn: a bot that needs only to
    know whether there is one need not judge the rest."""
    p = _acting(game)
    return _card_commands(game, p) if p is not None else iter(())


def legal_walks(game: Game, toward: Callable[[str], bool] | None = None) -> list[Move]:
    """The Moves of legal_commands(game) that spend no Swords on monsters, in its order; with `toward`,
    only those to a space it accepts (the same list filtered afterwards, for fewer moves judged)."""
    p = _acting(game)
    out: list[Command] = []
    if p is not None and p.status != ESCAPED:
        _moves(game, p, out, swords=False, toward=toward)
    return out  # type: ignore[return-value]


def legal_takes(game: Game) -> list[Take]:
    """The Take commands of legal_commands(game), in its order."""
    p = _acting(game)
    out: list[Command] = []
    if p is not None and p.status != ESCAPED:
        _takes(game, p, out)
    return out  # type: ignore[return-value]


def _card_commands(game: Game, p: Player) -> Iterator[Command]:
    """Acquire, fight and use: the row, then the Reserve, then kept secrets."""
    cards = game.ruleset.cards
    acquire, use, fight = RULES[Acquire], RULES[Use], RULES[Fight]
    # Shortcuts, never verdicts: a card that costs more Skill (or Swords) than there is is refused by
    # its rule anyway, so the rule need not be asked; every other candidate is judged by its rule.
    skill, swords, discount = game.turn.skill, game.turn.swords, game.turn.discount
    for c in dict.fromkeys(game.row):
        card = cards[c]
        kind = card.kind
        if kind == "item":
            if card.cost - discount <= skill:
                command: Command = _acquire(c)
                if acquire(game, p, command) is None:
                    yield command
        elif kind == "device":
            if card.cost <= skill or c in p.tokens:  # (a held token of that id is judged as a potion)
                command = _use(c)
                if use(game, p, command) is None:
                    yield command
        elif card.cost <= swords:
            command = _fight(c)
            if fight(game, p, command) is None:
                yield command
    for c, n in game.reserve.items():
        if n > 0:
            card = cards[c]
            if card.kind == "monster":
                if card.cost <= swords:
                    command = _fight(c)
                    if fight(game, p, command) is None:
                        yield command
            elif card.cost - discount <= skill:
                command = _acquire(c)
                if acquire(game, p, command) is None:
                    yield command
    secrets = game.ruleset.secrets
    for t in dict.fromkeys(p.tokens):
        if t in secrets:
            command = _use(t)
            if use(game, p, command) is None:
                yield command


def _moves(game: Game, p: Player, out: list[Command], swords: bool = True,
           toward: Callable[[str], bool] | None = None) -> None:
    """Walks along each exit (and, with `swords`, the same walk spending 0.. Swords on its monsters)."""
    turn = game.turn
    exits = game.ruleset.board.exits(p.space)
    if turn.exhausted or turn.boots < min((path.boots for _, path in exits), default=0):
        return  # no move along a path can be made (the shortcut again: each rule would refuse)
    for dest, path in exits:
        if toward is not None and not toward(dest):
            continue
        command: Command = _move(dest)
        if move_refusal(game, p, command) is None:  # type: ignore[arg-type]
            out.append(command)
        if swords and path.monsters and turn.swords:
            for s in range(min(path.monsters, turn.swords) + 1):
                command = _move(dest, s)
                if move_refusal(game, p, command) is None:  # type: ignore[arg-type]
                    out.append(command)


def _takes(game: Game, p: Player, out: list[Command]) -> None:
    if game.turn.may_take:
        take = RULES[Take]
        for command in _TAKES:
            if take(game, p, command) is None:
                out.append(command)


def _board_commands(game: Game, p: Player, out: list[Command]) -> None:
    turn = game.turn
    board = game.ruleset.board
    _moves(game, p, out)
    if turn.teleports:
        teleport = RULES[Teleport]
        for s in board.adjacent(p.space):
            command: Command = _teleport(s)
            if teleport(game, p, command) is None:
                out.append(command)
    if game.ruleset.legacy and board.spaces[p.space].coach is not None:
        coach = RULES[Coach]
        for space in board.spaces.values():
            if space.coach is not None:
                command = _coach(space.id)
                if coach(game, p, command) is None:
                    out.append(command)
    _takes(game, p, out)
    if board.spaces[p.space].market:
        market = RULES[Market]
        for kind in dict.fromkeys(i.kind for i in game.ruleset.market):
            command = _market(kind)
            if market(game, p, command) is None:
                out.append(command)
