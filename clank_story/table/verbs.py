"""The one verb table: every word that starts a line at the table, what kind of verb it is, its
aliases and its help topic. Dispatch, Tab completion, `help` and the generated docs all read it, so a
verb cannot be known to one of them and not the others.

Kinds: `game` verbs change the game (the rules layer parses and checks them), `looking` verbs
answer and never change anything, `session` verbs act on this sitting (undo, save, quit), and
`script` verbs exist only in command files (`expect`, `reject`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from clank_story.rules.errors import AmbiguousCommand, UnknownCommand
from clank_story.words import ENGLISH, entry, language, memo

GAME, LOOKING, SESSION, SCRIPT = "game", "looking", "session", "script"
KINDS = (GAME, LOOKING, SESSION)  # the order `help` groups them in


@dataclass(frozen=True)
class Verb:
    """A verb of the prompt: its kind, aliases and what may follow it."""

    name: str
    kind: str
    aliases: tuple[str, ...] = ()
    args: str = ""  # what may follow, for completion: hand, shop, device, monster, space, ...
    takes_words: bool = True  # False: the verb stands alone (`end`, `undo`, `look`)
    prompt_only: bool = False  # refused in scripts (they belong to a person at the prompt)

    @property
    def topic(self) -> str:
        """The help topic (`help.topics.<name>` in the words catalog)."""
        return self.name


VERBS: tuple[Verb, ...] = (
    # -- game verbs, in the order a turn usually uses them ---------------------------------------
    Verb("play", GAME, args="hand"),
    Verb("acquire", GAME, ("buy",), args="shop"),
    Verb("use", GAME, args="device"),
    Verb("fight", GAME, args="monster"),
    Verb("move", GAME, ("go",), args="space"),
    Verb("teleport", GAME, args="teleport"),
    Verb("coach", GAME, args="coach"),
    Verb("take", GAME, args="take"),
    Verb("market", GAME, args="market"),
    Verb("choose", GAME, args="choose"),
    Verb("end", GAME, ("e",), takes_words=False),
    # -- looking ---------------------------------------------------------------------------------
    Verb("look", LOOKING, ("l",), takes_words=False),
    Verb("hand", LOOKING, ("i", "inventory"), takes_words=False),
    Verb("row", LOOKING, takes_words=False),
    Verb("reserve", LOOKING, takes_words=False),
    Verb("status", LOOKING, takes_words=False),
    Verb("deck", LOOKING, takes_words=False),
    Verb("discard", LOOKING, takes_words=False),
    Verb("map", LOOKING, args="steps"),
    Verb("card", LOOKING, ("x", "examine"), args="card"),
    Verb("score", LOOKING, takes_words=False),
    Verb("contracts", LOOKING, takes_words=False),
    Verb("help", LOOKING, ("?",), args="topic"),
    # -- this sitting ----------------------------------------------------------------------------
    Verb("undo", SESSION, takes_words=False, prompt_only=True),
    Verb("again", SESSION, ("g",), takes_words=False, prompt_only=True),
    Verb("save", SESSION, prompt_only=True),  # `save` to the game's own slot, `save NAME` a copy
    Verb("restore", SESSION, prompt_only=True),
    Verb("transcript", SESSION, prompt_only=True),
    Verb("reload", SESSION, takes_words=False, prompt_only=True),
    Verb("quit", SESSION, ("exit", "q"), takes_words=False, prompt_only=True),
)

SCRIPT_VERBS = ("expect", "reject")
BY_NAME: dict[str, Verb] = {v.name: v for v in VERBS}


def names(kind: str | None = None) -> list[str]:
    return [v.name for v in VERBS if kind is None or v.kind == kind]


def language_aliases(verb: Verb) -> tuple[str, ...]:
    """Words the current language adds for a verb (`verbs.NAME` in its catalog: `jogar` for `play`).
    English adds none; a script stays portable because the English names always work."""
    value = entry(f"verbs.{verb.name}") if language() != ENGLISH else None
    return tuple(str(w).lower() for w in value) if isinstance(value, list) else ()


def all_words() -> tuple[str, ...]:
    """The current language's words for `all` after `play` (`verbs.all`: `tudo` in Portuguese)."""
    value = entry("verbs.all") if language() != ENGLISH else None
    return tuple(str(w).lower() for w in value) if isinstance(value, list) else ()


def shown_name(verb: Verb) -> str:
    """The word a person knows a verb by: its first word in the current language, else its name."""
    words = language_aliases(verb)
    return words[0] if words else verb.name


def localized() -> tuple[Verb, ...]:
    """The verb table with the current language's words among the aliases, so `help jogar` finds
    `play` and `help play` says `jogar` is the same command."""
    return tuple(replace(v, aliases=(*language_aliases(v), *v.aliases)) if language_aliases(v) else v
                 for v in VERBS)


def _words(verb: Verb) -> Iterable[str]:
    yield verb.name
    yield from verb.aliases
    yield from language_aliases(verb)


def _exact() -> dict[str, Verb]:
    """Every word of the current language that names a verb exactly, and the first verb it names."""
    table: dict[str, Verb] = {}
    for verb in VERBS:
        for w in _words(verb):
            table.setdefault(w, verb)
    return table


def find(word: str) -> Verb | None:
    """The verb a word names: a name or alias exactly, else the one verb whose name (or an alias of
    two letters or more) starts with it. None if nothing fits; AmbiguousCommand if several do.
    The exact words are looked up in a table kept per language (`words.memo`): every line of a
    script is looked up, twice."""
    want = word.lower()
    if not want:
        return None
    verb = memo("verbs.exact", _exact).get(want)
    if verb is not None:
        return verb
    near = [v for v in VERBS if any(w.startswith(want) for w in _words(v) if len(w) > 1)]
    if len(near) == 1:
        return near[0]
    if near:
        raise AmbiguousCommand("verb.ambiguous", word, text=word, options=", ".join(shown_name(v) for v in near))
    return None


def resolve(word: str, typed: str = "") -> Verb:
    """`find`, or a refusal that names the commands (and the nearest one, if a word is close)."""
    verb = memo("verbs.exact", _exact).get(word.lower()) or find(word)  # the word exactly, without find's call
    if verb is None:
        from difflib import get_close_matches

        close = get_close_matches(word.lower(), [w for v in VERBS for w in _words(v) if len(w) > 1], n=1)
        if close:
            near = next(v for v in VERBS if close[0] in _words(v))
            raise UnknownCommand("verb.unknown_near", typed or word, verb=word, near=shown_name(near))
        raise UnknownCommand("verb.unknown", typed or word, verb=word,
                             verbs=", ".join(shown_name(v) for v in VERBS if v.kind == GAME))
    return verb
