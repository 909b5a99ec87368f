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
from collections.abc import Callable, Iterable
from typing import Any

from clank_story.content.diagnostics import Diagnostic
from clank_story.rules import effects
from clank_story.rules import events as ev
from clank_story.rules.state import Game
from clank_story.rules.view import views
from clank_story.story import events as sev
from clank_story.story.budget import allowance
from clank_story.story.contracts import MUST_HAVE, Contract
from clank_story.story.passages import CARD_EFFECTS, Book, Passage
from clank_story.story.render import StoryProblem, compile_condition, render, truth
from clank_story.story.state import StoryState
from clank_story.words import say

log = logging.getLogger("clank_story.story")

MAX_CHAIN = 25
CAMPAIGN_LISTS = {"destroy_card": ("destroyed_cards", sev.CardDestroyed),
                  "cardporium": ("cardporium", sev.CardporiumAdded), "sticker": ("stickers", sev.StickerPlaced),
                  "unlock": ("unlocked", sev.RuleUnlocked), "patron": ("patrons", sev.PatronPlaced)}


class Router:
    def __init__(self, book: Book, state: StoryState, *, prologue: str | None = None,
                 epilogue: str | None = None, waypoints: dict[str, str] | None = None) -> None:
        self.book = book
        self.state = state
        self.prologue = prologue
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
        return out

    def open(self, game: Game, passage: str, player: str | None = None, source: str = "story") -> list[ev.Event]:
        """Read a passage now (promotions, the campaign layer's end-of-game steps, previews)."""
        self.game = game
        self.state.chain = []
        self.state.agenda.insert(0, _open(passage, player or game.me.name, source))
        with allowance():
            return self._pump()

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
            case ev.StoryChoice():
                state.chain = []
                return self._choice(e)
            case ev.StoryEffect():
                return self._effect(e)
            case ev.TurnStarted() if not state.started:
                # the rulebook's order: the prologue, the contract row read aloud, then play
                state.started = True
                if self.prologue:
                    state.agenda.append(_open(self.prologue, self._game.players[0].name, "prologue"))
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
                    state.agenda.append(_open(self.epilogue, self._game.players[0].name, "epilogue"))
        return []

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
                options.append({"label": label, "choice": i, "then": step.get("goto"), "source": source})
        if options:
            effects.ask(self._game, self._game.player(player), "story", options, source, optional=False,
                        passage=pid)
            # the choices as an event too, so a transcript shows what a bot was offered
            return [ev.QuestionAsked(player, "story", tuple(o["label"] for o in options))]
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
        for e in produced:
            if not isinstance(e, ev.StoryEffect):
                out.append(e)
            out += self._on(e)
        return out

    def _effect(self, e: ev.StoryEffect) -> list[ev.Event]:
        state, name, value, player = self.state, e.effect, e.value, e.player
        if name == "flag":
            state.flags.update(value if isinstance(value, dict) else {str(value): True})
        elif name == "unflag":
            state.flags.pop(str(value), None)
        elif name == "counter":
            for key, n in (value.items() if isinstance(value, dict) else [(str(value), 1)]):
                state.counters[key] = state.counters.get(key, 0) + int(n)
        elif name == "goto":
            for step in state.agenda:
                if step["do"] in ("offer", "next"):
                    step["goto"] = str(value)
                    break
            else:
                state.agenda.insert(0, _open(str(value), player, e.source))
        elif name in CAMPAIGN_LISTS:
            field_name, event = CAMPAIGN_LISTS[name]
            getattr(state, field_name).append(str(value))
            return [event(player, str(value))]
        elif name == "checkmark":
            state.checkmarks[player] = state.checkmarks.get(player, 0) + int(value)
            return [sev.CheckmarksEarned(player, int(value))]
        elif name == "add_contract":
            if value in self.book.contracts and value not in state.contracts:
                state.contracts.append(value)
                return [sev.ContractAdded(value, self.book.contracts[value].name)]
        elif name == "complete_contract":
            if value in state.contracts:
                state.agenda.insert(0, {"do": "complete", "id": value, "player": player, "pay": False})
        elif name == "destroy_contract":
            if value in state.contracts:
                state.contracts.remove(value)
                state.contracts_destroyed.append(value)
                c = self.book.contracts.get(value)
                return [sev.ContractDestroyed(value, c.name if c else value)]
        elif name == "end_game":
            state.ended_by_story = bool(value)
        return []

    # -- contracts --------------------------------------------------------------------------------
    def _check_contract(self, step: dict[str, Any]) -> list[ev.Event]:
        cid, player = step["id"], step["player"]
        c = self.book.contracts.get(cid)
        if c is None or cid not in self.state.contracts:
            return []
        if c.condition:
            try:
                if not truth(compile_condition(c.condition), self._names(player)):
                    return []
            except StoryProblem as e:
                return [self._apologise(cid, [Diagnostic(c.path, c.line, c.col, e.code, e.message)])]
        if not self._affordable(c, player):
            return []
        return self._complete(cid, player, pay=True)

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
        return self._apologise(passage.id, [Diagnostic(passage.path, line, col, e.code, e.message)])

    def _apologise(self, pid: str, diagnostics: list[Diagnostic]) -> ev.Event:
        for d in diagnostics:
            log.error(str(d))
        return sev.StoryApology(pid, diagnostics[0].message if diagnostics else "")


def _open(passage: str, player: str, source: str) -> dict[str, Any]:
    return {"do": "open", "passage": str(passage), "player": player, "source": source}
