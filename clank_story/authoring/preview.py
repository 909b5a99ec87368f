"""`book preview`: read one passage in a chosen state, the way play would — its text rendered, its
effects applied by the engine, its choices offered (and, for each hidden one, the condition that hid it
with the values it read) — then answer questions with `--choose` and follow the story on.

The state comes from a scenario, a campaign file (flags, counters, passages seen, the next game's
setup) or, by default, a legacy game on the board whose waypoint opens the passage, with the reader
standing there; `--set` changes it first. Everything happens in memory: no file is written."""

from __future__ import annotations

import contextlib
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clank_story.authoring.discover import shown_path
from clank_story.content.diagnostics import ContentError, Diagnostic
from clank_story.content.schema import suggest
from clank_story.words import say

_LOGGED = re.compile(r"^(?P<path>.*):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning)\[(?P<code>\w+)\]: (?P<msg>.*)$",
                     re.S)
DEFAULT_SEATS = [{"name": "You"}, {"name": "Rival"}]  # both human: nobody acts on their own in a preview


class PreviewError(Exception):
    """The preview cannot start (a missing file, a bad --set, no such passage); the message says why."""


@dataclass
class Preview:
    lines: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


class _Capture(logging.Handler):
    """The story layer logs authoring problems met at play time; a preview shows them."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.found: list[Diagnostic] = []

    def emit(self, record: logging.LogRecord) -> None:
        m = _LOGGED.match(record.getMessage())
        if m:
            self.found.append(Diagnostic(m["path"], int(m["line"]), int(m["col"]), m["code"], m["msg"], m["sev"]))


def preview(passage: str, *, book: Path | None = None, scenario: Path | None = None, campaign: Path | None = None,
            settings: list[str] | None = None, choices: list[int] | None = None, seed: int | None = None) -> Preview:
    from clank_story.story.book import shipped_book
    from clank_story.story.passages import load_book

    own = _campaign(campaign) if campaign is not None else None
    folder = Path(book) if book is not None else own.book if own is not None else shipped_book()
    if not folder.is_dir():
        raise PreviewError(say("authoring.preview.no_book", folder=folder))
    loaded = load_book(folder)
    out = Preview()
    if passage not in loaded.passages:  # the book's own errors first: a broken file may be why
        out.diagnostics += loaded.errors
        out.diagnostics.append(Diagnostic(shown_path(folder), 1, 1, "BS204", say(
            "authoring.preview.no_passage", passage=passage, hint=suggest(passage, sorted(loaded.passages)))))
        return out
    position, story = _position(passage, folder, scenario, own, seed)
    from clank_story.table.session import Session

    session = Session.start(position)
    waypoints = dict(own.setup.waypoints) if own is not None and own.setup is not None else {}
    router = session.attach_story(loaded, story, waypoints=waypoints)
    game = session.game
    if own is not None and scenario is None:
        _stand_on_waypoint(game, passage, waypoints)
    for setting in settings or []:
        apply_setting(session, setting)
    reader = game.me.name
    before = _state(session)
    p = loaded.passages[passage]
    out.lines.append(say("authoring.preview.header", passage=passage, title=p.title or passage, path=shown_path(p.path),
                         line=p.line))
    out.lines.append(say("authoring.preview.state", ruleset=say(f"play.ruleset.{game.ruleset.name}"),
                         board=game.board.name, turn=game.turn_number, reader=reader,
                         space=game.ruleset.space_name(game.me.space), gold=game.me.gold, health=game.me.health_left))
    if p.effects:
        from clank_story.narrate.lines import Narrator, describe_block

        effects = describe_block(Narrator(), p.effects, game.ruleset.name_of)
        if effects:  # flags, counters and gotos are said nothing of; "what changed" shows them
            out.lines.append(say("authoring.preview.effects", effects=effects))
    capture = _Capture()
    logger = logging.getLogger("clank_story.story")
    logger.addHandler(capture)
    try:
        events = router.open(game, passage, reader)
        _tell(out, session, events)
        for n in choices or []:
            if session.game.pending is None:
                out.lines.append(say("authoring.preview.nothing_to_choose", n=n))
                break
            out.lines.append(say("authoring.preview.choose", n=n))
            try:
                events = session.do(f"choose {n}")
            except Exception as e:  # a refused answer (out of range): say so, change nothing
                out.lines.append(say("authoring.preview.refused", reason=e))
                break
            _tell(out, session, events)
    finally:
        logger.removeHandler(capture)
    out.diagnostics.extend(Diagnostic(shown_path(d.path), d.line, d.col, d.code, d.message, d.severity)
                           for d in capture.found)
    out.lines += _changes(before, _state(session))
    out.lines.append(_next(session))
    return out


# -- the state --------------------------------------------------------------------------------------
@dataclass
class _Campaign:
    """What a campaign file brings to a preview: its definition, its next game's setup (None once the
    campaign is finished), its story so far and its own Book of Secrets (the one its games read)."""

    definition: Any
    setup: Any
    story: Any
    book: Path


def _campaign(path: Path) -> _Campaign:
    from clank_story.campaign.lifecycle import start_of_game, story_seed
    from clank_story.campaign.model import CampaignError
    from clank_story.campaign.store import read_campaign
    from clank_story.story.state import StoryState
    from clank_story.table.opening import StartError, book_of, definition_of

    if not path.is_file():
        raise PreviewError(say("authoring.preview.no_file", path=path))
    try:
        cf = read_campaign(path)
        definition = definition_of(cf)
        try:
            started, setup = start_of_game(cf.campaign, definition)
        except CampaignError:  # a finished campaign: its state as it ended
            started, setup = cf.campaign, None
    except (CampaignError, StartError) as e:
        raise PreviewError(str(e)) from None
    return _Campaign(definition, setup, StoryState.for_game(**story_seed(started, definition)), book_of(definition, None))


def _position(passage: str, folder: Path, scenario: Path | None, campaign: _Campaign | None, seed: int | None):
    from clank_story.content.library import build_ruleset, catalog
    from clank_story.content.scenario import Position, content_roots, load_scenario
    from clank_story.paths import shipped
    from clank_story.story.book import shipped_book
    from clank_story.story.state import StoryState

    story = campaign.story if campaign is not None else StoryState()
    roots = campaign.definition.content_roots() if campaign is not None else []
    if campaign is None and folder.resolve() == shipped_book().resolve():  # its passages name the shipped
        roots = [d for d in sorted(shipped("campaigns").iterdir())          # campaigns' cards (patrons)
                 if d.name != "core" and (d / "cards").is_dir()]
        story = _shipped_names()
    try:
        if scenario is not None:
            if not scenario.is_file():
                raise PreviewError(say("authoring.preview.no_file", path=scenario))
            return load_scenario(scenario, seed=seed), story
        if campaign is not None and campaign.setup is not None:
            return _campaign_position(campaign, seed), story
        roots += content_roots(folder / "preview.yaml")  # boards/ and cards/ beside the book count too
        content = catalog(list(dict.fromkeys(roots)))
        boards = content.boards
        where = next(((b.id, sid) for b in sorted(boards.values(), key=lambda b: b.id)
                      for sid, s in b.spaces.items() if s.waypoint == passage), None)
        data: dict[str, Any] = {"ruleset": "legacy", "seed": 1 if seed is None else seed,
                                "players": [dict(s) for s in DEFAULT_SEATS]}
        if campaign is not None:  # a finished campaign: its last game's board
            data["ruleset"] = campaign.definition.ruleset
            data["board"] = campaign.definition.games[-1].board if campaign.definition.games else None
        elif where is not None:
            data["board"] = where[0]
            data["ruleset"] = boards[where[0]].ruleset
            data["players"][0]["space"] = where[1]
        rules = build_ruleset(content, data["ruleset"], data.get("board"))
        return Position(rules, data, data["seed"], "<preview>"), story
    except ContentError as e:
        raise PreviewError(str(e)) from None


def _shipped_names():  # -> StoryState
    """A story state that knows the shipped campaign's names (its dragon, its company, its stickers'
    and rules' names), so the shipped book previews as it reads in play; a bare state if the shipped
    definition cannot be read."""
    from clank_story.campaign.definition import DEFAULT_DEFINITION, load_definition
    from clank_story.campaign.lifecycle import story_seed
    from clank_story.campaign.model import Campaign, CampaignError
    from clank_story.story.state import StoryState

    try:
        definition, _ = load_definition(DEFAULT_DEFINITION)
    except CampaignError:
        return StoryState()
    seed = story_seed(Campaign(franchise="", definition=definition.id), definition)
    return StoryState.for_game(**{k: seed[k] for k in ("dragon", "company", "labels")})


def _campaign_position(campaign: _Campaign, seed: int | None):
    """The campaign's next game as it would be set up (every seat a person: bots would take turns),
    the reader standing on the waypoint that opens the passage when there is one."""
    from clank_story.campaign.model import CampaignError
    from clank_story.campaign.setup import campaign_position

    try:
        return campaign_position(_humans(campaign.setup), campaign.definition, seed=1 if seed is None else seed)
    except CampaignError as e:
        raise PreviewError(str(e)) from None


def _stand_on_waypoint(game: Any, passage: str, waypoints: dict[str, str]) -> None:
    """The reader stands on the space whose waypoint opens the passage in this game, if one does."""
    for sid, space in game.board.spaces.items():
        if space.waypoint is not None and waypoints.get(space.waypoint, space.waypoint) == passage:
            game.me.space = sid
            return


def _humans(setup: Any) -> Any:
    """Every seat of the campaign reads as a person in a preview (bots would take turns of their own)."""
    import dataclasses

    seats = [{k: v for k, v in dict(s).items() if k != "bot"} for s in setup.seats]
    with contextlib.suppress(TypeError):
        return dataclasses.replace(setup, seats=seats)
    return setup


_PLAYER_INTS = ("damage", "gold")
_PLAYER_LISTS = ("hand", "deck", "discard", "in_play", "tokens")
_TURN_INTS = ("skill", "swords", "boots")
_DERIVED = {"health_left": "damage", "supply": "damage", "deck_size": "deck", "score": None, "name": None,
            "bot": None}


def _value(text: str) -> Any:
    from clank_story.content.yamlfast import scalar

    return scalar(text.strip(), None, None, True)


def _list(text: str) -> list[str]:
    inner = text.strip().removeprefix("[").removesuffix("]")
    return [w.strip().strip("'\"") for w in inner.split(",") if w.strip()]


def apply_setting(session: Any, setting: str) -> None:
    """`--set NAME=VALUE` on the game or the story state; a bad one raises PreviewError."""
    name, eq, raw = setting.partition("=")
    name = name.strip()
    if not eq or not name:
        raise PreviewError(say("authoring.preview.set.form", setting=setting))
    game, story = session.game, session.story
    parts = name.split(".")

    def bad(reason: str) -> PreviewError:
        return PreviewError(say("authoring.preview.set.bad", setting=setting, reason=reason))

    def number() -> int:
        value = _value(raw)
        if not isinstance(value, int) or isinstance(value, bool):
            raise bad(say("authoring.preview.set.number"))
        return value

    if parts[0] in ("me", "players"):
        if parts[0] == "me" and len(parts) == 2:
            player, attr = game.me, parts[1]
        elif parts[0] == "players" and len(parts) == 3:
            names = [p.name for p in game.players]
            if parts[1] not in names:
                raise bad(say("authoring.preview.set.no_player", player=parts[1], players=", ".join(names)))
            player, attr = game.player(parts[1]), parts[2]
        else:
            raise bad(say("authoring.preview.set.which"))
        _set_player(game, player, attr, raw, bad, number)
    elif parts[0] == "game" and len(parts) >= 2:
        attr = parts[1]
        if attr == "rage":
            n = number()
            if not 1 <= n <= len(game.board.rage_track):
                raise bad(say("authoring.preview.set.range", low=1, high=len(game.board.rage_track)))
            game.rage = n
        elif attr == "turn":
            game.turn_number = number()
        elif attr == "row":
            cards = _list(raw)
            _check_cards(game, cards, bad)
            game.row = cards
        elif attr == "bag" and len(parts) == 3:
            game.bag[parts[2]] = number()
        elif attr == "countdown":
            game.countdown = None if _value(raw) is None else number()
        else:
            raise bad(say("authoring.preview.set.unknown", what="game", attr=attr,
                          hint=suggest(attr, ["rage", "turn", "row", "bag", "countdown"])))
    elif parts[0] == "campaign" and len(parts) >= 2:
        attr = parts[1]
        if attr == "flags" and len(parts) == 3:
            value = _value(raw)
            if value is False or value is None:
                story.flags.pop(parts[2], None)
            else:
                story.flags[parts[2]] = value
        elif attr == "counters" and len(parts) == 3:
            story.counters[parts[2]] = number()
        elif attr == "seen" and len(parts) == 2:
            story.seen_before = _list(raw)
        elif attr == "game_number" and len(parts) == 2:
            story.game_number = number()
        elif attr == "name" and len(parts) == 2:
            story.campaign = raw.strip()
        elif attr == "contracts" and len(parts) == 2:
            story.contracts = _list(raw)
        else:
            raise bad(say("authoring.preview.set.unknown", what="campaign", attr=".".join(parts[1:]),
                          hint=suggest(attr, ["flags", "counters", "seen", "game_number", "name", "contracts"])))
    else:
        raise bad(say("authoring.preview.set.which"))


def _set_player(game: Any, player: Any, attr: str, raw: str, bad: Any, number: Any) -> None:
    if attr in _PLAYER_INTS:
        setattr(player, attr, number())
    elif attr in _PLAYER_LISTS:
        values = _list(raw)
        if attr != "tokens":
            _check_cards(game, values, bad)
        setattr(player, attr, values)
    elif attr == "space":
        space = raw.strip()
        if space not in game.board.spaces:
            raise bad(say("authoring.preview.set.no_space", space=space, hint=suggest(space, list(game.board.spaces))))
        player.space = space
    elif attr == "artifact":
        value = _value(raw)
        player.artifacts = [] if value is None else [number()]
    elif attr == "clank":
        game.clank_area[player.name] = number()
    elif attr == "status":
        value = raw.strip()
        if value not in ("playing", "escaped", "knocked_out"):
            raise bad(say("authoring.preview.set.status"))
        player.status = value
    elif attr in _TURN_INTS or attr == "exhausted":
        if player is not game.me:
            raise bad(say("authoring.preview.set.active", attr=attr))
        if attr == "exhausted":
            game.turn.exhausted = bool(_value(raw))
        else:
            setattr(game.turn, attr, number())
    elif attr in _DERIVED:
        instead = _DERIVED[attr]
        raise bad(say("authoring.preview.set.derived", attr=attr) + (say("authoring.preview.set.instead", attr=instead) if instead else ""))
    else:
        known = [*_PLAYER_INTS, *_PLAYER_LISTS, "space", "artifact", "clank", "status", *_TURN_INTS, "exhausted"]
        raise bad(say("authoring.preview.set.unknown", what="a player", attr=attr, hint=suggest(attr, known)))


def _check_cards(game: Any, cards: list[str], bad: Any) -> None:
    for card in cards:
        if card not in game.ruleset.cards:
            raise bad(say("authoring.preview.set.no_card", card=card, hint=suggest(card, list(game.ruleset.cards))))


# -- telling what happened --------------------------------------------------------------------------
def _tell(out: Preview, session: Any, events: list[Any]) -> None:
    from clank_story.narrate.lines import Narrator
    from clank_story.rules import events as ev
    from clank_story.story import events as sev

    narrator = Narrator()
    game = session.game
    for e in events:
        if isinstance(e, sev.PassageOpened):
            out.lines.append("")
            out.lines.append(say("authoring.preview.passage", title=e.title, passage=e.passage))
            out.lines += (e.text or say("authoring.preview.no_text")).splitlines()
            out.lines.append("")
            continue
        if isinstance(e, ev.QuestionAsked):
            continue  # the question and its options are shown below, with the hidden ones
        text = narrator.line(game, e)
        if text:
            out.lines.append(say("authoring.preview.event", text=text.strip()))
    if game.pending is not None:
        out.lines += [say("authoring.preview.question", text=t) for t in narrator.question(game)]
        if game.pending.get("q") == "story":
            out.lines += _hidden(session, game.pending)


def _hidden(session: Any, pending: dict[str, Any]) -> list[str]:
    """The choices of the passage not on offer, each with the condition that hid it and its values."""
    from clank_story.rules.view import views
    from clank_story.story.render import StoryProblem, evaluate

    router = session.router
    passage = router.book.passages.get(pending.get("passage", ""))
    if passage is None:
        return []
    offered = {o.get("choice") for o in pending["options"]}
    names = views(session.game, router.state.campaign_view())
    names["me"] = names["players"][pending["p"]]
    lines: list[str] = []
    for i, choice in enumerate(passage.choices):
        if i in offered:
            continue
        condition = choice.get("if", "")
        values = []
        for text in _parts(condition):
            try:
                from clank_story.story.render import compile_condition

                values.append(f"{text} = {evaluate(compile_condition(text), names)!r}")
            except StoryProblem as e:
                values.append(f"{text}: {e.message}")
        lines.append(say("authoring.preview.hidden", n=i + 1, text=choice.get("text", ""), condition=condition,
                         values=("; " + ", ".join(values)) if values else ""))
    return lines


def _parts(condition: str) -> list[str]:
    """The names and attribute chains a condition reads (`me.health_left`), to show their values."""
    from jinja2 import nodes

    from clank_story.authoring.templates import parse_condition, shown

    expr = parse_condition(condition)
    if expr is None:
        return []
    found: list[str] = []
    chains = [n for n in expr.find_all((nodes.Getattr, nodes.Getitem))]
    inner = {id(c.node) for c in chains}
    for c in chains:
        if id(c) in inner:
            continue  # part of a longer chain
        root = c
        while isinstance(root, nodes.Getattr | nodes.Getitem):
            root = root.node
        if isinstance(root, nodes.Name):
            text = shown(c)
            if "(...)" not in text and "[...]" not in text:
                found.append(text)
    return list(dict.fromkeys(found))


def _state(session: Any) -> dict[str, Any]:
    game = session.game
    players = {p.name: {"space": p.space, "gold": p.gold, "damage": p.damage, "clank": game.clank_area.get(p.name, 0),
                        "hand": list(p.hand), "discard": list(p.discard), "tokens": list(p.tokens),
                        "skill": game.turn.skill if p is game.me else 0,
                        "swords": game.turn.swords if p is game.me else 0,
                        "boots": game.turn.boots if p is game.me else 0,
                        "teleports": game.turn.teleports if p is game.me else 0}
               for p in game.players}
    story = session.story.to_dict() if session.story is not None else {}
    for key in ("agenda", "chain", "started", "finished"):
        story.pop(key, None)
    return {"players": players, "rage": game.rage, "over": game.over, "story": story}


def _changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    for name, now in after["players"].items():
        was = before["players"].get(name, {})
        diffs = [say("authoring.preview.diff", what=k, was=_show(was.get(k)), now=_show(v)) for k, v in now.items()
                 if was.get(k) != v]
        if diffs:
            lines.append(say("authoring.preview.changed", who=name, changes=", ".join(diffs)))
    if after["rage"] != before["rage"]:
        lines.append(say("authoring.preview.changed", who="game", changes=say(
            "authoring.preview.diff", what="rage", was=before["rage"], now=after["rage"])))
    diffs = [say("authoring.preview.diff", what=k, was=_show(before["story"].get(k)), now=_show(v))
             for k, v in after["story"].items() if before["story"].get(k) != v]
    if diffs:
        lines.append(say("authoring.preview.changed", who="story", changes=", ".join(diffs)))
    return ["", say("authoring.preview.changes"), *lines] if lines else ["", say("authoring.preview.no_changes")]


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)


def _next(session: Any) -> str:
    game = session.game
    if game.pending is not None:
        return say("authoring.preview.waiting", high=len(game.pending["options"]))
    agenda = session.story.agenda if session.story is not None else []
    follow = next((s for s in agenda if s.get("do") == "open"), None)
    if follow is not None:
        return say("authoring.preview.then", passage=follow["passage"])
    return say("authoring.preview.done")
