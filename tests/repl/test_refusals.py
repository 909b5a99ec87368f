"""Every refusal the prompt itself gives (beyond the engine's, which tests/rules covers) is given for
the right input, quotes it, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from clank_story.narrate.catalog import load_locale
from clank_story.repl.core import PlayLoop
from clank_story.script import run_script


def _over(loop: PlayLoop) -> None:
    loop.game.over = True


def _bots_turn(loop: PlayLoop) -> None:
    loop.game.active = 1


def _unwritable(loop: PlayLoop) -> None:
    loop.save_path.parent.mkdir(parents=True, exist_ok=True)
    loop.save_path.mkdir()


def _asking(loop: PlayLoop) -> None:
    loop.handle("play all")
    loop.handle("move den")


def _nothing(loop: PlayLoop) -> None:
    pass


# message id -> (how to get there, what is typed, how the answer begins)
CASES: dict[str, tuple[Callable[[PlayLoop], None], str, str]] = {
    "look.takes_nothing": (_nothing, "status now", "status now: `status` takes nothing after it"),
    "look.map_radius": (_nothing, "map 0", "map 0: `map` takes a number of steps from 1 to 4, not '0'."),
    "look.card.missing": (_nothing, "card", "card: card what?"),
    "look.card.unknown": (_nothing, "card unicorn", "card unicorn: nothing called 'unicorn' in this game"),
    "help.unknown": (_nothing, "help me", "help me: there is no help on 'me'"),
    "repl.undo.nothing": (_nothing, "undo", "undo: there is nothing to undo this turn"),
    "repl.game_over": (_over, "play all", "play all: the game is over — `score` shows the result"),
    "repl.not_your_turn": (_bots_turn, "play all", "play all: no one at this keyboard is to move now."),
    "repl.save_failed": (_unwritable, "save", "save: could not save the game to"),
    "repl.swords.bad": (_asking, "many", "'many' is not a number of Swords from 0 to 1; the move is cancelled."),
}
SCRIPT_ONLY = {"repl.only_at_prompt"}  # refused in `run` scripts: below


@pytest.mark.parametrize("key", sorted(CASES))
def test_each_refusal_of_the_prompt_is_given_and_changes_nothing(corridor: PlayLoop, key: str):
    setup, typed, begins = CASES[key]
    setup(corridor)
    before = corridor.game.to_dict()
    reply = corridor.handle(typed)
    assert reply.lines[0].tag == "refusal"
    assert reply.lines[0].text.startswith(begins)
    assert corridor.game.to_dict() == before


def test_every_refusal_in_the_catalog_has_a_case():
    assert set(CASES) | SCRIPT_ONLY == set(load_locale("looking.yaml")["messages"])


def test_a_script_may_not_undo_save_or_quit(corridor: PlayLoop):
    out: list[str] = []
    outcome = run_script(corridor.session, "undo\n", "game.txt", out.append)
    assert (outcome.status, outcome.message) == (
        1, "game.txt:1: undo: `undo` works only at the `clank-story play` prompt, not in a script.")


def test_an_unknown_command_is_refused_by_the_engine_with_the_list_of_commands(corridor: PlayLoop):
    reply = corridor.handle("xyzzy")
    assert reply.lines[0].text.startswith("xyzzy: 'xyzzy' is not a command. Commands: play, acquire, buy")
