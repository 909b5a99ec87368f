"""The dragon: rage track, attacks, the classic Countdown Track and the legacy off-the-clock draws."""

from __future__ import annotations

from clank_story.rules import cubes
from clank_story.rules import events as ev
from clank_story.rules.outcomes import check_knock_out, end_game, knock_out
from clank_story.rules.state import HEALTH, Game


def rage_cubes(game: Game) -> int:
    track = game.ruleset.board.rage_track
    return track[min(game.rage, len(track)) - 1]


def danger_cards(game: Game) -> int:
    cards = game.ruleset.cards
    return sum(1 for c in game.row if cards[c].danger)


def row_cubes(game: Game) -> int:
    """An attack draws the rage-track number of cubes, +1 per Danger card in the row."""
    return rage_cubes(game) + danger_cards(game)


def change_rage(game: Game, by: int, out: list[ev.Event]) -> None:
    new = max(1, min(len(game.ruleset.board.rage_track), game.rage + by))
    if new != game.rage:
        game.rage = new
        out.append(ev.RageChanged(new, by))


def attack(game: Game, count: int, reason: str, out: list[ev.Event]) -> None:
    """Area cubes go into the bag; draw `count` cubes. Black cubes are set aside; a coloured cube is
    a damage to its player, or goes back to a player who is already out."""
    cubes.empty_area_into_bag(game)
    hits: dict[str, int] = {}
    neutral: dict[str, int] = {}
    black = returned = drawn = 0
    seated = {p.name for p in game.players}
    for _ in range(count):
        colour = cubes.draw_from_bag(game)
        if colour is None:
            break
        drawn += 1
        if colour == "black":
            black += 1
            game.black_out += 1
            continue
        if colour not in seated:  # a neutral cube (the solo director's threat): set aside, reported
            neutral[colour] = neutral.get(colour, 0) + 1
            continue
        p = game.player(colour)
        if p.out or p.damage >= HEALTH:
            p.supply += 1
            returned += 1
        else:
            p.damage += 1
            hits[colour] = hits.get(colour, 0) + 1
    out.append(ev.DragonAttacked(drawn, hits, black, returned, reason, neutral))
    for name in hits:
        check_knock_out(game, game.player(name), out)
    if game.ruleset.legacy and cubes.bag_total(game) == 0 and not game.over:
        end_game(game, "empty_bag", out)


def off_the_clock(game: Game, out: list[ev.Event]) -> None:
    """Legacy: a player who is out draws 4 cubes (6 with two players) on their would-be turn."""
    attack(game, 6 if len(game.players) == 2 else 4, "off_clock", out)


def countdown_step(game: Game, out: list[ev.Event]) -> None:
    """Classic: the first player out moves the countdown marker on each of their would-be turns;
    spaces 2-4 attack with 1-3 extra cubes, space 5 knocks out everyone still inside."""
    assert game.countdown is not None
    game.countdown += 1
    out.append(ev.CountdownAdvanced(game.countdown))
    if game.countdown >= 5:
        for p in game.players:
            if not p.out:
                knock_out(game, p, out)
    else:
        attack(game, row_cubes(game) + game.countdown - 1, "countdown", out)
