"""A game at the table: the session (rules, bots, story), the narrator, where the game is saved, the
campaign it belongs to, and the undo history of the turn in progress.

Every front end (the prompt, plain piped lines, scripts, the browser) drives a Table through one
dispatcher (`table/dispatch.py`); every kind of game is opened by `open_game` (`table/opening.py`)."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from typing import Any, TextIO

from clank_story.bots import label as bot_label
from clank_story.narrate.prose import Line, ProseNarrator
from clank_story.rules import events as ev
from clank_story.rules.commands import Command
from clank_story.rules.errors import CommandError, UnknownCommand
from clank_story.rules.model import Ruleset
from clank_story.rules.state import Game
from clank_story.table import dispatch, ending
from clank_story.table.reply import Question, Reply, Snapshot
from clank_story.table.rewind import Mark, Rewind
from clank_story.table.saves import CAMPAIGN, ONE_SHOT, Record, SaveError, Setup
from clank_story.table.session import Session
from clank_story.table.slots import CampaignSeat, Slot
from clank_story.words import listing, say

UNDO_LIMIT = 200  # snapshots kept within one turn (a turn rarely has more than a dozen commands)


class Table:
    def __init__(self, session: Session, narrator: ProseNarrator, setup: Setup, *, slot: Slot | None = None,
                 campaign: CampaignSeat | None = None, verbose: bool = False, interactive: bool = True,
                 rebuild: Callable[[], Ruleset] | None = None) -> None:
        self.session = session
        self.narrator = narrator
        self.setup = setup
        self.slot = slot
        self.campaign = campaign
        self.verbose = verbose
        self.interactive = interactive  # a person at a prompt (scripts: False)
        self.history: list[Snapshot] = []
        self.entry: Snapshot | Mark | None = None  # the state as the line being handled came in (dispatch.handle)
        self.rewind = Rewind()  # a script's way back after a bug or Ctrl-C (no undo: no snapshot per line)
        self.asking: Question | None = None
        self.last_line = ""  # the last command typed, for `again`
        self.transcript: TextIO | None = None  # `transcript FILE`: every line and reply copied there
        self.confirm_end = True  # `end` with cards to play or resources to spend asks once
        self.finished = False
        self.created = ""
        self.restored = False  # a saved game going on (told with `resumed()`, not `opening()`)
        self.opened = False  # the opening has been told (it is told once)
        self._rebuild = rebuild
        self.notes: list[Line] = []  # said once before the opening (a migrated save, a set-aside game)
        self.listeners: list[Callable[[list[ev.Event]], None]] = []  # hear every batch of events told

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def kind(self) -> str:
        return CAMPAIGN if self.campaign is not None else ONE_SHOT

    # -- the start --------------------------------------------------------------------------------
    def opening(self, *, save: bool = True) -> list[Line]:
        """The banner and the first turn(s) of a new game (bots who sit before you play theirs), then
        the game saved. `save=False` leaves the save to the caller: the prompt saves right after it
        first shows (repl/terminal.py), so the player need not wait for the campaign file's writing."""
        if self.opened:
            return []
        self.opened = True
        game = self.game
        rivals = [say("play.rival", name=p.name, bot=bot_label(p.bot)) for p in game.players if p.bot]
        lines = list(self.notes)
        if self.interactive:  # a script's transcript is the story alone
            lines += [Line(say("play.banner", ruleset=say(f"play.ruleset.{game.ruleset.name}"), board=game.board.name,
                               seed=self.setup.seed), "info"),
                      Line(say("play.banner.rivals", rivals=listing(rivals)) if rivals else say("play.banner.alone"),
                           "info"),
                      Line(say("play.banner.help"), "info")]
        self.notes = []
        lines += self.tell(self.session.opening())
        lines += self.after_events()
        if save and not game.over:
            self.autosave()
        return lines

    def resumed(self) -> list[Line]:
        """What a resumed game shows: where things stand, without moving the narrator on."""
        self.opened = True
        game = self.game
        lines = [*self.notes, Line(say("play.resumed", board=game.board.name, turn=game.turn_number,
                                       seed=self.setup.seed), "info")]
        self.notes = []
        if not game.over:
            state = self.narrator.state()
            self.narrator.blank = False
            lines += self.narrator.tell(game, [ev.TurnStarted(game.me.name, game.turn_number)])
            self.narrator.restore(state)
            lines += self.question_lines()
        return lines

    # -- a line in (table/dispatch.py does the work) -----------------------------------------------
    def handle(self, text: str) -> Reply:
        return dispatch.handle(self, text)

    # -- game commands -------------------------------------------------------------------------------
    def do(self, line: str, command: Command | None = None) -> Reply:
        """A game command: snapshot for undo, let the engine act (and the bots after it), narrate.
        `command` is `line` already parsed, when the caller has."""
        session = self.session  # (`self.game` is a property: every command asks for the game a few times)
        game = session.game
        snap = self.entry_snapshot(line) if self.interactive else None
        turn = (game.turn_number, game.active)
        events = session.do(line, command)  # a refusal raises here and nothing has changed
        if snap is not None:
            self.history = [*self.history, snap][-UNDO_LIMIT:]
        else:
            self.rewind.played.append(line)  # a script's way back plays it again (table/rewind.py)
        lines = self.tell(events)
        game = session.game
        if game.over:
            self.history = []
        elif (game.turn_number, game.active) != turn:
            self.history = []  # undo reaches back only within one turn
            self.autosave()
        if not game.over and game.pending is None:  # `after_events` would say nothing (most commands)
            return Reply(lines)
        return Reply(lines + self.after_events())

    def tell(self, events: list[ev.Event]) -> list[Line]:
        """The events in prose; listeners (coverage counts, tests) hear them first."""
        for listen in self.listeners:
            listen(events)
        return self.narrator.tell(self.session.game, events)

    def after_events(self) -> list[Line]:
        """After the events are told: the end of the game, once, in the order it happens (the
        table's end-of-game steps), else the question waiting for an answer."""
        game = self.session.game
        if game.over:
            if self.finished:
                return []
            self.finished = True
            return ending.finish(self)
        return self.question_lines()

    def question_lines(self) -> list[Line]:
        game = self.session.game
        if game.pending is None or not self.session.human_to_move:
            return []
        return [Line(text, "question") for text in self.narrator.question(game)]

    # -- undo ----------------------------------------------------------------------------------------
    def snapshot(self, command: str = "") -> Snapshot:
        return Snapshot(self.game.to_dict(), self.narrator.state(), command, self.story_state())

    def mark(self, line: str) -> Snapshot | Mark:
        """Where the game stands as a line comes in, to take the line back after a bug or Ctrl-C: at
        the prompt a snapshot (also the line's undo), in a script a mark (table/rewind.py)."""
        return self.snapshot(line) if self.interactive else self.rewind.mark(self)

    def entry_snapshot(self, command: str) -> Snapshot:
        """The snapshot dispatch.handle took as the line came in, for the line's first command (nothing
        changes the game between the two, and a snapshot was half of a scripted command's time); a
        second command of the same line (`play all`, then `end`) takes its own."""
        entry, self.entry = self.entry, None
        return dataclasses.replace(entry, command=command) if isinstance(entry, Snapshot) else self.snapshot(command)

    def undo(self) -> Reply:
        if not self.history:
            raise UnknownCommand("repl.undo.nothing", "undo")
        snap = self.history[-1]
        self.history = self.history[:-1]
        self.put_back(snap)
        from clank_story.looking import answer

        lines = [Line(say("play.undone", command=snap.command), "info"), Line(answer(self.game, "hand"), "answer")]
        return Reply(lines + self.question_lines())

    def put_back(self, snap: Snapshot | Mark) -> None:
        """The game, the narrator and the story exactly as they were at `snap`."""
        if isinstance(snap, Mark):
            self.rewind.back_to(self, snap)
            return
        self.session.game = Game.from_dict(snap.game, self.game.ruleset)
        self.narrator.restore(snap.narration)
        self.restore_story(snap.story)
        if self.session.router is not None:
            self.session.router.game = self.session.game

    def story_state(self) -> dict[str, Any] | None:
        story = self.session.story
        return story.to_dict() if story is not None else None

    def restore_story(self, data: dict[str, Any] | None) -> None:
        """Put the story state back as `data` says, in place: the story router holds this very object."""
        story = self.session.story
        if story is not None and data is not None:
            restored = type(story).from_dict(data)
            for name in data:
                if hasattr(restored, name):
                    setattr(story, name, getattr(restored, name))

    # -- saving --------------------------------------------------------------------------------------
    def record(self) -> Record:
        options: dict[str, Any] = {"verbose": self.verbose}
        return Record(self.kind, self.slot.name if self.slot else "", self.setup, self.game.to_dict(),
                      self.narrator.state(), self.story_state(), [s.to_dict() for s in self.history], options,
                      self.created)

    def save(self) -> str:
        """Write the game to its slot; returns where. A failure raises CommandError (said to the player)."""
        if self.slot is None:
            return "-"
        record = self.record()
        try:
            self.slot.write(record)
        except SaveError as e:
            raise CommandError("repl.save_failed", "save", path=self.slot.where(), error=str(e)) from None
        self.created = record.created
        return self.slot.where()

    def autosave(self) -> None:
        """Saved at every turn change; a failing disk is reported by `save` and `quit`, not here."""
        if self.slot is not None and not self.game.over:
            with contextlib.suppress(CommandError):
                self.save()

    def quit(self) -> Reply:
        """`quit`, Ctrl-D and the end of piped input: save an unfinished game, then leave."""
        self.asking = None
        if self.game.over or self.slot is None:
            self.close()
            return Reply([Line(say("play.bye"), "info")], quit=True)
        try:
            where = self.save()
        except CommandError as e:
            self.close()
            return Reply([Line(str(e), "refusal")], quit=True)
        self.close()
        return Reply([Line(say(f"play.saved_quit.{self.kind}", path=where, command=self.slot.resume_command()),
                           "info")], quit=True)

    def interrupted(self, before: Snapshot | Mark) -> Reply:
        """Ctrl-C while the game was busy: the interrupted command is taken back, the game saved."""
        self.put_back(before)
        self.asking = None
        reply = self.quit()
        reply.lines.insert(0, Line(say("play.interrupted"), "info"))
        return reply

    def close(self) -> None:
        """The sitting is over: let go of the campaign's lock (and close a transcript)."""
        if self.transcript is not None:
            with contextlib.suppress(OSError):
                self.transcript.close()
            self.transcript = None
        if self.slot is not None:
            self.slot.release()

    def suspend(self) -> None:
        """A script ended with the game unfinished: keep it saved for `play` to go on with."""
        if not self.game.over:
            with contextlib.suppress(CommandError):
                self.save()
        self.close()

    # -- authors --------------------------------------------------------------------------------------
    def rebuild_ruleset(self) -> Ruleset:
        """The game's content read again (`reload`), the way it was first built."""
        if self._rebuild is not None:
            return self._rebuild()
        return self.game.ruleset

    # -- what the front ends show ---------------------------------------------------------------------
    def prompt(self) -> str:
        if self.asking is not None:
            key, params = self.asking.prompt
            return say(key, **params)
        if self.game.pending is not None and not self.game.over:
            return say("play.prompt.choose")
        return say("play.prompt")

    def toolbar(self) -> str:
        from clank_story.looking import status_line

        return status_line(self.game)
