"""A rival that plans its turn: play every card, take what is here, fight and buy with what it does not
need for the road, then walk toward its goal (an artifact, then home).

One engine drives every strategy; a `Profile` of a dozen numbers is what makes a bot cautious, greedy
or a careful planner, and a difficulty level adds slips (noise and the odd random move). The bot reads
everything on each call from the state a player could see; what it carries from one decision to the
next (`Carry`, and the caches below) are answers of pure functions remembered under everything they
read, so they never change a choice, and a saved game resumes exactly.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from clank_story.bots import knowledge as kn
from clank_story.bots.answers import answer
from clank_story.bots.base import Bot
from clank_story.bots.routes import INF, Traveller, costs_to
from clank_story.bots.story import Taste, contract_cards, errands, story_answer
from clank_story.rules import engine
from clank_story.rules.commands import (
    Acquire,
    Choose,
    Coach,
    Command,
    End,
    Fight,
    Market,
    Move,
    PlayAll,
    Take,
    Teleport,
    Use,
)
from clank_story.rules.legal import legal_commands
from clank_story.rules.model import BOAT, LOCK_KEY, Board, CardDef, Ruleset
from clank_story.rules.state import ESCAPED, PLAYING, Game, Player
from clank_story.rules.tokens import artifact_limit, holds_kind

ESCAPE_POINTS = 20
PLAY_ALL, END = PlayAll(), End()  # commands are frozen values: one of each serves every decision
TAKE_ARTIFACT, TAKE_SECRET, TAKE_IDOL = Take("artifact"), Take("secret"), Take("idol")
_END = object()  # closes a section of first_out's key


@dataclass(frozen=True)
class Profile:
    """The numbers that make a personality."""

    risk: float = 1.0  # multiplies the expected dragon damage it fears
    greed: float = 1.0  # multiplies an artifact's value when picking one
    depths: bool = True  # will go into the depths (Danger Zone) for an artifact
    nearest: bool = False  # takes the closest artifact rather than the best bet
    monster: float = 1.2  # Boots-equivalent of a monster on a path
    points: float = 1.0  # weight of printed points when buying
    clank: float = 0.6  # what one cube of Clank in the area costs it
    secrets: float = 1.0  # how much it values (and detours for) secrets
    crowns: bool = True  # buys crowns when it has Gold at a market
    keys: bool = True  # buys a Master Key or Canoe when the road gets much shorter
    backpack: bool = False  # buys a Backpack and goes for a second artifact (classic)
    margin: float = 1.0  # turns of slack it wants when racing the end of the game
    safety: int = 2  # health it keeps when it takes damage on a monster path
    taste: Taste = field(default_factory=Taste)  # how it weighs story choices, waypoints and contracts (bots/story.py)


@dataclass(frozen=True)
class Level:
    """A difficulty: how often the bot slips (a random legal action) and how noisy its sums are."""

    slip: float = 0.0
    noise: float = 0.0


LEVELS = {"easy": Level(slip=0.12, noise=0.35), "normal": Level(slip=0.03, noise=0.2), "hard": Level()}


class Reading:
    """What the bot works out at the start of each decision. The deck's average card is worked out
    when a step first asks for it (fights and buys do, most steps never get there). (A plain class
    with slots: one is made at almost every decision.)"""

    __slots__ = ("base", "checked", "game", "goal", "known_avg", "known_values", "moves", "p", "turns_left", "w", "who")

    def __init__(self, game: Game, p: Player, w: kn.Weights, who: Traveller, goal: str | None, turns_left: float,
                 base: kn.Weights, known_avg: float | None = None) -> None:
        self.game = game
        self.p = p
        self.w = w
        self.who = who
        self.goal = goal
        self.turns_left = turns_left  # of this player's turns that still matter for buying
        self.base = base  # the weights before the road's: what the deck's average is judged by
        self.known_avg = known_avg
        self.moves: dict[tuple[int, int], Command | None] = {}  # _best_move's answers
        self.known_values: dict[str, float] | None = None
        self.checked: dict[int, Command] = {}  # commands a step found allowed, by id

    @property
    def avg(self) -> float:
        if self.known_avg is None:
            self.known_avg = kn.deck_average(self.game, self.p, self.base)
        return self.known_avg

    @property
    def values(self) -> dict[str, float]:
        """kn.weight_values under the road's weights: the play values buying looks up."""
        if self.known_values is None:
            self.known_values = kn.weight_values(self.game.ruleset, self.w)
        return self.known_values


class StrategyBot(Bot):
    name = "strategy"
    profile = Profile()

    def __init__(self, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(level)
        self.level_name = level
        self.level = LEVELS[level]
        self._noise: tuple[tuple[int, int], dict[str, float]] = ((0, -1), {})
        self._first_out: tuple[list, float | None] = ([], None)  # a memo of a pure function of the state
        self._carry = Carry(self.profile)
        self._steps = (self.take, self.tonic, self.fight, self.buy, self.market, self.move)  # in this order

    # -- the one entry point ---------------------------------------------------------------------
    def choose(self, game: Game) -> Command:
        if game.pending is not None:
            asked = game.player(game.pending["p"])
            if game.pending["q"] == "story":
                return story_answer(game, asked, game.pending["options"], self.weights(game, asked), self.profile.taste)
            return answer(game, self.weights(game, asked))
        p = game.players[game.active]
        if p.hand:
            return PLAY_ALL
        rng = game.rng
        if self.level.slip and rng.random() < self.level.slip:
            legal = legal_commands(game)
            if legal:
                return rng.choice(legal)
        if self._idle(game, p):
            return END
        command = self._take_unread(game, p)  # a token to take, when that does not hang on the reading
        if command is not None and self._quiet(game, p) and _ok(game, command):
            self.first_out(game, p)  # (asked for as a reading would: its memo is part of how the bot plays)
            return command
        r = self.read(game, p)
        checked = r.checked
        for step in self._steps:
            command = step(r)
            if command is not None and (checked.get(id(command)) is command or _ok(game, command)):
                return command
        return END

    def _idle(self, game: Game, p: Player) -> bool:
        """True when every step would find nothing to do whatever the reading says (no Skill, no
        Swords, nothing to take, no kept secret, no step that Boots, a teleport or a coach allows), and
        reading would draw no misjudgement from the RNG: then the answer is End without a reading.
        Each test is the early exit of one step; the rivals' estimate is still asked for, as a
        reading would, since its memo is part of how the bot plays."""
        if not _plain_strategy(type(self)):
            return False
        turn = game.turn
        if turn.skill > 0 or turn.swords > 0 or turn.teleports:
            return False
        escaped = p.status == ESCAPED
        if not escaped:
            if turn.may_take:
                return False
            here = game.ruleset.board.spaces[p.space]
            if here.market:
                return False
            if not turn.exhausted:
                boots = turn.boots
                for _, path in game.ruleset.board.exits(p.space):
                    if path.boots <= boots:
                        return False
            if game.ruleset.legacy and here.coach is not None and turn.boots >= 1:
                return False
        if p.tokens and _keeps_any(game.ruleset, tuple(p.tokens)):
            return False
        if not self._quiet(game, p):
            return False
        self.first_out(game, p)
        return True

    def _take_unread(self, game: Game, p: Player) -> Command | None:
        """The take step's answer (the first step) when it does not hang on the reading's goal: a secret
        or an idol where no artifact could be taken, or an artifact when it is taken whatever the goal;
        None otherwise."""
        if not game.turn.may_take or p.status == ESCAPED or not _plain_strategy(type(self)):
            return None
        here = p.space
        if here in game.artifacts and len(p.artifacts) < artifact_limit(game, p):
            return TAKE_ARTIFACT if not p.artifacts or self.second_artifact(game, p) else None
        if game.secrets.get(here) and self.profile.secrets > 0:
            return TAKE_SECRET
        if game.idols.get(here):
            return TAKE_IDOL
        return None

    def _quiet(self, game: Game, p: Player) -> bool:
        """Whether a reading now would draw no misjudgement from the RNG: none at this level, or the
        artifact pick has nothing left to draw this turn and no errand is weighed."""
        if not self.level.noise or p.status == ESCAPED:
            return True
        if self.profile.taste.errand > 0:
            return False
        if p.artifacts and not self.second_artifact(game, p):
            return True
        turn, drawn = self._noise
        if turn != (game.turn_number, game.active):
            return not game.artifacts
        return all(space in drawn for space in game.artifacts)

    # -- reading the table -----------------------------------------------------------------------
    def carry(self) -> Carry:
        """What this bot carries from one decision to the next (begun afresh if its profile is changed)."""
        carry = self._carry
        if carry.profile is not self.profile:
            carry = self._carry = Carry(self.profile)
        return carry

    def weights(self, game: Game, p: Player, t: kn.Threat | None = None) -> kn.Weights:
        pr = self.profile
        return _weights(pr.clank, pr.points, kn.my_share(game, p, 0.0, True, t))

    def traveller(self, game: Game, p: Player) -> Traveller:
        ruleset = game.ruleset
        coach = ruleset.legacy and _has_coaches(ruleset.board)
        gold = min(p.gold, 12) if coach else 0  # (Gold counts only where coaches run)
        carry = self.carry()
        key = (ruleset, tuple(p.tokens), gold)
        who = carry.travellers.get(key)
        if who is None:
            kinds = frozenset(k for k in (LOCK_KEY, BOAT) if holds_kind(game, p, k))
            who = _traveller(kinds, self.profile.monster, 0.5 if coach else None, gold)
            carry.remember(carry.travellers, key, who)
        return who

    def read(self, game: Game, p: Player) -> Reading:
        carry = self.carry()
        turn = (game.turn_number, game.active)
        if carry.turn != turn:  # the picks of a turn used its misjudgements (jitter)
            carry.turn, carry.picks = turn, {}
        t = kn.Threat.of(game)
        # self.weights, self.traveller and kn.per_hand written out (the same lookups and sums)
        ruleset, name = game.ruleset, p.name
        mine = game.bag.get(name, 0) + 0.0
        total = t.bag + 0.0
        mine += game.clank_area.get(name, 0)
        total += t.area
        pr = self.profile
        w = _weights(pr.clank, pr.points, mine / total if total > 0 else 0.0)
        coach = ruleset.legacy and _has_coaches(ruleset.board)
        who = carry.travellers.get((ruleset, tuple(p.tokens), min(p.gold, 12) if coach else 0))
        if who is None:
            who = self.traveller(game, p)
        owned = (*p.hand, *p.deck, *p.discard, *p.in_play)
        boots = max(1.0, kn.per_hand_of(ruleset, "boots", owned)) if owned else 1.0
        horizon = kn.rounds_left(game, self.first_out(game, p, t), t)
        goal, plan_turns = self.pick_goal(game, p, who, boots, horizon, t)
        turns_left = min(horizon, plan_turns + 1.0)
        if p.status == ESCAPED:
            turns_left = 0.0
        # the road's weights: (2.0, 0.6) far from the goal, (1.6, 0.6) near it, (0.3, 0.4) without one
        roads = carry.roads
        if roads[0] is not w:
            roads = carry.roads = [w, None, None, None]
        way = (1 if plan_turns > 3 else 2) if goal else 3
        walking = roads[way]
        if walking is None:
            walking = roads[way] = _road_weights(w, *_ROADS[way])
        return Reading(game, p, walking, who, goal, turns_left, w)

    def first_out(self, game: Game, p: Player, t: kn.Threat | None = None) -> float | None:
        """When the first rival is likely to escape (in rounds), judged from where they stand, whether
        they carry an artifact and the Boots their cards give (all of it on the table)."""
        # (one flat list: the sections of any length are closed by a marker no section holds, so two
        # keys are equal exactly when every part is)
        bag = game.bag  # (its items as its keys, then its values: equal exactly when the items are)
        key = [id(game), p.name, game.rage, *game.row, _END, *game.artifacts, _END, *bag, _END, *bag.values(), _END]
        for q in game.players:
            if q is not p:
                key += (q.space, q.status, len(q.artifacts), q.damage, q.gold,
                        len(q.hand) + len(q.deck) + len(q.discard) + len(q.in_play))
        if self._first_out[0] != key:
            self._first_out = (key, self._rivals_eta(game, p, t))
        return self._first_out[1]

    def _rivals_eta(self, game: Game, p: Player, t: kn.Threat | None = None) -> float | None:
        board = game.ruleset.board
        if t is None:
            t = kn.Threat.of(game)
        artifacts = tuple(game.artifacts)
        best: float | None = None
        # (self.traveller, kn.per_hand, kn.owned_count and kn.damage_per_round(game, q, 0.5, False, t)
        # for each rival, written out: the same lookups and the same sums in the same order)
        ruleset = game.ruleset
        travellers = self.carry().travellers
        coach = ruleset.legacy and _has_coaches(board)
        bag, playing, cubes, attack = game.bag, t.playing, t.cubes, t.attack
        out = len(game.players) - playing
        extra = (6 if len(game.players) == 2 else 4) if game.ruleset.legacy else None
        countdown = game.countdown
        for q in game.players:
            if q is p or q.status != PLAYING:
                continue
            who = travellers.get((ruleset, tuple(q.tokens), min(q.gold, 12) if coach else 0))
            if who is None:
                who = self.traveller(game, q)
            if who.coach is not None:  # rivals pick up Gold on the way; assume a coach fare or two
                who = _with_fare(who)
            owned = (*q.hand, *q.deck, *q.discard, *q.in_play)
            boots = max(1.0, kn.per_hand_of(ruleset, "boots", owned)) if owned else 1.0
            road = _road_out(board, who, q.space, bool(q.artifacts), artifacts)
            eta = kn.turns_to_walk(road, boots, len(owned)) if road < INF else INF
            mine = bag.get(q.name, 0) + 0.5
            total = t.bag + 0.5
            share = mine / total if total > 0 else 0.0
            hurt = playing * attack * cubes * share
            if extra is not None:
                hurt += out * extra * share
            elif countdown is not None:
                hurt += (cubes + countdown) * share
            if hurt > 0:  # a rival knocked out by the dragon starts the end just the same
                eta = min(eta, 1.0 + (q.health_left - 0.5) / hurt)
            if eta < INF:
                best = eta if best is None else min(best, eta)
        return best

    def pick_goal(self, game: Game, p: Player, who: Traveller, boots: float,
                  horizon: float, t: kn.Threat | None = None) -> tuple[str | None, float]:
        """Where to walk: a story errand worth its detour (story-minded bots), else home with an
        artifact, else the artifact that is the best bet."""
        goal, turns = self.pick_treasure(game, p, who, boots, horizon, t)
        if self.profile.taste.errand > 0 and p.status != ESCAPED:
            errand = self.pick_errand(game, p, who, boots, horizon, goal, t)
            if errand is not None:
                return errand
        return goal, turns

    def pick_errand(self, game: Game, p: Player, who: Traveller, boots: float, horizon: float,
                    goal: str | None, t: kn.Threat | None = None) -> tuple[str, float] | None:
        """The waypoint or contract space best worth a detour on the way to `goal` (or home), if the
        detour leaves time to get out and the road does not look deadly."""
        board, taste = game.ruleset.board, self.profile.taste
        n = kn.owned_count(p)
        after = goal or board.start
        to_after = costs_to(board, after, who)
        home = costs_to(board, board.start, who)
        straight = kn.turns_to_walk(to_after.get(p.space, INF), boots, n) if to_after.get(p.space, INF) < INF else 0.0
        danger = kn.damage_per_round(game, p, 0.3, True, t) * self.profile.risk
        best: tuple[float, str, float] | None = None
        for space, weight in sorted(errands(game).items()):
            if space == p.space:
                continue
            d_in = costs_to(board, space, who).get(p.space, INF)
            d_on = to_after.get(space, INF)
            d_home = home.get(space, INF) + (home.get(after, 0.0) if p.artifacts or goal is None else 0.0)
            if INF in (d_in, d_on) or d_home >= INF:
                continue
            there = kn.turns_to_walk(d_in, boots, n)
            out = kn.turns_to_walk(d_in + home.get(space, INF), boots, n)
            if out + self.profile.margin > horizon + 1.0:
                continue
            extra = max(0.0, kn.turns_to_walk(d_in + d_on, boots, n) - straight)
            survive = kn.survive_chance(danger * out, p.health_left)
            if board.spaces[space].depths and survive < taste.nerve:
                continue
            score = (taste.errand * weight * survive - taste.detour * extra) * self.jitter(game, f"errand:{space}")
            if score > 0 and (best is None or score > best[0]):
                best = (score, space, there)
        return (best[1], best[2]) if best else None

    def pick_treasure(self, game: Game, p: Player, who: Traveller, boots: float,
                      horizon: float, t: kn.Threat | None = None) -> tuple[str | None, float]:
        """Home with an artifact; otherwise the artifact that is the best bet."""
        board = game.ruleset.board
        if p.status == ESCAPED:
            return None, 0.0
        if p.artifacts and not self.second_artifact(game, p):
            home = costs_to(board, board.start, who)
            return board.start, kn.turns_to_walk(home.get(p.space, INF), boots, kn.owned_count(p))
        pr = self.profile
        danger = kn.damage_per_round(game, p, 0.3, True, t) * pr.risk
        owned = kn.owned_count(p)
        artifacts = game.artifacts
        # Within a turn (the misjudgements drawn once a turn), the pick is a pure function of these.
        picks = self.carry().picks
        items = tuple(artifacts.items())
        key = (game.turn_number, game.active, board, who, p.space, bool(p.artifacts), p.health_left, boots, owned,
               danger, horizon, items)
        pick = picks.get(key)
        if pick is None:
            pick = picks[key] = self._best_treasure(game, p, who, boots, horizon, danger, owned, items)
        return pick

    def _best_treasure(self, game: Game, p: Player, who: Traveller, boots: float, horizon: float,
                       danger: float, owned: int, items: tuple[tuple[str, int], ...] | None = None,
                       ) -> tuple[str | None, float]:
        board, pr = game.ruleset.board, self.profile
        found = False  # the best so far: (best_score, best_space, best_turns), once found
        best_score, best_space, best_turns = 0.0, "", 0.0
        health = p.health_left
        survive_chance = kn.survive_chance
        nearest = pr.nearest
        jitters = self._jitters(game)
        if items is None:
            items = tuple(game.artifacts.items())
        bets = _artifact_bets(board, who, p.space, items, boots, owned, pr.greed, pr.margin, pr.depths)
        factor: float | None = None
        for space, turns, penalty, late0, stake, fallback, walk in bets:
            if jitters is not None:  # drawn for every artifact, in this order, as the score's factor
                factor = jitters.get(space)
                if factor is None:
                    factor = self.jitter(game, space)
            if nearest:
                score = -turns - (20.0 if penalty else 0.0)
            else:
                late = late0 - horizon
                in_time = 1.0 if late <= 0 else max(0.0, 1.0 - late / 2.0)
                if in_time and found and stake >= fallback:
                    # The score grows with the chance of coming back, which is at most in_time: if even
                    # that (with a margin far above any rounding) cannot beat the best so far, this
                    # artifact cannot win, and its survival sum is not worked out.
                    ceiling = in_time * stake + (1 - in_time) * fallback - walk - (15.0 if penalty else 0.0)
                    if (ceiling if factor is None else ceiling * factor) + 1e-6 <= best_score:
                        continue
                # too late to matter: the chance is survive * 0.0, which is 0.0 whatever survive is
                chance = survive_chance(danger * turns, health) * in_time if in_time else 0.0
                score = chance * stake + (1 - chance) * fallback - walk
                if penalty:
                    score -= 15.0
            if factor is not None:  # (without misjudgements the factor is 1.0, and x * 1.0 is x)
                score *= factor
            if not found or score > best_score:
                found, best_score, best_space, best_turns = True, score, space, turns
        if not found:
            if p.artifacts:
                return board.start, costs_to(board, board.start, who).get(p.space, INF) / boots
            return None, 0.0
        return best_space, best_turns

    def second_artifact(self, game: Game, p: Player) -> bool:
        return (self.profile.backpack and len(p.artifacts) < artifact_limit(game, p)
                and not any(q.out for q in game.players) and p.health_left > 5)

    def _jitters(self, game: Game) -> dict[str, float] | None:
        """This turn's misjudgements drawn so far (None for a level without any), as jitter keeps them."""
        if not self.level.noise:
            return None
        turn = (game.turn_number, game.active)
        if self._noise[0] != turn:
            self._noise = (turn, {})
        return self._noise[1]

    def jitter(self, game: Game, key: str) -> float:
        """A misjudgement factor for one artifact or card, drawn from the game's RNG once per turn so
        the bot does not change its mind between two actions of the same turn."""
        if not self.level.noise:
            return 1.0
        turn = (game.turn_number, game.active)
        if self._noise[0] != turn:
            self._noise = (turn, {})
        table = self._noise[1]
        if key not in table:
            table[key] = 1.0 + self.level.noise * (2 * game.rng.random() - 1)
        return table[key]

    # -- the steps of a turn ---------------------------------------------------------------------
    def take(self, r: Reading) -> Command | None:
        game, p = r.game, r.p
        if not game.turn.may_take or p.status == ESCAPED:
            return None
        here = p.space
        room = here in game.artifacts and len(p.artifacts) < artifact_limit(game, p)
        if room and (here == r.goal or not p.artifacts or self.second_artifact(game, p)):
            return TAKE_ARTIFACT
        if game.secrets.get(here) and self.profile.secrets > 0:
            return TAKE_SECRET
        if game.idols.get(here):
            return TAKE_IDOL
        return None

    def tonic(self, r: Reading) -> Command | None:
        """Kept secrets (tonics): heal when hurt, Boots or Swords when they unblock the road."""
        game, p = r.game, r.p
        if not p.tokens or not _keeps_any(game.ruleset, tuple(p.tokens)):  # (then every token is passed over)
            return None
        for token in dict.fromkeys(p.tokens):
            fx = _kept_effects(game.ruleset, token)
            if fx is None:
                continue
            if fx.get("heal") and p.damage >= 4:
                return Use(token)
            if p.status == ESCAPED or r.goal is None or game.turn.exhausted:
                continue
            if fx.get("boots") and self._blocked(r, boots=fx["boots"]):
                return Use(token)
            if fx.get("swords") and self._blocked(r, swords=fx["swords"]):
                return Use(token)
        return None

    def _blocked(self, r: Reading, boots: int = 0, swords: int = 0) -> bool:
        """True when no move makes progress now, but one would with a few more Boots or Swords."""
        return self._best_move(r) is None and self._best_move(r, boots, swords) is not None

    def fight(self, r: Reading) -> Command | None:
        game = r.game
        if game.turn.swords <= 0:  # nothing to spare, whatever the road needs
            return None
        spare = game.turn.swords - self._swords_for_road(r)
        if spare <= 0:
            return None
        best: tuple[float, str] | None = None
        cards = game.ruleset.cards
        for card_id in [*dict.fromkeys(game.row), *[c for c in game.reserve if cards[c].stays]]:
            card = cards[card_id]
            if card.kind != "monster" or card.cost > spare:
                continue
            # (the deck's average is worked out only for a reward that reads it)
            avg = r.avg if kn.block_reads_avg(game.ruleset, card, "defeat") else 1.0
            value = kn.card_block_value(game, r.p, card, "defeat", r.w, avg) + self.story_bonus(game, card_id)
            value = value / card.cost if card.cost else value
            if value > 0 and (best is None or value > best[0]):
                best = (value, card_id)
        return Fight(best[1]) if best else None

    def _swords_for_road(self, r: Reading) -> int:
        """Swords to keep for monster paths on this turn's stretch of road."""
        game, p = r.game, r.p
        if r.goal is None or p.status == ESCAPED:
            return 0
        dist = costs_to(game.ruleset.board, r.goal, r.who)
        here, boots, need = p.space, game.turn.boots, 0
        for _ in range(6):
            step = None
            for dest, path in game.ruleset.board.exits(here):
                closer = dest in dist and dist[dest] < dist.get(here, INF) and (step is None or dist[dest] < dist[step[0]])
                if closer and path.boots <= boots and _passable(game, p, path):
                    step = (dest, path)
            if step is None:
                break
            here, boots, need = step[0], boots - step[1].boots, need + step[1].monsters
            if game.ruleset.board.spaces[here].exhausting:
                break
        return need

    def buy(self, r: Reading) -> Command | None:
        """Spend Skill on the best set of cards and devices (a small knapsack)."""
        game = r.game
        skill = game.turn.skill
        if skill <= 0:
            return None
        items: list[tuple[int, float, Command]] = []
        cards = game.ruleset.cards
        dilution = self._dilution(r)
        jitters = self._jitters(game)
        value_of = self._buy_value
        row = game.row
        for card_id in dict.fromkeys(row):
            card = cards[card_id]
            kind = card.kind
            if kind == "item":
                if card.cost > skill:  # out of reach: only its misjudgement is drawn, as buy_value would
                    if jitters is not None and card_id not in jitters:
                        self.jitter(game, card_id)
                    continue
                cmd: Command = _command(Acquire, card_id)
                value = value_of(r, card, dilution, jitters)
            elif kind == "device":
                if card.cost > skill:
                    continue
                cmd = _command(Use, card_id)
                value = self.use_value(r, card_id)
            else:
                continue
            if value > 0 and _ok(game, cmd):
                r.checked[id(cmd)] = cmd
                items.extend([(card.cost, value, cmd)] * row.count(card_id))
        for card_id, left in game.reserve.items():
            card = cards[card_id]
            if card.kind != "item" or left <= 0 or card.cost > skill:
                continue
            value = value_of(r, card, dilution, jitters)
            if value > 0:
                items.extend([(card.cost, value, _command(Acquire, card_id))] * min(left, skill // max(1, card.cost)))
        return _best_buy(items, skill)

    def buy_value(self, r: Reading, card_id: str) -> float:
        """Printed points, plus what the card adds to the hands still to come, minus dilution."""
        return self._buy_value(r, r.game.card(card_id), self._dilution(r), self._jitters(r.game))

    @staticmethod
    def _dilution(r: Reading) -> float:
        """The weight of (play value - deck average) in buy_value: hands still to come after the next
        reshuffle, times 5/(deck size with the card); the same for every card of one decision."""
        p = r.p
        owned = kn.owned_count(p) + 1
        reshuffle = (len(p.deck) + 5) / 5.0
        hands = max(0.0, r.turns_left - reshuffle)
        return hands * 5.0 / owned

    def _buy_value(self, r: Reading, card: CardDef, dilution: float, jitters: dict[str, float] | None) -> float:
        w = r.w
        effects = card.effects
        acquire = effects.get("acquire")
        if dilution or acquire:
            game, p = r.game, r.p
            avg = r.known_avg
            if avg is None:
                avg = r.avg
            values = r.known_values
            if values is None:
                values = r.values
            play = values.get(card.id)
            if play is None:
                play = kn.play_value(values, game, p, card, w, avg)
            value = card.points * w.points + dilution * (play - avg)
            value += kn.card_block_value(game, p, card, "acquire", w, avg) if acquire else 0.0
        else:  # no hands to come: the play term is 0.0 * (play - avg), which adds nothing to points * w
            value = card.points * w.points
        if "score" in effects:
            for m in effects["score"]:
                value += 2.0 * w.points if "per" in m else m.get("points", 0) * w.points
        value += self.story_bonus(r.game, card.id) if self.profile.taste.contract else 0.0
        if jitters is None:  # no misjudgements: the factor is 1.0, and x * 1.0 is x
            return value
        factor = jitters.get(card.id)
        return value * (factor if factor is not None else self.jitter(r.game, card.id))

    def story_bonus(self, game: Game, card_id: str) -> float:
        """What a contract in the row adds to acquiring or defeating this card, for a story-minded bot."""
        taste = self.profile.taste
        return taste.contract if taste.contract and card_id in contract_cards(game) else 0.0

    def use_value(self, r: Reading, card_id: str) -> float:
        game, p = r.game, r.p
        card = game.card(card_id)
        block = card.block("use")
        if any("teleport" in m for m in block) and (r.goal is None or p.status == ESCAPED):
            return 0.0
        if any("clank" in m for m in block) and game.clank_area.get(p.name, 0) == 0:
            return 0.0
        return kn.card_block_value(game, p, card, "use", r.w, r.avg) - 0.5

    def market(self, r: Reading) -> Command | None:
        game, p = r.game, r.p
        if p.status == ESCAPED or not game.ruleset.board.spaces[p.space].market:
            return None
        pr = self.profile
        kinds = {game.ruleset.token_kind(t) for t in p.tokens}
        for item in sorted(game.ruleset.market, key=lambda i: (i.order, -i.points)):
            if game.market.get(item.id, 0) <= 0 or p.gold < item.price:
                continue
            if item.kind in (LOCK_KEY, BOAT) and pr.keys and item.kind not in kinds and r.goal:
                has = r.who._replace(kinds=r.who.kinds | {item.kind})
                saved = self._road(r, r.who) - self._road(r, has)
                if saved >= 3.0:
                    return Market(item.id)
            elif item.kind == "backpack":
                if pr.backpack and "backpack" not in kinds and not game.ruleset.legacy:
                    return Market(item.id)
            elif item.kind == "crown" and pr.crowns and item.points > item.price * 0.8 * r.w.points:
                return Market(item.id)
        return None

    def _road(self, r: Reading, who: Traveller) -> float:
        """Boots-equivalents still to walk: to the goal, and home from there."""
        game, p = r.game, r.p
        board = game.ruleset.board
        assert r.goal is not None
        road = costs_to(board, r.goal, who).get(p.space, INF)
        if r.goal != board.start:
            road += costs_to(board, board.start, who).get(r.goal, INF)
        return road

    def move(self, r: Reading) -> Command | None:
        return self._best_move(r)

    def _best_move(self, r: Reading, boots: int = 0, swords: int = 0) -> Command | None:
        """The step that brings the goal closest (walk, teleport or coach), with a small pull toward
        secrets and healing on the way; None when no step makes progress."""
        key = (boots, swords)
        if key not in r.moves:  # a pure function of the table the reading was made of
            r.moves[key] = self._find_move(r, boots, swords)
        return r.moves[key]

    def _find_move(self, r: Reading, boots: int, swords: int) -> Command | None:
        game, p = r.game, r.p
        board, turn = game.ruleset.board, game.turn
        if r.goal is None or p.status == ESCAPED or p.space == r.goal:
            return None
        dist = costs_to(board, r.goal, r.who)
        here = dist.get(p.space, INF)
        have_boots, have_swords = turn.boots + boots, turn.swords + swords
        # the first of the lowest scores wins: (score, kind of step, where to)
        best: tuple[float, type[Move] | type[Teleport] | type[Coach], str] | None = None
        if not turn.exhausted:
            start, carrying = board.start, bool(p.artifacts)
            for dest, path in board.exits(p.space):
                if dest not in dist or path.boots > have_boots or not _passable(game, p, path):
                    continue
                if dest == start and not carrying:
                    continue
                hurt = path.monsters - min(have_swords, path.monsters)
                if hurt and p.health_left - hurt < self.profile.safety + (1 if hurt > 1 else 0):
                    continue
                score = dist[dest] + hurt * 0.5 - self._lure(game, p, dest)
                if best is None or score < best[0]:
                    best = (score, Move, dest)
        if turn.teleports and not boots:
            for dest in board.adjacent(p.space):
                if dest in dist and (dest != board.start or p.artifacts):
                    score = dist[dest] + 0.3 - self._lure(game, p, dest)
                    if best is None or score < best[0]:
                        best = (score, Teleport, dest)
        here_stop = board.spaces[p.space].coach
        if game.ruleset.legacy and here_stop is not None and have_boots >= 1 and not boots:
            for stop in board.spaces.values():
                if stop.coach is None or stop.id == p.space or stop.id not in dist:
                    continue
                fare = here_stop + stop.coach
                if fare <= p.gold and (stop.id != board.start or p.artifacts):
                    score = dist[stop.id] + 0.5 * fare
                    if best is None or score < best[0]:
                        best = (score, Coach, stop.id)
        if best is not None and best[0] < here - 1e-9:
            return _command(best[1], best[2])
        return None

    def _lure(self, game: Game, p: Player, space: str) -> float:
        """How much a space on or beside the road is worth a small detour."""
        lure = 0.0
        if game.secrets.get(space):
            lure += 0.4 * self.profile.secrets * kn.secret_worth(game, space)
        if game.idols.get(space):
            lure += 0.8
        s = game.ruleset.board.spaces[space]
        if s.heal and p.damage >= 3:
            lure += 0.8
        if s.gold:
            lure += 0.3 * s.gold
        return lure


class Carry:
    """What a bot carries from one decision to the next: each entry the answer of a pure function,
    remembered under everything that function reads (so it is the value a fresh reading gives)."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.turn: tuple[int, int] = (0, -1)
        self.travellers: dict[tuple[object, ...], Traveller] = {}
        self.picks: dict[tuple[object, ...], tuple[str | None, float]] = {}  # this turn's only
        self.roads: list[Any] = [None, None, None, None]  # weights, then the road's weights made of them

    @staticmethod
    def remember(table: dict, key: object, value: object) -> None:
        if len(table) >= 4096:
            table.clear()
        table[key] = value


# Weights and travellers are made once for each set of numbers, for every bot of the process: the values
# remembered under them (card values, roads) are then found by identity, without comparing fields.
@functools.lru_cache(maxsize=4096)
def _weights(clank: float, points: float, share: float) -> kn.Weights:
    """A bot's weights when `share` of the dragon's cubes are its own."""
    return kn.Weights(clank=clank * (1.0 + 2.0 * share), points=points)


_ROADS = (None, (2.0, 0.6), (1.6, 0.6), (0.3, 0.4))  # (boots, swords) of a road far, near, without a goal


@functools.lru_cache(maxsize=4096)
def _road_weights(w: kn.Weights, boots: float, swords: float) -> kn.Weights:
    return w._replace(boots=boots, swords=swords)


@functools.lru_cache(maxsize=4096)
def _traveller(kinds: frozenset[str], monster: float, coach: float | None, gold: int) -> Traveller:
    return Traveller(kinds=kinds, monster=monster, exhaust=1.0, coach=coach, gold=gold)


@functools.lru_cache(maxsize=4096)
def _command(kind: type[Command], arg: str) -> Command:
    """One command of a kind with one argument, made once (frozen values; making one costs more than
    most of a decision's sums)."""
    return kind(arg)  # type: ignore[call-arg]


@functools.lru_cache(maxsize=1024)
def _kept_effects(ruleset: Ruleset, token: str) -> Mapping[str, Any] | None:
    """A kept secret's effects as one mapping (None for any other token); content never changes."""
    secret = ruleset.secrets.get(token)
    if secret is None or not secret.keep:
        return None
    return MappingProxyType({k: v for m in secret.effects for k, v in m.items()})


@functools.lru_cache(maxsize=1024)
def _keeps_any(ruleset: Ruleset, tokens: tuple[str, ...]) -> bool:
    """Whether any of these tokens is a kept secret (one with effects to use)."""
    return any(_kept_effects(ruleset, token) is not None for token in tokens)


@functools.lru_cache(maxsize=64)
def _plain_strategy(cls: type) -> bool:
    """Whether a strategy class only sets StrategyBot's numbers (its steps and reading are the ones
    _idle mirrors)."""
    return all(set(vars(c)) <= _PLAIN_ATTRS for c in cls.__mro__ if c is not StrategyBot and issubclass(c, StrategyBot))


_PLAIN_ATTRS = frozenset(("name", "profile", "__doc__", "__module__", "__qualname__", "__annotations__"))


@functools.lru_cache(maxsize=64)
def _has_coaches(board: Board) -> bool:
    return any(s.coach is not None for s in board.spaces.values())


@functools.lru_cache(maxsize=1024)
def _with_fare(who: Traveller) -> Traveller:
    """A rival's traveller with a coach fare or two more (they pick up Gold on the way)."""
    return who._replace(gold=who.gold + 4)


@functools.lru_cache(maxsize=4096)
def _road_out(board: Board, who: Traveller, space: str, carrying: bool, artifacts: tuple[str, ...]) -> float:
    """Boots-equivalents from `space` out of the dungeon: home if `carrying` an artifact, else by the
    nearest of `artifacts` (a pure function of its arguments, asked for every rival at most decisions)."""
    home = costs_to(board, board.start, who)
    if carrying:
        return home.get(space, INF)
    return min((costs_to(board, s, who).get(space, INF) + home.get(s, INF) for s in artifacts), default=INF)


@functools.lru_cache(maxsize=4096)
def _artifact_roads(board: Board, who: Traveller, here: str,
                    spaces: tuple[str, ...]) -> tuple[tuple[str, float, float, bool], ...]:
    """(space, cost there from `here`, cost home from there, in the depths) for each of the artifact
    `spaces` one can reach and come back from, in their order (pure; asked at every decision)."""
    home = costs_to(board, board.start, who)
    roads = []
    for space in spaces:
        d_in = costs_to(board, space, who).get(here, INF)
        d_out = home.get(space, INF)
        if d_in == INF or d_out == INF:
            continue
        roads.append((space, d_in, d_out, board.spaces[space].depths))
    return tuple(roads)


@functools.lru_cache(maxsize=8192)
def _artifact_turns(board: Board, who: Traveller, here: str, artifacts: tuple[tuple[str, int], ...], boots: float,
                    owned: int) -> tuple[tuple[str, float, bool, int], ...]:
    """(space, turns there and home plus half a turn to take it, in the depths, value) for each artifact
    road of _artifact_roads, from (space, value) in space order (pure; the same decks and spaces come
    back all game)."""
    values = dict(artifacts)
    return tuple((space, kn.turns_to_walk(d_in + d_out, boots, owned) + 0.5, deep, values[space])
                 for space, d_in, d_out, deep in _artifact_roads(board, who, here, tuple(values)))


@functools.lru_cache(maxsize=8192)
def _artifact_bets(board: Board, who: Traveller, here: str, artifacts: tuple[tuple[str, int], ...], boots: float,
                   owned: int, greed: float, margin: float, depths: bool) -> tuple[tuple[Any, ...], ...]:
    """The parts of each artifact's score in _best_treasure that do not depend on the dragon or the
    clock: (space, turns, out of bounds in the depths, turns + margin, value * greed + escape points,
    what is left if it goes wrong, 0.4 * turns), each worked out exactly as the score's sum does, in space
    order (`artifacts`, the table's (space, value) items, may come in any order)."""
    return tuple((space, turns, deep and not depths, turns + margin, value * greed + ESCAPE_POINTS,
                  0.0 if deep else 0.6 * value, 0.4 * turns)
                 for space, turns, deep, value in _artifact_turns(board, who, here, tuple(sorted(artifacts)), boots,
                                                                  owned))


def _passable(game: Game, p: Player, path) -> bool:
    return path.passable(_token_kinds(game.ruleset, tuple(p.tokens))) if path.needs else True


@functools.lru_cache(maxsize=1024)
def _token_kinds(ruleset: Ruleset, tokens: tuple[str, ...]) -> frozenset[str]:
    return frozenset(ruleset.token_kind(t) for t in tokens)


def _ok(game: Game, command: Command) -> bool:
    """Would `apply` accept it (the verdict of engine.check, without raising and wording a refusal)? A
    player still in the game, with no question pending, is judged by the rule for its kind of command
    alone, as engine.refusal judges it once the game, a question and the player's status pass."""
    p = game.players[game.active]
    if game.over or game.pending is not None or p.status != PLAYING or type(command) is Choose:
        return engine.refusal(game, command) is None
    return engine.RULES[type(command)](game, p, command) is None


def _best_buy(items: list[tuple[int, float, Command]], budget: int) -> Command | None:
    """_knapsack(items, budget)[0], or None: the best item of the most valuable set."""
    if not items:
        return None
    if len(items) == 1:  # the set is the item, if it is worth more than nothing
        return items[0][2] if items[0][1] > 1e-9 else None
    # _knapsack's table, its values and its sets apart (the same sums and comparisons, in the same order)
    values = [0.0] * (budget + 1)
    sets: list[tuple[int, ...]] = [()] * (budget + 1)
    for i, (cost, value, _) in enumerate(items):
        for b in range(budget, cost - 1, -1):
            cand = values[b - cost] + value
            if cand > values[b] + 1e-9:
                values[b] = cand
                sets[b] = (*sets[b - cost], i)
    chosen = sets[values.index(max(values))]  # the first of the most valuable, as _knapsack's max
    if not chosen:
        return None
    return items[max(chosen, key=lambda i: items[i][1])][2]  # the first of the most valuable


def _knapsack(items: list[tuple[int, float, Command]], budget: int) -> list[Command]:
    """The most valuable set of items within the budget (0/1 over copies), best item first."""
    best: list[tuple[float, list[int]]] = [(0.0, []) for _ in range(budget + 1)]
    for i, (cost, value, _) in enumerate(items):
        for b in range(budget, cost - 1, -1):
            cand = best[b - cost][0] + value
            if cand > best[b][0] + 1e-9:
                best[b] = (cand, [*best[b - cost][1], i])
    chosen = max(best, key=lambda t: t[0])[1]
    chosen.sort(key=lambda i: -items[i][1])
    return [items[i][2] for i in chosen]
