"""`clank-story serve`: open the game the options ask for (the same options, and the same code, as
`play`: `repl/start.py`'s `PlayOptions` and `spec_of`, then `open_game`), serve it on 127.0.0.1 at an
address with a random token, open the browser, and hold the table (and so the campaign's lock) until
the server stops: Ctrl-C here, or `quit` on the page. Either way the game is saved as at the prompt."""

from __future__ import annotations

import os
import secrets
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable
from typing import TextIO

from clank_story.narrate.prose import Line
from clank_story.repl.config import Config, ConfigError, load
from clank_story.repl.start import PlayOptions, spec_of, use_config_language
from clank_story.table.opening import Options, StartError, open_game
from clank_story.web.sitting import Sitting
from clank_story.words import language, say

HOST = "127.0.0.1"


def bind(port: int | None) -> socket.socket:
    """A listening socket on 127.0.0.1: the port asked for, else a free one the system picks."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((HOST, port or 0))
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _can_open_browser() -> bool:
    """A graphical browser can be opened: never a text browser taking over this terminal."""
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("BROWSER"))
    return True


def open_sitting(options: PlayOptions, config: Config | None = None) -> Sitting:
    """The game at a browser table, its opening (or where a resumed game stands) told. The player's
    config file gives the same defaults as at the prompt (name, rivals, bot, asking before `end`)."""
    config = config or Config()
    table = open_game(spec_of(options, config), Options(interactive=True, verbose=options.verbose))
    try:
        if config.confirm_end is not None:
            table.confirm_end = config.confirm_end
        sitting = Sitting(table, language())  # the page wraps the prose: set before anything is told
        sitting.tell(table.resumed() if table.restored else table.opening())
        return sitting
    except BaseException:
        table.close()
        raise


def serve(sitting: Sitting, sock: socket.socket, *, token: str | None = None, browser: bool = True,
          out: TextIO | None = None, started: Callable[[str], None] | None = None) -> int:
    """Serve the sitting on `sock` until it stops; the game is saved and the table closed at the end."""
    import uvicorn

    from clank_story.web.server import MAX_FRAME, create_app

    out = out or sys.stdout
    token = token or secrets.token_urlsafe(24)
    port = sock.getsockname()[1]
    url = f"http://{HOST}:{port}/{token}/"
    farewell: list[Line] = []
    server: uvicorn.Server | None = None

    def on_start() -> None:
        print(say("web.serve.url", url=url), file=out, flush=True)
        print(say("web.serve.stop"), file=out, flush=True)
        if browser:
            if _can_open_browser():
                threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
            else:
                print(say("web.serve.no_browser"), file=out, flush=True)
        if started is not None:
            started(url)

    def on_quit() -> None:
        if server is not None:
            server.should_exit = True

    def on_stop() -> None:
        farewell.extend(sitting.close())

    app = create_app(sitting, token, port=lambda: port, on_quit=on_quit, on_start=on_start, on_stop=on_stop)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", ws_max_size=MAX_FRAME,
                            timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn hands Ctrl-C back once it has shut down (the game is saved by then)
        pass
    finally:
        farewell.extend(sitting.close())  # a server that failed to start: still save and let go
        sock.close()
        for line in farewell or _quit_lines(sitting):
            print(line.text, file=out, flush=True)
    return 0


def _quit_lines(sitting: Sitting) -> list[Line]:
    """When the person quit on the page, what `quit` said there (where the game is saved)."""
    tail = [entry for entry in sitting.log[-3:] if entry["tag"] in ("info", "refusal")]
    return [Line(entry["text"], entry["tag"]) for entry in tail[-1:]]


def main(options: PlayOptions, *, port: int | None, browser: bool, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    err = err or sys.stderr
    try:
        config = load()
        use_config_language(options, config)
    except ConfigError as e:
        print(e, file=err)
        return 2
    try:
        sock = bind(port)
    except OSError as e:
        print(say("web.serve.port", port=port, error=e.strerror or e), file=err)
        return 2
    try:
        sitting = open_sitting(options, config)
    except StartError as e:
        sock.close()
        print(e, file=err)
        return 2
    except KeyboardInterrupt:  # Ctrl-C while the content loads: nothing started, nothing to save
        sock.close()
        return 130
    return serve(sitting, sock, browser=browser, out=out)
