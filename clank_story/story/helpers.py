"""The story's own Jinja tests, filters and functions, in one registry with their docs.

`docs/book-of-secrets.md` lists them (a test keeps the two in step) and `install` puts them in the
sandboxed environment. They only read: nothing here changes the game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from jinja2 import pass_context

from clank_story.rules.tokens import is_kind
from clank_story.rules.view import CampaignView, GameView, PlayerView
from clank_story.words import listing, say
from clank_story.words import plural as plural_category


@dataclass(frozen=True)
class Helper:
    """A test, filter or global that passage templates may use."""

    kind: str  # test | filter | global
    name: str
    usage: str
    doc: str
    fn: Callable[..., Any]


HELPERS: dict[str, Helper] = {}


def helper(kind: str, name: str, usage: str, doc: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        HELPERS[f"{kind}:{name}"] = Helper(kind, name, usage, doc, fn)
        return fn

    return register


def _player(value: Any) -> Any:
    """The engine's Player behind a view (helpers are trusted code; templates never see it)."""
    if isinstance(value, PlayerView):
        return value._p
    raise TypeError(f"expected a player (me, players['Ana']), not {type(value).__name__}")


def _name(value: Any) -> str:
    """A player's name, from a player (`me`, `best`) or the name itself."""
    return str(value.name) if isinstance(value, PlayerView) else str(value)


def _names(value: Any) -> list[str]:
    """The names in a list of players or names, or in one player or name."""
    if isinstance(value, PlayerView | str):
        return [_name(value)]
    return [_name(v) for v in value]


def _you(ctx: Any) -> str | None:
    """Who a passage calls "you": the one seat a person plays, or in a hot-seat game the reader
    (`me`) when a person plays them; nobody when every seat is a bot. The narration's rule
    (narrate/lines.py `person`), with the passage's reader as the person whose turn it is."""
    view = ctx.get("game")
    if not isinstance(view, GameView):
        return None
    humans = [p.name for p in view._game.players if not p.bot]
    if len(humans) == 1:
        return humans[0]
    reader = ctx.get("me")
    return reader.name if isinstance(reader, PlayerView) and reader.name in humans else None


def _game(ctx: Any) -> Any:
    view = ctx.get("game")
    if isinstance(view, GameView):
        return view._game
    raise TypeError("no game to look in")


# -- tests ------------------------------------------------------------------------------------------
@helper("test", "seen", "'12' is seen", "the passage was read in this campaign (this game included)")
@pass_context
def _seen(ctx: Any, passage: Any) -> bool:
    campaign = ctx.get("campaign")
    return isinstance(campaign, CampaignView) and campaign.seen(str(passage))


@helper("test", "seen_this_game", "'12' is seen_this_game", "the passage was read during this game")
@pass_context
def _seen_this_game(ctx: Any, passage: Any) -> bool:
    campaign = ctx.get("campaign")
    check = getattr(campaign, "seen_this_game", None)
    return bool(check and check(str(passage)))


@helper("test", "flagged", "'met_oma' is flagged", "the campaign flag is set (an unset flag is false)")
@pass_context
def _flagged(ctx: Any, name: Any) -> bool:
    campaign = ctx.get("campaign")
    return isinstance(campaign, CampaignView) and bool(campaign.flags.get(str(name)))


@helper("test", "has_card", "me is has_card('lantern')",
        "the player owns a copy of the card (hand, deck, discard pile or play area)")
def _has_card(player: Any, card: str) -> bool:
    return card in _player(player).owned()


@helper("test", "has_token", "me is has_token('canoe')",
        "the player holds a token of this id or kind (canoe, crown, master-key, monkey-idol, ...)")
@pass_context
def _has_token(ctx: Any, player: Any, token: str) -> bool:
    game = _game(ctx)
    return any(is_kind(game, t, token) for t in _player(player).tokens)


@helper("test", "you", "best is you, 'Ana' is you",
        "the player (or the name) is the one a passage calls \"you\": the seat a person plays (in a hot-seat "
        "game, the reader, `me`); with only bots, nobody is")
@pass_context
def _is_you(ctx: Any, player: Any) -> bool:
    you = _you(ctx)
    return you is not None and _name(player) == you


# -- filters ----------------------------------------------------------------------------------------
@helper("filter", "plural", "{{ me.gold | plural('coin') }}, {{ n | plural('mouse', 'mice') }}",
        "the number and the word: the singular where the language's plural rules say `one` (English: 1; "
        "Portuguese: 0 and 1), the plural otherwise (default: word + 's')")
def _plural(n: Any, singular: str, plural: str | None = None) -> str:
    one = isinstance(n, int) and plural_category(n) == "one"
    word = singular if one else (plural if plural is not None else singular + "s")
    return f"{n} {word}"


@helper("filter", "card_count", "{{ me | card_count('burgle') }}", "how many copies of the card the player owns")
def _card_count(player: Any, card: str) -> int:
    return _player(player).owned().count(card)


@helper("filter", "card_name", "{{ 'lantern' | card_name }}", "a card's display name")
@pass_context
def _card_name(ctx: Any, card: str) -> str:
    cards = _game(ctx).ruleset.cards
    return cards[card].name if card in cards else str(card)


@helper("filter", "space_name", "{{ me.space | space_name }}", "a space's display name")
@pass_context
def _space_name(ctx: Any, space: str) -> str:
    spaces = _game(ctx).board.spaces
    return spaces[space].name if space in spaces else str(space)


@helper("filter", "and_list", "{{ names | and_list }}", "'A', 'A and B', 'A, B and C' (the 'and' comes from the locale)")
def _and_list(items: Iterable[Any], conjunction: str | None = None) -> str:
    words = [str(i) for i in items]
    if conjunction is None:
        return listing(words)
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


@helper("filter", "you_and_list", "{{ out | you_and_list | capfirst }} came home",
        "players or names listed like `and_list`, the one `you` names said as the language's \"you\": 'you', "
        "'you and Mirela', 'Mirela, you and Tobiah' (Japanese あなたとMirela, Portuguese você e Mirela); bots "
        "by name")
@pass_context
def _you_and_list(ctx: Any, items: Any) -> str:
    you = _you(ctx)
    words = [say("story.you.word") if name == you else name for name in _names(items)]
    if len(words) <= 1:
        return "".join(words)
    # people are joined by the story's own words: Japanese says "あなたとMirela", where "あなた、Mirela"
    # (words.list, right for things) would read as a call to the reader
    return say("story.people.sep").join(words[:-1]) + say("story.people.and") + words[-1]


@helper("filter", "you_or_name", "{{ best | you_or_name }}",
        "one player (or name): the language's \"you\" if `you` names them, their name otherwise")
@pass_context
def _you_or_name(ctx: Any, player: Any) -> str:
    return _you_and_list(ctx, [player])


@helper("filter", "agree", "{{ out | agree('comes', 'come') }}",
        "the verb form for a subject of players or names: the first for one person, the second for "
        "several; \"you\" alone takes the form the language gives it (English: the second, 'you come'; "
        "Portuguese: the first, 'você volta')")
@pass_context
def _agree(ctx: Any, subject: Any, one: str, other: str) -> str:
    names = _names(subject)
    if len(names) != 1:
        return other
    if names[0] == _you(ctx):
        return one if say("story.you.verb") == "one" else other
    return one


@helper("filter", "capfirst", "{{ out | you_and_list | capfirst }}",
        "the text with its first letter a capital, the rest as it was ('you and Mirela' -> 'You and "
        "Mirela'; Jinja's `capitalize` would lower the rest); for the start of a sentence")
def _capfirst(text: Any) -> str:
    text = str(text)
    return text[:1].upper() + text[1:]


# -- functions --------------------------------------------------------------------------------------
@helper("global", "range", "{% for i in range(3) %}", "numbers from 0 (at most 1,000 of them)")
def _range_doc(*args: Any) -> range:  # documented here; the sandbox supplies the capped range
    from clank_story.story.budget import story_range

    return story_range(*args)


def install(env: Any) -> None:
    """Put the helpers into the story's environment (story/sandbox.py calls this; helpers never
    import the sandbox, so the two modules do not import each other)."""
    from clank_story.story.state import StoryCampaignView

    for h in HELPERS.values():
        if h.kind == "test":
            env.tests[h.name] = h.fn
        elif h.kind == "filter":
            env.filters[h.name] = h.fn
        elif h.name != "range":
            env.globals[h.name] = h.fn
            env.allow_callable(h.fn)
    env.allow_method(CampaignView, "seen")
    env.allow_method(StoryCampaignView, "seen_this_game")
    from jinja2.runtime import LoopContext

    env.allow_method(LoopContext, "cycle")
    env.allow_method(LoopContext, "changed")
    env.check_filters()  # the story's filters go behind the budget too


def reference() -> list[Helper]:
    """Every helper, tests first, for the docs."""
    order = {"test": 0, "filter": 1, "global": 2}
    return sorted(HELPERS.values(), key=lambda h: (order[h.kind], h.name))
