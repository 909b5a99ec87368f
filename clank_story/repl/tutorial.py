"""The first-game guide (`clank-story play --tutorial`): a tiny classic dungeon with a stacked deck
(repl/data/tutorial.yaml), and a guide who says what to try next. Each step waits for the game to
reach its goal (whatever way the player gets there: typed in full, abbreviated, or by another road),
then the next step is told; the words are the catalog's (`tutorial.*`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from clank_story.narrate.prose import Line
from clank_story.rules.state import Game
from clank_story.words import say

SCENARIO = Path(__file__).parent / "data" / "tutorial.yaml"


@dataclass(frozen=True)
class Step:
    """One step of the guided game: its words, and the goal that ends it."""

    id: str  # its words: tutorial.step.<id>
    done: Callable[[Game], bool]  # the goal reached: go on to the next step


def _owns(game: Game, card: str) -> bool:
    p = game.me
    return card in (*p.hand, *p.deck, *p.discard, *p.in_play)


STEPS = (
    Step("play_one", lambda g: bool(g.me.in_play) or g.turn_number > 1),
    Step("play_all", lambda g: not g.me.hand or g.turn_number > 1),
    Step("buy", lambda g: _owns(g, "explore") or g.turn_number > 1),
    Step("fight", lambda g: "paper-cut-swarm" not in g.row or g.turn_number > 1),
    Step("move", lambda g: g.me.space != "door" or g.turn_number > 1),
    Step("end", lambda g: g.turn_number > 1),
    Step("dragon", lambda g: not g.me.hand),
    Step("monster_path", lambda g: g.me.space == "vault" or bool(g.me.artifacts)),
    Step("take", lambda g: bool(g.me.artifacts)),
    Step("escape", lambda g: g.over),
    Step("over", lambda g: False),
)


class Tutorial:
    """Where the guide is; `lines(game)` after every reply says the next step once it is due."""

    def __init__(self) -> None:
        self.step = 0

    def start(self) -> list[Line]:
        return [Line(say("tutorial.welcome"), "hint"), Line(say(f"tutorial.step.{STEPS[0].id}"), "hint")]

    def lines(self, game: Game) -> list[Line]:
        out: list[Line] = []
        while self.step < len(STEPS) - 1 and STEPS[self.step].done(game):
            self.step += 1
            out.append(Line(say(f"tutorial.step.{STEPS[self.step].id}"), "hint"))
        return out

    @property
    def finished(self) -> bool:
        return self.step == len(STEPS) - 1
