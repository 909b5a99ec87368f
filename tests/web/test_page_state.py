"""What the page is sent: the board drawn from its data, and buttons that are nothing but the command
lines a person would type, each accepted by the table's one dispatcher."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from clank_story.cli.main import cli
from clank_story.content.library import build_ruleset, catalog
from clank_story.table.opening import OneShot, Options, open_game, play_seats, table_for_session
from clank_story.web import board as board_svg
from clank_story.web.sitting import Sitting

SVG = "{http://www.w3.org/2000/svg}"


def classic_sitting(seed: int = 4) -> Sitting:
    table = open_game(OneShot("classic", "cinder-halls", seed, seats=play_seats("Ana", 2, "random", False)),
                      Options(save=False))
    sitting = Sitting(table)
    sitting.tell(table.opening())
    return sitting


def buttons(state: dict) -> list[str]:
    cards = [c["command"] for c in state["hand"] + state["row"] + state["reserve"] if c["command"]]
    more = [m["command"] for m in state["moves"]] + [h["command"] for h in state["here"]]
    question = [o["command"] for o in (state["question"] or {}).get("options", [])]
    turn = ["play all"] * state["can"]["play_all"] + ["end"] * state["can"]["end"]
    return cards + more + question + turn


def send(sitting: Sitting, text: str) -> dict:
    outcome = sitting.receive(json.dumps({"type": "command", "text": text, "seq": sitting.seq}))
    assert outcome.everyone is not None, outcome.reply
    return outcome.everyone


def test_every_button_is_a_command_the_dispatcher_accepts():
    """Through a whole game: at each step every button offered is tried (and undone), then one is taken."""
    sitting = classic_sitting()
    tried = set()
    steps = 0
    while not sitting.table.game.over and steps < 300:
        state = sitting.state()
        offered = buttons(state)
        assert offered, "a game in progress always offers something to click"
        for command in offered:
            if command in ("end", "play all") or command.startswith(("choose", "move")) or command.isdigit():
                continue  # these end turns or answer questions (undo reaches back only within a turn)
            update = send(sitting, command)
            assert not update["refused"], (command, update["lines"])
            tried.add(command.split()[0])
            assert not send(sitting, "undo")["refused"]
        send_first = next((c for c in offered if c.startswith(("choose", "play", "acquire", "fight"))
                           or c.isdigit()), None)
        update = send(sitting, send_first or next((c for c in offered if c.startswith("move")), "end"))
        assert not update["refused"], update["lines"]
        steps += 1
    assert sitting.table.game.over
    assert {"play", "acquire"} <= tried


def test_a_refused_command_changes_nothing_and_is_told():
    sitting = classic_sitting()
    before = sitting.state()
    update = send(sitting, "move the-moon")
    assert update["refused"] and update["state"] == before
    assert [line["tag"] for line in update["lines"]] == ["echo", "refusal"]


def test_the_shipped_boards_are_drawn_where_their_spaces_pos_puts_them():
    for board in catalog().boards.values():
        shape = board_svg.layout(board)
        cells = {(s.pos[0], s.pos[1]) for s in board.spaces.values()}
        assert len(set(shape.at.values())) == len(board.spaces) == len(cells)
        assert all(0 < x < shape.width and 0 < y < shape.height for x, y in shape.at.values())


def test_a_board_without_positions_gets_a_layout_of_its_own(tiny):
    game = tiny().game
    assert all(s.pos is None for s in game.board.spaces.values())
    shape = board_svg.layout(game.board)
    assert len(set(shape.at.values())) == len(game.board.spaces)  # no two spaces on one spot
    start_x = shape.at[game.board.start][0]
    assert all(start_x <= x for x, _ in shape.at.values())  # the start is in the first column


def test_the_map_shows_every_space_path_pawn_and_artifact():
    sitting = classic_sitting()
    game = sitting.table.game
    root = ET.fromstring(sitting.state()["map"])  # well-formed SVG
    spaces = {g.get("data-space"): g for g in root.iter(f"{SVG}g") if g.get("data-space")}
    assert set(spaces) == set(game.board.spaces)
    paths = [g for g in root.iter(f"{SVG}g") if "path" in (g.get("class") or "").split()]
    assert len(paths) == len(game.board.paths)
    assert sum("locked" in g.get("class") for g in paths) == sum(p.locked for p in game.board.paths)
    assert len(list(root.iter(f"{SVG}circle"))) > len(spaces)
    pawns = [c for c in root.iter(f"{SVG}circle") if "pawn" in (c.get("class") or "")]
    assert len(pawns) == len(game.players)
    artifacts = [p for p in root.iter(f"{SVG}path") if p.get("class") == "artifact"]
    assert len(artifacts) == len(game.artifacts)
    here = spaces[game.me.space]
    assert "here" in here.get("class")


def test_a_reachable_space_is_a_button_that_moves_there(tiny):
    session = tiny(ana={"space": "hq", "hand": ["sidestep"] + ["burgle"] * 4}).session
    table = table_for_session(session, interactive=True)
    sitting = Sitting(table)
    send(sitting, "play sidestep")
    root = ET.fromstring(sitting.state()["map"])
    reachable = [g for g in root.iter(f"{SVG}g") if g.get("role") == "button"]
    assert reachable and all(g.get("data-command") == f"move {g.get('data-space')}" for g in reachable)
    assert all(g.get("tabindex") == "0" and g.get("aria-label") for g in reachable)
    update = send(sitting, reachable[0].get("data-command"))
    assert not update["refused"] and session.game.me.space == reachable[0].get("data-space")


def test_serve_takes_the_same_game_options_as_play():
    play = {p.name for p in cli.commands["play"].params}
    serve = {p.name for p in cli.commands["serve"].params}
    assert serve - play == {"port", "no_browser"}
    assert play - serve == {"no_color", "plain", "tutorial"}  # the prompt's own
    help_text = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "--lang" in help_text and "--port" in help_text and "--no-browser" in help_text


def test_a_port_that_is_taken_is_refused_with_a_sentence():
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--no-browser", "--port", str(port), "--ruleset", "classic"])
    assert result.exit_code == 2
    assert f"Port {port} cannot be used" in result.output and "--port" in result.output


def test_the_page_and_its_files_ship_inside_the_wheel(tmp_path: Path):
    from hatchling.builders.wheel import WheelBuilder

    root = Path(__file__).resolve().parents[2]
    wheel = next(iter(WheelBuilder(str(root)).build(directory=str(tmp_path), versions=["standard"])))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("index.html", "app.js", "style.css"):
        assert f"clank_story/web/assets/{name}" in names
    assert "clank_story/locale/en/web.yaml" in names
    assert "clank_story/web/server.py" in names


@pytest.mark.parametrize("ruleset", ["classic", "legacy"])
def test_the_toolbar_has_the_prompts_numbers(ruleset):
    ruleset_obj = build_ruleset(catalog(), ruleset)
    board = ruleset_obj.board.id
    table = open_game(OneShot(ruleset, board, 2, seats=play_seats("Ana", 1, "random", False)), Options(save=False))
    sitting = Sitting(table)
    sitting.tell(table.opening())
    bar = {item["key"]: item["text"] for item in sitting.state()["bar"]}
    assert set(bar) == {"turn", "skill", "swords", "boots", "gold", "health", "clank", "rage"}
    assert bar["health"] == "Health 10/10"
    table.close()



def test_a_bug_in_drawing_the_page_is_a_sentence_and_the_sitting_goes_on(monkeypatch):
    sitting = classic_sitting()
    before = sitting.table.game.to_dict()

    def broken(*args, **kwargs):
        raise ValueError("drawn wrong")

    monkeypatch.setattr("clank_story.web.view.state", broken)
    outcome = sitting.receive(json.dumps({"type": "complete", "text": "pl"}))  # needs no drawing
    assert outcome.reply is not None and outcome.reply["type"] == "completions"
    outcome = sitting.receive(json.dumps({"type": "command", "text": "look", "seq": sitting.seq}))
    assert outcome.reply is not None and "drawn wrong" in outcome.reply["text"]
    monkeypatch.undo()
    assert sitting.table.game.to_dict() == before
    assert not send(sitting, "play all")["refused"]
