"""The campaign lifecycle as pure functions: each takes a Campaign (and a Definition, and a finished
game's result) and returns a new Campaign plus what the table has to do: the passages to read, in
order, and the changes to set up. Nothing here reads or writes files.

Start of a game: the game number says which prologue to read, which board, which patron; the contract
row is read aloud; setup carries the campaign's changes (destroyed cards gone, Cardporium cards in,
stickers and unlocked rules active).

End of a game, in the rulebook's order:
1. the mission report;
2. contracts' end-of-game passages (contracts still in the row), then the epilogue;
3. employee reviews: a checkmark each for scoring more than 0, for winning, and for each Personal
   Goals row completed; entering a new section of the status track is a promotion with its passage;
4. decks reset to their ten starting cards, no tokens kept (the saved game is dropped);
5. if anyone scored 0, an X on the Dran Enterprises track and its passage;
6. contracts still in the row carry over (they stay in `contract_row`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from clank_story.campaign.definition import Definition, Section
from clank_story.campaign.model import COLOURS, Campaign, CampaignError, Employee, MissionReport, Sticker
from clank_story.story import effects as story_effects
from clank_story.words import say

ESCAPED, KNOCKED_OUT = "escaped", "knocked_out"
DEFAULT_BOT = "random"


# -- results ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerResult:
    """How one player finished a game, as the campaign records it."""

    name: str
    score: int
    status: str  # escaped | knocked_out
    artifact: int | None = None  # the most valuable artifact carried, if any
    gold: int = 0


@dataclass(frozen=True)
class GameResult:
    """What a finished game tells the campaign."""

    players: tuple[PlayerResult, ...]
    notes: str = ""
    goals: Mapping[str, Sequence[str]] = field(default_factory=dict)  # player -> goal ids ticked in play

    def of(self, name: str) -> PlayerResult:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


def result_from_game(game: Any, notes: str = "", goals: Mapping[str, Sequence[str]] | None = None) -> GameResult:
    """A GameResult from a finished rules `Game` (scores are final once `game.over`)."""
    if not game.over:
        raise CampaignError(say("campaign.game_not_over"))
    return GameResult(
        tuple(PlayerResult(p.name, p.score, p.status, p.artifact, p.gold) for p in game.players),
        notes, dict(goals or {}))


def most_valuable_employee(result: GameResult) -> str | None:
    """Highest score; ties go to the most valuable artifact (then seat order). Nobody, if all scored 0."""
    if not result.players:
        return None
    best = max(result.players, key=lambda p: (p.score, p.artifact or 0))
    return best.name if best.score > 0 else None


@dataclass(frozen=True)
class Reading:
    """A passage of the Book of Secrets to read, and why."""

    passage: str
    why: str  # contract | epilogue | promotion | dran
    player: str | None = None
    detail: str = ""  # the contract id, or the level reached


# -- new campaigns ---------------------------------------------------------------------------------
def new_campaign(definition: Definition, franchise: str, players: Sequence[str | tuple[str, str]] = ("You",),
                 rivals: int = 1) -> Campaign:
    """A fresh campaign: `players` are people (a name, or (name, character)); `rivals` bot seats."""
    seats: list[Employee] = []
    for entry in players:
        name, character = (entry, entry) if isinstance(entry, str) else entry
        seats.append(Employee(name=name, characters=[character] if character else []))
    taken = {e.name for e in seats}
    pool = [r for r in definition.rivals if r.name not in taken]
    for i in range(rivals):
        rival = pool[i] if i < len(pool) else None
        name = rival.name if rival else say("campaign.rival_name", n=i + 1)
        seats.append(Employee(name=name, characters=[rival.character or name] if rival else [name], bot=DEFAULT_BOT))
    if not seats or len(seats) > len(COLOURS):
        raise CampaignError(say("campaign.seat_count", most=len(COLOURS)))
    names = [e.name for e in seats]
    if len(set(names)) != len(names):
        raise CampaignError(say("campaign.same_name"))
    for e, colour in zip(seats, COLOURS, strict=False):
        e.colour = colour
    return Campaign(definition=definition.id, franchise=franchise, players=seats)


def default_campaign(definition: Definition) -> Campaign:
    """What `clank-story play` starts when there is no campaign yet: you and two bot rivals."""
    return new_campaign(definition, say("campaign.default_franchise"), [say("campaign.default_player")], rivals=2)


# -- start of a game -------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameSetup:
    """Everything the start of a campaign game needs, read from the campaign and its definition."""

    game_number: int
    ruleset: str
    board: str
    prologue: str | None
    patron: str | None
    contract_row: tuple[str, ...]  # carried over, then this game's new contracts: read aloud
    destroyed_cards: tuple[str, ...]  # one copy each, out of the decks
    cardporium_cards: tuple[str, ...]  # one copy each, into the adventure deck
    stickers: tuple[Sticker, ...]
    unlocked_rules: tuple[str, ...]
    abilities: tuple[Mapping[str, Any], ...]  # stickers' and unlocked rules' abilities, in that order
    seats: tuple[Mapping[str, Any], ...]  # scenario `players` entries: name, bot, destroyed_cards, perks
    waypoints: tuple[tuple[str, str], ...] = ()  # this game's passage for each board waypoint
    readings: tuple[str, ...] = ()  # read before every game after the prologue: unlocked rules' passages

    @property
    def prologues(self) -> tuple[str, ...]:
        """What is read before the first turn, in order: the prologue, then the rules' readings."""
        return tuple(p for p in (self.prologue, *self.readings) if p)


def start_of_game(campaign: Campaign, definition: Definition) -> tuple[Campaign, GameSetup]:
    """Set up the campaign's next game. The returned campaign has this game's contracts in its row."""
    _check_definition(campaign, definition)
    game = definition.game(campaign.game_number)
    if game is None:
        raise CampaignError(say("campaign.finished", games=len(definition.games)))
    row = list(campaign.contract_row)
    row += [c for c in game.contracts if c not in row]
    abilities: list[Mapping[str, Any]] = [s.ability for s in campaign.stickers if s.ability]
    readings: list[str] = []
    for rule_id in campaign.unlocked_rules:
        rule = definition.rules.get(rule_id)
        if rule is not None and rule.ability:
            abilities.append(rule.ability)
        if rule is not None and rule.passage:
            readings.append(rule.passage)
    seats = tuple({"name": e.name, **({"bot": e.bot} if e.bot else {}),
                   **({"destroyed_cards": list(e.destroyed_cards)} if e.destroyed_cards else {}),
                   **({"perks": [dict(perk)]} if (perk := _perk(definition, e.status.level)) else {})}
                  for e in campaign.players)
    setup = GameSetup(
        game_number=game.number, ruleset=definition.ruleset, board=game.board, prologue=game.prologue,
        patron=game.patron, contract_row=tuple(row), destroyed_cards=tuple(campaign.destroyed_cards),
        cardporium_cards=tuple(campaign.cardporium_cards), stickers=tuple(campaign.stickers),
        unlocked_rules=tuple(campaign.unlocked_rules), abilities=tuple(abilities), seats=seats,
        waypoints=game.waypoints, readings=tuple(readings))
    updated = copy.deepcopy(campaign)
    updated.contract_row = list(row)
    return updated, setup


def _perk(definition: Definition, level: str) -> Mapping[str, Any] | None:
    """The perk of an employee's current section of the status track, if it has one."""
    for section in definition.status_track:
        if section.level == level:
            return section.perk
    return None


# -- end of a game ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Review:
    """One employee's review: why each checkmark was given, and any promotions."""

    player: str
    checkmarks: tuple[str, ...]  # scored | won | goals-row-N
    goals_ticked: tuple[str, ...] = ()
    promotions: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameEnd:
    """What the end of a game did to the campaign: the campaign after it, its report, readings and reviews."""

    campaign: Campaign
    report: MissionReport
    readings: tuple[Reading, ...]  # in the order they are read
    reviews: tuple[Review, ...]
    dran_x: bool


def end_of_game(campaign: Campaign, definition: Definition, result: GameResult,
                contract_passages: Mapping[str, str] | None = None, *, story_done: bool = False) -> GameEnd:
    """Apply the end-of-game steps to a copy of `campaign`. `contract_passages` maps a contract id to
    its end-of-game passage (default: the definition's `contracts` table). With `story_done`, the
    story router has already read the contracts' end-of-game passages and the epilogue at GameOver
    (and `absorb_story` has written down what they changed): step 2 lists nothing."""
    _check_definition(campaign, definition)
    names = [e.name for e in campaign.players]
    if sorted(p.name for p in result.players) != sorted(names):
        raise CampaignError(say("campaign.result_players", got=", ".join(p.name for p in result.players),
                                want=", ".join(names)))
    if any(r.game == campaign.game_number for r in campaign.mission_reports):
        raise CampaignError(say("campaign.already_reported", game=campaign.game_number))
    game = definition.game(campaign.game_number)
    c = copy.deepcopy(campaign)
    readings: list[Reading] = []

    # 1. the mission report
    winner = most_valuable_employee(result)
    report = MissionReport(
        game=c.game_number, board=game.board if game else "",
        scores={n: result.of(n).score for n in names}, winner=winner,
        escaped=[n for n in names if result.of(n).status == ESCAPED],
        knocked_out=[n for n in names if result.of(n).status == KNOCKED_OUT],
        scored_zero=[n for n in names if result.of(n).score <= 0], notes=result.notes)
    c.mission_reports.append(report)

    # 2. contracts' end-of-game instructions, then the epilogue
    passages = dict(contract_passages) if contract_passages is not None else {
        k: v.end_of_game for k, v in definition.contracts.items() if v.end_of_game}
    for contract in [] if story_done else c.contract_row:
        if passages.get(contract):
            readings.append(Reading(passages[contract], "contract", detail=contract))
    if game and game.epilogue and not story_done:
        readings.append(Reading(game.epilogue, "epilogue"))

    # 3. employee reviews
    reviews: list[Review] = []
    for e in c.players:
        mine = result.of(e.name)
        reasons: list[str] = []
        if mine.score > 0:
            reasons.append("scored")
        if winner == e.name:
            reasons.append("won")
        ticked = _tick_goals(e, definition, mine, winner, result.goals.get(e.name, ()))
        for row in _rows_completed(e, definition):
            e.goals.rows_done.append(row)
            reasons.append(f"goals-row-{row}")
        promotions = give_checkmarks(e, definition, len(reasons))
        readings += [Reading(s.passage, "promotion", e.name, s.level) for s in promotions if s.passage]
        reviews.append(Review(e.name, tuple(reasons), tuple(ticked), tuple(s.level for s in promotions)))

    # 4. every deck back to its ten starting cards, no tokens kept: nothing of the game survives
    c.in_progress = None

    # 5. the Dran Enterprises track
    dran_x = bool(report.scored_zero)
    if dran_x:
        c.dran_track.append(c.game_number)
        n = len(c.dran_track)
        if n <= len(definition.dran_track):
            readings.append(Reading(definition.dran_track[n - 1], "dran", detail=str(n)))

    # 6. contracts still in the row carry over; on to the next game
    c.game_number += 1
    return GameEnd(c, report, tuple(readings), tuple(reviews), dran_x)


def _tick_goals(e: Employee, definition: Definition, mine: PlayerResult, winner: str | None,
                extra: Iterable[str]) -> list[str]:
    ticked: list[str] = []
    for row in definition.personal_goals:
        for goal in row:
            if goal.id in e.goals.ticked:
                continue
            if (goal.when and _goal_met(goal.when, mine, winner)) or goal.id in extra:
                e.goals.ticked.append(goal.id)
                ticked.append(goal.id)
    return ticked


def _goal_met(when: Mapping[str, Any], mine: PlayerResult, winner: str | None) -> bool:
    facts = {"escaped": mine.status == ESCAPED, "knocked_out": mine.status == KNOCKED_OUT,
             "won": winner == mine.name}
    amounts = {"score": mine.score, "artifact": mine.artifact or 0, "gold": mine.gold}
    for key, value in when.items():
        if key in facts and facts[key] != bool(value):
            return False
        if key in amounts and amounts[key] < int(value):
            return False
    return True


def _rows_completed(e: Employee, definition: Definition) -> list[int]:
    done = []
    for i, row in enumerate(definition.personal_goals, start=1):
        if row and i not in e.goals.rows_done and all(g.id in e.goals.ticked for g in row):
            done.append(i)
    return done


def give_checkmarks(e: Employee, definition: Definition, n: int) -> list[Section]:
    """Add checkmarks to an employee (in place) and return the status-track sections newly entered:
    each is a promotion, read from its passage."""
    before = e.status.checkmarks
    e.status.checkmarks = max(0, before + n)
    entered = [s for s in definition.status_track if before < s.checkmarks <= e.status.checkmarks]
    if entered:
        e.status.level = entered[-1].level
    return entered


# -- story effects on the campaign -----------------------------------------------------------------
class CampaignLedger:
    """The campaign file as a story ledger (story/effects.py): where a passage's effects land when
    they outlive the game. Works on `campaign` in place; promotions earned are collected."""

    def __init__(self, campaign: Campaign, definition: Definition) -> None:
        self.campaign = campaign
        self.definition = definition
        self.readings: list[Reading] = []

    @property
    def flags(self) -> dict[str, Any]:
        return self.campaign.flags

    @property
    def counters(self) -> dict[str, int]:
        return self.campaign.counters

    def keep(self, effect: str, value: str, player: str | None) -> None:
        c = self.campaign
        if effect == "destroy_card":
            if player is not None and value in self.definition.starting_cards():
                self._employee(player).destroyed_cards.append(value)  # gone from the reader's deck box
            else:
                c.destroyed_cards.append(value)
        elif effect == "cardporium":
            c.cardporium_cards.append(value)
        elif effect == "sticker":
            sticker = self.definition.stickers.get(value)
            if sticker is None:
                raise CampaignError(say("campaign.no_sticker", sticker=value))
            if all(s.id != sticker.id for s in c.stickers):  # a sticker is placed once
                c.stickers.append(Sticker(sticker.id, dict(sticker.ability)))
        elif effect == "unlock" and value not in c.unlocked_rules:
            c.unlocked_rules.append(value)
        # a patron waits in the Reserve of the game that placed it, and no longer

    def contract(self, action: str, contract: str, player: str | None) -> None:
        row = self.campaign.contract_row
        if action == "add" and contract not in row:
            row.append(contract)
        elif action in ("complete", "destroy") and contract in row:
            row.remove(contract)

    def checkmarks(self, player: str | None, n: int) -> None:
        if player is None:
            raise CampaignError(say("campaign.checkmark_whom"))
        promotions = give_checkmarks(self._employee(player), self.definition, n)
        self.readings += [Reading(s.passage, "promotion", player, s.level) for s in promotions if s.passage]

    def goto(self, passage: str, player: str | None) -> None:
        raise CampaignError(say("campaign.not_campaign_effect", effect="goto"))

    def end_game(self) -> None:
        raise CampaignError(say("campaign.not_campaign_effect", effect="end_game"))

    def _employee(self, name: str) -> Employee:
        return self.campaign.employee(name)


def apply_story_effect(campaign: Campaign, definition: Definition, name: str, value: Any,
                       player: str | None = None) -> tuple[Campaign, list[Reading]]:
    """A passage's (or contract's) effect on the campaign, by the story effects table: returns the new
    campaign and any passages it makes due (a checkmark that earns a promotion). Effects that only
    mean something during a game (goto, end_game, patron) and rules effects are refused."""
    effect = story_effects.EFFECTS.get(name)
    if effect is None or effect.scope != story_effects.CAMPAIGN:
        raise CampaignError(say("campaign.not_campaign_effect", effect=name))
    ledger = CampaignLedger(copy.deepcopy(campaign), definition)
    story_effects.apply(ledger, name, value, player)
    return ledger.campaign, ledger.readings


def mark_seen(campaign: Campaign, passage: str) -> Campaign:
    c = copy.deepcopy(campaign)
    if passage not in c.passages_seen:
        c.passages_seen.append(str(passage))
    return c


def with_story(campaign: Campaign, *, flags: Mapping[str, Any] | None = None,
               counters: Mapping[str, int] | None = None, seen: Iterable[str] | None = None,
               contract_row: Iterable[str] | None = None) -> Campaign:
    """Take over what a game's story state ended with (flags, counters, passages seen, contract row)."""
    c = copy.deepcopy(campaign)
    if flags is not None:
        c.flags = dict(flags)
    if counters is not None:
        c.counters = {k: int(v) for k, v in counters.items()}
    if seen is not None:
        c.passages_seen = list(dict.fromkeys([*c.passages_seen, *map(str, seen)]))
    if contract_row is not None:
        c.contract_row = list(contract_row)
    return c


def story_seed(campaign: Campaign, definition: Definition | None = None) -> dict[str, Any]:
    """What a game's story state starts from: `StoryState.for_game(**story_seed(campaign, definition))`
    (the definition names the dragon and the company)."""
    names: dict[str, Any] = {}
    if definition is not None:
        labels = {**{f"sticker:{k}": s.name for k, s in definition.stickers.items()},
                  **{f"unlock:{k}": r.name for k, r in definition.rules.items()}}
        names = {"dragon": definition.dragon, "company": definition.company, "labels": labels}
    return {"campaign": campaign.franchise, "game_number": campaign.game_number, "flags": dict(campaign.flags),
            "counters": dict(campaign.counters), "seen": list(campaign.passages_seen),
            "contracts": list(campaign.contract_row), "stickers": [s.id for s in campaign.stickers],
            "rules": list(campaign.unlocked_rules), **names}


def absorb_story(campaign: Campaign, definition: Definition, story: Any) -> tuple[Campaign, list[Reading]]:
    """Write down for good what a game's story state (clank_story/story/state.py, read by attribute)
    ended with: flags, counters, passages seen and the contract row travel whole; the journal of
    recorded effects (destroyed and Cardporium cards, stickers, unlocked rules, checkmarks) is replayed
    on the campaign through the story effects table. Returns the promotion passages the checkmarks
    earn. Absorb each story state once: its journal is what happened during its game."""
    seen = story.seen_in_campaign() if hasattr(story, "seen_in_campaign") else story.seen
    c = with_story(campaign, flags=story.flags, counters=story.counters, seen=seen, contract_row=story.contracts)
    ledger = CampaignLedger(c, definition)
    for name, value, player in story.journal:
        effect = story_effects.EFFECTS.get(name)
        if effect is not None and effect.recorded:
            story_effects.apply(ledger, name, value, player)
    return ledger.campaign, ledger.readings


def campaign_view(campaign: Campaign) -> Any:
    """The read-only `campaign` view passages and conditions see (DESIGN.md §4)."""
    from clank_story.rules.view import CampaignView

    return CampaignView(campaign.franchise, campaign.game_number, campaign.flags, campaign.counters,
                        frozenset(campaign.passages_seen), stickers=tuple(s.id for s in campaign.stickers),
                        rules=tuple(campaign.unlocked_rules), contracts=tuple(campaign.contract_row))


def _check_definition(campaign: Campaign, definition: Definition) -> None:
    if campaign.definition != definition.id:
        raise CampaignError(say("campaign.wrong_definition", campaign=campaign.definition, definition=definition.id))
