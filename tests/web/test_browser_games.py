"""Whole games at the browser table, in headless Chromium, as a person plays them: cards clicked,
spaces clicked on the map, a passage's choice answered, undo, the page reloaded, the server stopped with
Ctrl-C and the game resumed. Screenshots of the main states go to the run's screenshots folder."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect
from webtools import Page, served

from clank_story.campaign.store import read_campaign

MOST_STEPS = 600  # a classic game with two rivals takes about 60 commands, a campaign game about 120


def play_on(page: Page, steps: int = MOST_STEPS) -> list[str]:
    done = []
    while not page.state()["over"] and len(done) < steps:
        done.append(page.step())
    return done


def test_a_whole_classic_game_with_bot_rivals(browser, shots: Path):
    args = ("--ruleset", "classic", "--board", "cinder-halls", "--rivals", "2", "--bot", "greedy", "--seed", "11",
            "--name", "Ana")
    with served(*args) as server:
        page = Page(browser.new_page(), shots, "classic")
        page.open(server.url)
        assert "Cinder" in page.page.title()
        first_hand = page.state()["hand"]
        assert len(first_hand) == 5
        page.shot("1-start")

        # a card clicked is played (the same `play burgle` as typed), and undo takes it back
        card = page.page.locator("#hand button.card").first
        played = card.get_attribute("data-card")
        page.click("#hand button.card")
        assert len(page.state()["hand"]) == 4
        assert f"> play {played}" in page.log()
        page.click("#undo")
        assert sorted(page.state()["hand"]) == sorted(first_hand)
        assert "Taken back" in page.log()

        # all the cards (and more turns until they bring a Boot), then a space on the map: the pawn goes there
        page.click("#play-all")
        assert page.state()["hand"] == []
        page.shot("2-cards-played")
        for _ in range(10):
            if page.count("#map .space.reachable"):
                break
            page.end_turn()
            page.click("#play-all")
        target = page.page.locator("#map .space.reachable").first.get_attribute("data-space")
        page.click("#map .space.reachable")
        assert page.state()["here"] == target
        assert f"> move {target}" in page.log()
        page.shot("3-moved")

        # typing works as at the prompt, completion included
        page.page.fill("#command", "lo")
        page.page.press("#command", "Tab")
        expect(page.page.locator("#command")).to_have_value("look ")
        page.page.press("#command", "Enter")
        page.settled()
        assert "Paths from here" in page.log()
        page.end_turn()

        # a reload shows the same story and the same state; the game goes on
        before = page.log()
        page.page.reload()
        page.settled()
        assert page.log() == before

        # Ctrl-C in the terminal saves the game; --resume brings it back
        seq = page.seq()
        said = server.stop()
    assert "Game saved to" in said and "play --resume" in said, said
    with served("--resume") as server:
        page.open(server.url)
        assert "Welcome back" in page.log()
        page.shot("4-resumed")
        done = play_on(page)
        assert page.state()["over"], f"not over after {len(done)} commands"
        assert "The game is over" in page.log() or "game is over" in page.log().lower()
        page.shot("5-over")
        assert page.seq() > 0 and seq > 0
        assert page.errors == []
        said = server.stop()
    assert "Traceback" not in said


def test_a_campaign_game_with_a_passage_choice(browser, shots: Path, tmp_path: Path):
    campaign = tmp_path / "branch.yaml"
    with served("--campaign", str(campaign), "--seed", "3") as server:
        page = Page(browser.new_page(), shots, "campaign")
        page.open(server.url)
        # the prologue: a passage set apart, its choices as buttons
        assert page.count("#log .passage") >= 1
        assert page.state()["question"]
        choices = page.page.locator("#choices button")
        assert choices.count() == 2
        label = choices.nth(1).inner_text()
        page.shot("1-prologue")
        page.click("#choices button >> nth=1")
        assert not page.state()["question"]
        assert label.split(". ", 1)[1].split(" (")[0] in page.log()
        page.shot("2-answered")

        # the campaign file is locked while the server holds the table
        import sys
        from subprocess import run

        other = run([sys.executable, "-m", "clank_story", "play", "--campaign", str(campaign)],
                    capture_output=True, text=True, stdin=None, input="", timeout=60)
        assert other.returncode == 2 and "campaign" in other.stderr.lower(), other.stderr

        # campaign show, from the page
        page.click("#campaign")
        assert "Employees" in page.log() or "employee" in page.log().lower()

        # a reload mid-game, then Ctrl-C: the game waits in the campaign file
        page.click("#hand button.card")
        page.page.reload()
        page.settled()
        assert len(page.state()["hand"]) == 4
        said = server.stop()
    assert "campaign file" in said
    assert read_campaign(campaign).campaign.in_progress is not None

    with served("--campaign", str(campaign)) as server:
        page.open(server.url)
        assert "Welcome back" in page.log()
        assert len(page.state()["hand"]) == 4
        done = play_on(page)
        assert page.state()["over"], f"not over after {len(done)} commands"
        page.shot("3-over")
        assert page.errors == []
        server.stop()
    finished = read_campaign(campaign).campaign
    assert finished.in_progress is None
    assert [r.game for r in finished.mission_reports] == [1]
