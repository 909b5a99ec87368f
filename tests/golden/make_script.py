"""Write the command script of a golden game: a bot plays the human seat (with its own RNG, so the
game's RNG sees exactly what `run` will later do), and a few looking commands are sprinkled in.

    python tests/golden/make_script.py tests/golden/legacy.yaml tests/golden/legacy.txt --bot greedy
    python tests/golden/make_script.py tests/data/scenarios/story-well.yaml tests/golden/story.txt \
        --book tests/data/book

The scripts are committed; test_golden.py replays them through `clank-story run`."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from clank_story.bots import make_bot
from clank_story.content.scenario import load_scenario
from clank_story.table.session import Session

LOOKS = {1: ["look", "hand", "row", "reserve", "map"], 3: ["status", "deck", "discard"], 6: ["score", "card explore"],
         9: ["map 3", "status"]}
MOST_COMMANDS = 3000


def make_script(scenario: Path, bot: str, policy_seed: int, book: Path | None = None) -> str:
    session = Session.start(load_scenario(scenario))
    if session.game.ruleset.legacy or book is not None:  # as `run` does: the Book of Secrets asks too
        from clank_story.table.session import attach_book

        attach_book(session, book)
    session.opening()
    game = session.game
    chooser = make_bot(bot)
    rng = random.Random(policy_seed)
    lines = [f"# The human seat of {scenario.name}, played by the `{bot}` bot (policy seed {policy_seed}).",
             "# Written by tests/golden/make_script.py; replayed by tests/golden/test_golden.py."]
    looked: set[int] = set()
    for _ in range(MOST_COMMANDS):
        game = session.game
        if not session.human_to_move:
            break
        if game.turn_number in LOOKS and game.turn_number not in looked and not game.pending:
            looked.add(game.turn_number)
            lines += LOOKS[game.turn_number]
        real = game.rng
        game.rng = rng  # the bot's choices must not draw on the game's RNG
        try:
            command = chooser.choose(game)
        finally:
            game.rng = real
        text = str(command)
        session.do(text)
        lines.append(text)
    lines.append("expect game.over")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("scenario", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--policy-seed", type=int, default=1)
    parser.add_argument("--book", type=Path, help="the Book of Secrets folder `run --book` will be given")
    args = parser.parse_args(argv)
    args.out.write_text(make_script(args.scenario, args.bot, args.policy_seed, args.book), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
