"""The ASGI application (Starlette) and the server (uvicorn) of the browser table.

Everything lives under a path that begins with a random token: `http://127.0.0.1:PORT/TOKEN/` is the
page, `TOKEN/static/...` its files, `TOKEN/ws` the game's WebSocket. A request without the token, or
addressed to another host name (DNS rebinding), or a WebSocket opened by a page of another origin, is
refused with a sentence, so another local user or a web page cannot drive the game. The game itself is
`Sitting` (web/sitting.py); each message is handled in a worker thread, one at a time."""

from __future__ import annotations

import contextlib
import hmac
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import anyio.to_thread
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from clank_story.web import view
from clank_story.web.sitting import Sitting
from clank_story.words import say, speaking

ASSETS = Path(__file__).resolve().parent / "assets"
MAX_FRAME = 1 << 20  # bigger WebSocket frames are cut off by the protocol; up to it, refused with a sentence

# The words the page's script needs by itself (the rest arrive with each state).
PAGE_WORDS = {"closed": "web.page.closed", "lost": "web.page.lost", "connecting": "web.page.connecting",
              "hand_empty": "web.hand.empty", "in_play_empty": "web.in_play.empty", "row_empty": "web.row.empty",
              "moves_none": "web.moves.none"}


class Guard:
    """Lets through only requests for this server's host names whose path starts with `/TOKEN/`."""

    def __init__(self, app: ASGIApp, token: str, port: Callable[[], int], lang: str) -> None:
        self.app = app
        self.token = token
        self.port = port
        self.lang = lang

    def _hosts(self) -> set[str]:
        port = self.port()
        return {f"127.0.0.1:{port}", f"localhost:{port}"}

    def _problem(self, scope: Scope) -> tuple[int, str] | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        if host not in self._hosts():
            return 421, say("web.serve.host", host=host or "?")
        if scope["type"] == "websocket":
            origin = headers.get("origin")
            if origin is not None and origin not in {f"http://{h}" for h in self._hosts()}:
                return 403, say("web.serve.origin", origin=origin)
        path = scope.get("path", "")
        given = path[1:].split("/", 1)[0]
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            return 403, say("web.serve.token")
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with speaking(self.lang):
            problem = self._problem(scope)
        if problem is None:
            await self.app(scope, receive, send)
            return
        status, text = problem
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": text[:120]})
            return
        response = PlainTextResponse(text, status_code=status, headers=SECURITY_HEADERS)
        await response(scope, receive, send)


SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",  # the token is in the address: never hand it on
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


def _csp(port: int) -> str:
    hosts = " ".join(f"ws://{h}:{port}" for h in ("127.0.0.1", "localhost"))
    return (f"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            f"connect-src {hosts}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")


class Clients:
    """The pages open on the game: every change is shown on all of them."""

    def __init__(self) -> None:
        self.sockets: set[WebSocket] = set()

    async def send_all(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, ensure_ascii=False)
        for ws in list(self.sockets):
            with contextlib.suppress(Exception):  # a page that has just gone
                await ws.send_text(text)


def create_app(sitting: Sitting, token: str, *, port: Callable[[], int], on_quit: Callable[[], None] = lambda: None,
               on_start: Callable[[], None] = lambda: None, on_stop: Callable[[], None] = lambda: None) -> ASGIApp:
    """The whole application, guarded. `port()` says which port it is served on (known once bound)."""
    templates = Environment(loader=FileSystemLoader(ASSETS), autoescape=select_autoescape(["html"]))
    clients = Clients()

    async def page(request: Request) -> Response:
        with speaking(sitting.lang):
            table = sitting.table
            html = templates.get_template("index.html").render(
                lang=sitting.lang, say=say, board=table.game.board.name,
                row_heading=say(f"web.heading.row.{table.game.ruleset.name}"),
                page_words=view.words(PAGE_WORDS))
        return HTMLResponse(html, headers={**SECURITY_HEADERS, "Content-Security-Policy": _csp(port())})

    async def game(ws: WebSocket) -> None:
        await ws.accept()
        clients.sockets.add(ws)
        try:
            await ws.send_text(json.dumps(await anyio.to_thread.run_sync(sitting.hello), ensure_ascii=False))
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                outcome = await anyio.to_thread.run_sync(sitting.receive, raw if raw is not None else
                                                         message.get("bytes") or b"")
                if outcome.reply is not None:
                    await ws.send_text(json.dumps(outcome.reply, ensure_ascii=False))
                if outcome.everyone is not None:
                    await clients.send_all(outcome.everyone)
                if outcome.closed:
                    on_quit()
        except WebSocketDisconnect:
            pass
        finally:
            clients.sockets.discard(ws)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        on_start()
        yield
        # the server is stopping (Ctrl-C, or the person quit): save the game, let go of the campaign
        await anyio.to_thread.run_sync(on_stop)

    inner = Starlette(routes=[Mount(f"/{token}", routes=[
        Route("/", page),
        Mount("/static", app=StaticFiles(directory=ASSETS), name="static"),
        WebSocketRoute("/ws", game),
    ])], lifespan=lifespan)
    return Guard(inner, token, port, sitting.lang)
