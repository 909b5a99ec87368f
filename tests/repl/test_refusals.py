"""Every refusal the prompt itself gives (beyond the engine's, which tests/rules covers) is given for
the right input, quotes it, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import yaml

from clank_story.paths import locale_dir
from clank_story.table.scripts import run_script
from clank_story.table.table import Table


def _over(loop: Table) -> None:
    loop.game.over = True


def _bots_turn(loop: Table) -> None:
    loop.game.active = 1


def _unwritable(loop: Table) -> None:
    loop.slot.path.unlink()
    loop.slot.path.mkdir()  # a folder where the file should go


def _asking(loop: Table) -> None:
    loop.handle("play all")
    loop.handle("move den")


def _nothing(loop: Table) -> None:
    pass


def _other_game_saved(loop: Table) -> None:
    from clank_story.table.saves import slot_path

    slot_path("elsewhere").parent.mkdir(parents=True, exist_ok=True)
    slot_path("elsewhere").write_text(loop.slot.path.read_text())  # the game's own save: not a copy of it


# message id -> (how to get there, what is typed, how the answer begins)
CASES: dict[str, tuple[Callable[[Table], None], str, str]] = {
    "look.takes_nothing": (_nothing, "status now", "status now: `status` takes nothing after it"),
    "look.map_radius": (_nothing, "map 0", "map 0: `map` takes a number of steps from 1 to 4, not '0'."),
    "look.card.missing": (_nothing, "card", "card: card what?"),
    "look.card.unknown": (_nothing, "card unicorn", "card unicorn: nothing called 'unicorn' in this game"),
    "help.unknown": (_nothing, "help me", "help me: there is no help on 'me'"),
    "help.ambiguous": (_nothing, "help m", "help m: 'm' could be help on map, market"),
    "repl.undo.nothing": (_nothing, "undo", "undo: there is nothing to undo this turn"),
    "repl.game_over": (_over, "play all", "play all: the game is over — `score` shows the result"),
    "repl.not_your_turn": (_bots_turn, "play all", "play all: no one at this keyboard is to move now."),
    "repl.save_failed": (_unwritable, "save", "save: could not save the game to"),
    "repl.again.nothing": (_nothing, "again", "again: there is no command to repeat yet."),
    "repl.market.what": (_nothing, "market", "market: buy what? Name an item, as below."),
    "repl.transcript.cannot": (_nothing, "transcript /nonexistent/folder/t.txt",
                               "transcript /nonexistent/folder/t.txt: cannot write a transcript to"),
    "repl.bookmark.which": (_nothing, "restore", "restore: restore which save?"),
    "repl.bookmark.bad_name": (_nothing, "save ***", "save ***: '***' cannot name a save"),
    "repl.bookmark.taken": (_other_game_saved, "save elsewhere", "save elsewhere: 'elsewhere' is the name of another"),
    "repl.bookmark.missing": (_nothing, "restore nowhere", "restore nowhere: there is no save called 'nowhere'"),
    "repl.bookmark.other_game": (_other_game_saved, "restore elsewhere",
                                 "restore elsewhere: 'elsewhere' is a save of another game"),
    "repl.swords.bad": (_asking, "many", "'many' is not a number of Swords from 0 to 1; the move is cancelled."),
}
SCRIPT_ONLY = {"repl.only_at_prompt"}  # refused in `run` scripts: below
CAMPAIGN_ONLY = {"repl.game_over_recorded"}  # tests/table/test_campaign_games.py


@pytest.mark.parametrize("key", sorted(CASES))
def test_each_refusal_of_the_prompt_is_given_and_changes_nothing(corridor: Table, key: str):
    setup, typed, begins = CASES[key]
    setup(corridor)
    before = corridor.game.to_dict()
    reply = corridor.handle(typed)
    assert reply.lines[0].tag == "refusal"
    assert reply.lines[0].text.startswith(begins)
    assert corridor.game.to_dict() == before


def test_every_refusal_in_the_catalog_has_a_case():
    looking = yaml.safe_load((locale_dir("en") / "looking.yaml").read_text(encoding="utf-8"))
    assert set(CASES) | SCRIPT_ONLY | CAMPAIGN_ONLY == set(looking["refuse"])


def test_a_script_may_not_undo_save_or_quit(corridor: Table):
    out: list[str] = []
    outcome = run_script(corridor, "undo\n", "game.txt", out.append)
    assert (outcome.status, outcome.message) == (
        1, "game.txt:1: undo: `undo` works only at the `clank-story play` prompt, not in a script.")


def test_an_unknown_command_is_refused_by_the_engine_with_the_list_of_commands(corridor: Table):
    reply = corridor.handle("xyzzy")
    assert reply.lines[0].text.startswith("xyzzy: 'xyzzy' is not a command. Commands: play, acquire, use")
