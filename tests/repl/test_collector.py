"""The garbage collector, paused while `play` and `run` start (repl/collector.py, issue 20): running
again before the first line typed at the prompt is handled, before plain mode reads its first line,
before `run` plays its script, and whenever `play` ends; never restarted when something else paused it;
what the start made, and what is left at the process's end, kept out of its sight."""

from __future__ import annotations

import gc
import io
import subprocess
import sys
from pathlib import Path

import pytest

from clank_story.repl import collector, plain, start


@pytest.fixture(autouse=True)
def running(monkeypatch: pytest.MonkeyPatch):
    """Each test starts with the collector running and nothing held, and leaves it as it found it."""
    was = gc.isenabled()
    monkeypatch.setattr(collector, "_held", False)
    gc.enable()
    yield
    gc.unfreeze()
    (gc.enable if was else gc.disable)()  # as it was, whatever the test left


def test_hold_pauses_it_and_release_restarts_it_once():
    collector.hold()
    assert not gc.isenabled()
    collector.release()
    assert gc.isenabled()
    gc.disable()
    collector.release()
    assert not gc.isenabled(), "a second release restarts nothing"


def test_what_the_start_made_is_kept_out_of_its_sight_when_it_restarts():
    collector.hold()
    made = [[n] for n in range(1000)]
    collector.release()
    watched = {id(o) for o in gc.get_objects()}  # every generation it collects
    assert not any(id(x) in watched for x in made)
    assert gc.get_freeze_count() >= len(made)


def test_a_collector_something_else_paused_is_theirs_to_restart():
    gc.disable()
    collector.hold()
    collector.release()
    assert not gc.isenabled()


def test_plain_play_reads_its_first_line_with_the_collector_running(monkeypatch: pytest.MonkeyPatch):
    seen: list[bool] = []
    real = plain.run_plain

    def run_plain(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(plain, "run_plain", run_plain)
    collector.hold()
    out = io.StringIO()
    assert start.main(start.PlayOptions(seed=4), stdin=io.StringIO("look\n"), stdout=out) == 0
    assert seen == [True] and "Game saved" in out.getvalue()


def test_play_that_cannot_start_leaves_the_collector_running():
    collector.hold()
    assert start.main(start.PlayOptions(tutorial=True, new=True), stdin=io.StringIO(""), stdout=io.StringIO()) == 2
    assert gc.isenabled()


def test_the_prompt_restarts_it_before_the_first_line_typed_is_handled(private_data_dir: Path):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from clank_story.repl.terminal import run_terminal

    sitting, first = start.start(start.PlayOptions(seed=4), save=False)
    handled: list[tuple[str, bool]] = []
    answer = sitting.handle

    def handle(text: str):
        handled.append((text, gc.isenabled()))
        return answer(text)

    sitting.handle = handle  # type: ignore[method-assign]
    collector.hold()
    try:
        with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
            keys.send_text("look\r")
            keys.send_text("\x04")  # Ctrl-D: save and quit
            assert run_terminal(sitting, first, color=False, save_when_shown=True) == 0
    finally:
        sitting.table.close()
    assert handled == [("look", True)]
    assert (private_data_dir / "campaign.yaml").exists(), "and the new game was saved when the prompt showed"


def test_every_other_command_restarts_it_before_it_starts_its_work():
    from click.testing import CliRunner

    from clank_story.cli.main import cli

    collector.hold()  # as clank_story/__main__.py does before anything loads
    assert CliRunner().invoke(cli, ["saves"]).exit_code == 0
    assert gc.isenabled()


def test_run_opens_its_game_with_it_paused_and_plays_its_script_with_it_running(monkeypatch, tmp_path: Path):
    from click.testing import CliRunner

    from clank_story.cli.main import cli
    from clank_story.table import opening, scripts

    seen: list[tuple[str, bool]] = []
    open_game, run_script = opening.open_game, scripts.run_script

    def opening_seen(*args, **kwargs):
        seen.append(("open", gc.isenabled()))
        return open_game(*args, **kwargs)

    def script_seen(*args, **kwargs):
        seen.append(("script", gc.isenabled()))
        return run_script(*args, **kwargs)

    monkeypatch.setattr(opening, "open_game", opening_seen)
    monkeypatch.setattr(scripts, "run_script", script_seen)
    script = tmp_path / "one.txt"
    script.write_text("look\n", encoding="utf-8")
    collector.hold()
    assert CliRunner().invoke(cli, ["run", str(script), "--seed", "4"]).exit_code == 0
    assert seen == [("open", False), ("script", True)]


def test_run_that_cannot_open_its_game_leaves_it_running(tmp_path: Path):
    from click.testing import CliRunner

    from clank_story.cli.main import cli

    script = tmp_path / "one.txt"
    script.write_text("look\n", encoding="utf-8")
    collector.hold()
    assert CliRunner().invoke(cli, ["run", str(script), "--scenario", str(tmp_path / "none.yaml")]).exit_code == 2
    assert gc.isenabled()


def test_the_process_ends_without_a_last_collection():
    program = """if True:
        import atexit, gc, sys
        sys.argv = ["clank-story", "--version"]
        atexit.register(lambda: print("frozen", gc.get_freeze_count() > 0))  # runs after the command's end
        from clank_story.__main__ import run
        run()
    """
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "frozen True"
