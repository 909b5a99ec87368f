"""The prompt_toolkit front end: completion of what is legal now, history in the user's data
directory, a bottom toolbar with the turn's resources, colour unless NO_COLOR / --no-color / TERM=dumb.
Ctrl-C clears the line; Ctrl-D saves and quits. Imported only when both ends are terminals.

Everything is wrapped to the terminal's width as it is when the text is printed (a resized window
gets the new width from the next reply on): narration by the narrator, everything else here, by
display width, never inside a word. The toolbar is fitted to the width at every redraw."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.application import get_app, get_app_or_none
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.output import Output
from prompt_toolkit.output.color_depth import ColorDepth
from prompt_toolkit.styles import Style

from clank_story.looking import toolbar
from clank_story.narrate.prose import Line
from clank_story.narrate.wrap import fit
from clank_story.repl import collector, completion
from clank_story.repl.sitting import Sitting
from clank_story.table.saves import history_path
from clank_story.table.table import Table

STYLE = {
    "header": "bold",
    "rival": "ansibrightblack",
    "dragon": "ansired bold",
    "paragraph": "bold",
    "over": "ansiyellow bold",
    "question": "ansiyellow",
    "refusal": "ansired",
    "info": "ansicyan",
    "hint": "ansicyan italic",
    "passage": "italic",
    "contracts": "italic",
    "choice": "bold",
    "bug": "ansired bold",
    "bottom-toolbar": "reverse",
}
LEAST_WIDTH = 20  # below this a terminal is too narrow to wrap for; text runs on


class TableCompleter(Completer):
    """Adapts repl/completion.py (which knows nothing of prompt_toolkit) to the prompt."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        if self.table.asking is not None:
            return
        contracts = self.table.session.router is not None
        for c in completion.complete(self.table.game, document.text_before_cursor, contracts=contracts):
            yield Completion(c.text, start_position=c.start, display=c.display, display_meta=c.meta)


def _history() -> History:
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


def emacs_session(**options: Any) -> PromptSession[str]:
    """prompt_toolkit's PromptSession, built without its vi key bindings. The prompt edits in emacs
    mode, and nothing switches it to vi, so each vi binding is off (its filter asks for vi mode);
    building their 330 bindings and going through them at the first key of each kind was a
    twentieth of the instructions to the first prompt (issue 20). Every other default binding is
    prompt_toolkit's own: its `load_key_bindings` runs, with the two vi sets empty while it does."""
    from prompt_toolkit.key_binding import KeyBindings, defaults

    if options.get("vi_mode") or not hasattr(defaults, "load_vi_bindings"):
        return PromptSession(**options)
    loaders = defaults.load_vi_bindings, defaults.load_vi_search_bindings
    defaults.load_vi_bindings = defaults.load_vi_search_bindings = KeyBindings  # type: ignore[assignment]
    try:
        return PromptSession(**options)
    finally:
        defaults.load_vi_bindings, defaults.load_vi_search_bindings = loaders


def text_width(columns: int) -> int:
    """The width text is wrapped to on a terminal `columns` wide: one column spare, so a full line
    never makes the terminal wrap on its own."""
    return max(columns - 1, LEAST_WIDTH)


def columns_of(output: Output) -> int:
    try:
        return output.get_size().columns
    except Exception:  # a terminal that cannot say: the width piped output has
        return 80


class SaveWhenShown:
    """Run `action` (the new game's first save, the garbage collector's restart) once the whole prompt,
    bottom toolbar included, is on the screen, on the event loop's next turn; `ensure()` runs it then
    at the latest, before any line typed is handled. The player sees the prompt without waiting for
    the campaign file (issue 20)."""

    def __init__(self, action: Callable[[], None]) -> None:
        self.action = action
        self.done = False

    def ensure(self) -> None:
        if not self.done:
            self.done = True
            self.action()

    def pre_run(self) -> None:
        app = get_app()

        def drawn(_: object) -> None:
            if not app.renderer.waiting_for_cpr:  # the toolbar is drawn once the terminal says where the cursor is
                app.after_render.remove_handler(drawn)
                asyncio.get_running_loop().call_soon(self.ensure)

        app.after_render.add_handler(drawn)


def run_terminal(sitting: Sitting, first: Iterable[Line], *, color: bool, save_when_shown: bool = False) -> int:
    """The prompt loop: each line answered by the sitting (the table, and the guide in a tutorial).
    `save_when_shown`: the new game is saved as soon as the first prompt is drawn, before any key is
    read; the player sees the prompt without waiting for the campaign file to be written (issue 20)."""
    table = sitting.table
    style = Style.from_dict(STYLE if color else {"bottom-toolbar": "reverse"})
    prompt = emacs_session(
        history=_history(),
        completer=TableCompleter(table),
        complete_while_typing=False,
        bottom_toolbar=lambda: " " + toolbar(table.game, current_width() - 1),
        style=style,
        color_depth=None if color else ColorDepth.DEPTH_1_BIT,
        include_default_pygments_style=False,
    )

    def current_width() -> int:
        app = get_app_or_none()
        return text_width(columns_of(app.output if app is not None else prompt.output))

    def show(lines: Iterable[Line]) -> None:
        """One write for the whole reply: printing line by line costs a terminal round each."""
        width = current_width()
        parts = [(f"class:{line.tag}" if color and line.tag in STYLE else "", fit(line.text, width) + "\n")
                 for line in lines]
        if parts:
            print_formatted_text(FormattedText(parts), style=style, end="", output=prompt.output)

    def shown() -> None:
        collector.release()  # start-up is over (repl/collector.py)
        if save_when_shown:
            table.autosave()

    saving = SaveWhenShown(shown)
    try:
        show(first)
        while True:
            table.narrator.width = current_width()
            try:
                text = prompt.prompt(table.prompt(), pre_run=saving.pre_run if not saving.done else None)
                saving.ensure()
            except KeyboardInterrupt:
                saving.ensure()
                continue  # Ctrl-C at the prompt: the line is cleared, the game goes on
            except EOFError:
                saving.ensure()
                show(table.quit().lines)
                return 0
            table.narrator.width = current_width()  # the window may have been resized meanwhile
            reply = sitting.handle(text)  # Ctrl-C while it works: the table takes the command back and saves
            show(reply.lines)
            if reply.quit:
                return 0
    except KeyboardInterrupt:  # Ctrl-C while a reply was being printed: the game is whole; save and go
        show(table.quit().lines)
        return 0
