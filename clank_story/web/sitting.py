"""One game at the browser table for the server's whole life: the table (and so the campaign's lock),
the story told so far (a reloaded page shows it again), and the messages pages send.

A page sends JSON objects:

- `{"type": "command", "text": "play burgle", "seq": 7}`: a line, exactly as a person types it at the
  prompt, for the table's one dispatcher (`Table.handle`). `seq` is the state the page was looking at
  when it was sent: a command sent from a state the game has left (a second click, another tab) is
  refused and changes nothing.
- `{"type": "complete", "text": "play bu"}`: what Tab offers after that text (`repl/completion.py`).
- `{"type": "campaign"}`: where the campaign stands (`campaign show`).

and gets back `update` (new lines of the story and the new state: sent to every page open on the
game), `completions`, and `refused` (a sentence saying what was wrong, and the state as it is, to the
page that sent it). Nothing a page sends can raise here: every mistake is a sentence.

The table is not thread-safe and its commands can take a while (the rivals play their turns inside
them), so the server calls `receive` from one worker thread at a time (`lock`)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any

from clank_story.narrate.prose import Line
from clank_story.repl import completion
from clank_story.table.table import Table
from clank_story.web import view
from clank_story.words import say, speaking

MAX_TEXT = 500  # characters of a command line (the longest real one is well under 100)
MAX_MESSAGE = 8192  # bytes of one message (the server refuses bigger frames before they reach here)
MAX_LOG = 5000  # lines of story kept for a reloaded page (a long campaign game tells about 2000)
KINDS = ("command", "complete", "campaign")

Message = dict[str, Any]


@dataclass
class Outcome:
    """What to send: `reply` to the page that asked, `everyone` to every page open on the game."""

    reply: Message | None = None
    everyone: Message | None = None
    closed: bool = False  # the person quit: the server stops


@dataclass
class Sitting:
    table: Table
    lang: str = "en"
    log: list[dict[str, str]] = field(default_factory=list)
    seq: int = 0
    closed: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.table.narrator.width = 10**6  # the page wraps the prose to its own width (and reflows it)

    # -- what a page is told ---------------------------------------------------------------------
    def tell(self, lines: list[Line]) -> list[dict[str, str]]:
        told = [{"text": line.text, "tag": line.tag} for line in lines]
        self.log = [*self.log, *told][-MAX_LOG:]
        return told

    def state(self) -> Message:
        campaign = self.table.campaign is not None
        return view.state(self.table, self.seq, campaign=campaign)

    def hello(self) -> Message:
        """For a page that has just connected (or reloaded): the whole story so far and the state."""
        with self.lock, speaking(self.lang):
            return {"type": "hello", "log": list(self.log), "state": self.state(), "closed": self.closed}

    # -- a message in ----------------------------------------------------------------------------
    def receive(self, raw: str | bytes) -> Outcome:
        with self.lock, speaking(self.lang):
            try:
                message = _parse(raw)
                kind = message["type"]
                if kind == "complete":
                    return Outcome(reply=self._complete(_text(message)))
                if self.closed:
                    raise Refusal(say("web.refuse.closed"))
                if kind == "campaign":
                    return self._campaign()
                return self._command(_text(message), _seq(message))
            except Refusal as e:
                return Outcome(reply={"type": "refused", "text": str(e), "state": self.state()})
            except Exception as e:  # a bug in drawing the page must not end the sitting
                return Outcome(reply={"type": "refused", "state": None,
                                      "text": say("web.bug", error=f"{type(e).__name__}: {e}")})

    def _command(self, text: str, seq: int) -> Outcome:
        if seq != self.seq:
            raise Refusal(say("web.refuse.stale", seq=seq, now=self.seq))
        reply = self.table.handle(text)
        lines = [Line(say("web.echo", text=" ".join(text.split())), "echo"), *reply.lines]
        if not reply.refused:
            self.seq += 1
        if reply.quit:
            self.closed = True
        return Outcome(everyone={"type": "update", "lines": self.tell(lines), "refused": reply.refused,
                                 "state": self.state(), "closed": self.closed}, closed=reply.quit)

    def _complete(self, text: str) -> Message:
        table = self.table
        items = []
        if table.asking is None and not self.closed:
            contracts = table.session.router is not None
            for c in completion.complete(table.game, text, contracts=contracts):
                cut = len(text) + c.start
                items.append({"line": text[:cut] + c.text, "display": c.display, "meta": c.meta})
        return {"type": "completions", "text": text, "items": items}

    def _campaign(self) -> Outcome:
        seat = self.table.campaign
        if seat is None:
            raise Refusal(say("web.refuse.no_campaign"))
        from clank_story.campaign.show import status_lines

        game = self.table.game
        text = "\n".join(status_lines(seat.file.campaign, seat.definition, game.ruleset.name_of))
        return Outcome(everyone={"type": "update", "lines": self.tell([Line(text, "answer")]), "refused": False,
                                 "state": self.state(), "closed": self.closed})

    # -- the end of the sitting --------------------------------------------------------------------
    def close(self) -> list[Line]:
        """The server is stopping (Ctrl-C in the terminal): save the game as `quit` does and let go of the
        campaign's lock. Waits for a command still running."""
        with self.lock, speaking(self.lang):
            if self.closed:
                return []
            self.closed = True
            return self.table.quit().lines


class Refusal(Exception):
    """A message the table does not take; the text says why and what would work."""


def _parse(raw: str | bytes) -> Message:
    if isinstance(raw, bytes | bytearray):
        if len(raw) > MAX_MESSAGE:
            raise Refusal(say("web.refuse.too_big", most=MAX_MESSAGE))
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Refusal(say("web.refuse.json")) from None
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise Refusal(say("web.refuse.too_big", most=MAX_MESSAGE))
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refusal(say("web.refuse.json")) from None
    if not isinstance(message, dict):
        raise Refusal(say("web.refuse.object", kind=_json_kind(message)))
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in KINDS:
        raise Refusal(say("web.refuse.type", type=kind if isinstance(kind, str) else json.dumps(kind)[:40]))
    return message


def _json_kind(value: Any) -> str:
    return {list: "list", str: "string", bool: "true or false", type(None): "null"}.get(type(value), "number")


def _text(message: Message) -> str:
    text = message.get("text")
    if not isinstance(text, str) or len(text) > MAX_TEXT or "\x00" in text:
        raise Refusal(say("web.refuse.text", type=message["type"], most=MAX_TEXT))
    return text


def _seq(message: Message) -> int:
    seq = message.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise Refusal(say("web.refuse.seq"))
    return seq
