"""`clank-story play` in a real pseudo-terminal (pexpect): Tab completion, a turn, undo, save, Ctrl-C,
Ctrl-D, colour and --no-color, resuming, and finishing a short game."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from playtools import CORRIDOR

CPR_REQUEST = r"\x1b\[6n"
PROMPT_DONE = "\x1b[?2004l"  # prompt_toolkit turns bracketed paste off as a prompt returns its line


class Terminal:
    """A pty running `python -m clank_story play ...` that answers prompt_toolkit's cursor-position
    requests, as a real terminal would (the bottom toolbar is drawn only once they are answered)."""

    def __init__(self, data_home: Path, *args: str, **more_env: str) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(data_home), "XDG_CACHE_HOME": str(data_home.parent / "cache"),
               "HOME": str(data_home.parent), "TERM": "xterm", **more_env}
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "clank_story", "play", *args], env=env,
                                   encoding="utf-8", timeout=20, dimensions=(40, 120))

    def expect(self, pattern) -> str:
        while True:
            if self.child.expect([CPR_REQUEST, pattern]) == 0:
                self.child.send("\x1b[40;1R")
                continue
            return self.child.before + (self.child.after if isinstance(self.child.after, str) else "")

    def prompt(self) -> str:
        return self.expect("Rage")  # the bottom toolbar is drawn with every prompt

    def type(self, text: str) -> None:
        self.child.send(text)

    def line(self, text: str) -> None:
        self.child.send(text + "\r")

    def ends(self) -> int:
        self.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


@pytest.fixture
def data_home(tmp_path: Path) -> Path:
    return tmp_path / "home" / "data"


def test_a_session_completes_plays_undoes_saves_and_resumes_to_the_end(data_home: Path):
    term = Terminal(data_home, "--scenario", str(CORRIDOR))
    term.expect("Turn 1: your move")
    term.prompt()
    term.line("dance")
    assert "\x1b[0;31mdance:" in term.expect("not a command")  # refusals in red...
    term.prompt()
    term.type("pla\t")  # Tab completes the verb...
    term.expect("y")
    term.type(" a\t")  # ...and the argument: only cards in hand, or `all`
    term.expect("ll")
    term.line("")
    assert "+3 Boots" in term.expect(r"\+3\s+Boots")
    term.prompt()
    term.type("move de\t")
    term.expect("n")
    term.line("")
    term.expect("Spend how many Swords")
    term.line("")  # Enter spends as many as the monsters need
    term.prompt()
    term.line("take artifact")
    term.expect("10")
    term.prompt()
    term.line("undo")
    term.expect("Taken back: `take artifact`.")
    term.prompt()
    term.line("take artifact")
    term.expect("10")
    term.prompt()
    term.type("dance")
    term.child.sendcontrol("c")  # Ctrl-C clears the line; the game goes on
    term.prompt()
    term.line("look")
    assert "dance" not in term.expect("You are in Den")
    term.prompt()
    term.line("save")
    term.expect("Game saved to")
    term.prompt()
    term.child.sendcontrol("d")  # Ctrl-D saves and quits
    term.expect("picks it up again")
    assert term.ends() == 0
    assert (data_home / "clank-story" / "saves" / "corridor-1.json").exists()
    history = (data_home / "clank-story" / "history").read_text()
    assert "\n+play all\n" in history and "\n+move den\n" in history  # as completed by Tab
    assert history.count("take artifact") == 2

    term = Terminal(data_home, "--no-color", "--resume")  # the saved one-shot game resumes
    term.expect("Welcome back")
    term.prompt()
    term.line("dance")
    assert "\x1b[0;31m" not in term.expect("not a command")  # ...unless colour is off
    term.prompt()
    term.line("move hall swords 1")
    term.prompt()
    term.line("move hq")
    term.expect(r"20\s+points")
    term.prompt()
    term.line("end")
    term.expect("The game is over")
    term.expect("The game is over │")  # the toolbar now shows the final scores
    term.line("quit")
    term.expect("Goodbye.")
    assert term.ends() == 0
    assert not (data_home / "clank-story" / "saves" / "corridor-1.json").exists()


def _busy_reading(term: Terminal, within: float = 20.0) -> None:
    """Wait until the game is in the middle of the work: the terminal back in its own mode (the prompt
    reads keys with signals off, so a Ctrl-C there is a key), and then the book's worker processes
    started (the prompt's own Ctrl-C handler, which swallows one that comes as it closes, is gone by
    then). A machine with one CPU reads without workers: a short wait stands in for them."""
    import termios
    import time

    deadline = time.monotonic() + within
    while not termios.tcgetattr(term.child.child_fd)[3] & termios.ISIG:
        assert time.monotonic() < deadline, "the terminal stayed in the prompt's mode"
        time.sleep(0.005)
    children = Path(f"/proc/{term.child.pid}/task/{term.child.pid}/children")
    until = time.monotonic() + 1.0
    while time.monotonic() < until and not (children.exists() and children.read_text().split()):
        time.sleep(0.005)


def test_ctrl_c_while_the_game_is_busy_saves_and_leaves_with_a_sentence(data_home: Path, tmp_path: Path):
    campaign = _campaign_with_a_big_book(tmp_path)
    term = Terminal(data_home, "--campaign", str(campaign), "--seed", "7", CLANK_STORY_CACHE="off")
    term.expect("choose>")
    term.line("choose 1")
    term.expect("Mind the Mill")  # the contract row is read once the answer is taken
    term.prompt()
    # `reload` reads every content file and the whole Book of Secrets again: with the caches off and
    # thousands of passages more than the shipped book, it is busy for seconds however fast reading
    # gets, and Ctrl-C lands in the middle of it.
    term.line("reload")
    term.expect(re.escape(PROMPT_DONE))  # the line is taken: the prompt is gone, `reload` is running
    _busy_reading(term)
    term.child.sendintr()
    out = term.expect(pexpect.EOF)
    assert "Aborted!" not in out and "Traceback" not in out
    assert "Interrupted: the command that was running has been taken back." in out
    said = " ".join(out.split())
    assert f"`clank-story play --campaign {campaign}` picks it up again." in said
    saved = campaign.read_text(encoding="utf-8")
    assert "in_progress:" in saved and "in_progress: null" not in saved, "the game is saved in its campaign"


def _campaign_with_a_big_book(tmp_path: Path) -> Path:
    """A campaign whose definition (the shipped one, copied) has a book of its own: the shipped book
    and 8,000 passages more, with conditions, loops and choices (seconds to read with the caches off)."""
    import shutil

    from clank_story.campaign.definition import DEFAULT_DEFINITION, definition_file, load_definition
    from clank_story.campaign.lifecycle import new_campaign
    from clank_story.campaign.store import create_campaign
    from clank_story.story.book import shipped_book

    folder = tmp_path / "definition"
    shutil.copytree(definition_file(DEFAULT_DEFINITION).parent, folder)
    shutil.copytree(shipped_book(), folder / "book")
    text = ("      Room {i}. {{% if me.gold >= 3 %}}{{{{ me.name }}}} counts {{{{ me.gold }}}} coins.{{% else %}}"
            "Nobody counts anything.{{% endif %}}\n"
            "      {{% for p in players %}}{{{{ p.name }}}}{{% if not loop.last %}}, {{% endif %}}{{% endfor %}} wait.\n"
            "      {{% if campaign.flags.met_oma and me.health_left > 2 %}}Oma waves.{{% endif %}}\n")
    for part in range(16):
        passages = "".join(f'  "pad-{part}-{i}":\n    title: A corridor, {i}\n    text: |\n' + text.format(i=i) +
                           "    choices:\n      - text: Audit the ledger\n        if: me.health_left > 2\n"
                           "        effects: [{damage: 1}]\n      - text: Walk on\n"
                           for i in range(500))
        (folder / "book" / f"zz-padding-{part}.yaml").write_text("passages:\n" + passages, encoding="utf-8")
    definition, _ = load_definition(folder)
    campaign = tmp_path / "big-book.yaml"
    create_campaign(campaign, new_campaign(definition, "Big Book Branch", players=["Ana"], rivals=1))
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text + "definition_folder: definition\n", encoding="utf-8")
    return campaign
