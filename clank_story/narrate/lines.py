"""One line per event, from locale/<lang>/narration.yaml: used by `run` transcripts and the REPL."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict
from typing import Any

from clank_story.rules import events as ev
from clank_story.rules.state import Game


@functools.lru_cache(maxsize=4)
def templates(lang: str = "en") -> tuple[Mapping[str, str], Mapping[str, str]]:
    from clank_story.narrate.catalog import load_locale

    data = load_locale("narration.yaml", lang)
    return data["events"], data["words"]


class Narrator:
    def __init__(self, lang: str = "en") -> None:
        self.events, self.words = templates(lang)

    def w(self, key: str, **params: Any) -> str:
        template = self.words.get(f"{key}.one") if params.get("n") == 1 else None
        template = template or self.words.get(key, key)
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError, TypeError):
            return template

    def card(self, game: Game, card_id: str) -> str:
        return game.ruleset.name_of(card_id)

    def space(self, game: Game, space_id: str) -> str:
        return game.ruleset.space_name(space_id)

    def line(self, game: Game, event: ev.Event) -> str:
        template = self.events.get(event.kind, "")
        if not template:
            return ""
        if isinstance(event, ev.Answered) and event.question == "story":
            return ""  # the StoryChoice that follows says what was chosen
        data = asdict(event)  # not event.data(): StoryChoice has a field of that name
        params: dict[str, Any] = dict(data)
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
                params["hits"] = ", ".join(parts) if event.hits or parts else self.w("hits.none")
                if not event.hits and parts:
                    params["hits"] += "; " + self.w("hits.none")
            case ev.KnockedOut():
                params["zero"] = self.w("zero") if event.scores_zero else ""
            case ev.GameOver():
                params["scores"] = ", ".join(self.w("score", player=p, n=n) for p, n in event.scores.items())
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
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return template

    def lines(self, game: Game, events: Iterable[ev.Event]) -> list[str]:
        return [text for e in events if (text := self.line(game, e))]

    def question(self, game: Game) -> list[str]:
        """The pending question and its numbered options."""
        pending = game.pending
        if pending is None:
            return []
        out = [self.w(f"question.{pending['q']}", player=pending["p"], source=self.card(game, pending["src"]))]
        for i, option in enumerate(pending["options"], start=1):
            out.append(self.w("option.numbered", n=i, text=self.option(game, option)))
        return out

    def option(self, game: Game, option: Mapping[str, Any]) -> str:
        if option.get("none"):
            return self.w("option.none")
        if "label" in option:
            return str(option["label"])
        if "block" in option:
            return describe_block(self, option["block"], lambda c: self.card(game, c))
        if "space" in option:
            return self.space(game, option["space"])
        if "pile" in option:
            return self.w("option.card_in", card=self.card(game, option["card"]), pile=option["pile"])
        if "card" in option:
            return self.card(game, option["card"])
        return str(option)


def describe_block(narrator: Narrator, block: Any, name: Callable[[str], str] | None = None) -> str:
    """A short text for a block of effects, generated from the data (`+2 Skill, +1 Clank`), with its
    conditions (`if you played another companion: draw 1`) and multipliers (`+1 Skill per ...`)."""
    words = narrator.words
    name = name or (lambda card_id: card_id)
    parts: list[str] = []
    for m in [block] if isinstance(block, Mapping) else block:
        bits: list[str] = []
        for key, value in m.items():
            if key in ("if", "per"):
                continue
            if key == "pay":  # a price: said as what it costs ("-2 Gold")
                value = ", ".join(words.get(f"gain.{k}", k).format(n=-n) for k, n in value.items())
            template = words.get(f"effect.{key}.one") if value == 1 else None
            template = template if template is not None else words.get(f"effect.{key}")
            if template is None:
                bits.append(f"{key} {value}")
            elif not template:
                continue  # said nothing of on purpose (flags, counters, goto)
            elif key == "choose":
                what = words.get("effect.or", " / ").join(describe_block(narrator, b, name) for b in value)
                bits.append(template.format(n=len(value), what=what))
            elif key in ("discard", "each_player"):
                bits.append(template.format(n=1, what=describe_block(narrator, value, name)))
            elif key in ("gain_card", "destroy_card", "cardporium", "patron"):
                bits.append(template.format(n=1, what=name(str(value))))
            elif key == "trash_card":
                bits.append(template.format(n=1, what=name(str(value if isinstance(value, str) else value["card"]))))
            elif key == "trash":
                piles = value.get("from", ["hand", "discard"]) if isinstance(value, Mapping) else ["hand", "discard"]
                what = words.get("effect.or", " / ").join(words.get(f"pile.{p}", p) for p in piles)
                bits.append(template.format(n=1, what=what))
            else:
                try:
                    bits.append(template.format(n=value, what=value))
                except (KeyError, IndexError, ValueError, TypeError):  # `{n:+d}` meets a non-number
                    bits.append(f"{key} {value}")
        text = ", ".join(bits)
        per = m.get("per")
        if per:
            (key, what), = per.items()
            text = words.get("effect.per", "{effects} {per}").format(
                effects=text, per=words.get(f"per.{key}", key).format(what=what))
        cond = m.get("if")
        if cond:
            (key, what), = cond.items()
            text = words.get("effect.if", "{cond}: {effects}").format(
                cond=words.get(f"cond.{key}", key).format(what=str(what).replace("_", " ")), effects=text)
        if text:
            parts.append(text)
    return "; ".join(parts) if any(isinstance(m, Mapping) and ("if" in m or "per" in m)
                                   for m in ([block] if isinstance(block, Mapping) else block)) else ", ".join(parts)
