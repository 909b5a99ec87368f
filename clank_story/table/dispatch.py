"""The one dispatcher: a typed line in, a reply out, for the prompt, scripts and the browser alike.

The verb table (table/verbs.py) says what the first word is; game commands go to the session (the
rules layer parses, checks and explains refusals), looking commands to `looking`, and session
commands (undo, save, restore, again, transcript, quit, reload) to the table. It never raises for
any input: refusals come back as lines tagged `refusal`, and an engine bug is reported as a sentence
with the game put back as it was before the command.

At the prompt it also keeps the habits interactive-fiction players bring: a bare number answers the
question the game is asking, `again` (`g`) repeats the last command, and `end` with cards still to
play or Skill, Swords or Boots still to spend says so and asks once."""

from __future__ import annotations

import contextlib
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from clank_story.narrate.prose import Line
from clank_story.rules.commands import Acquire, Coach, End, Fight, Move, Teleport, Use
from clank_story.rules.engine import check
from clank_story.rules.errors import CommandError, UnknownCommand
from clank_story.rules.legal import legal_commands
from clank_story.rules.movement import path_to
from clank_story.rules.parse import number, parse
from clank_story.rules.state import Game
from clank_story.table import verbs
from clank_story.table.reply import EndQuestion, Reply, SwordsQuestion
from clank_story.words import entry, listing, refusal, say, sentences

if TYPE_CHECKING:
    from clank_story.table.table import Table

YES = ("y", "yes", "end", "e")  # `end` again is yes too: a veteran types it twice
SESSION, LOOKING = verbs.SESSION, verbs.LOOKING


def _answer_words(ident: str) -> tuple[str, ...]:
    """The words the current language answers a yes-or-no question with (`play.end.yes`: s, sim)."""
    value = entry(ident)
    return tuple(str(w).lower() for w in value) if isinstance(value, list) else ()


def _yes(line: str) -> bool:
    """y, yes or `end` again, in English or in the language's words (`fim` is `end` in Portuguese)."""
    word = line.lower()
    return word in YES or word in _answer_words("play.end.yes") or \
        word in verbs.language_aliases(verbs.BY_NAME["end"])


def handle(table: Table, text: str) -> Reply:
    before = table.entry = table.mark(text)
    # the prompt the line answered, for the transcript: one is kept, or may be started by this line
    # (`transcript FILE`, a verb of the prompt only); a script need not say it for every line
    prompt = table.prompt() if table.interactive or table.transcript is not None else ""
    try:
        reply = _handle(table, text)
    except CommandError as e:
        reply = Reply([Line(refusal(e), "refusal")], refused=True)
    except KeyboardInterrupt:  # Ctrl-C while the game was busy: take the command back, save, leave
        return table.interrupted(before)
    except Exception as e:  # a bug must not cost the player the game
        table.put_back(before)
        table.asking = None
        reply = Reply([Line(say("play.bug", error=f"{type(e).__name__}: {e}"), "bug")], refused=True)
    finally:
        table.entry = None
    if table.transcript is not None:
        _copy(table, prompt, text, reply)
    return reply


def _handle(table: Table, text: str) -> Reply:
    line = " ".join(text.split())
    if table.asking is not None:
        return _answer(table, line)
    if not line:
        return Reply()
    word, _, rest = line.partition(" ")
    if word[0].isdigit() and not rest:  # a bare number answers the question: `1` for `choose 1`
        table.last_line = line
        return game_command(table, f"choose {word}")
    verb = verbs.resolve(word, line)
    name, kind = verb.name, verb.kind
    if rest and not verb.takes_words:
        raise UnknownCommand("look.takes_nothing", line, verb=name)
    if name != "again":
        table.last_line = line
    if kind == SESSION:
        return _session(table, name, rest, line)
    if kind == LOOKING:
        from clank_story import looking  # a script of moves never looks: not loaded for it

        if verb.name == "look" and table.game.over:
            return Reply([Line(say("play.look_over"), "answer")])
        text = looking.answer(table.game, verb.name, rest, typed=line, router=table.session.router,
                              verbs=verbs.localized(), width=table.narrator.width)
        return Reply([Line(text, "answer")])
    if name == "market" and not rest and not table.game.over:
        from clank_story import looking

        return Reply([Line(refusal(UnknownCommand("repl.market.what", line)), "refusal"),
                      Line("\n".join(looking.market_lines(table.game, table.narrator.width)), "answer")],
                     refused=True)
    if name == "play" and rest.lower() in verbs.all_words():  # `jogar tudo` is `play all`
        rest = "all"
        line = f"{word} all"
    typed = word.lower()
    if typed != name and typed not in verb.aliases:  # a word of the player's language
        try:
            return game_command(table, f"{name} {rest}".strip())
        except CommandError as e:  # the refusal quotes what was typed, not our English for it
            e.typed = line
            raise
    return game_command(table, line)


def game_command(table: Table, line: str) -> Reply:
    """A command that changes the game, from a person (at the prompt or in a script)."""
    game = table.session.game
    if game.over:
        raise UnknownCommand("repl.game_over_recorded" if table.campaign is not None else "repl.game_over", line)
    if not table.session.human_to_move:
        raise UnknownCommand("repl.not_your_turn", line)
    try:
        command = parse(line, game)  # `table.session.parse`, a call nearer
    except UnknownCommand as e:
        raise did_you_mean(table.game, e) from None
    if table.interactive and isinstance(command, Move) and command.swords is None:
        question = _swords_question(table, command, line)
        if question is not None:
            return question
    if table.interactive and table.confirm_end and isinstance(command, End):
        question = _end_question(table, line)
        if question is not None:
            return question
    if not table.interactive:  # a script's transcript is the story alone (`_drawn`)
        return table.do(line, command)  # parsed once: the session need not again
    return _drawn(table, lambda: table.do(line, command))


def did_you_mean(game: Game, refused: UnknownCommand) -> UnknownCommand:
    """A card or space name the rules did not know, with the nearest name of this game added when
    one is close (`buy mercenery`: did you mean Mercenary?)."""
    text = str(refused.params.get("text", ""))
    if refused.key == "parse.unknown_card":
        rs = game.ruleset
        names = [c.name for c in rs.cards.values()] + [s.name for s in rs.secrets.values()]
        ids = {c.id: c.name for c in rs.cards.values()} | {s.id: s.name for s in rs.secrets.values()}
    elif refused.key == "parse.unknown_space":
        names = [s.name for s in game.board.spaces.values()]
        ids = {s.id: s.name for s in game.board.spaces.values()}
    else:
        return refused
    pool = {_folded(n): n for n in names} | {_folded(i): n for i, n in ids.items()}
    from difflib import get_close_matches  # only when a word is wrong

    close = get_close_matches(_folded(text), list(pool), n=1, cutoff=0.7)
    if not close:
        return refused
    return UnknownCommand(f"{refused.key}.near", refused.typed, **{**refused.params, "near": pool[close[0]]})


def _folded(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def _drawn(table: Table, act) -> Reply:
    """Carry out `act`; at the prompt, name the cards it put into your hand during your turn (a new
    turn's hand is told by the narration)."""
    if not table.interactive:  # a script's transcript is the story alone
        return act()
    game = table.game
    me, turn, hand = game.me.name, (game.turn_number, game.active), Counter(game.me.hand)
    reply: Reply = act()
    game = table.game
    if game.over or (game.turn_number, game.active) != turn or game.me.name != me:
        return reply
    new = Counter(game.me.hand) - hand
    if new:
        names = [game.ruleset.name_of(c) for c in new.elements()]
        reply.lines.append(Line(say("play.drawn", cards=listing(names), n=len(names)), "info"))
    return reply


def _session(table: Table, verb: str, rest: str, line: str) -> Reply:
    if not table.interactive:
        raise UnknownCommand("repl.only_at_prompt", line, verb=verb)
    from clank_story.table import bookmarks  # the prompt's own verbs: a script never loads them
    from clank_story.table.reload import reload_table

    if verb == "quit":
        return table.quit()
    if verb == "save":
        if rest:
            return bookmarks.save_as(table, rest, line)
        return Reply([Line(say("play.saved", path=table.save()), "info")])
    if verb == "restore":
        if not rest:
            raise UnknownCommand("repl.bookmark.which", line)
        return bookmarks.restore(table, rest, line)
    if verb == "undo":
        try:
            return table.undo()
        except CommandError as e:  # quote what was typed (`desfazer`), not the verb's English name
            e.typed = line
            raise
    if verb == "again":
        if not table.last_line:
            raise UnknownCommand("repl.again.nothing", line)
        reply = _handle(table, table.last_line)
        reply.lines.insert(0, Line(say("play.again", command=table.last_line), "info"))
        return reply
    if verb == "transcript":
        return _transcript(table, rest, line)
    if verb == "reload":
        ok, text = reload_table(table)
        return Reply([Line(text, "info" if ok else "refusal")] + (table.question_lines() if ok else []))
    raise UnknownCommand("verb.unknown", line, verb=verb, verbs=", ".join(verbs.names(verbs.GAME)))


# -- transcript ------------------------------------------------------------------------------------
def _transcript(table: Table, rest: str, line: str) -> Reply:
    """`transcript FILE` copies every command and reply from now on into FILE (appending);
    `transcript off` stops; `transcript` alone says where it goes."""
    if not rest:
        where = getattr(table.transcript, "name", None)
        return Reply([Line(say("play.transcript.to", path=where) if where else say("play.transcript.none"), "info")])
    if rest.lower() == "off":
        if table.transcript is None:
            return Reply([Line(say("play.transcript.none"), "info")])
        where = table.transcript.name
        with contextlib.suppress(OSError):
            table.transcript.close()
        table.transcript = None
        return Reply([Line(say("play.transcript.stopped", path=where), "info")])
    try:
        path = Path(rest).expanduser()
        stream = path.open("a", encoding="utf-8")
    except (OSError, ValueError, RuntimeError) as e:  # ValueError: a NUL in the name; RuntimeError: ~nobody
        raise UnknownCommand("repl.transcript.cannot", line, path=rest, error=getattr(e, "strerror", None) or e) from None
    if table.transcript is not None:
        with contextlib.suppress(OSError):
            table.transcript.close()
    table.transcript = stream
    return Reply([Line(say("play.transcript.started", path=path), "info")])


def _copy(table: Table, prompt: str, text: str, reply: Reply) -> None:
    """Copy a command and its reply into the transcript; a failing disk stops the transcript, once."""
    stream = table.transcript
    if stream is None:
        return
    try:
        stream.write(prompt + text.strip() + "\n" + "".join(line.text + "\n" for line in reply.lines))
        stream.flush()
    except (OSError, ValueError) as e:
        table.transcript = None
        reply.lines.append(Line(say("play.transcript.failed", error=getattr(e, "strerror", None) or e), "refusal"))


# -- questions the prompt asks before a command ---------------------------------------------------
def _answer(table: Table, line: str) -> Reply:
    question, table.asking = table.asking, None
    if isinstance(question, SwordsQuestion):
        return _answer_swords(table, question, line)
    assert isinstance(question, EndQuestion)
    return _answer_end(table, question, line)


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


def _answer_swords(table: Table, question: SwordsQuestion, line: str) -> Reply:
    n = question.most if line == "" else number(line)
    if n is not None and n <= question.most:
        return table.do(f"move {question.to} swords {n}")
    reply = Reply([Line(refusal(UnknownCommand("repl.swords.bad", "", text=line, most=question.most)), "refusal")],
                  refused=True)
    return _then_command(table, line, reply)


def _then_command(table: Table, line: str, reply: Reply) -> Reply:
    """Not an answer but a command: carry it out after saying the question is dropped."""
    try:
        is_command = verbs.find(line.split(" ")[0]) is not None
    except CommandError:
        is_command = False
    if is_command:
        more = handle(table, line)
        reply.lines += more.lines
        reply.quit = more.quit
    return reply


def _end_question(table: Table, line: str) -> Reply | None:
    """What `end` would throw away: cards not yet played, and Skill, Swords, Boots or teleports for
    which something could still be done. Nothing to lose: no question."""
    game = table.game
    p, turn = game.me, game.turn
    if game.pending is not None or p.out:
        return None
    legal = legal_commands(game)
    waste = []
    spends_skill = (c for c in legal if isinstance(c, Acquire) or (isinstance(c, Use) and c.card not in p.tokens))
    if turn.skill and any(spends_skill):
        waste.append(say("play.end.skill", n=turn.skill))
    if turn.swords and any(isinstance(c, Fight) for c in legal):
        waste.append(say("play.end.swords", n=turn.swords))
    if turn.boots and any(isinstance(c, Move | Coach) for c in legal):
        waste.append(say("play.end.boots", n=turn.boots))
    if turn.teleports and any(isinstance(c, Teleport) for c in legal):
        waste.append(say("play.end.teleports", n=turn.teleports))
    if not waste and not p.hand:
        return None
    table.asking = EndQuestion(len(p.hand))
    lines = []
    if p.hand:
        names = [game.ruleset.name_of(c) for c in p.hand]
        lines.append(say("play.end.cards", n=len(p.hand), cards=listing(names)))
    if waste:
        lines.append(say("play.end.unspent", what=listing(waste)))
    lines.append(say("play.end.ask_cards" if p.hand else "play.end.ask"))
    return Reply([Line(sentences(*lines), "question")])


def _answer_end(table: Table, question: EndQuestion, line: str) -> Reply:
    if not _yes(line):
        reply = Reply([Line(say("play.end.kept"), "info")])
        if line.lower() in ("", "n", "no", *_answer_words("play.end.no")):
            return reply
        return _then_command(table, line, reply)
    if question.cards and table.game.me.hand:
        reply = _drawn(table, lambda: table.do("play all"))
        if table.game.pending is not None or table.game.over:
            return reply  # a card asks something first; `end` again when it is answered
        reply.lines += table.do("end").lines
        return reply
    return table.do("end")
