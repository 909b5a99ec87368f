"""Command files: one REPL command per line, `#` comments, `expect EXPR` and `reject COMMAND`.

The runner is independent of click so tests and `sim` can use it directly."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from clank_story import looking
from clank_story.narrate.prose import ProseNarrator
from clank_story.rules.errors import CommandError, UnknownCommand
from clank_story.rules.messages import word
from clank_story.rules.view import views
from clank_story.session import Session
from clank_story.story.expr import ExpressionError, evaluate

OK, FAILED, BAD_INPUT = 0, 1, 2


@dataclass
class Outcome:
    status: int = OK
    message: str = ""  # `FILE:LINE: message` for stderr
    commands: int = 0


def script_lines(text: str) -> Iterable[tuple[int, str]]:
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            yield number, line


def run_script(session: Session, text: str, name: str, emit: Callable[[str], None],
               finish: Callable[[], tuple[list, list[str]]] | None = None) -> Outcome:
    """Looking commands (`look`, `row`, ...) print their answer after an echo of the command, as at
    the play prompt; they never change the game. Session commands (`undo`, `save`) are refused.
    `finish`, for a campaign game, runs once when the game is over: (events to tell, closing lines)."""
    position = getattr(session, "position", None)
    narrator = ProseNarrator(position.seed if position is not None else 0)
    looking.texts()  # installs the looking refusals' sentences
    game = session.game

    finished = False

    def tell(events) -> None:
        nonlocal finished
        for line in narrator.lines(game, events):
            emit(line)
        if finish is not None and game.over and not finished:  # a campaign game's end-of-game steps
            finished = True
            more, closing = finish()
            for line in [*narrator.lines(game, more), *closing]:
                emit(line)

    tell(session.opening())
    outcome = Outcome()
    for number, line in script_lines(text):
        where = f"{name}:{number}"
        verb, _, rest = line.partition(" ")
        if verb == "expect":
            try:
                held = evaluate(rest, views(session.game, session.campaign_view()))
            except ExpressionError as e:
                return Outcome(BAD_INPUT, f"{where}: {word('run.bad_expect', error=e)}", outcome.commands)
            if not held:
                return Outcome(FAILED, f"{where}: {word('run.expect_failed', expr=rest)}", outcome.commands)
            continue
        if verb == "reject":
            before = session.game.to_dict()
            try:
                if looking.is_looking(rest):
                    looking.answer(session.game, rest, router=session.router)
                    events = []
                else:
                    _refuse_session_verb(rest)
                    events = session.do(rest)
            except CommandError:
                if session.game.to_dict() != before:
                    return Outcome(FAILED, f"{where}: {word('run.reject_changed', command=rest)}", outcome.commands)
                continue
            tell(events)
            return Outcome(FAILED, f"{where}: {word('run.reject_accepted', command=rest)}", outcome.commands)
        if looking.is_looking(line):
            try:
                answer = looking.answer(session.game, line, router=session.router) or ""
            except CommandError as e:
                return Outcome(FAILED, f"{where}: {e}", outcome.commands)
            emit(f"> {' '.join(line.split())}")
            emit(answer)
            continue
        try:
            _refuse_session_verb(line)
        except CommandError as e:
            return Outcome(FAILED, f"{where}: {e}", outcome.commands)
        if not session.human_to_move:
            return Outcome(FAILED, f"{where}: {word('run.no_human', command=line)}", outcome.commands)
        try:
            events = session.do(line)
        except CommandError as e:
            return Outcome(FAILED, f"{where}: {e}", outcome.commands)
        outcome.commands += 1
        tell(events)
        if session.game.pending is not None:
            for q in narrator.question(session.game):
                emit(q)
    return outcome


def _refuse_session_verb(line: str) -> None:
    """`undo`, `save` and `quit` belong to the play prompt; a script that uses them is refused."""
    verb = looking.resolve_verb(line.split()[0]) if line.split() else None
    if verb in looking.SESSION_VERBS:
        raise UnknownCommand("repl.only_at_prompt", " ".join(line.split()), verb=verb)
