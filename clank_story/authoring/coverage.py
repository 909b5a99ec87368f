"""Story coverage: play many whole campaigns with bot seats and count what the story reached.

`clank-story sim --campaign DEF --campaigns N` plays N campaigns of a definition (every game and
every end-of-game step), each with its own seed and a seeded mix of bot strategies and seat counts,
in parallel processes. Campaign i depends only on (seed, i), and results are summed in index order, so
the report is the same whatever the number of processes. The report counts, for every passage, flag,
contract, ending, sticker and unlocked rule the campaign can reach, how many campaigns reached it
and in which games (never-reached first), contract completion rates, promotion levels after each
game, the mean game length, and what went wrong: a destroyed card that came back, an expired
contract that was read, a question with one option, an authoring error met in play.

The campaign is played through the campaign table (`play_next_game`, the one adapter). This module
knows nothing of click: cli/sim.py renders it."""

from __future__ import annotations

import hashlib
import random
import statistics
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_story.authoring.parallel import run_indexed
from clank_story.words import say

MIX = ("storyteller", "planner", "greedy", "cautious", "random")
SEAT_COUNTS = (2, 3, 4)
KINDS = ("passages", "flags", "endings", "contracts", "stickers", "rules")


class CoverageError(Exception):
    """What was asked for cannot run (an unknown definition or strategy); str() is the sentence."""


@dataclass(frozen=True)
class CoverageSpec:
    definition: str  # a definition id, or its folder
    campaigns: int = 50
    seed: int = 0
    strategies: tuple[str, ...] = MIX  # drawn from, per seat, with each campaign's own RNG
    seats: tuple[int, ...] = SEAT_COUNTS
    narration: bool = False  # also tell every game, counting which narration variant is used


# -- what one campaign reached ---------------------------------------------------------------------
@dataclass
class GameRecord:
    number: int
    rounds: int
    passages: list[str] = field(default_factory=list)  # read, in order (end-of-game steps included)
    flags: list[str] = field(default_factory=list)  # set or changed by this game
    contracts: dict[str, list[str]] = field(default_factory=dict)  # row | completed | expired | destroyed
    stickers: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    levels: dict[str, str] = field(default_factory=dict)  # employee -> level after the game
    checkmarks: dict[str, int] = field(default_factory=dict)  # employee -> checkmarks after the game
    destroyed: list[str] = field(default_factory=list)  # cards destroyed for good during this game
    escaped: int = 0  # how many seats escaped
    problems: list[str] = field(default_factory=list)
    narration: dict[str, int] = field(default_factory=dict)  # "kind#variant" -> uses


@dataclass
class CampaignRecord:
    index: int
    seed: int
    seats: list[str]
    games: list[GameRecord] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)  # the campaign's flags when it ended


def campaign_seed(seed: int, index: int) -> int:
    """Each campaign's seed depends only on the run's seed and the campaign's index."""
    digest = hashlib.sha256(f"clank-story-coverage:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_seed(seed: int, number: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{number}".encode()).digest()[:4], "big")


def seats_for(spec: CoverageSpec, seed: int) -> list[str]:
    """The bot strategies of a campaign's seats: a seat count and a strategy per seat, from its seed."""
    rng = random.Random(seed)
    n = rng.choice(spec.seats)
    return [rng.choice(spec.strategies) for _ in range(n)]


def check_spec(spec: CoverageSpec) -> None:
    """Refuse what cannot run, with a sentence, before any process starts."""
    from clank_story.bots import BOTS, known_bot
    from clank_story.campaign.definition import load_definition
    from clank_story.campaign.model import CampaignError

    if spec.campaigns < 1:
        raise CoverageError(say("authoring.coverage.no_campaigns"))
    for name in spec.strategies:
        if not known_bot(name):
            raise CoverageError(say("authoring.coverage.unknown_bot", bot=name, bots=", ".join(BOTS)))
    try:
        load_definition(spec.definition)
    except CampaignError as e:
        raise CoverageError(str(e)) from None


# -- the one adapter to the campaign table -----------------------------------------------------------
@dataclass
class Played:
    events: list[Any]
    game: Any  # the finished rules Game
    before: Any  # the Campaign at the start of the game (this game's contracts in the row)
    after: Any  # the Campaign written at its end
    definition: Any
    seed: int = 0
    narration: dict[str, int] = field(default_factory=dict)  # "kind#variant" -> times told


def play_next_game(path: Path, seed: int, narration: bool = False) -> Played:
    """Play the campaign file's next game with its bot seats to the end, then its end-of-game steps,
    at the table as `run --campaign` does (table/opening.py, table/ending.py): the only place this
    module touches it. The table's listeners hear every batch of events told, the post-game readings
    too; with `narration`, the narrator counts the variants it tells."""
    from clank_story.table.opening import CampaignGame, Options, open_game

    table = open_game(CampaignGame(campaign=str(path), seed=seed), Options(interactive=False, save=False))
    try:
        seat = table.campaign
        assert seat is not None
        before = seat.file.campaign
        events: list[Any] = []
        table.listeners.append(events.extend)
        if narration:
            table.narrator.counts = Counter()
        table.opening()
        counts = {f"{kind}#{i}": n for (kind, i), n in (table.narrator.counts or {}).items()}
        return Played(events, table.game, before, seat.file.campaign, seat.definition, seed, counts)
    finally:
        table.close()


# -- playing campaigns -------------------------------------------------------------------------------
def play_campaign(spec: CoverageSpec, index: int) -> CampaignRecord:
    from clank_story.campaign.definition import folder_ref, load_definition
    from clank_story.campaign.lifecycle import new_campaign
    from clank_story.campaign.store import create_campaign

    definition, _ = load_definition(spec.definition)
    seed = campaign_seed(spec.seed, index)
    strategies = seats_for(spec, seed)
    record = CampaignRecord(index, seed, strategies)
    campaign = new_campaign(definition, say("authoring.coverage.franchise", n=index + 1), players=[], rivals=len(strategies))
    for employee, strategy in zip(campaign.players, strategies, strict=True):
        employee.bot = strategy
    with tempfile.TemporaryDirectory(prefix="clank-coverage-") as tmp:
        path = Path(tmp) / "campaign.yaml"
        campaign.definition_folder = folder_ref(definition, path)  # a definition outside the shipped ones
        create_campaign(path, campaign)
        for g in definition.games:
            played = play_next_game(path, game_seed(seed, g.number), spec.narration)
            record.games.append(_game_record(g.number, played))
            record.flags = dict(played.after.flags)
    return record


def _game_record(number: int, played: Played) -> GameRecord:
    before, after, events = played.before, played.after, played.events
    rec = GameRecord(number, played.game.turn_number)
    rec.passages = list(dict.fromkeys(e.passage for e in events if e.kind == "PassageOpened"))
    rec.flags = [k for k, v in after.flags.items() if k not in before.flags or before.flags[k] != v]
    read = [c[0] for e in events if e.kind == "ContractRow" for c in e.contracts]
    rec.contracts = {"row": list(dict.fromkeys([*before.contract_row, *read])),
                     "completed": [e.contract for e in events if e.kind == "ContractCompleted"],
                     "expired": [e.contract for e in events if e.kind == "ContractExpired"],
                     "destroyed": [e.contract for e in events if e.kind == "ContractDestroyed"]}
    rec.stickers = [s.id for s in after.stickers if all(s.id != t.id for t in before.stickers)]
    rec.rules = [r for r in after.unlocked_rules if r not in before.unlocked_rules]
    rec.levels = {e.name: e.status.level for e in after.players}
    rec.checkmarks = {e.name: e.status.checkmarks for e in after.players}
    rec.escaped = sum(1 for p in played.game.players if p.status == "escaped")
    rec.destroyed = [e.card for e in events if e.kind == "CardDestroyed"]
    rec.problems = _problems(played)
    rec.narration = dict(played.narration)
    return rec


def _problems(played: Played) -> list[str]:
    """What must never happen in play: a card destroyed in an earlier game back in this game's decks or
    row, a contract read after it expired, a question with one option, an authoring error."""
    out: list[str] = []
    game, before, events = played.game, played.before, played.events
    gone = Counter(before.destroyed_cards)
    base = Counter(_base_deck(played.definition)) + Counter(before.cardporium_cards)
    seen_cards = Counter(game.ruleset.deck)
    for card, n in gone.items():
        if card in base and seen_cards[card] > max(0, base[card] - n):
            out.append(say("authoring.coverage.problem.returned", card=card))
    for e in before.players:
        if e.destroyed_cards:
            owned = Counter(_starting_owned(game, e.name))
            start = Counter(game.ruleset.starting)
            for card, n in Counter(e.destroyed_cards).items():
                if owned[card] > max(0, start[card] - n):
                    out.append(say("authoring.coverage.problem.returned_deck", card=card, name=e.name))
    expired: set[str] = set()
    revealed: Counter[str] = Counter()
    for e in events:
        if e.kind == "CardDestroyed":
            gone[e.card] += 1
        elif e.kind == "CardRevealed" and e.card in base:
            revealed[e.card] += 1
            if revealed[e.card] > base[e.card] - gone[e.card]:
                out.append(say("authoring.coverage.problem.returned", card=e.card))
        elif e.kind == "ContractExpired":
            expired.add(e.contract)
        elif e.kind == "ContractCompleted" and e.contract in expired:
            out.append(say("authoring.coverage.problem.expired_read", contract=e.contract))
        elif e.kind == "ContractRow":
            out += [say("authoring.coverage.problem.expired_read", contract=c[0]) for c in e.contracts if c[0] in expired]
        elif e.kind == "OnlyOption":
            out.append(say("authoring.coverage.problem.one_option", options=e.label))
        elif e.kind == "StoryApology":
            out.append(say("authoring.coverage.problem.apology", passage=e.passage, message=e.message))
    return out


def _base_deck(definition: Any) -> tuple[str, ...]:
    from clank_story.content.library import build_ruleset, catalog

    board = definition.games[0].board if definition.games else None
    return build_ruleset(catalog(definition.content_roots()), definition.ruleset, board).deck


def _starting_owned(game: Any, name: str) -> list[str]:
    """The starting cards a player held when the game began, read back from the cards they own now
    plus the ones trashed in play (acquired cards are not starting cards)."""
    p = game.player(name)
    starting = set(game.ruleset.starting)
    return [c for c in [*p.owned(), *p.trashed] if c in starting]


def run_campaigns(spec: CoverageSpec, jobs: int = 1,
                  progress: Callable[[int], None] | None = None) -> list[CampaignRecord]:
    """Every campaign of the run, in index order, using `jobs` processes (a campaign is long enough to
    be its own chunk)."""
    check_spec(spec)
    return run_indexed(play_campaign, spec, spec.campaigns, jobs, progress)


# -- what the campaign can reach ---------------------------------------------------------------------
@dataclass
class Universe:
    passages: list[str]
    flags: list[str]
    endings: list[str]
    contracts: list[str]
    stickers: list[str]
    rules: list[str]


def universe(definition: Any, book: Any) -> Universe:
    """Everything a campaign of `definition` can reach in `book`: the passages its games, tracks,
    contracts and rules open and all they lead to; the flags those passages and contracts set; the
    contracts its games and passages put in the row; its endings (what the last game's epilogue leads
    to, or the epilogue itself); its stickers and rules."""
    from clank_story.authoring.crossref import definition_passages, effect_items, links, passage_blocks

    contracts = list(dict.fromkeys(c for g in definition.games for c in g.contracts))
    roots = [*definition_passages(definition), *_board_waypoints(definition)]
    passages: list[str] = []
    flags: list[str] = []
    todo = [p for p in roots if p in book.passages]

    def blocks_of(pid: str) -> Iterable[Any]:
        return [block for block, _, _ in passage_blocks(book.passages[pid])]

    def note(block: Any) -> None:
        for item, _ in effect_items(block, ()):
            value = item.get("flag")
            if value is not None:
                flags.extend(str(k) for k in (value if isinstance(value, dict) else [value]))
            added = item.get("add_contract")
            if isinstance(added, str) and added not in contracts:
                contracts.append(added)
                c = book.contracts.get(added)
                if c is not None and c.passage:
                    todo.append(c.passage)

    for cid in list(contracts):
        c = book.contracts.get(cid)
        if c is not None and c.passage:
            todo.append(c.passage)
    while todo:
        pid = todo.pop(0)
        if pid in passages or pid not in book.passages:
            continue
        passages.append(pid)
        for block in blocks_of(pid):
            note(block)
        todo.extend(n for n in links(book.passages[pid]) if n not in passages)
        if not todo:  # contracts added late bring their rewards' flags too
            for cid in contracts:
                c = book.contracts.get(cid)
                if c is not None:
                    note(c.reward)
                    if c.passage and c.passage not in passages:
                        todo.append(c.passage)
    last = definition.games[-1] if definition.games else None
    endings: list[str] = []
    if last is not None and last.epilogue in book.passages:
        endings = [n for n in links(book.passages[last.epilogue]) if n in book.passages] or [last.epilogue]
    return Universe(passages, list(dict.fromkeys(flags)), endings, contracts, list(definition.stickers),
                    list(definition.rules))


def _board_waypoints(definition: Any) -> list[str]:
    """The passage each game's board opens at each waypoint: the game's own, else the waypoint's."""
    from clank_story.content.library import catalog

    boards = catalog(definition.content_roots()).boards
    out: list[str] = []
    for g in definition.games:
        mapped = dict(g.waypoints)
        board = boards.get(g.board)
        for space in (board.spaces.values() if board is not None else ()):
            if space.waypoint:
                out.append(mapped.get(space.waypoint, space.waypoint))
    return out


# -- the report --------------------------------------------------------------------------------------
def summarise(spec: CoverageSpec, records: list[CampaignRecord]) -> dict[str, Any]:
    """Plain data (JSON-ready)."""
    from clank_story.campaign.definition import load_definition
    from clank_story.story.book import load_for_game

    definition, _ = load_definition(spec.definition)
    book = load_for_game(definition.book, _cards(definition))
    u = universe(definition, book)
    found: dict[str, dict[str, dict[int, int]]] = {k: {} for k in KINDS}  # kind -> item -> game -> campaigns
    completion: dict[str, Counter[str]] = {c: Counter() for c in u.contracts}
    levels: dict[int, Counter[str]] = {}
    checkmarks: dict[int, list[int]] = {}
    nobody_out: Counter[int] = Counter()
    rounds: dict[int, list[int]] = {}
    problems: Counter[str] = Counter()
    narration: Counter[str] = Counter()
    for r in records:
        reached: dict[str, dict[str, int]] = {k: {} for k in KINDS}  # first game each item was reached
        in_row: set[str] = set()
        ended: dict[str, set[str]] = {"completed": set(), "expired": set()}
        for g in r.games:
            items = {"passages": g.passages, "flags": g.flags, "endings": [p for p in g.passages if p in u.endings],
                     "contracts": g.contracts.get("completed", []), "stickers": g.stickers, "rules": g.rules}
            for kind, ids in items.items():
                for item in ids:
                    reached[kind].setdefault(item, g.number)
            for c in g.contracts.get("row", []):
                in_row.add(c)
            for kind, ids in ended.items():
                ids.update(g.contracts.get(kind, []))
            levels.setdefault(g.number, Counter()).update(g.levels.values())
            checkmarks.setdefault(g.number, []).extend(g.checkmarks.values())
            nobody_out[g.number] += g.escaped == 0
            rounds.setdefault(g.number, []).append(g.rounds)
            problems.update(g.problems)
            narration.update(g.narration)
        for c in in_row | ended["completed"] | ended["expired"]:
            completion.setdefault(c, Counter())["campaigns"] += 1
        for kind, ids in ended.items():
            for c in ids:
                completion.setdefault(c, Counter())[kind] += 1
        for kind, items in reached.items():
            for item, game in items.items():
                by_game = found[kind].setdefault(item, {})
                by_game[game] = by_game.get(game, 0) + 1
    totals = {"passages": u.passages, "flags": u.flags, "endings": u.endings, "contracts": u.contracts,
              "stickers": u.stickers, "rules": u.rules}
    report: dict[str, Any] = {"campaigns": len(records), "definition": definition.id, "seed": spec.seed,
                              "games": len(definition.games),
                              "seats": dict(Counter(s for r in records for s in r.seats).most_common())}
    for kind in KINDS:
        report[kind] = _reach(totals[kind], found[kind])
    report["contracts"]["completion"] = {
        c: {"campaigns": n["campaigns"], "completed": n["completed"], "expired": n["expired"],
            "rate": round(n["completed"] / n["campaigns"], 3) if n["campaigns"] else 0.0}
        for c, n in completion.items()}
    report["promotions"] = {str(g): dict(sorted(levels[g].items())) for g in sorted(levels)}
    report["checkmarks"] = {str(g): _mean(ns) for g, ns in sorted(checkmarks.items())}
    report["nobody_escaped"] = {str(g): n for g, n in sorted(nobody_out.items())}
    everything = [n for ns in rounds.values() for n in ns]
    report["game_length"] = {"mean": _mean(everything),
                             "by_game": {str(g): _mean(ns) for g, ns in sorted(rounds.items())}}
    report["problems"] = dict(problems.most_common())
    if spec.narration:
        report["narration"] = _narration_report(narration)
    return report


def _reach(total: list[str], found: dict[str, dict[int, int]]) -> dict[str, Any]:
    """{reached, total, never, items}: never-reached items first, then the rarest."""
    universe_ids = list(dict.fromkeys([*total, *found]))
    never = [i for i in universe_ids if i not in found]
    items: dict[str, Any] = {i: {"campaigns": 0, "games": {}} for i in never}
    for i in sorted(found, key=lambda i: (sum(found[i].values()), i)):
        items[i] = {"campaigns": sum(found[i].values()),
                    "games": {str(g): n for g, n in sorted(found[i].items())}}
    return {"reached": sum(1 for i in total if i in found), "total": len(total), "never": never, "items": items}


def _narration_report(counts: Counter[str]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for key, n in sorted(counts.items()):
        kind, _, variant = key.partition("#")
        out.setdefault(kind, {})[variant] = n
    return out


def _mean(values: Sequence[float]) -> float:
    return round(statistics.fmean(values), 2) if values else 0.0


def _cards(definition: Any) -> list[str]:
    from clank_story.content.library import build_ruleset, catalog

    board = definition.games[0].board if definition.games else None
    return list(build_ruleset(catalog(definition.content_roots()), definition.ruleset, board).cards)


def coverage(spec: CoverageSpec, jobs: int = 1, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    return summarise(spec, run_campaigns(spec, jobs, progress))


# -- the readable table ------------------------------------------------------------------------------
def table(report: dict[str, Any], top: int = 12) -> list[str]:
    """The report as lines: reach per kind with what was never reached, the rarest items, contract
    completion, promotions per game, game length and problems."""
    lines = [say("authoring.coverage.title", campaigns=report["campaigns"], definition=report["definition"],
                 seed=report["seed"], games=report["games"],
                 seats=", ".join(f"{k} {v}" for k, v in report["seats"].items()))]
    none = say("authoring.coverage.none")
    for kind in KINDS:
        part = report[kind]
        pct = 100 * part["reached"] / part["total"] if part["total"] else 100.0
        lines.append(say("authoring.coverage.reach", kind=say(f"authoring.coverage.kind.{kind}"), reached=part["reached"],
                         total=part["total"], pct=f"{pct:.0f}%"))
        if part["never"]:
            lines.append(say("authoring.coverage.never", items=", ".join(part["never"])))
        rare = [(i, v) for i, v in part["items"].items() if v["campaigns"]][:top]
        if rare and kind in ("passages", "flags", "endings"):
            lines.append(say("authoring.coverage.rarest", items=", ".join(
                f"{i} {v['campaigns']} ({_games(v['games'])})" for i, v in rare)))
    rows = [say("authoring.coverage.contract_header").split("  ")]
    for cid, c in report["contracts"]["completion"].items():
        rows.append([cid, str(c["campaigns"]), str(c["completed"]), str(c["expired"]), f"{100 * c['rate']:.0f}%"])
    lines += _aligned(rows)
    levels = sorted({lvl for by in report["promotions"].values() for lvl in by})
    rows = [[say("authoring.coverage.game"), *levels]]
    for g, by in report["promotions"].items():
        rows.append([g, *(str(by.get(lvl, 0)) for lvl in levels)])
    lines.append(say("authoring.coverage.promotions"))
    lines += _aligned(rows)
    lines.append(say("authoring.coverage.checkmarks", by_game=", ".join(f"{g}: {m}" for g, m in report["checkmarks"].items())))
    length = report["game_length"]
    lines.append(say("authoring.coverage.length", mean=length["mean"],
                     by_game=", ".join(f"{g}: {m}" for g, m in length["by_game"].items())))
    problems = report["problems"]
    lines.append(say("authoring.coverage.problems", problems="; ".join(f"{p} ({n})" for p, n in problems.items()) or none))
    if "narration" in report:
        for kind, variants in report["narration"].items():
            lines.append(say("authoring.coverage.narration", kind=kind, uses=", ".join(f"#{v} {n}" for v, n in variants.items())))
    return lines


def _games(by_game: dict[str, int]) -> str:
    return say("authoring.coverage.in_games", games=", ".join(f"{g}" for g in by_game))


def _aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(r)).rstrip()
            for r in rows]
