"""The page for everyone: every control reachable by keyboard (the map's spaces too), a story log that
screen readers follow, text that can be made twice as big, and a phone's width, without breaking."""

from __future__ import annotations

from pathlib import Path

from webtools import Page, served

GAME = ("--ruleset", "classic", "--board", "cinder-halls", "--rivals", "1", "--seed", "21", "--name", "Ana")


def focused(page: Page) -> dict:
    return page.page.evaluate("""() => { const a = document.activeElement;
        return {id: a.id, command: a.getAttribute('data-command'), space: a.getAttribute('data-space'),
                tag: a.tagName}; }""")


def test_every_control_is_reached_by_keyboard_and_the_map_moves_with_enter(browser, shots: Path):
    with served(*GAME) as server:
        page = Page(browser.new_page(), shots, "keyboard")
        page.open(server.url)
        assert page.page.get_attribute("#log", "role") == "log"
        assert page.page.get_attribute("#log", "aria-live") == "polite"
        for _ in range(10):  # a turn with Boots to spend, reached by playing cards with the keyboard
            page.page.focus("#play-all")
            page.page.keyboard.press("Enter")
            page.settled()
            if page.count("#map .space.reachable"):
                break
            page.page.focus("#end")
            page.page.keyboard.press("Enter")
            page.settled()
            if page.count('#choices button[data-command="yes"]'):  # asked first: Skill left to spend
                page.page.focus('#choices button[data-command="yes"]')
                page.page.keyboard.press("Enter")
                page.settled()
        reached = []
        page.page.focus(".skip")
        for _ in range(200):
            page.page.keyboard.press("Tab")
            reached.append(focused(page))
        commands = {r["command"] for r in reached if r["command"]}
        ids = {r["id"] for r in reached}
        spaces = [r["space"] for r in reached if r["space"]]
        assert {"undo", "save", "look", "help"} <= commands
        assert "command" in ids  # the command line
        assert spaces, "the map's reachable spaces take the focus"
        assert {c for c in commands if c.startswith(("acquire", "fight"))} or page.count("#row button.card") == 0
        # a space on the map, moved to with Enter
        target = spaces[0]
        page.page.focus(f"#space-{target}")
        page.page.keyboard.press("Enter")
        page.settled()
        assert page.state()["here"] == target
        # every button says what it does
        unnamed = page.page.evaluate("""() => [...document.querySelectorAll('button, [role=button]')]
            .filter(b => !b.hidden && !(b.getAttribute('aria-label') || b.textContent).trim()).length""")
        assert unnamed == 0
        assert page.errors == []


def test_a_phone_width_with_text_twice_as_big(browser, shots: Path):
    with served(*GAME) as server:
        page = Page(browser.new_page(), shots, "phone")
        page.page.set_viewport_size({"width": 390, "height": 844})
        page.open(server.url)
        page.page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
        page.page.wait_for_timeout(100)
        overflow = page.page.evaluate("""() => ({page: document.documentElement.scrollWidth,
            view: window.innerWidth})""")
        assert overflow["page"] <= overflow["view"], overflow  # nothing pushes the page sideways
        for selector in ("#log", "#command", "#hand", "#map svg"):
            box = page.page.locator(selector).bounding_box()
            assert box is not None and box["width"] > 0 and box["x"] >= 0
            assert box["x"] + box["width"] <= 390 + 1, selector
        page.shot("1-big-text")
        page.page.evaluate("() => { document.documentElement.style.fontSize = ''; }")
        page.click("#hand button.card")
        page.shot("2-card-played")
        assert len(page.state()["hand"]) == 4
        assert page.errors == []
