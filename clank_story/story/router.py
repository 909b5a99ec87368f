"""The story router: listens to engine events and opens passages, runs contracts, and applies
story effects to the StoryState.

It is a session driver (session.py): after every batch of engine events it is called with them and
returns its own events. Work that must wait (a choice, a question asked by a passage's effect) is
kept in `state.agenda`, plain data, so a saved or undone game resumes mid-passage:

    open P     render P's text, apply its effects, then `offer`
    offer P    ask the choices whose `if` holds (`choose N`), or follow P's goto
    next P     after a choice: follow the choice's goto, else P's
    contract C check C's condition and cost for a player; complete it
    complete C pay, reward, read C's passage

Rules effects (gold, damage, gain_card, ...) go through the engine (`effects.apply_block`); story
effects come back out of the engine as StoryEffect events and change the StoryState here, in order.
An authoring error met at play time skips that passage with a StoryApology event and a logged
diagnostic; the game goes on. A chain of more than MAX_CHAIN passages without a player's choice is
a goto loop and is stopped the same way."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from clank_story.content.diagnostics import Diagnostic
from clank_story.rules import effects
from clank_story.rules import events as ev
from clank_story.rules.state import Game
from clank_story.rules.view import views
from clank_story.story import effects as story_effects
from clank_story.story import events as sev
from clank_story.story.budget import allowance
from clank_story.story.contracts import MUST_HAVE, Contract
from clank_story.story.passages import CARD_EFFECTS, Book, Passage
from clank_story.story.render import StoryProblem, compile_condition, render, truth
from clank_story.story.state import StoryState
from clank_story.words import say

log = logging.getLogger("clank_story.story")

MAX_CHAIN = 25
KEPT_EVENTS: dict[str, Callable[[str, str], ev.Event]] = {
    "destroy_card": sev.CardDestroyed, "cardporium": sev.CardporiumAdded, "sticker": sev.StickerPlaced,
    "unlock": sev.RuleUnlocked, "patron": sev.PatronPlaced}


class Router:
    def __init__(self, book: Book, state: StoryState, *, prologue: str | Sequence[str] | None = None,
                 epilogue: str | None = None, waypoints: dict[str, str] | None = None) -> None:
        self.book = book
        self.state = state
        # read before the first turn, in order: the game's prologue, then any an unlocked rule adds
        self.prologues = [prologue] if isinstance(prologue, str) else [p for p in prologue or () if p]
        self.epilogue = epilogue
        # A campaign game may give a board's waypoint numbers passages of its own (the board side
        # and chapter decide what a number means): waypoint id -> passage id.
        self.waypoints = dict(waypoints or {})
        self.game: Game | None = None

    # -- the driver -----------------------------------------------------------------------------
    def __call__(self, game: Game, events: list[ev.Event]) -> list[ev.Event]:
        return self.handle(game, events)

    def handle(self, game: Game, events: Iterable[ev.Event]) -> list[ev.Event]:
        """React to a batch of engine events; return the events of what the story did. Everything
        the story evaluates for one batch shares one time allowance (story/budget.py)."""
        self.game = game
        self.state.chain = []  # a goto loop runs within one batch; each command starts afresh
        out: list[ev.Event] = []
        with allowance():
            for e in events:
                out += self._on(e)
            out += self._pump()
            if self.state.row_read:
                out += self._expire_due()
        self._publish()
        return out

    def open(self, game: Game, passage: str, player: str | None = None, source: str = "story") -> list[ev.Event]:
        """Read a passage now (promotions, the campaign layer's end-of-game steps, previews)."""
        self.game = game
        self.state.chain = []
        self.state.agenda.insert(0, _open(passage, player or game.me.name, source))
        with allowance():
            out = self._pump()
        self._publish()
        return out

    def contract_row(self) -> list[Contract]:
        return [self.book.contracts[c] for c in self.state.contracts if c in self.book.contracts]

    def describe_contracts(self, detail: Callable[[Contract], str] | None = None) -> list[str]:
        """The row for the `contracts` command: each contract's name and visible description, then
        `detail(contract)` (when, cost and reward, worded by the caller in the game's names) if given."""
        row = self.contract_row()
        if not row:
            return [say("story.contracts.empty")]
        lines = [say("story.contracts.header")]
        for c in row:
            lines.append(say("story.contracts.line", name=c.name, description=c.description))
            extra = detail(c) if detail is not None else ""
            if extra:
                lines.append(extra)
        return lines

    # -- events in --------------------------------------------------------------------------------
    def _on(self, e: ev.Event) -> list[ev.Event]:
        state = self.state
        match e:
            case ev.WaypointEntered():
                state.agenda.append(_open(self.waypoints.get(e.passage, e.passage), e.player, e.space))
                if e.passage not in state.waypoints_read:
                    state.waypoints_read.append(e.passage)
            case ev.StoryChoice():
                state.chain = []
                return self._choice(e)
            case ev.StoryEffect():
                return self._effect(e)
            case ev.TurnStarted() if not state.started:
                # the rulebook's order: the prologue, the contract row read aloud, then play
                state.started = True
                for passage in self.prologues:
                    state.agenda.append(_open(passage, self.franchise_reader(), "prologue"))
                state.agenda.append({"do": "row"})
                for p in self._game.players:
                    self._contracts("start_of_game", p.name)
            case ev.TurnEnded():
                self._contracts("end_of_turn", e.player)
            case ev.Moved():
                self._contracts("enter_space", e.player, e.to)
            case ev.CardAcquired():
                self._contracts("acquire", e.player, e.card)
            case ev.MonsterDefeated():
                self._contracts("defeat", e.player, e.card)
            case ev.GameOver() if not state.finished:
                state.finished = True
                for p in self._game.players:
                    self._contracts("end_of_game", p.name)
                if self.epilogue:
                    state.agenda.append(_open(self.epilogue, self.franchise_reader(), "epilogue"))
        return []

    def franchise_reader(self, fallback: str | None = None) -> str:
        """Who answers for the franchise (the prologue's plans, a signature the whole branch is bound
        by): the first seat a person plays, else `fallback`, else the first seat."""
        for p in self._game.players:
            if not p.bot:
                return p.name
        return fallback or self._game.players[0].name

    def _publish(self) -> None:
        """What every player at the table knows of the story, as plain data for the bots
        (`game.notes["story"]`): the contract row with each contract's trigger and target, and the
        waypoints whose passages were read this game."""
        row = [[c.id, c.trigger, c.target] for c in self.contract_row()]
        self._game.notes["story"] = {"contracts": row, "waypoints": list(self.state.waypoints_read)}

    @property
    def _game(self) -> Game:
        assert self.game is not None
        return self.game

    def _contracts(self, trigger: str, player: str, target: str | None = None) -> None:
        for cid in self.state.contracts:
            c = self.book.contracts.get(cid)
            if c is not None and c.trigger == trigger and (c.target is None or c.target == target):
                self.state.agenda.append({"do": "contract", "id": cid, "player": player})

    # -- the agenda -------------------------------------------------------------------------------
    def _pump(self) -> list[ev.Event]:
        out: list[ev.Event] = []
        state = self.state
        while state.agenda and self._game.pending is None:
            step = state.agenda.pop(0)
            kind = step["do"]
            if kind == "open":
                out += self._open_passage(step)
            elif kind == "offer":
                out += self._offer(step)
            elif kind == "next":
                if step.get("goto"):
                    state.agenda.insert(0, _open(step["goto"], step["player"], step["source"]))
            elif kind == "contract":
                out += self._check_contract(step)
            elif kind == "complete":
                out += self._complete(step["id"], step["player"], pay=step.get("pay", True))
            elif kind == "row":
                out += self._expire_due()
                state.row_read = True
                row = self.contract_row()
                if row:
                    out.append(sev.ContractRow(tuple((c.id, c.name, c.description) for c in row)))
        return out

    def _names(self, player: str | None) -> dict[str, Any]:
        names = views(self._game, self.state.campaign_view())
        if player is not None:
            with contextlib.suppress(KeyError):
                names["me"] = names["players"][player]
        return names

    def _open_passage(self, step: dict[str, Any]) -> list[ev.Event]:
        state = self.state
        pid, player, source = step["passage"], step["player"], step["source"]
        if len(state.chain) >= MAX_CHAIN:
            chain = " -> ".join([*state.chain[-6:], pid])
            first = self.book.passages.get(pid)
            where = (first.path, first.line, 1) if first else (self.book.root, 1, 1)
            self._drop_chain()
            return [self._apologise(pid, [Diagnostic(*where, "BS203", say("story.goto_loop", passage=pid, chain=chain))])]
        state.chain.append(pid)
        passage = self.book.passages.get(pid)
        if passage is None:
            return [self._apologise(pid, [Diagnostic(self.book.root, 1, 1, "BS204", say("story.no_passage", passage=pid))])]
        if pid in self.book.broken:
            return [self._apologise(pid, self.book.broken[pid])]
        again = passage.once and state.has_seen(pid)
        names = self._names(player)
        key = "again" if again else "text"
        try:
            compiled = passage.compiled(key)
            if compiled is not None:
                text = render(compiled, names)
            else:
                text = say("story.again", title=passage.title or pid) if again else ""
        except StoryProblem as e:
            return [self._problem(passage, key, e)]
        if pid not in state.seen:
            state.seen.append(pid)
        out: list[ev.Event] = [sev.PassageOpened(player, pid, passage.title or pid, text.rstrip(), again)]
        if again:
            return out
        state.agenda.insert(0, {"do": "offer", "passage": pid, "player": player, "source": source,
                                "goto": passage.goto})
        return out + self._apply(player, passage.effects, source, passage, "effect")

    def _offer(self, step: dict[str, Any]) -> list[ev.Event]:
        pid, player, source = step["passage"], step["player"], step["source"]
        passage = self.book.passages[pid]
        options: list[dict[str, Any]] = []
        if passage.choices and not self._game.over:
            names = self._names(player)
            for i, choice in enumerate(passage.choices):
                try:
                    cond = passage.compiled(f"choice.{i}.if")
                    if cond is not None and not truth(cond, names):
                        continue
                    label_tmpl = passage.compiled(f"choice.{i}.text")
                    label = render(label_tmpl, names).strip() if label_tmpl else choice["text"]
                except StoryProblem as e:
                    key = f"choice.{i}.if" if "if" in choice else f"choice.{i}.text"
                    self._drop_chain()
                    return [self._problem(passage, key, e)]
                goto = choice.get("goto") or step.get("goto")
                options.append({"label": label, "choice": i, "then": step.get("goto"), "source": source,
                                "effects": choice.get("effects") or [],
                                "new": bool(goto) and not self.state.has_seen(str(goto))})
        if len(options) == 1:  # one option is no choice: take it, and let its passage tell it
            only = options[0]
            taken = ev.StoryChoice(player, pid, 1, only)
            return [sev.OnlyOption(player, pid, only["label"]), *self._choice(taken)]
        if options:
            # a decision of the franchise's (a signature that binds the branch) goes to a person's seat
            asked = self.franchise_reader(player) if passage.data.get("franchise") else player
            effects.ask(self._game, self._game.player(asked), "story", options, source, optional=False,
                        passage=pid)
            # the choices as an event too, so a transcript shows what a bot was offered
            return [ev.QuestionAsked(asked, "story", tuple(o["label"] for o in options))]
        if step.get("goto"):
            self.state.agenda.insert(0, _open(step["goto"], player, source))
        return []

    def _choice(self, e: ev.StoryChoice) -> list[ev.Event]:
        passage = self.book.passages.get(e.passage)
        index = e.data.get("choice")
        if passage is None or not isinstance(index, int) or index >= len(passage.choices):
            return []
        choice = passage.choices[index]
        source = e.data.get("source", "story")
        then = choice.get("goto") or e.data.get("then")
        self.state.agenda.insert(0, {"do": "next", "passage": e.passage, "player": e.player, "source": source,
                                     "goto": then})
        return self._apply(e.player, choice.get("effects") or [], source, passage, f"choice.{index}.effect")

    def _drop_chain(self) -> None:
        self.state.agenda = [s for s in self.state.agenda if s["do"] not in ("open", "offer", "next")]

    # -- effects ----------------------------------------------------------------------------------
    def _apply(self, player: str, block: list[dict[str, Any]], source: str, passage: Passage | None,
               prefix: str) -> list[ev.Event]:
        """Judge string `if`s now, check card ids against this game, then let the engine resolve."""
        game = self._game
        chosen: list[dict[str, Any]] = []
        names: dict[str, Any] | None = None
        for i, item in enumerate(block):
            cond = item.get("if")
            if isinstance(cond, str):
                names = names or self._names(player)
                key = f"{prefix}.{i}.if"
                try:
                    compiled = passage.compiled(key) if passage is not None else None
                    holds = truth(compiled or compile_condition(cond), names)
                except StoryProblem as e:
                    if passage is None:
                        return [self._apologise(source, [Diagnostic(self.book.root, 1, 1, e.code, e.message)])]
                    self._drop_chain()
                    return [self._problem(passage, key, e)]
                if not holds:
                    continue
                item = {k: v for k, v in item.items() if k != "if"}
            chosen.append(item)
        for item in chosen:
            for key in CARD_EFFECTS:
                card = item.get(key)
                if card is not None and card not in game.ruleset.cards:
                    where = (passage.path, passage.line, 1) if passage else (self.book.root, 1, 1)
                    self._drop_chain()
                    return [self._apologise(passage.id if passage else source,
                                            [Diagnostic(*where, "BS205", say("story.unknown_card", card=card))])]
        if not chosen:
            return []
        if game.over:  # only the story's own effects still mean something
            produced: list[ev.Event] = [ev.StoryEffect(player, source, k, v) for item in chosen
                                        for k, v in item.items() if effects.REGISTRY.get(k) and
                                        effects.REGISTRY[k].story]
        else:
            produced = effects.apply_block(game, player, chosen, source)
        out: list[ev.Event] = []
        for i, e in enumerate(produced):
            if not isinstance(e, ev.StoryEffect):
                out.append(e)
            elif e.effect == "destroy_card" and not _trashed_next(produced, i):
                _out_of_this_game(game, str(e.value))
            out += self._on(e)
        return out

    def _effect(self, e: ev.StoryEffect) -> list[ev.Event]:
        """A story effect the engine reported: the story effects table applies it to this game's
        ledger (the story state), which tells what happened as events."""
        if not story_effects.is_story_effect(e.effect):
            return []
        ledger = GameLedger(self, e.source)
        story_effects.apply(ledger, e.effect, e.value, e.player)
        return ledger.events

    # -- contracts --------------------------------------------------------------------------------
    def _check_contract(self, step: dict[str, Any]) -> list[ev.Event]:
        cid, player = step["id"], step["player"]
        c = self.book.contracts.get(cid)
        if c is None or cid not in self.state.contracts:
            return []
        if self._expired(c, player):
            return self._expire(c)
        if c.condition:
            try:
                if not truth(compile_condition(c.condition), self._names(player)):
                    return []
            except StoryProblem as e:
                return [self._apologise(cid, [Diagnostic(c.path, c.line, c.col, e.code, e.message)])]
        if not self._affordable(c, player):
            return []
        return self._complete(cid, player, pay=True)

    def _expired(self, c: Contract, player: str | None = None) -> bool:
        if not c.expires:
            return False
        try:
            return truth(compile_condition(c.expires), self._names(player or self.franchise_reader()))
        except StoryProblem as e:
            self._apologise(c.id, [Diagnostic(c.path, c.line, c.col, e.code, e.message)])
            return False

    def _expire(self, c: Contract) -> list[ev.Event]:
        self.state.contracts.remove(c.id)
        self.state.contracts_expired.append(c.id)
        self.state.agenda = [s for s in self.state.agenda if not (s["do"] == "contract" and s["id"] == c.id)]
        return [sev.ContractExpired(c.id, c.name, c.expired)]

    def _expire_due(self) -> list[ev.Event]:
        """Contracts in the row that can no longer be done leave it, each with its line of prose."""
        out: list[ev.Event] = []
        for c in self.contract_row():
            if self._expired(c):
                out += self._expire(c)
        return out

    def _affordable(self, c: Contract, player: str) -> bool:
        game = self._game
        p = game.player(player)
        active = game.me is p and not game.over
        have = {"gold": p.gold, "skill": game.turn.skill if active else 0,
                "swords": game.turn.swords if active else 0, "boots": game.turn.boots if active else 0}
        return all(have[k] >= n for k, n in c.cost.items() if k in MUST_HAVE)

    def _complete(self, cid: str, player: str, *, pay: bool) -> list[ev.Event]:
        c = self.book.contracts.get(cid)
        state = self.state
        if c is None or cid not in state.contracts:
            return []
        out: list[ev.Event] = [sev.ContractCompleted(player, cid, c.name)]
        state.contracts_completed.append(cid)
        if c.destroy:
            state.contracts.remove(cid)
        if pay and c.cost and not self._game.over:
            cost = {k: (n if k in ("damage", "clank") else -n) for k, n in c.cost.items() if n}
            out += self._apply(player, [cost], cid, None, "cost")
        if c.passage:
            state.agenda.insert(0, _open(c.passage, player, cid))
        return out + self._apply(player, c.reward, cid, None, "reward")

    # -- apologies --------------------------------------------------------------------------------
    def _problem(self, passage: Passage, key: str, e: StoryProblem) -> ev.Event:
        line, col = passage.where(key, e.line)
        return self._apologise(passage.id, [Diagnostic.of(passage.path, line, col, e.code, e.text)])

    def _apologise(self, pid: str, diagnostics: list[Diagnostic]) -> ev.Event:
        for d in diagnostics:
            log.error(str(d))
        return sev.StoryApology(pid, diagnostics[0].text() if diagnostics else "")


def _trashed_next(produced: list[ev.Event], i: int) -> bool:
    """Whether the engine took the destroyed card out of its reader's own cards (its CardTrashed
    event follows the story effect at once)."""
    e, nxt = produced[i], produced[i + 1] if i + 1 < len(produced) else None
    return isinstance(nxt, ev.CardTrashed) and nxt.player == e.player and nxt.card == e.value


def _out_of_this_game(game: Game, card: str) -> None:
    """A card destroyed for good that its reader did not hold leaves this game too: one copy from the
    adventure deck, else from its Reserve pile. (An engine change could do this in rules/effects.py's
    destroy_card handler; until then the story layer does it, through plain state.)"""
    if card in game.deck:
        game.deck.remove(card)
    elif game.reserve.get(card, 0) > 0 and not game.card(card).stays:
        game.reserve[card] -= 1


class GameLedger:
    """A game's story ledger (story/effects.py): the router's StoryState. Changes the campaign keeps
    go into the state's journal; each change is told as an event."""

    def __init__(self, router: Router, source: str) -> None:
        self.router = router
        self.state = router.state
        self.source = source
        self.events: list[ev.Event] = []

    @property
    def flags(self) -> dict[str, Any]:
        return self.state.flags

    @property
    def counters(self) -> dict[str, int]:
        return self.state.counters

    def keep(self, effect: str, value: str, player: str | None) -> None:
        self.state.journal.append([effect, value, player])
        shown = self.state.labels.get(f"{effect}:{value}", value)  # a sticker's or rule's name
        self.events.append(KEPT_EVENTS[effect](player or "", shown))

    def checkmarks(self, player: str | None, n: int) -> None:
        self.state.journal.append(["checkmark", n, player])
        self.events.append(sev.CheckmarksEarned(player or "", n))

    def contract(self, action: str, contract: str, player: str | None) -> None:
        state, book = self.state, self.router.book
        if action == "add":
            if contract in book.contracts and contract not in state.contracts:
                state.contracts.append(contract)
                self.events.append(sev.ContractAdded(contract, book.contracts[contract].name))
        elif action == "complete":
            if contract in state.contracts:
                state.agenda.insert(0, {"do": "complete", "id": contract, "player": player, "pay": False})
        elif contract in state.contracts:
            state.contracts.remove(contract)
            state.contracts_destroyed.append(contract)
            c = book.contracts.get(contract)
            self.events.append(sev.ContractDestroyed(contract, c.name if c else contract))

    def goto(self, passage: str, player: str | None) -> None:
        for step in self.state.agenda:
            if step["do"] in ("offer", "next"):
                step["goto"] = passage
                return
        self.state.agenda.insert(0, _open(passage, player or "", self.source))

    def end_game(self) -> None:
        self.state.ended_by_story = True


def _open(passage: str, player: str, source: str) -> dict[str, Any]:
    return {"do": "open", "passage": str(passage), "player": player, "source": source}
