"""Command files (DESIGN.md §5): one command per line, `#` comments, and two checking lines,
`expect EXPR` and `reject COMMAND`. A script drives the same table and the same dispatcher as the
prompt, so a game is the same game whether it is typed or scripted; only `undo`, `save`, `quit` and
`reload` belong to a person at the prompt and are refused here.

Looking commands (`look`, `row`, ...) print their answer after an echo of the command, as a
transcript of the prompt would show them; they never change the game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from clank_story.narrate.prose import Line
from clank_story.rules.errors import CommandError
from clank_story.rules.view import views
from clank_story.table import dispatch, verbs
from clank_story.table.table import Table
from clank_story.words import say

OK, FAILED, BAD_INPUT = 0, 1, 2
GAME, LOOKING = verbs.GAME, verbs.LOOKING


@dataclass
class Outcome:
    status: int = OK
    message: str = ""  # `FILE:LINE: message` for stderr
    commands: int = 0


def script_lines(text: str) -> list[tuple[int, str]]:
    """The lines that say something, numbered as the file numbers them (comments and blanks left out)."""
    numbered = [(number, raw.partition("#")[0].strip()) for number, raw in enumerate(text.splitlines(), start=1)]
    return [(number, line) for number, line in numbered if line]


def run_script(table: Table, text: str, name: str, emit: Callable[[str], None]) -> Outcome:
    """Play `text` at `table`, saying everything through `emit`. A campaign game left unfinished is kept
    in its campaign file for `play` (or the next `run`) to go on with."""
    table.interactive = False  # a script is not a person at the prompt
    try:
        return _run(table, text, name, emit)
    finally:
        table.suspend()


def _run(table: Table, text: str, name: str, emit: Callable[[str], None]) -> Outcome:
    def show(lines: Iterable[Line]) -> None:
        for line in lines:
            emit(line.text)

    show(table.resumed() if table.restored else table.opening())
    outcome = Outcome()
    found: dict[str, str | None] = {}  # each word's kind of verb, looked up once a script (a few words, many lines)
    for number, line in script_lines(text):
        word, _, rest = line.partition(" ")
        if word == "expect":
            from clank_story.story.expr import ExpressionError, evaluate, explain  # Jinja: expect lines only

            names = views(table.game, table.session.campaign_view())
            try:
                held = evaluate(rest, names)
            except ExpressionError:
                return _stopped(BAD_INPUT, name, number, say("script.bad_expect", error=explain(rest, names)), outcome)
            if not held:
                return _stopped(FAILED, name, number, say("script.expect_failed", expr=rest, why=explain(rest, names)),
                                outcome)
            continue
        if word == "reject":
            before = table.game.to_dict()
            reply = table.handle(rest)
            if reply.refused:
                if table.game.to_dict() != before:
                    return _stopped(FAILED, name, number, say("script.reject_changed", command=rest), outcome)
                continue
            show(reply.lines)
            return _stopped(FAILED, name, number, say("script.reject_accepted", command=rest), outcome)
        kind = found.get(word, "")
        if kind == "":
            verb = _verb(word)
            kind = found[word] = verb.kind if verb is not None else None
        if kind == GAME and not table.session.human_to_move and not table.session.game.over:
            return _stopped(FAILED, name, number, say("script.no_human", command=line), outcome)
        reply = dispatch.handle(table, line)  # `table.handle`, a call nearer
        if reply.refused:
            return _stopped(FAILED, name, number, reply.text, outcome)
        if kind == LOOKING:
            emit(f"> {' '.join(line.split())}")
        else:
            outcome.commands += 1
        for told in reply.lines:
            emit(told.text)
    return outcome


def _stopped(status: int, name: str, number: int, message: str, outcome: Outcome) -> Outcome:
    """The script stops at line `number`: `FILE:LINE: message` (made only then, not for every line)."""
    return Outcome(status, f"{name}:{number}: {message}", outcome.commands)


def _verb(word: str) -> verbs.Verb | None:
    try:
        return verbs.find(word)
    except CommandError:
        return None
