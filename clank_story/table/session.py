"""The game and who plays it: the rules state, the bot seats, and the drivers that act between
commands (the Book of Secrets' router first, then the solo director). Every kind of game at the table
runs on one Session; `Table` (table/table.py) adds the narrator, saves and the campaign."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from clank_story.bots import BOTS, known_bot, make_bot
from clank_story.bots.base import Bot
from clank_story.content.scenario import Position
from clank_story.rules import events as ev
from clank_story.rules.commands import Command, End, PlayAll
from clank_story.rules.engine import apply
from clank_story.rules.errors import CommandError, UnknownCommand
from clank_story.rules.legal import legal_commands
from clank_story.rules.parse import parse
from clank_story.rules.setup import setup_game
from clank_story.rules.state import Game

if TYPE_CHECKING:
    from clank_story.rules.view import CampaignView
    from clank_story.story.passages import Book
    from clank_story.story.router import Router
    from clank_story.story.state import StoryState

BOT_COMMANDS_PER_TURN = 400

# A driver acts between turns (the solo director, bots/solo.py): it is called with every batch of
# events the session produces and returns the events of what it did (usually nothing until a
# TurnStarted shows a turn has ended).
Driver = Callable[[Game, list[ev.Event]], list[ev.Event]]


class SessionError(Exception):
    """A problem with how a game was set up (an unknown bot strategy, ...)."""


class Session:
    def __init__(self, game: Game) -> None:
        self.game = game
        unknown = sorted({p.bot for p in game.players if p.bot and not known_bot(p.bot)})
        if unknown:
            raise SessionError(f"unknown bot strategy '{unknown[0]}' (bots: {', '.join(BOTS)})")
        self.bots: dict[str, Bot] = {p.name: make_bot(p.bot) for p in game.players if p.bot}
        self.drivers: list[Driver] = []
        self.position: Position | None = None
        self.story: StoryState | None = None  # the Book of Secrets' state, when a book is attached
        self.router: Router | None = None

    @classmethod
    def start(cls, position: Position) -> Session:
        session = cls(setup_game(position.ruleset, position.seed, position.scenario))
        session.position = position  # the seed and setup, for narration variants and saved games
        return session

    def attach_story(self, book: Book, state: StoryState | None = None, *,
                     prologue: str | Sequence[str] | None = None, epilogue: str | None = None,
                     waypoints: dict[str, str] | None = None) -> Router:
        """Route waypoints, contracts and story effects through a Book of Secrets (story/router.py).
        The router runs first among the drivers, so the others see the story's events too.
        (The story layer, and Jinja with it, is imported only by games that read a book.)"""
        from clank_story.story.router import Router
        from clank_story.story.state import StoryState

        self.story = state if state is not None else StoryState()
        self.router = Router(book, self.story, prologue=prologue, epilogue=epilogue, waypoints=waypoints)
        self.drivers.insert(0, self.router)
        return self.router

    def read_book(self, folder: str | Path | None = None, state: StoryState | None = None, *,
                  prologue: str | Sequence[str] | None = None, epilogue: str | None = None,
                  waypoints: dict[str, str] | None = None, strict: bool = False) -> Router:
        """Attach the Book of Secrets in `folder` (the shipped one if None), loaded for play; `strict`
        raises ContentError on any error in it instead of letting the broken passages apologise."""
        from clank_story.story.book import load_for_game

        book = load_for_game(folder, list(self.game.ruleset.cards), strict=strict)
        return self.attach_story(book, state, prologue=prologue, epilogue=epilogue, waypoints=waypoints)

    def campaign_view(self) -> CampaignView | None:
        """`campaign` for expressions (script `expect`), read from the story state if there is one."""
        return self.story.campaign_view() if self.story is not None else None

    def opening(self) -> list[ev.Event]:
        """The events that open the game (the first turn), then any bot turns before a human's."""
        game = self.game
        return [*self._drive([ev.TurnStarted(game.me.name, game.turn_number)]), *self.play_bots()]

    @property
    def to_act(self) -> str:
        """The seat that must act now: the one a pending question is put to (an end-of-turn contract's
        passage asks the player whose turn has just ended), else the active player."""
        pending = self.game.pending
        return str(pending["p"]) if pending is not None else self.game.me.name

    @property
    def human_to_move(self) -> bool:
        if not self.bots:  # a table of people: whoever is to act
            return not self.game.over
        return not self.game.over and self.to_act not in self.bots

    def parse(self, text: str) -> Command:
        return parse(text, self.game)

    def do(self, text: str, command: Command | None = None) -> list[ev.Event]:
        """A human seat's command; raises CommandError (nothing changed) when it is refused. `command`
        is `text` parsed, when the caller has parsed it against this very position."""
        if not self.human_to_move:
            raise UnknownCommand("session.not_your_turn", text)
        if command is None:
            command = parse(text, self.game)
        events = apply(self.game, command, text.strip())
        if self.drivers:  # a story or a solo director to hear the batch (a plain game has none)
            events = self._drive(events)
        if self.bots:  # else a table of people: nobody plays between their commands
            events = events + self.play_bots()
        return events

    def do_command(self, command: Command) -> list[ev.Event]:
        return self._drive(apply(self.game, command)) + self.play_bots()

    def _drive(self, events: list[ev.Event]) -> list[ev.Event]:
        """Let the drivers see a batch of events and act; their events follow the batch."""
        for driver in self.drivers:
            events = events + driver(self.game, events)
        return events

    def play_bots(self) -> list[ev.Event]:
        """Bot seats play their turns until a human seat is to move or the game ends."""
        game = self.game
        out: list[ev.Event] = []
        steps = 0
        while not game.over:
            seat = self.to_act
            if seat not in self.bots:
                break
            bot = self.bots[seat]  # a bot answers its own questions, even on another's turn
            turn = (game.turn_number, game.active)
            steps = steps + 1 if turn == getattr(self, "_last_turn", None) else 0
            self._last_turn = turn
            command = bot.choose(game) if steps < BOT_COMMANDS_PER_TURN else _finish(game)
            try:
                out.extend(self._drive(apply(game, command)))
            except CommandError:
                out.extend(self._drive(apply(game, _finish(game))))
        return out


def _finish(game: Game) -> Command:
    """A safe way to wrap up a bot's turn: play what is left, answer, or end."""
    legal = legal_commands(game)
    for preferred in (PlayAll(), End()):
        if preferred in legal:
            return preferred
    return legal[0]


def attach_book(session: Session, folder: str | Path | None = None, state: StoryState | None = None, *,
                prologue: str | None = None, epilogue: str | None = None,
                waypoints: dict[str, str] | None = None) -> Router:
    """`session.read_book(...)`, as a function (tests and tools attach books this way)."""
    return session.read_book(folder, state, prologue=prologue, epilogue=epilogue, waypoints=waypoints)
