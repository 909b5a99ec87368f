"""10,000 random and mutated lines fed to the one dispatcher in real mid-game positions of both
rulesets: every answer is a sentence (no exception escapes, no line is reported as a bug inside the
game), and a refused line changes nothing. Numbers in every odd form (`choose ²`, `map ³`, thousands
of digits) are among them."""

from __future__ import annotations

import random

import pytest

from clank_story.table.opening import OneShot, Options, open_game
from clank_story.table.table import Table
from clank_story.table.verbs import VERBS

LINES_PER_GAME = 5_000
SEEDS = {"classic": 11, "legacy": 5}
SEEN = ["play all", "play burgle", "buy explore", "acquire mercenary", "fight goblin", "fight cultist",
        "move tollbury", "move hall swords 1", "take artifact", "take secret", "market master-key", "coach fenwick",
        "choose 1", "choose ²", "map ³", "move foyer swords ²", "choose " + "9" * 5000, "map " + "7" * 4400,
        "1", "²", "٣", "99999999999", "use signpost", "teleport mossgate", "end", "look", "row", "help rules",
        "card explore", "x merc", "i", "l", "?", "g", "again", "h", "undo", "save", "save before", "restore before",
        "transcript off", "transcript", "market", "help market", "buy pickaxe", "play burgel"]
ODD = ["²", "³", "٣", "０", "\x00", "\t", "🐉", "{", "}", "{{ x }}", "%s", "\\", "'", '"', "-1", "0", "1e9",
       "ａｌｌ", "Ⅻ", "\u200b", "\u202e", "..", "/", "~", "swords", "all", "-"]


def mid_game(ruleset: str) -> Table:
    """A real game a few turns in: both seats play greedily from the start to turn 3."""
    table = open_game(OneShot(ruleset, None, SEEDS[ruleset], seats=({"name": "You"}, {"name": "Rex", "bot": "random"})),
                      Options(interactive=True, save=False))
    table.opening()
    while table.game.turn_number < 3 and not table.game.over:
        for line in ("play all", "buy explore", "buy mercenary", "end", "y"):
            table.handle(line)
    return table


def mutate(rng: random.Random, line: str) -> str:
    chars = list(line)
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.3 and chars:
            del chars[rng.randrange(len(chars))]
        elif roll < 0.6:
            chars.insert(rng.randint(0, len(chars)), rng.choice(ODD) if rng.random() < 0.5 else chr(rng.randint(32, 0x2FFF)))
        elif chars:
            chars[rng.randrange(len(chars))] = rng.choice(ODD)
    return "".join(chars)


def random_line(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.35:
        return mutate(rng, rng.choice(SEEN))
    if roll < 0.6:
        words = [rng.choice([v.name for v in VERBS] + [a for v in VERBS for a in v.aliases])]
        words += [rng.choice(ODD + SEEN).split(" ")[-1] for _ in range(rng.randint(0, 3))]
        return " ".join(words)
    if roll < 0.8:
        return "".join(chr(rng.randint(1, 0x10FFFF)) if rng.random() < 0.1 else chr(rng.randint(32, 126))
                       for _ in range(rng.randint(0, 30)))
    return rng.choice(SEEN)


SAFE_SESSION = {"quit", "exit", "q", "reload"}  # they end or reload the sitting: not what this test is about


@pytest.mark.parametrize("ruleset", sorted(SEEDS))
def test_ten_thousand_lines_get_sentences_and_refusals_change_nothing(ruleset: str, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # `transcript FILE` writes here
    table = mid_game(ruleset)
    rng = random.Random(ruleset)
    refused = answered = 0
    for _ in range(LINES_PER_GAME):
        line = random_line(rng)
        first = line.split()[0].lower() if line.split() else ""
        if first in SAFE_SESSION or any(v.name.startswith(first) and v.name in SAFE_SESSION for v in VERBS if first):
            continue
        before = table.game.to_dict()
        asking = table.asking
        reply = table.handle(line)
        tags = {out.tag for out in reply.lines}
        assert "bug" not in tags, (line, reply.text)
        assert all(out.text.strip() or out.tag == "blank" for out in reply.lines), line
        if reply.refused and tags <= {"refusal"} and asking is None:
            refused += 1
            assert table.game.to_dict() == before, line
        else:
            answered += 1
        if table.game.over:
            table = mid_game(ruleset)
    assert refused > 1000 and answered > 100  # both kinds of answer were exercised


def test_odd_numbers_are_refused_with_a_sentence(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = mid_game("legacy")
    for line, says in [("choose ²", "choose takes an option number, not '²'"),
                       ("map ³", "`map` takes a number of steps from 1 to 4, not '³'"),
                       ("move foyer swords ²", "'swords' takes a number, not '²'"),
                       ("choose " + "9" * 5000, "choose takes an option number"),
                       ("map " + "7" * 4400, "`map` takes a number of steps from 1 to 4"),
                       ("²", "choose takes an option number, not '²'")]:
        before = table.game.to_dict()
        reply = table.handle(line)
        assert reply.refused and says in reply.text, (line, reply.text)
        assert table.game.to_dict() == before
