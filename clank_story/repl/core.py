"""The play loop's logic with no terminal library: a line in, tagged lines of output out.

Both front ends (plain lines for pipes, prompt_toolkit for a terminal) drive a `PlayLoop`; so do the
tests. Game commands go to the session (the engine decides and explains refusals); looking commands
go to `looking`; `undo`, `save` and `quit` are handled here."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_story import looking, saves
from clank_story.narrate.prose import Line, ProseNarrator
from clank_story.rules import events as ev
from clank_story.rules.commands import Move
from clank_story.rules.errors import CommandError, UnknownCommand
from clank_story.rules.state import Game
from clank_story.session import Session


@functools.lru_cache(maxsize=4)
def play_texts(lang: str = "en") -> Mapping[str, Any]:
    from clank_story.narrate.catalog import load_locale

    return load_locale("play.yaml", lang)


def say(key: str, lang: str = "en", **params: Any) -> str:
    words = play_texts(lang)["words"]
    template = words.get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


@dataclass
class Reply:
    lines: list[Line] = field(default_factory=list)
    quit: bool = False

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True)
class Snapshot:
    """Everything undo needs: the state (RNG included) and where the narrator was."""

    game: dict[str, Any]
    narration: dict[str, Any]
    command: str
    story: dict[str, Any] | None = None


@dataclass(frozen=True)
class SwordsQuestion:
    to: str
    most: int


class PlayLoop:
    def __init__(self, session: Session, setup: saves.Setup, narrator: ProseNarrator,
                 save_path: Path | None, *, verbose: bool = False) -> None:
        looking.texts()  # the looking and REPL refusal sentences join the catalog
        self.session = session
        self.setup = setup
        self.narrator = narrator
        self.save_path = save_path
        self.verbose = verbose
        self.undo_stack: list[Snapshot] = []
        self.asking: SwordsQuestion | None = None
        self.finished = False
        self.campaign: Any = None  # a CampaignTable (clank_story/campaign_table.py) for a campaign game

    @property
    def game(self) -> Game:
        return self.session.game

    # -- starting ----------------------------------------------------------------------------------
    def opening(self) -> list[Line]:
        """The banner and the first turn(s) of a new game (bots who sit before you play theirs)."""
        game = self.game
        rivals = [say("rival", name=p.name, bot=p.bot) for p in game.players if p.bot]
        lines = [Line(say("banner", ruleset=say(f"ruleset.{game.ruleset.name}"), board=game.board.name,
                          seed=self.setup.seed), "info"),
                 Line(say("banner.rivals", rivals=self.narrator.listing(rivals)) if rivals else say("banner.alone"),
                      "info"),
                 Line(say("banner.help"), "info")]
        lines += self.narrator.tell(game, self.session.opening())
        lines += self._after_events()
        return lines

    def resumed(self) -> list[Line]:
        """What a resumed game shows: where things stand, without moving the narrator on."""
        game = self.game
        lines = [Line(say("resumed", board=game.board.name, turn=game.turn_number, seed=self.setup.seed), "info")]
        if not game.over:
            state = self.narrator.state()
            self.narrator.blank = False
            lines += self.narrator.tell(game, [ev.TurnStarted(game.me.name, game.turn_number)])
            self.narrator.restore(state)
            lines += self.question_lines()
        return lines

    # -- one line of input -------------------------------------------------------------------------
    def handle(self, text: str) -> Reply:
        """Never raises for any input: refusals come back as lines tagged `refusal`; an engine bug is
        reported as a sentence and the game is put back as it was before the command."""
        before = Snapshot(self.game.to_dict(), self.narrator.state(), text, self._story())
        try:
            return self._handle(text)
        except CommandError as e:
            return Reply([Line(str(e), "refusal")])
        except Exception as e:  # a bug must not cost the player the game
            self._put_back(before)
            self.asking = None
            return Reply([Line(say("bug", error=f"{type(e).__name__}: {e}"), "bug")])

    def _handle(self, text: str) -> Reply:
        line = " ".join(text.split())
        if self.asking is not None:
            return self._answer_swords(line)
        if not line:
            return Reply()
        words = line.split(" ")
        verb = looking.resolve_verb(words[0])
        rest = " ".join(words[1:])
        if verb in ("quit", "exit", "save", "undo") and rest:
            raise UnknownCommand("look.takes_nothing", line, verb=verb)
        if verb in ("quit", "exit"):
            return self.quit()
        if verb == "save":
            return Reply([Line(say("saved", path=self.save()), "info")])
        if verb == "undo":
            return self.undo()
        if verb == "reload":
            if rest:
                raise UnknownCommand("look.takes_nothing", line, verb=verb)
            return self.reload()
        if verb in looking.LOOKING_VERBS:
            return Reply([Line(looking.answer(self.game, line, router=self.session.router) or "", "answer")])
        if self.game.over:
            raise UnknownCommand("repl.game_over", line)
        if not self.session.human_to_move:
            raise UnknownCommand("repl.not_your_turn", line)
        command = self.session.parse(line)
        if isinstance(command, Move) and command.swords is None:
            question = self._swords_question(command, line)
            if question is not None:
                return question
        return self.do(line)

    def do(self, line: str) -> Reply:
        """A game command: snapshot for undo, let the engine act (and the bots after it), narrate."""
        game = self.game
        snap = Snapshot(game.to_dict(), self.narrator.state(), line, self._story())
        turn = (game.turn_number, game.active)
        events = self.session.do(line)  # a refusal raises here and nothing has changed
        self.undo_stack.append(snap)
        lines = self.narrator.tell(self.game, events)
        game = self.game
        if game.over:
            self.undo_stack.clear()
        elif (game.turn_number, game.active) != turn:
            self.undo_stack.clear()  # undo reaches back only within one turn
            self._autosave()
        return Reply(lines + self._after_events())

    def _after_events(self) -> list[Line]:
        if self.game.over:
            if not self.finished:
                self.finished = True
                if self.save_path is not None:
                    saves.remove_save(self.save_path)
                return [Line(say("over"), "info"), *self._finish_campaign_game()]
            return []
        return self.question_lines()

    def _finish_campaign_game(self) -> list[Line]:
        """A campaign game's end-of-game steps: the file is written, the passages read aloud."""
        if self.campaign is None:
            return []
        from clank_story.campaign.model import CampaignError
        from clank_story.campaign_table import finish_game

        try:
            events = finish_game(self.campaign)
        except CampaignError as e:
            return [Line(str(e), "refusal")]
        lines = self.narrator.tell(self.game, events)
        return lines + [Line(text, "info") for text in self.campaign.closing]

    def rebuild_ruleset(self):  # -> Ruleset; `reload` rebuilds a campaign game's content this way
        if self.campaign is None:
            return self.setup.position().ruleset
        from clank_story.campaign.setup import campaign_position

        return campaign_position(self.campaign.setup, self.campaign.definition).ruleset

    def question_lines(self) -> list[Line]:
        if self.game.pending is None or not self.session.human_to_move:
            return []
        return [Line(text, "question") for text in self.narrator.question(self.game)]

    # -- Swords on a monster path ------------------------------------------------------------------
    def _swords_question(self, command: Move, line: str) -> Reply | None:
        """Ask only when it matters: the path has monsters and there are Swords to spend on them."""
        from clank_story.rules.engine import check
        from clank_story.rules.movement import path_to

        game = self.game
        path = path_to(game, game.me, command.to)
        if path is None or not path.monsters or game.turn.swords <= 0 or game.pending is not None:
            return None
        most = min(path.monsters, game.turn.swords)
        check(game, Move(command.to, most), line)  # refused anyway? say why now, do not ask
        self.asking = SwordsQuestion(command.to, most)
        space = game.board.spaces[command.to].name
        return Reply([Line(say("swords.ask", space=space, monsters=path.monsters, most=most), "question")])

    def _answer_swords(self, line: str) -> Reply:
        question, self.asking = self.asking, None
        assert question is not None
        if line == "" or (line.isdigit() and int(line) <= question.most):
            n = question.most if line == "" else int(line)
            return self.do(f"move {question.to} swords {n}")
        reply = Reply([Line(str(UnknownCommand("repl.swords.bad", "", text=line, most=question.most)),
                            "refusal")])
        if looking.resolve_verb(line.split(" ")[0]) is not None:
            more = self.handle(line)  # not a number but a command: carry it out
            reply.lines += more.lines
            reply.quit = more.quit
        return reply

    # -- session commands --------------------------------------------------------------------------
    def undo(self) -> Reply:
        if not self.undo_stack:
            raise UnknownCommand("repl.undo.nothing", "undo")
        snap = self.undo_stack.pop()
        self._put_back(snap)
        lines = [Line(say("undone", command=snap.command), "info"), Line(looking.hand(self.game), "answer")]
        return Reply(lines + self.question_lines())

    def reload(self) -> Reply:
        """For authors: read cards, boards and the book again; the game goes on as it was."""
        from clank_story.authoring.reload import reload_loop

        ok, text = reload_loop(self)
        return Reply([Line(text, "info" if ok else "refusal")] + (self.question_lines() if ok else []))

    def _story(self) -> dict[str, Any] | None:
        story = getattr(self.session, "story", None)
        return story.to_dict() if story is not None else None

    def _put_back(self, snap: Snapshot) -> None:
        """The game, the narrator and the story exactly as they were at `snap`."""
        self.session.game = Game.from_dict(snap.game, self.game.ruleset)
        self.narrator.restore(snap.narration)
        self.restore_story(snap.story)

    def restore_story(self, data: dict[str, Any] | None) -> None:
        """Put the story state back as `data` says, in place: the story router holds this very object."""
        story = getattr(self.session, "story", None)
        if story is not None and data is not None:
            restored = type(story).from_dict(data)
            for name in data:
                if hasattr(restored, name):
                    setattr(story, name, getattr(restored, name))

    def snapshot(self) -> dict[str, Any]:
        options: dict[str, Any] = {"verbose": self.verbose}
        if self.campaign is not None:
            options["campaign"] = str(self.campaign.file.path)
            options["game_number"] = self.campaign.setup.game_number
        return saves.snapshot(self.setup, self.game, self.narrator.state(), options, self._story())

    def save(self) -> str:
        if self.save_path is None:
            return "-"
        try:
            saves.write_save(self.save_path, self.snapshot())
        except OSError as e:
            raise CommandError("repl.save_failed", "save", path=self.save_path,
                               error=e.strerror or str(e)) from None
        return str(self.save_path)

    def _autosave(self) -> None:
        with contextlib.suppress(CommandError):  # `save` and `quit` report a failing disk; autosave not
            self.save()

    def quit(self) -> Reply:
        """`quit`, Ctrl-D and the end of piped input: save an unfinished game, then leave."""
        self.asking = None
        if self.game.over or self.save_path is None:
            return Reply([Line(say("bye"), "info")], quit=True)
        try:
            path = self.save()
        except CommandError as e:
            return Reply([Line(str(e), "refusal")], quit=True)
        return Reply([Line(say("saved_quit", path=path), "info")], quit=True)

    # -- what the front ends show ------------------------------------------------------------------
    def prompt(self) -> str:
        if self.asking is not None:
            return say("swords.prompt", most=self.asking.most)
        if self.game.pending is not None and not self.game.over:
            return say("prompt.choose")
        return say("prompt")

    def toolbar(self) -> str:
        return looking.status_line(self.game)
