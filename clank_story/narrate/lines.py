"""One line per event, from the words catalog (`narrate.events.*`, locale/<lang>/narration.yaml): the
plain narration behind questions, effect texts, and the fallback when prose cannot be told."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict
from typing import Any

from clank_story.rules import events as ev
from clank_story.rules.state import Game
from clank_story.words import choose, entry, fill, language, memo, say

_DOUBLED = re.compile(r"(?<!\.)\.\.(?!\.)|([?!])\.")


def tidy(text: str) -> str:
    """No doubled full stop where a sentence's own punctuation met the template's ("stay.." ->
    "stay.", "really?." -> "really?"); an ellipsis stays. (Most sentences have nothing to tidy, which
    three substring tests tell more cheaply than the pattern.)"""
    if ".." not in text and "?." not in text and "!." not in text:
        return text
    return _DOUBLED.sub(lambda m: m.group(1) or ".", text)


def person(game: Game) -> str | None:
    """The seat told in the second person: the one person at the keyboard (the only human seat), or
    in a hot-seat game the person whose turn it is (or who is asked a question now); nobody when
    every seat is a bot."""
    return addressed(game, sides(game)[0])


def sides(game: Game) -> tuple[tuple[str, ...], frozenset[str]]:
    """The people's names in seat order, and the bots'. They stay the same for a whole game, so the
    narrator, which needs both for every batch of events it tells, works them out once a game."""
    humans: list[str] = []
    bots: set[str] = set()
    for p in game.players:
        if p.bot:
            bots.add(p.name)
        else:
            humans.append(p.name)
    return tuple(humans), frozenset(bots)


def addressed(game: Game, humans: tuple[str, ...]) -> str | None:
    """Which of the people (`sides`) is told in the second person now (`person`)."""
    if len(humans) == 1:
        return humans[0]
    pending = game.pending
    if pending is not None and pending.get("p") in humans:
        return str(pending["p"])
    me = game.players[game.active].name
    return me if me in humans else None


def w(key: str, **params: Any) -> str:
    """A narration word (`narrate.KEY`) in the current language."""
    return say(f"narrate.{key}", **params)


class Narrator:
    def __init__(self) -> None:
        self._blocks: tuple[Any, str, dict[str, str]] | None = None  # `_described`: (ruleset, language, texts)

    def w(self, key: str, **params: Any) -> str:
        return w(key, **params)

    def card(self, game: Game, card_id: str) -> str:
        return game.ruleset.name_of(card_id)

    def space(self, game: Game, space_id: str) -> str:
        return game.ruleset.space_name(space_id)

    def line(self, game: Game, event: ev.Event) -> str:
        template = entry(f"narrate.events.{event.kind}", "")
        if not template:
            return ""
        if isinstance(event, ev.Answered) and event.question == "story":
            return ""  # the StoryChoice that follows says what was chosen
        data = asdict(event)  # not event.data(): StoryChoice has a field of that name
        params: dict[str, Any] = dict(data)
        params["you"] = data.get("player") is not None and data.get("player") == person(game)
        for key in ("card",):
            if key in data:
                params[key] = self.card(game, data[key])
        for key in ("to", "origin", "space"):
            if key in data and isinstance(data[key], str):
                params[key] = self.space(game, data[key])
        match event:
            case ev.Gained():
                params["gains"] = self.w("gains_sep").join(
                    self.w(f"gain.{k}", n=n) for k, n in event.gains.items() if n)
                params["source"] = self.card(game, event.source) if event.source in game.ruleset.cards or \
                    event.source in game.ruleset.secrets else self.space(game, event.source)
                if not params["gains"]:
                    return ""
            case ev.Moved():
                how = ""
                if event.teleport:
                    how = self.w("move.teleport")
                elif event.coach_gold:
                    how = self.w("move.coach", gold=event.coach_gold)
                if event.swords:
                    how += self.w("move.swords", swords=event.swords)
                if event.damage:
                    how += self.w("move.damage", damage=event.damage)
                params["how"] = how
            case ev.ClankChanged():
                if event.amount > 0:
                    params["clank"] = self.w("clank.add", player=event.player, n=event.amount)
                elif event.amount < 0:
                    params["clank"] = self.w("clank.remove", player=event.player, n=-event.amount)
                elif event.asked < 0:
                    params["clank"] = self.w("clank.credit", player=event.player, n=-event.asked)
                else:
                    params["clank"] = self.w("clank.none", player=event.player)
            case ev.CardsDrawn():
                params["reshuffled"] = self.w("reshuffled") if event.reshuffled else ""
            case ev.TokenTaken():
                if event.token == "artifact":
                    params["token"] = self.w("artifact", value=event.value)
                elif event.token == "monkey-idol":
                    params["token"] = self.w("monkey-idol")
                else:
                    params["token"] = self.card(game, event.token)
            case ev.SecretUsed() | ev.MarketBought():
                key = "token" if isinstance(event, ev.SecretUsed) else "item"
                params[key] = self.card(game, data[key])
            case ev.CardRevealed():
                params["marks"] = (self.w("mark.dragon") if event.dragon else "") + (
                    self.w("mark.event") if event.event else "")
            case ev.DragonAttacked():
                parts = [self.w("hit", player=p, n=n) for p, n in event.hits.items()]
                if event.black:
                    parts.append(self.w("black", n=event.black))
                if event.returned:
                    parts.append(self.w("returned", n=event.returned))
                params["hits"] = self.w("list.sep").join(parts) if event.hits or parts else self.w("hits.none")
                if not event.hits and parts:
                    params["hits"] += "; " + self.w("hits.none")
            case ev.KnockedOut():
                params["zero"] = self.w("zero") if event.scores_zero else ""
            case ev.GameOver():
                params["scores"] = self.w("list.sep").join(self.w("score", player=p, n=n) for p, n in event.scores.items())
                params["winner"] = self.w("winner", player=event.winner) if event.winner else self.w("no_winner")
            case ev.StoryEffect():
                params["value"] = event.value
            case ev.StoryChoice():
                params["label"] = event.data.get("label", event.option)
            case ev.QuestionAsked():
                params["options"] = " ".join(self.w("option.numbered", n=i, text=o).strip()
                                             for i, o in enumerate(event.options, start=1))
        if event.kind == "ContractRow":  # a story event (story/events.py), known here by its kind
            params["contracts"] = "; ".join(self.w("contract.brief", name=name, description=text)
                                            for _, name, text in data.get("contracts", ()))
        return tidy(fill(str(choose(template, params)), params))

    def lines(self, game: Game, events: Iterable[ev.Event]) -> list[str]:
        return [text for e in events if (text := self.line(game, e))]

    def question(self, game: Game) -> list[str]:
        """The pending question and its numbered options."""
        pending = game.pending
        if pending is None:
            return []
        out = [self.w(f"question.{pending['q']}", player=pending["p"], source=self.card(game, pending["src"]),
                      you=pending["p"] == person(game))]
        for i, option in enumerate(pending["options"], start=1):
            out.append(self.w("option.numbered", n=i, text=self.option(game, option)))
        return out

    def _described(self, game: Game, block: Any) -> str:
        """`describe_block` of an option's block, kept by the block's text in the current language: a
        card's choice offers the same options every time it is played. A description that names no
        card is the same in every game (kept with the language); one that does is kept for the game's
        ruleset, whose names it told."""
        key = repr(block)
        anywhere = memo("narrate.described", dict)
        text = anywhere.get(key)
        if text is not None:
            return text
        kept = self._blocks
        if kept is None or kept[0] is not game.ruleset or kept[1] != language():
            kept = self._blocks = (game.ruleset, language(), {})
        text = kept[2].get(key)
        if text is None:
            named: list[str] = []

            def card(card_id: str) -> str:
                named.append(card_id)
                return self.card(game, card_id)
            text = describe_block(self, block, card)
            where = kept[2] if named else anywhere
            if len(where) >= FORMS_KEPT:
                where.clear()
            where[key] = text
        return text

    def option(self, game: Game, option: Mapping[str, Any]) -> str:
        if option.get("none"):
            return self.w("option.none")
        if "label" in option:
            return str(option["label"])
        if "block" in option:
            return self._described(game, option["block"])
        if "space" in option:
            return self.space(game, option["space"])
        if "pile" in option:
            pile = str(option["pile"])
            return self.w("option.card_in", card=self.card(game, option["card"]), pile=_form(f"option.pile.{pile}") or pile)
        if "card" in option:
            return self.card(game, option["card"])
        return str(option)


def _form(key: str, n: Any = 1) -> str | None:
    """The narration word `key` in the form for `n` (None when the catalog has no such word), kept per
    language: a question's options are described from a few words looked up again and again."""
    forms = memo("narrate.forms", dict)
    found = forms.get((key, n), _UNKNOWN)
    if found is _UNKNOWN:
        if len(forms) >= FORMS_KEPT:
            forms.clear()
        value = entry(f"narrate.{key}")
        found = forms[(key, n)] = None if value is None else str(choose(value, {"n": n}))
    return found


FORMS_KEPT = 4096  # the words `_form` keeps per language (keys come from content: a rare book fills it)
_UNKNOWN: Any = object()


def what_word(value: Any) -> str:
    """A kind an effect names (a card type, a market item, a kind of space) in the current language
    (`narrate.what.*`), else as written in the data."""
    return _form(f"what.{value}") or str(value).replace("_", " ")


def describe_block(narrator: Narrator | None, block: Any, name: Callable[[str], str] | None = None) -> str:
    """A short text for a block of effects, generated from the data (`+2 Skill, +1 Clank`), with its
    conditions (`if you played another companion: draw 1`) and multipliers (`+1 Skill per ...`)."""
    name = name or (lambda card_id: card_id)
    alternatives = _form("effect.or") or " / "
    sep = _form("effect.sep") or ", "
    parts: list[str] = []
    for m in [block] if isinstance(block, Mapping) else block:
        bits: list[str] = []
        for key, value in m.items():
            if key in ("if", "per"):
                continue
            if key == "pay":  # a price: said as what it costs ("-2 Gold")
                value = ", ".join(fill(_form(f"gain.{k}", -n) or k, {"n": -n}) for k, n in value.items())
            template = _form(f"effect.{key}", value if isinstance(value, int) else 1)
            if template is None:
                bits.append(f"{key} {value}")
            elif not template:
                continue  # said nothing of on purpose (flags, counters, goto)
            elif key == "choose":
                what = alternatives.join(describe_block(narrator, b, name) for b in value)
                bits.append(fill(template, {"n": len(value), "what": what}))
            elif key in ("discard", "each_player"):
                bits.append(fill(template, {"n": 1, "what": describe_block(narrator, value, name)}))
            elif key in ("gain_card", "destroy_card", "cardporium", "patron"):
                bits.append(fill(template, {"n": 1, "what": name(str(value))}))
            elif key == "trash_card":
                card = value if isinstance(value, str) else value["card"]
                bits.append(fill(template, {"n": 1, "what": name(str(card))}))
            elif key == "trash":
                piles = value.get("from", ["hand", "discard"]) if isinstance(value, Mapping) else ["hand", "discard"]
                what = alternatives.join(_form(f"pile.{p}") or p for p in piles)
                bits.append(fill(template, {"n": 1, "what": what}))
            else:
                try:
                    bits.append(fill(template, {"n": value, "what": value}, strict=True))
                except ValueError:  # `{n:+d}` meets a non-number
                    bits.append(f"{key} {value}")
        text = sep.join(bits)
        per = m.get("per")
        if per:
            (key, what), = per.items()
            text = fill(_form("effect.per") or "{effects} {per}",
                        {"effects": text, "per": fill(_form(f"per.{key}") or key, {"what": what_word(what)})})
        cond = m.get("if")
        if isinstance(cond, str):  # a passage's Jinja condition is shown as written (with what it does)
            text = text and fill(_form("effect.if") or "{cond}: {effects}",
                        {"cond": fill(_form("cond.expression") or "if {what}", {"what": cond.strip()}),
                         "effects": text})
        elif cond:
            (key, what), = cond.items()
            text = fill(_form("effect.if") or "{cond}: {effects}",
                        {"cond": fill(_form(f"cond.{key}") or key, {"what": what_word(what)}), "effects": text})
        if text:
            parts.append(text)
    return (_form("effect.groups") or "; ").join(parts) if any(isinstance(m, Mapping) and ("if" in m or "per" in m)
                                   for m in ([block] if isinstance(block, Mapping) else block)) else sep.join(parts)
