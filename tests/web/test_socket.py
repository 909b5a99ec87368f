"""The game's WebSocket and the server's door, spoken to directly (as a page of another site, another
local user or a careless script would): messages the page would never send are refused with a
sentence, the game does not change, and the server goes on serving."""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from webtools import Server, served


def receive(ws: Any) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=30))


def refused(ws: Any, raw: str | bytes, state: dict[str, Any]) -> str:
    """Send `raw`; it must be refused with a sentence and leave the state exactly as it was."""
    ws.send(raw)
    answer = receive(ws)
    assert answer["type"] == "refused", answer
    assert answer["state"] == state
    text = answer["text"]
    assert text.rstrip().endswith((".", ")")) and len(text.split()) > 5, text  # a sentence
    return text


@pytest.fixture
def classic() -> Server:
    with served("--ruleset", "classic", "--board", "cinder-halls", "--rivals", "1", "--seed", "5") as server:
        yield server


def test_malformed_messages_are_refused_with_a_sentence_and_change_nothing(classic: Server):
    with connect(classic.ws_url, origin=classic.origin) as ws:
        hello = receive(ws)
        assert hello["type"] == "hello" and hello["log"]
        state = hello["state"]
        assert "not JSON" in refused(ws, "play burgle", state)
        assert "not JSON" in refused(ws, b"\xff\xfe", state)
        assert "JSON object" in refused(ws, "[1, 2]", state)
        assert "not a kind of message" in refused(ws, '{"type": "dance"}', state)
        assert "not a kind of message" in refused(ws, '{"text": "end", "seq": 0}', state)
        assert "needs `text`" in refused(ws, json.dumps({"type": "command", "seq": state["seq"]}), state)
        assert "needs `text`" in refused(ws, json.dumps({"type": "command", "text": 5, "seq": state["seq"]}), state)
        assert "needs `text`" in refused(ws, json.dumps({"type": "command", "text": "x" * 600, "seq": 0}), state)
        assert "needs `seq`" in refused(ws, json.dumps({"type": "command", "text": "end"}), state)
        assert "needs `seq`" in refused(ws, json.dumps({"type": "command", "text": "end", "seq": "0"}), state)
        assert "too long" in refused(ws, json.dumps({"type": "complete", "text": "y" * 9000}), state)
        assert "not part of a campaign" in refused(ws, '{"type": "campaign"}', state)
        assert "too long" in refused(ws, "[" * 100_000, state)
        assert "not JSON" in refused(ws, "[" * 5000, state)  # deeper than JSON parsers go

        # and the server is still serving: a real command goes through
        ws.send(json.dumps({"type": "command", "text": "play all", "seq": state["seq"]}))
        update = receive(ws)
        assert update["type"] == "update" and not update["refused"]
        assert update["state"]["seq"] == state["seq"] + 1
        assert update["state"]["hand"] == []


def test_out_of_turn_messages_are_refused_and_change_nothing(classic: Server):
    with connect(classic.ws_url, origin=classic.origin) as ws, \
            connect(classic.ws_url, origin=classic.origin) as other:
        state = receive(ws)["state"]
        receive(other)
        # a second page acts first: the first page's click was sent from a state the game has left
        other.send(json.dumps({"type": "command", "text": "play all", "seq": state["seq"]}))
        moved = receive(other)["state"]
        assert receive(ws)["state"] == moved  # every open page is shown the change
        text = refused(ws, json.dumps({"type": "command", "text": "play all", "seq": state["seq"]}), moved)
        assert "moved on" in text
        # a command the rules refuse now: answering a question nobody asked, buying what you cannot afford
        for line in ("choose 1", "acquire secret-tome", "fight dragon"):
            ws.send(json.dumps({"type": "command", "text": line, "seq": moved["seq"]}))
            for page in (ws, other):
                update = receive(page)
                assert update["refused"] and update["state"] == moved
                assert update["lines"][0]["text"] == f"> {line}"
                assert update["lines"][-1]["tag"] == "refusal" and update["lines"][-1]["text"].strip()
        # completion answers like Tab at the prompt
        ws.send(json.dumps({"type": "complete", "text": "en"}))
        assert [i["line"] for i in receive(ws)["items"]] == ["end"]
        ws.send(json.dumps({"type": "command", "text": "end", "seq": moved["seq"]}))
        assert not receive(ws)["refused"]


def test_without_the_token_nothing_is_served(classic: Server):
    host, port = classic.origin.split("//")[1].split(":")
    token = classic.url.rstrip("/").rsplit("/", 1)[1]

    def get(path: str, host_header: str | None = None) -> tuple[int, str]:
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        conn.request("GET", path, headers={"Host": host_header} if host_header else {})
        answer = conn.getresponse()
        return answer.status, answer.read().decode()

    assert get(f"/{token}/")[0] == 200
    assert get(f"/{token}/static/app.js")[0] == 200
    for path in ("/", "/static/app.js", f"/{token[:-1]}/", f"/x{token}/ws", "/favicon.ico"):
        status, text = get(path)
        assert status == 403 and "token" in text, path
    status, text = get(f"/{token}/", host_header=f"evil.example:{port}")
    assert status == 421 and "127.0.0.1" in text
    with pytest.raises(InvalidStatus):
        connect(classic.ws_url.replace(token, "nope"), origin=classic.origin)
    with pytest.raises(InvalidStatus):
        connect(classic.ws_url, origin="http://evil.example")
    with connect(classic.ws_url, origin=classic.origin) as ws:  # still serving
        assert receive(ws)["type"] == "hello"


def test_quit_on_the_page_saves_the_game_and_stops_the_server(tmp_path: Path):
    server = Server("--ruleset", "classic", "--rivals", "1", "--seed", "5")
    with connect(server.ws_url, origin=server.origin) as ws:
        state = receive(ws)["state"]
        ws.send(json.dumps({"type": "command", "text": "quit", "seq": state["seq"]}))
        update = receive(ws)
        assert update["closed"] and "Game saved to" in update["lines"][-1]["text"]
    said = server.wait()
    assert server.proc.returncode == 0
    assert "play --resume" in said


def test_the_page_speaks_the_language_asked_for():
    with served("--ruleset", "classic", "--rivals", "1", "--seed", "5", "--lang", "pt-BR") as server:
        host, port = server.origin.split("//")[1].split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        conn.request("GET", "/" + server.url.split("/", 3)[3])
        page = conn.getresponse().read().decode()
        assert '<html lang="pt-BR">' in page
