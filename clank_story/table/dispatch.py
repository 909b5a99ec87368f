"""The one dispatcher: a typed line in, a reply out, for the prompt, scripts and the browser alike.

The verb table (table/verbs.py) says what the first word is; game commands go to the session (the
rules layer parses, checks and explains refusals), looking commands to `looking`, and session
commands (undo, save, quit, reload) to the table. It never raises for any input: refusals come back
as lines tagged `refusal`, and an engine bug is reported as a sentence with the game put back as it
was before the command."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clank_story import looking
from clank_story.narrate.prose import Line
from clank_story.rules.commands import Move
from clank_story.rules.engine import check
from clank_story.rules.errors import CommandError, UnknownCommand
from clank_story.rules.movement import path_to
from clank_story.table import verbs
from clank_story.table.reload import reload_table
from clank_story.table.reply import Reply, SwordsQuestion
from clank_story.words import refusal, say

if TYPE_CHECKING:
    from clank_story.table.table import Table


def handle(table: Table, text: str) -> Reply:
    before = table.snapshot(text)
    try:
        return _handle(table, text)
    except CommandError as e:
        return Reply([Line(refusal(e), "refusal")], refused=True)
    except KeyboardInterrupt:  # Ctrl-C while the game was busy: take the command back, save, leave
        return table.interrupted(before)
    except Exception as e:  # a bug must not cost the player the game
        table.put_back(before)
        table.asking = None
        return Reply([Line(say("play.bug", error=f"{type(e).__name__}: {e}"), "bug")], refused=True)


def _handle(table: Table, text: str) -> Reply:
    line = " ".join(text.split())
    if table.asking is not None:
        return _answer_swords(table, line)
    if not line:
        return Reply()
    word, _, rest = line.partition(" ")
    verb = verbs.resolve(word, line)
    if rest and not verb.takes_words:
        raise UnknownCommand("look.takes_nothing", line, verb=verb.name)
    if verb.kind == verbs.SESSION:
        return _session(table, verb.name, line)
    if verb.kind == verbs.LOOKING:
        text = looking.answer(table.game, verb.name, rest, typed=line, router=table.session.router,
                              verbs=verbs.VERBS)
        return Reply([Line(text, "answer")])
    return game_command(table, line)


def game_command(table: Table, line: str) -> Reply:
    """A command that changes the game, from a person (at the prompt or in a script)."""
    game = table.game
    if game.over:
        raise UnknownCommand("repl.game_over_recorded" if table.campaign is not None else "repl.game_over", line)
    if not table.session.human_to_move:
        raise UnknownCommand("repl.not_your_turn", line)
    command = table.session.parse(line)
    if table.interactive and isinstance(command, Move) and command.swords is None:
        question = _swords_question(table, command, line)
        if question is not None:
            return question
    return table.do(line)


def _session(table: Table, verb: str, line: str) -> Reply:
    if not table.interactive:
        raise UnknownCommand("repl.only_at_prompt", line, verb=verb)
    if verb == "quit":
        return table.quit()
    if verb == "save":
        return Reply([Line(say("play.saved", path=table.save()), "info")])
    if verb == "undo":
        return table.undo()
    if verb == "reload":
        ok, text = reload_table(table)
        return Reply([Line(text, "info" if ok else "refusal")] + (table.question_lines() if ok else []))
    raise UnknownCommand("verb.unknown", line, verb=verb, verbs=", ".join(verbs.names(verbs.GAME)))


# -- Swords on a monster path ---------------------------------------------------------------------
def _swords_question(table: Table, command: Move, line: str) -> Reply | None:
    """Ask only when it matters: the path has monsters and there are Swords to spend on them."""
    game = table.game
    path = path_to(game, game.me, command.to)
    if path is None or not path.monsters or game.turn.swords <= 0 or game.pending is not None:
        return None
    most = min(path.monsters, game.turn.swords)
    check(game, Move(command.to, most), line)  # refused anyway? say why now, do not ask
    table.asking = SwordsQuestion(command.to, most)
    space = game.board.spaces[command.to].name
    return Reply([Line(say("play.swords.ask", space=space, monsters=path.monsters, most=most, n=path.monsters),
                       "question")])


def _answer_swords(table: Table, line: str) -> Reply:
    question, table.asking = table.asking, None
    assert question is not None
    if line == "" or (line.isascii() and line.isdigit() and int(line) <= question.most):
        n = question.most if line == "" else int(line)
        return table.do(f"move {question.to} swords {n}")
    reply = Reply([Line(refusal(UnknownCommand("repl.swords.bad", "", text=line, most=question.most)), "refusal")],
                  refused=True)
    word = line.split(" ")[0]
    try:
        is_command = verbs.find(word) is not None
    except CommandError:
        is_command = False
    if is_command:
        more = handle(table, line)  # not a number but a command: carry it out
        reply.lines += more.lines
        reply.quit = more.quit
    return reply
