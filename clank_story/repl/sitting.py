"""A person at the prompt: the table, plus what only a person at a prompt gets, for every front end
(prompt_toolkit or plain lines) alike: the first-game guide (`--tutorial`), the offer of it on a very
first `play`, the bar's numbers explained where they first appear, and, in plain mode, `status` read
out with everything the toolbar would have shown."""

from __future__ import annotations

from clank_story.looking import status_line
from clank_story.narrate.prose import Line
from clank_story.repl.config import Config
from clank_story.repl.tutorial import Tutorial
from clank_story.table import verbs
from clank_story.table.reply import Reply
from clank_story.table.saves import history_path
from clank_story.table.table import Table
from clank_story.words import say


class Sitting:
    def __init__(self, table: Table, *, tutorial: bool = False) -> None:
        self.table = table
        self.tutorial = Tutorial() if tutorial else None
        self.plain = False  # set by the plain front end on a terminal

    def first(self, *, save: bool = True) -> list[Line]:
        """The opening (or, for a saved game, where it stands), and the guide's first words.
        `save=False`: the caller saves the new game (`Table.autosave`) once the prompt shows."""
        table = self.table
        lines = table.resumed() if table.restored else table.opening(save=save)
        if self.tutorial is not None:
            lines += self.tutorial.start()
        return lines

    def offer(self, first: list[Line], config: Config) -> list[Line]:
        """On a very first `play` at a terminal (no prompt history yet), offer the tutorial and say
        what the toolbar's numbers are; later sittings go straight to the game."""
        if self.tutorial is not None or history_path().exists():
            return first
        extra = [Line(say("play.bar_explained"), "hint")]
        if config.tutorial is not False:
            extra.append(Line(say("tutorial.offer"), "hint"))
        return extra + first

    def handle(self, text: str) -> Reply:
        reply = self.table.handle(text)
        if self.plain and not reply.refused and _verb(text) == "status":
            reply.lines.insert(0, Line(status_line(self.table.game), "answer"))
        if self.tutorial is not None:
            reply.lines += self.tutorial.lines(self.table.game)
        return reply


def _verb(text: str) -> str | None:
    word = text.split()[0] if text.split() else ""
    try:
        found = verbs.find(word)
    except Exception:  # an ambiguous word: not `status`
        return None
    return found.name if found else None
