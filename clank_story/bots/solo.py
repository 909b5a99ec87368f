"""The solo director: plays the part of absent rivals and of head office when you play alone.

Between your turns it
- drops threat cubes into the Clank area; when the dragon draws them they fill the threat track, and a
  full track starts the final audit, a five-step countdown like the classic one;
- clears row cards, as rivals would have bought them, and refills the row (a dragon symbol attacks);
- sets short tasks with a turn limit, paying a reward or charging a penalty;
and it announces a target score at the start and the verdict at the end.

It is a session driver (session.drivers): it sees every batch of events and acts when a turn has
ended. Its state lives in `game.notes["solo"]` as plain data, so saves and undo carry it, and all its
dice come from the game's RNG, so a solo game is a pure function of the seed and the commands.
Every sentence comes from the words catalog (locale/<lang>/solo.yaml).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from clank_story.rules import effects
from clank_story.rules import events as ev
from clank_story.rules.dragon import attack, row_cubes
from clank_story.rules.outcomes import knock_out
from clank_story.rules.row import refill
from clank_story.rules.state import Game, Player
from clank_story.words import say

THREAT = "threat"  # the bag colour of threat cubes (a neutral cube: rules/dragon.py sets it aside)
KEY = "solo"


@dataclass(frozen=True)
class Level:
    """How hard head office leans on you."""

    start_cubes: int  # threat cubes in the Clank area at the start
    per_turn: float  # threat cubes added between turns (0.5: every other turn)
    track: int  # threat draws that start the final audit
    clear: float  # row cards cleared between turns (0.5: every other turn)
    target: int  # the target score before the board's adjustment
    supply: int = 20  # threat cubes in all


LEVELS = {
    "easy": Level(start_cubes=1, per_turn=0.5, track=7, clear=0.5, target=40),
    "normal": Level(start_cubes=2, per_turn=1.0, track=6, clear=1.0, target=50),
    "hard": Level(start_cubes=3, per_turn=1.5, track=5, clear=1.5, target=60),
}
TASKS = ("slay", "shop", "secret", "reach", "hush", "gold", "artifact")
REWARDS = ("gold", "heal", "clank", "card", "threat")
PENALTIES = ("threat", "rage", "clank", "damage")


class SoloError(Exception):
    """The game cannot be played solo (str() is the sentence)."""


@dataclass(frozen=True, slots=True)
class SoloNews(ev.Event):
    """Something the solo director did or announced; `text` is the sentence to show."""

    what: str  # began | threat_added | threat_drawn | audit_began | audit | row_cleared | task_set | ...
    text: str
    info: dict[str, Any] = field(default_factory=dict)


class SoloDirector:
    def __init__(self, level: str = "normal") -> None:
        if level not in LEVELS:
            raise SoloError(self.say("bad_level", level=level, levels=", ".join(LEVELS)))
        self.level_name = level
        self.level = LEVELS[level]
        self.target: int | None = None  # the target score of the game this director last saw

    @classmethod
    def attach(cls, session: Any, level: str = "normal") -> SoloDirector:
        """Make `session` a solo game: one seat, this director acting between turns."""
        director = cls(level)
        if len(session.game.players) != 1:
            raise SoloError(director.say("one_seat", n=len(session.game.players)))
        session.drivers.append(director)
        return director

    # -- words -----------------------------------------------------------------------------------
    def say(self, key: str, **params: Any) -> str:
        return say(f"solo.{key}", **params)

    def news(self, what: str, key: str | None = None, **info: Any) -> SoloNews:
        return SoloNews(what, self.say(key or what, **info), info)

    # -- state -----------------------------------------------------------------------------------
    @staticmethod
    def state(game: Game) -> dict[str, Any]:
        return game.notes.setdefault(KEY, {})

    # -- the driver --------------------------------------------------------------------------------
    def __call__(self, game: Game, events: list[ev.Event]) -> list[ev.Event]:
        st = self.state(game)
        out: list[ev.Event] = []
        if not st:
            self.begin(game, st, out)
            self.target = st["target"]
            return out
        self.target = st["target"]
        self.watch(game, st, events, out)
        if st.get("over"):
            return out
        if game.over:
            self.verdict(game, st, out)
            return out
        if any(isinstance(e, ev.TurnStarted) for e in events):
            self.between_turns(game, st, out)
            if game.over:
                self.verdict(game, st, out)
        return out

    def begin(self, game: Game, st: dict[str, Any], out: list[ev.Event]) -> None:
        lv = self.level
        # Legacy boards are smaller and faster; the spread keeps each game's target a little different.
        target = lv.target + (-10 if game.legacy else 5) + 5 * game.rng.randrange(-1, 2)
        st.update(level=self.level_name, target=target, track=lv.track, threat=0, supply=lv.supply,
                  audit=0, turns=0, task=None, done=0, missed=0, rest=1)
        out.append(self.news("began", target=target, track=lv.track, cubes=lv.start_cubes))
        self.add_threat(game, st, lv.start_cubes, [])  # "began" has told it

    # -- what happened this batch ---------------------------------------------------------------
    def watch(self, game: Game, st: dict[str, Any], events: list[ev.Event], out: list[ev.Event]) -> None:
        me = game.players[0].name
        task = st.get("task")
        for e in events:
            if isinstance(e, ev.DragonAttacked) and e.neutral.get(THREAT):
                self.threat_drawn(game, st, e.neutral[THREAT], out)
            if task is None or getattr(e, "player", me) != me:
                continue
            match task["kind"], e:
                case "slay", ev.MonsterDefeated():
                    task["have"] += 1
                case "shop", ev.CardAcquired():
                    task["have"] += e.cost
                case "secret", ev.TokenTaken() if e.token != "artifact":
                    task["have"] += 1
                case "artifact", ev.TokenTaken() if e.token == "artifact":
                    task["have"] += 1
                case "reach", ev.Moved() if e.to == task["space"]:
                    task["have"] += 1
                case "gold", ev.Gained() if e.gains.get("gold", 0) > 0:
                    task["have"] += e.gains["gold"]
                case "hush", ev.ClankChanged() if e.amount > 0:
                    task["have"] += e.amount

    def threat_drawn(self, game: Game, st: dict[str, Any], n: int, out: list[ev.Event]) -> None:
        st["supply"] += n
        before = st["threat"]
        st["threat"] = min(st["track"], before + n)
        out.append(self.news("threat_drawn", n=n, threat=st["threat"], track=st["track"]))
        if before < st["track"] <= st["threat"] and not st["audit"]:
            st["audit"] = 1
            out.append(self.news("audit_began"))

    # -- between turns -----------------------------------------------------------------------------
    def between_turns(self, game: Game, st: dict[str, Any], out: list[ev.Event]) -> None:
        st["turns"] += 1
        p = game.players[0]
        self.settle_task(game, st, p, out)
        for step in (self.clear_row, self.drop_threat, self.audit_step, self.set_task):
            if game.over:
                return
            step(game, st, p, out)

    def _every(self, st: dict[str, Any], rate: float) -> int:
        """A rate of 0.5 or 1.5 alternates between turns."""
        whole = int(rate)
        return whole + (1 if rate - whole >= 0.5 and st["turns"] % 2 == 0 else 0)

    def clear_row(self, game: Game, st: dict[str, Any], p: Player, out: list[ev.Event]) -> None:
        dragon = False
        for _ in range(self._every(st, self.level.clear)):
            if not game.row or game.over:
                break
            # Rivals take from the cards that have been lying there, not the one just turned up.
            card_id = game.row.pop(game.rng.randrange(max(1, len(game.row) - 1)))
            game.deck_discard.append(card_id)
            out.append(self.news("row_cleared", card=game.card(card_id).name, card_id=card_id))
            mine: list[ev.Event] = []
            dragon = refill(game, mine) or dragon
            effects.run(game, mine)  # Arrive effects and Events (one may make the dragon attack)
            self.count_threat(game, st, mine, out)
        if dragon and not game.over:
            self.attack(game, st, row_cubes(game), "row", out)

    def drop_threat(self, game: Game, st: dict[str, Any], p: Player, out: list[ev.Event]) -> None:
        self.add_threat(game, st, self._every(st, self.level.per_turn), out)

    def add_threat(self, game: Game, st: dict[str, Any], n: int, out: list[ev.Event]) -> None:
        n = min(n, st["supply"])
        if n <= 0:
            return
        st["supply"] -= n
        game.clank_area[THREAT] = game.clank_area.get(THREAT, 0) + n
        out.append(self.news("threat_added", n=n, area=game.clank_area[THREAT]))

    def audit_step(self, game: Game, st: dict[str, Any], p: Player, out: list[ev.Event]) -> None:
        """The final audit: steps 2-4 attack with 1-3 extra cubes; step 5 seals the doors."""
        if not st["audit"]:
            return
        st["audit"] += 1
        step = st["audit"]
        if step >= 5:
            out.append(self.news("audit_end"))
            knock_out(game, p, out)
            return
        out.append(self.news("audit", step=step, extra=step - 1))
        self.attack(game, st, row_cubes(game) + step - 1, "countdown", out)

    def attack(self, game: Game, st: dict[str, Any], cubes: int, reason: str, out: list[ev.Event]) -> None:
        """A dragon attack the director causes; threat cubes it draws count on the track."""
        mine: list[ev.Event] = []
        attack(game, cubes, reason, mine)
        self.count_threat(game, st, mine, out)

    def count_threat(self, game: Game, st: dict[str, Any], mine: list[ev.Event], out: list[ev.Event]) -> None:
        """Pass on the events of the director's own doings, moving the track for threat cubes drawn."""
        for e in mine:
            out.append(e)
            if isinstance(e, ev.DragonAttacked) and e.neutral.get(THREAT):
                self.threat_drawn(game, st, e.neutral[THREAT], out)

    # -- tasks -------------------------------------------------------------------------------------
    def set_task(self, game: Game, st: dict[str, Any], p: Player, out: list[ev.Event]) -> None:
        if st["task"] is not None or st["audit"] or p.out:
            return
        if st["rest"] > 0:
            st["rest"] -= 1
            return
        rng = game.rng
        kinds = [k for k in TASKS if self._fits(game, p, k)]
        kind = kinds[rng.randrange(len(kinds))]
        turns = 2 + rng.randrange(3)
        task: dict[str, Any] = {"kind": kind, "turns": turns, "have": 0, "need": 1, "space": None}
        if kind == "shop":
            task["need"] = 4 + turns
        elif kind == "gold":
            task["need"] = 1 + turns
        elif kind == "reach":
            spaces = self._somewhere(game, p, turns)
            task["space"] = spaces[rng.randrange(len(spaces))]
        elif kind == "hush":
            task["need"] = turns
        rewards = [r for r in REWARDS if r != "heal" or p.damage > 0]
        task["reward"] = rewards[rng.randrange(len(rewards))]
        penalties = [x for x in PENALTIES if x != "damage" or p.health_left > 3]
        task["penalty"] = penalties[rng.randrange(len(penalties))]
        st["task"] = task
        out.append(self.news("task_set", task=self.task_words(game, task), turns=turns,
                             reward=self.say(f"reward.{task['reward']}"),
                             penalty=self.say(f"penalty.{task['penalty']}"), kind=kind))

    def _fits(self, game: Game, p: Player, kind: str) -> bool:
        if kind == "artifact":
            return not p.artifacts and bool(game.artifacts)
        if kind == "reach":
            return bool(self._somewhere(game, p, 2))
        return True

    def _somewhere(self, game: Game, p: Player, turns: int) -> list[str]:
        """Spaces a few steps away (never the start) for a `reach` task."""
        from clank_story.bots.base import distances_to

        dist = distances_to(game.board, p.space)
        far = min(4, max(2, turns))
        return sorted(s for s, d in dist.items() if 2 <= d <= far and s != game.board.start)

    def task_words(self, game: Game, task: Mapping[str, Any]) -> str:
        space = game.board.spaces[task["space"]].name if task.get("space") else ""
        return self.say(f"task.{task['kind']}", need=task["need"], space=space)

    def settle_task(self, game: Game, st: dict[str, Any], p: Player, out: list[ev.Event]) -> None:
        task = st["task"]
        if task is None:
            return
        task["turns"] -= 1
        words = self.task_words(game, task)
        if task["kind"] == "hush":  # at most `need` Clank over the whole task
            met = False if task["have"] > task["need"] else (None if task["turns"] > 0 else True)
        else:
            met = True if task["have"] >= task["need"] else (None if task["turns"] > 0 else False)
        if met is None:
            return
        st["task"] = None
        st["rest"] = 1
        if met:
            st["done"] += 1
            out.append(self.news("task_met", task=words, reward=self.say(f"reward.{task['reward']}")))
            self.reward(game, st, p, task["reward"], out)
        else:
            st["missed"] += 1
            kind = task["penalty"]
            if kind == "damage" and p.health_left <= 2:  # a penalty never knocks you out
                kind = "threat"
            out.append(self.news("task_missed", task=words, penalty=self.say(f"penalty.{kind}")))
            self.penalty(game, st, p, kind, out)

    def reward(self, game: Game, st: dict[str, Any], p: Player, kind: str, out: list[ev.Event]) -> None:
        if kind == "threat":
            back = min(2, game.clank_area.get(THREAT, 0))
            game.clank_area[THREAT] = game.clank_area.get(THREAT, 0) - back
            st["supply"] += back
            return
        block = {"gold": {"gold": 3}, "heal": {"heal": 2}, "clank": {"clank": -2},
                 "card": {"gain_card": "explore"}}[kind]
        self.resolve(game, p, block, out)

    def penalty(self, game: Game, st: dict[str, Any], p: Player, kind: str, out: list[ev.Event]) -> None:
        if kind == "threat":
            self.add_threat(game, st, 2, out)
            return
        block = {"rage": {"rage": 1}, "clank": {"clank": 2}, "damage": {"damage": 1}}[kind]
        self.resolve(game, p, block, out)

    def resolve(self, game: Game, p: Player, block: Mapping[str, Any], out: list[ev.Event]) -> None:
        """Through the effect registry, like a card; the source reads as head office in narration."""
        effects.enqueue(game, p, block, self.say("source"))
        effects.run(game, out)

    # -- the end -----------------------------------------------------------------------------------
    def verdict(self, game: Game, st: dict[str, Any], out: list[ev.Event]) -> None:
        st["over"] = True
        score = game.players[0].score
        key = "verdict_won" if score >= st["target"] and score > 0 else "verdict_lost"
        out.append(self.news("verdict", key, score=score, target=st["target"], done=st["done"],
                             missed=st["missed"]))
