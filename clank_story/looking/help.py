"""`help`, `help COMMAND` and `help TOPIC`: every command with what it does, its aliases and examples,
and short guides to the game itself (`help rules`, `help movement`, `help dragon`, ...).

The commands, their groups and their aliases come from the verb table (passed in by the table, the
layer above, so there is one list of verbs); the words come from the catalog (`help.*`): commands
under `help.topics`, guides under `help.guide.topics`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from clank_story.narrate.wrap import WIDTH, cells, fill
from clank_story.rules.errors import AmbiguousCommand, UnknownCommand
from clank_story.rules.parse import unaccented
from clank_story.rules.state import Game
from clank_story.words import has, say, section

HELP_WIDTH = WIDTH
GROUPS = {"game": "actions", "looking": "looking", "session": "session"}  # verb kind -> help group


class VerbLike(Protocol):
    name: str
    kind: str
    aliases: tuple[str, ...]


def topics() -> dict[str, Any]:
    """Every command's help: usage, summary, text and examples, by command."""
    return section("help.topics")


def guides() -> dict[str, Any]:
    """The guides to the game: summary and text, by topic."""
    return section("help.guide.topics")


def _paragraphs(text: str, width: int) -> list[str]:
    """Blank-line separated paragraphs, each wrapped; lines starting with two spaces (examples) kept."""
    out: list[str] = []
    for block in text.strip("\n").split("\n\n"):
        if block.startswith("  "):
            out += [fill(line, width, subsequent="    ") for line in block.split("\n")]
        else:
            out.append(fill(" ".join(block.split()), width))
        out.append("")
    return out[:-1]


def help_text(topic: str | None, verbs: Sequence[VerbLike], *, width: int = HELP_WIDTH,
              game: Game | None = None) -> str:
    entries = topics()
    shown = [v for v in verbs if v.name in entries and v.kind in GROUPS]
    if topic is None:
        return _index(entries, shown, width)
    key = " ".join(topic.lower().split())
    guide = guides()
    named = {_folded(_word(n, g)): n for n, g in guide.items()}
    key = named.get(_folded(key), key)  # a guide by its word in the language (`ajuda regras`)
    if key in guide:
        return _guide(key, guide[key], width, game)
    verb = next((v for v in shown if key == v.name or key in v.aliases), None)
    if verb is None:
        near = sorted({v.name for v in shown if v.name.startswith(key)} |
                      {n for w, n in named.items() if w.startswith(_folded(key))})
        if len(near) > 1:
            raise AmbiguousCommand("help.ambiguous", f"help {topic}", text=topic, options=say("words.list.sep").join(near))
        if not near:
            raise UnknownCommand("help.unknown", f"help {topic}", text=topic,
                                 topics=say("words.list.sep").join([*(_first_word(entries[v.name]) for v in shown),
                                                                    *(_word(n, g) for n, g in guide.items())]))
        if near[0] in guide:
            return _guide(near[0], guide[near[0]], width, game)
        verb = next(v for v in shown if v.name == near[0])
    return _command(verb, entries[verb.name], width, game)


def _index(entries: dict[str, Any], shown: Sequence[VerbLike], width: int) -> str:
    lines = [fill(" ".join(say("help.intro").split()), width), ""]
    column = max(cells(entries[v.name]["usage"]) for v in shown)
    for kind, group in GROUPS.items():
        lines.append(say(f"help.groups.{group}"))
        for v in shown:
            if v.kind == kind:
                e = entries[v.name]
                usage = e["usage"] + " " * (column - cells(e["usage"]))
                lines.append(fill(f"  {usage}  {e['summary']}", width, subsequent=" " * (column + 4)))
        lines.append("")
    lines.append(say("help.groups.guide"))
    for name, g in guides().items():
        lines.append(fill(say("help.guide.line", topic=_word(name, g), summary=g["summary"]), width,
                          subsequent="      "))
    lines.append("")
    lines.append(fill(say("help.footer").strip(), width))
    return "\n".join(lines)


def _guide(name: str, entry: dict[str, Any], width: int, game: Game | None) -> str:
    lines = [say("help.guide.title", title=entry.get("title", name)), ""]
    lines += _paragraphs(entry["text"], width)
    if name == "market" and game is not None:
        lines += ["", *market_lines(game, width)]
    see = entry.get("see")
    if see:
        words = [say("help.guide.ref", topic=_word(s, guides().get(s, {}))) for s in see]
        lines += ["", fill(say("help.guide.see", topics=say("words.list.sep").join(words)), width)]
    return "\n".join(lines)


def _command(verb: VerbLike, e: dict[str, Any], width: int, game: Game | None) -> str:
    lines = [say("help.usage", usage=e["usage"]), "",
             fill(say("help.summary", summary=e["summary"][:1].upper() + e["summary"][1:]), width)]
    if e.get("text"):
        lines += ["", *_paragraphs(e["text"], width)]
    if verb.name == "market" and game is not None:
        lines += ["", *market_lines(game, width)]
    others = [w for w in (verb.name, *verb.aliases) if w != _first_word(e)]  # the usage names one of them
    if others:
        lines += ["", say("help.aliases", aliases=say("words.list.sep").join(others))]
    lines += ["", say("help.examples")] + [f"  {x}" for x in e.get("examples", ())]
    if verb.name in guides():
        lines += ["", say("help.guide.more", topic=_word(verb.name, guides()[verb.name]))]
    return "\n".join(lines)


def market_lines(game: Game, width: int = HELP_WIDTH) -> list[str]:
    """What this game's markets sell and where they are: the same list for `help market` and a bare
    `market`, so they never disagree."""
    items = game.ruleset.market
    if not items:
        return [fill(say("help.market.none"), width)]
    lines = [say("help.market.items")]
    first: dict[str, Any] = {}
    for i in items:
        first.setdefault(i.kind, i)  # `market crown` buys the first crown left: name that one
    for item in first.values():
        what = say(f"look.item.kind.{item.kind}").strip() if has(f"look.item.kind.{item.kind}") else ""
        lines.append(fill(say("help.market.item", name=item.name, id=item.kind, price=item.price, what=what),
                          width, subsequent="      "))
    places = [s.name for s in game.board.spaces.values() if s.market]
    lines.append(fill(say("help.market.where", places=say("words.list.sep").join(places)) if places
                      else say("help.market.nowhere"), width))
    return lines


def _word(name: str, guide: dict[str, Any]) -> str:
    """What a guide is typed as: its word in the language (`regras`), else its name (`rules`)."""
    return str(guide.get("word") or name)


def _folded(text: str) -> str:
    """Lower case, without the accents of Latin letters: `ajuda dragao` finds the guide `dragão`."""
    return unaccented(text.lower())


def _first_word(topic: dict[str, Any]) -> str:
    """The command word a topic's usage line starts with (the verb's name, or its word in the language)."""
    return str(topic["usage"]).split(" ")[0]
