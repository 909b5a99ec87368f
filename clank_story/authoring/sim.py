"""Balance simulation: many seeded all-bot games, played in parallel processes, summed up in index order.

Game i is seeded from (seed, i) alone and seats rotate with i, so the report is the same whatever the
number of processes. This module knows nothing of click: `clank-story sim` (cli/sim.py) renders it.
"""

from __future__ import annotations

import functools
import hashlib
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from clank_story.authoring.parallel import run_indexed
from clank_story.rules import events as ev
from clank_story.rules.state import ESCAPED, KNOCKED_OUT

CONTRACT_KINDS = {"ContractAdded": "added", "ContractCompleted": "completed", "ContractDestroyed": "destroyed"}


class SimError(Exception):
    """A problem with what was asked for (an unknown strategy or board); str() is the sentence."""


@dataclass(frozen=True)
class SimSpec:
    players: tuple[str, ...]  # bot ids, one per seat, e.g. ("planner", "greedy:easy", "random")
    board: str = "cinder-halls"
    seed: int = 0
    games: int = 100
    solo: bool = False  # one seat, with the solo director
    book: str | None = None  # a Book of Secrets folder (None: the shipped book)
    story: bool = True  # read the Book of Secrets as `run` does: on legacy boards, or when `book` is given


@dataclass
class SeatResult:
    strategy: str
    seat: int
    status: str
    score: int
    won: bool
    dragon_damage: int
    other_damage: int
    artifact: int


@dataclass
class GameResult:
    index: int
    seed: int
    rounds: int
    reason: str
    attacks: int
    seats: list[SeatResult]
    acquired: dict[str, int] = field(default_factory=dict)
    waypoints: dict[str, int] = field(default_factory=dict)  # WaypointEntered, by passage number
    passages: dict[str, int] = field(default_factory=dict)  # PassageOpened, by passage id
    contracts: dict[str, int] = field(default_factory=dict)  # "ID added|completed|destroyed"
    story: dict[str, int] = field(default_factory=dict)  # other story events by kind, StoryEffect by effect
    solo_target: int | None = None
    solo: dict[str, int] = field(default_factory=dict)  # tasks done / missed, audit reached


def game_seed(seed: int, index: int) -> int:
    """Each game's seed depends only on the run's seed and the game's index."""
    digest = hashlib.sha256(f"clank-story-sim:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seats_for(spec: SimSpec, index: int) -> list[str]:
    """Seat order rotates game by game so nobody always starts with the most Clank."""
    players = list(spec.players)
    k = index % len(players)
    return players[k:] + players[:k]


def board_file(board: str) -> Path | None:
    """`--board` may name a board file of a campaign folder (`the-mill-job/boards/the-mill-job.yaml`)."""
    path = Path(board)
    return path if path.suffix in (".yaml", ".yml") and path.is_file() else None


def own_book(board: str) -> str | None:
    """A campaign's board reads the campaign's own book (`book/` beside its `boards/`), as its games do."""
    path = board_file(board)
    folder = path.resolve().parent.parent if path is not None and path.parent.name == "boards" else None
    return str(folder / "book") if folder is not None and (folder / "book").is_dir() else None


@functools.lru_cache(maxsize=8)
def board_ruleset(board: str):
    from clank_story.content.diagnostics import ContentError
    from clank_story.content.scenario import load_scenario
    from clank_story.content.yamlio import load_file, plain

    try:
        path = board_file(board)
        if path is None:
            return load_scenario(board=board, seats=[{"name": "probe"}]).ruleset
        board_id = str((plain(load_file(path).value) or {}).get("id", path.stem))
        # the scenario "stands" in boards/: the campaign folder's boards and cards join the content
        return load_scenario(path, data={"board": board_id, "players": [{"name": "probe"}]}).ruleset
    except ContentError as e:
        raise SimError(str(e)) from None


@functools.lru_cache(maxsize=8)
def game_book(board: str, folder: str | None):
    """The Book of Secrets a board's games read, loaded once per process rather than once per game (a
    sim of a legacy board spent a third of its time reloading it). The book is only read by the router
    (its templates compile on first use and stay compiled), so every game may share it."""
    from clank_story.story.book import load_for_game

    return load_for_game(folder, list(board_ruleset(board).cards))


def check_spec(spec: SimSpec) -> None:
    """Refuse what cannot run, with a sentence (before any process is started)."""
    from clank_story.bots import BOTS, known_bot
    from clank_story.bots.personas import word

    if not spec.players:
        raise SimError(word("sim.no_players"))
    if len(spec.players) > 4:
        raise SimError(word("sim.too_many", n=len(spec.players)))
    for name in spec.players:
        if not known_bot(name):
            raise SimError(word("sim.unknown_bot", bot=name, bots=", ".join(BOTS)))
    if spec.solo and len(spec.players) != 1:
        raise SimError(word("sim.solo_one_seat"))
    if spec.games < 1:
        raise SimError(word("sim.no_games"))
    if spec.book is not None and not Path(spec.book).is_dir():
        raise SimError(word("sim.no_book", book=spec.book))
    board_ruleset(spec.board)


def play_game(spec: SimSpec, index: int) -> GameResult:
    """One whole all-bot game; returns what the report counts."""
    from clank_story.rules.setup import setup_game
    from clank_story.table.session import Session

    seed = game_seed(spec.seed, index)
    strategies = seats_for(spec, index)
    seats = [{"name": f"Seat {i + 1}", "bot": s} for i, s in enumerate(strategies)]
    session = Session(setup_game(board_ruleset(spec.board), seed, {"players": seats}))
    book = spec.book if spec.book is not None else own_book(spec.board)
    if spec.story and (book is not None or session.game.legacy):
        session.attach_story(game_book(spec.board, book))
    director = None
    if spec.solo:
        from clank_story.bots.solo import SoloDirector

        director = SoloDirector.attach(session)
    events = session.opening()
    game = session.game
    if not game.over:  # a safety net: bots always finish, but never loop forever
        raise RuntimeError(f"game {index} (seed {seed}) did not finish")
    return game_result(index, seed, strategies, game, events, director)


def _counted_as(kind: type) -> str:
    """What an event of this class counts toward in the report ("" for nothing), judged once per class
    (a sim meets tens of thousands of events, nearly all of a dozen classes)."""
    for cls, what in ((ev.DragonAttacked, "attack"), (ev.TookDamage, "damage"), (ev.CardAcquired, "acquired"),
                      (ev.WaypointEntered, "waypoint"), (ev.GameOver, "over"), (ev.StoryEffect, "effect")):
        if issubclass(kind, cls):
            return what
    if kind.__name__ == "PassageOpened":
        return "passage"
    if kind.__name__ in CONTRACT_KINDS:
        return "contract"
    return "story" if kind.__module__.startswith("clank_story.story") else ""


_COUNTED: dict[type, str] = {}


def game_result(index: int, seed: int, strategies: list[str], game, events: Iterable[ev.Event], director) -> GameResult:
    names = [p.name for p in game.players]
    dragon = Counter[str]()
    other = Counter[str]()
    acquired = Counter[str]()
    waypoints = Counter[str]()
    passages = Counter[str]()
    contracts = Counter[str]()
    story = Counter[str]()
    attacks = 0
    reason = ""
    winner = None
    for e in events:
        what = _COUNTED.get(type(e))
        if what is None:
            what = _COUNTED[type(e)] = _counted_as(type(e))
        if not what:
            continue  # most events (cards played, gains, moves) count for nothing
        if what == "attack":
            attacks += 1
            dragon.update(e.hits)  # type: ignore[attr-defined]
        elif what == "damage":
            other[e.player] += e.amount  # type: ignore[attr-defined]
        elif what == "acquired":
            acquired[e.card] += 1  # type: ignore[attr-defined]
        elif what == "waypoint":
            waypoints[e.passage] += 1  # type: ignore[attr-defined]
        elif what == "over":
            reason, winner = e.reason, e.winner  # type: ignore[attr-defined]
        elif what == "effect":
            story[f"effect:{e.effect}"] += 1  # type: ignore[attr-defined]
        elif what == "passage":
            passages[e.passage] += 1  # type: ignore[attr-defined]
        elif what == "contract":
            contracts[f"{e.contract} {CONTRACT_KINDS[e.kind]}"] += 1  # type: ignore[attr-defined]
        else:
            story[e.kind] += 1
    seats = [
        SeatResult(strategy=strategies[i], seat=i + 1, status=p.status, score=p.score, won=p.name == winner,
                   dragon_damage=dragon[p.name], other_damage=other[p.name], artifact=p.artifact or 0)
        for i, p in enumerate(game.players)
    ]
    assert [p.name for p in game.players] == names
    notes = game.notes.get("solo") if director is not None else None
    solo = {"done": notes["done"], "missed": notes["missed"], "audit": int(notes["audit"] > 0)} if notes else {}
    return GameResult(index=index, seed=seed, rounds=game.turn_number, reason=reason, attacks=attacks,
                      seats=seats, acquired=dict(acquired), waypoints=dict(waypoints), passages=dict(passages),
                      contracts=dict(contracts), story=dict(story), solo_target=director.target if director is not None else None, solo=solo)


def run_games(spec: SimSpec, jobs: int = 1, progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Every game of the run, in index order, using `jobs` processes."""
    check_spec(spec)
    size = max(1, min(50, spec.games // (max(jobs, 1) * 8)))
    return run_indexed(play_game, spec, spec.games, jobs, progress, size)


# -- the report ------------------------------------------------------------------------------------
def _quantile(values: list[int], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])


def _mean(values: Sequence[float]) -> float:
    return round(statistics.fmean(values), 2) if values else 0.0


def summarise(spec: SimSpec, games: list[GameResult], top: int = 10) -> dict[str, Any]:
    """Plain data (JSON-ready): per strategy and for the whole run."""
    by_strategy: dict[str, list[SeatResult]] = {}
    for g in games:
        for s in g.seats:
            by_strategy.setdefault(s.strategy, []).append(s)
    strategies = {}
    for name in dict.fromkeys(spec.players):
        seats = by_strategy.get(name, [])
        n = len(seats) or 1
        scores = [s.score for s in seats]
        buckets = Counter(min(s.score // 10 * 10, 100) for s in seats)
        strategies[name] = {
            "seats": len(seats),
            "escaped": round(sum(s.status == ESCAPED for s in seats) / n, 4),
            "knocked_out": round(sum(s.status == KNOCKED_OUT for s in seats) / n, 4),
            "scored_zero": round(sum(s.score == 0 for s in seats) / n, 4),
            "won": round(sum(s.won for s in seats) / n, 4),
            "score": {"mean": _mean(scores), "median": _quantile(scores, 0.5), "p10": _quantile(scores, 0.1),
                      "p90": _quantile(scores, 0.9), "max": max(scores, default=0),
                      "histogram": {f"{b}-{b + 9}" if b < 100 else "100+": buckets[b] for b in sorted(buckets)}},
            "dragon_damage": _mean([s.dragon_damage for s in seats]),
            "other_damage": _mean([s.other_damage for s in seats]),
            "artifact": _mean([s.artifact for s in seats]),
        }
    rounds = [g.rounds for g in games]
    acquired = Counter[str]()
    waypoints = Counter[str]()
    passages = Counter[str]()
    contracts = Counter[str]()
    story = Counter[str]()
    reasons = Counter(g.reason for g in games)
    for g in games:
        acquired.update(g.acquired)
        waypoints.update(g.waypoints)
        passages.update(g.passages)
        contracts.update(g.contracts)
        story.update(g.story)

    def ranked(counter: Counter[str]) -> dict[str, int]:
        return dict(sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))

    report: dict[str, Any] = {
        "games": len(games),
        "board": spec.board,
        "seed": spec.seed,
        "players": list(spec.players),
        "solo": spec.solo,
        "strategies": strategies,
        "rounds": {"mean": _mean(rounds), "median": _quantile(rounds, 0.5), "min": min(rounds, default=0),
                   "max": max(rounds, default=0)},
        "dragon_attacks": _mean([g.attacks for g in games]),
        "end_reasons": dict(sorted(reasons.items())),
        "cards_acquired": dict(list(ranked(acquired).items())[:top]),
        "waypoints": ranked(waypoints),
        "passages": ranked(passages),
        "contracts": ranked(contracts),
        "story": ranked(story),
    }
    if spec.solo:
        hits = [g.seats[0].score >= (g.solo_target or 0) and g.seats[0].score > 0 for g in games]
        report["solo_target"] = {"mean": _mean([g.solo_target or 0 for g in games]),
                                 "beaten": round(sum(hits) / max(1, len(hits)), 4),
                                 "tasks_done": _mean([g.solo.get("done", 0) for g in games]),
                                 "tasks_missed": _mean([g.solo.get("missed", 0) for g in games]),
                                 "audit_began": round(sum(g.solo.get("audit", 0) for g in games) / max(1, len(games)), 4)}
    return report


def simulate(spec: SimSpec, jobs: int = 1, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    return summarise(spec, run_games(spec, jobs, progress))


def as_rows(games: list[GameResult]) -> list[dict[str, Any]]:
    """Per-game records (for --json consumers that want raw data)."""
    return [asdict(g) for g in games]
