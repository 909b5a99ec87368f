"""Test helpers: scenario tables (DESIGN.md §3) that make positions cheap to write."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from clank_story.content.scenario import load_scenario
from clank_story.rules.errors import CommandError
from clank_story.rules.state import CUBES, Game
from clank_story.rules.view import PlayerView, views
from clank_story.table.session import Session

DATA = Path(__file__).parent / "data"
ANCHOR = DATA / "scenarios" / "inline.yaml"  # boards/ and cards/ under tests/data are found from here


class Table:
    """A game under test. `do` is a human seat's command; a refused command is checked to have
    changed nothing before the error is passed on."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def me(self) -> PlayerView:
        return views(self.game)["me"]

    def player(self, name: str) -> PlayerView:
        return views(self.game)["players"][name]

    def do(self, *texts: str) -> list:
        events: list = []
        for text in texts:
            before = self.game.to_dict()
            try:
                events += self.session.do(text)
            except CommandError:
                assert self.game.to_dict() == before, f"refused {text!r} changed the game"
                raise
        return events

    def cubes_conserved(self) -> bool:
        g = self.game
        return all(p.supply + g.clank_area.get(p.name, 0) + g.bag.get(p.name, 0) + p.damage == CUBES
                   for p in g.players)


def make_table(ruleset: str, board: str, seats: list[dict[str, Any]], **scenario: Any) -> Table:
    data: dict[str, Any] = {"ruleset": ruleset, "board": board, "players": seats, **scenario}
    return Table(Session.start(load_scenario(ANCHOR, data=data)))


def hand(*cards: str) -> dict[str, Any]:
    """A seat holding exactly these cards (and an empty deck and discard)."""
    return {"hand": list(cards), "deck": [], "discard": []}


def answer(game: Game, line: str, router=None) -> str | None:
    """What a looking command shows, resolved through the verb table as the dispatcher does (None
    when the line is not a looking command)."""
    from clank_story import looking
    from clank_story.table import verbs

    typed = " ".join(line.split())
    word, _, rest = typed.partition(" ")
    verb = verbs.find(word)
    if verb is None or verb.kind != verbs.LOOKING:
        return None
    return looking.answer(game, verb.name, rest, typed=typed, router=router, verbs=verbs.VERBS)


def help_text(topic: str | None = None) -> str:
    from clank_story.looking.help import help_text as text
    from clank_story.table.verbs import VERBS

    return text(topic, VERBS)
