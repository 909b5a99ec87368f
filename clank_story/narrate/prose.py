"""Engine events told as prose, from the Jinja templates of the words catalog (`narrate.prose`).

Events are grouped into beats: a command's lead event (a card played, a move, an acquisition) with
the numbers that follow it (`+2 Skill`, `+1 Clank`), so each beat is one sentence with its numbers
beside it. Dragon attacks, knock-outs, escapes and the end of the game get paragraphs; a rival bot's
whole turn is summarised in one short paragraph unless `verbose`.

The Book of Secrets' events (story/events.py) are known by their kind, so this module need not
import the story layer: a passage is a paragraph under its title with the numbers of its effects at
the end, its choices follow numbered (with the `choose N` hint when a person must answer), and
contracts are read aloud, completed and torn up in sentences of their own.

Variants are picked by a hash of (seed, turn, player, beat number, beat kind), never by the game's
RNG, so narrating (or not) cannot change the game and the same inputs give the same words
(docs/narration.md)."""

from __future__ import annotations

import functools
import operator
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from clank_story.narrate import wrap
from clank_story.narrate.lines import Narrator, addressed, person, sides, tidy
from clank_story.narrate.lines import w as narrate_word
from clank_story.narrate.recipes import Recipes
from clank_story.narrate.scores import score_lines
from clank_story.narrate.template import Render, build, compile_template
from clank_story.rules import events as ev
from clank_story.rules.events import quick
from clank_story.rules.state import Game
from clank_story.words import at, catalog, language, memo, say, sayer, section, sentences
from clank_story.words import plural as plural_category

WIDTH = wrap.WIDTH
NUMBER_KEYS = ("skill", "swords", "boots", "gold", "teleport", "clank", "clank_credit", "clank_empty", "cards",
               "reshuffled", "health", "damage", "rage", "checkmarks")
_NUMBER_ORDER = {key: i for i, key in enumerate(NUMBER_KEYS)}
CARDS_KEPT = 1024  # the card lists' texts a narrator keeps (`ProseNarrator.cards`)
NUMBERS_KEPT = 4096  # the numbers' texts kept per language (ProseNarrator.numbers); a rare game fills it
FINISHED_KEPT = 4096  # the finished sentences kept per language (ProseNarrator._sentence)
NUMBER_EVENTS = (ev.Gained, ev.ClankChanged, ev.CardsDrawn, ev.Healed, ev.TookDamage, ev.RageChanged)
NUMBER_TYPES = frozenset(NUMBER_EVENTS)
PARAGRAPHS = (ev.DragonAttacked, ev.KnockedOut, ev.Escaped, ev.GameOver)
HAND_SIZE = 5
# Events of the story layer (story/events.py), by kind: told in full even in a rival's summary.
STORY_KINDS = frozenset({"PassageOpened", "QuestionAsked", "StoryChoice", "ContractRow", "ContractAdded",
                         "ContractCompleted", "ContractDestroyed", "ContractExpired", "StoryApology", "CardDestroyed",
                         "CardporiumAdded", "PatronPlaced", "StickerPlaced", "RuleUnlocked", "CheckmarksEarned"})
# story event kind -> (prose beat kind, the field that names a card or thing)
STORY_BEATS = {"ContractAdded": ("contract_added", None), "ContractDestroyed": ("contract_destroyed", None),
               "ContractExpired": ("contract_expired", None),
               "ContractCompleted": ("contract_done", None), "StoryApology": ("apology", None),
               "CardDestroyed": ("card_destroyed", "card"), "CardporiumAdded": ("cardporium", "card"),
               "PatronPlaced": ("patron", "card"), "StickerPlaced": ("sticker", None),
               "RuleUnlocked": ("unlocked", None)}
BLOCK_TAGS = frozenset({"dragon", "paragraph", "over", "passage", "contracts"})  # blank lines around these
BLANK_BEFORE = BLOCK_TAGS | {"header"}
PLAIN_TAGS = frozenset({"beat", "choice", "story", "question"})  # no blank line before or after (`_spaced`)
_tag_of = operator.attrgetter("tag")
# Where a narrator is (`ProseNarrator.state()`): these fields, read in one C call by `place(narrator)`.
PLACE = ("turn", "owner", "index", "blank")
place = operator.attrgetter(*PLACE)
STORY_BLOCKS = frozenset({"passage", "choices", "contract_row"})  # beats told as blocks of their own
NBSP = wrap.NBSP


@quick
@dataclass(frozen=True, slots=True)
class Line:
    """One block of narration: `tag` lets a front end style it (header, beat, rival, dragon,
    paragraph, over, question, blank). Built by the rules' quicker `__init__` (rules/events.py
    `quick`): a replayed command makes a few, and the frozen dataclass's own cost about 1.2 µs each."""

    text: str
    tag: str = "beat"


BLANK = Line("", "blank")


class Beat:
    """Events told together in one sentence: their kind, player and what they add up to. (A plain slotted
    class: a narrated command makes one or two, and a dataclass's default factories cost a call each.)"""

    __slots__ = ("cards", "ctx", "event", "kind", "numbers", "paragraph", "player")

    def __init__(self, kind: str, player: str | None, ctx: dict[str, Any] | None = None,
                 event: ev.Event | None = None, paragraph: bool = False) -> None:
        self.kind = kind
        self.player = player
        self.ctx: dict[str, Any] = {} if ctx is None else ctx
        self.numbers: dict[str | None, dict[str, int]] = {}  # player -> key -> n, in order
        self.cards: list[str] = []  # play / revealed beats gather several
        self.event = event
        self.paragraph = paragraph

    def add(self, player: str | None, key: str, n: int) -> None:
        counter = self.numbers.get(player)
        if counter is None:  # a plain dict, not setdefault or a Counter: this runs for every number told
            counter = self.numbers[player] = {}
        counter[key] = n if key == "rage" else counter.get(key, 0) + n  # rage: the space reached, not a sum


def _filters() -> dict[str, Callable[..., Any]]:
    """The filters a prose template may use, the same for Jinja and narrate/template.py."""
    return {"upfirst": _upfirst,  # {{ hurt | upfirst }}: "you and Rex" starting a sentence
            "at": at}  # {{ space | at('em') }}: "na Entrada" in Portuguese (words.at)


def _globals() -> dict[str, Any]:
    """The functions a prose template may call: {{ plural(count, one='comes', other='come') }}."""
    return {"plural": _plural}


@functools.lru_cache(maxsize=1)
def _environment():
    from jinja2 import StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment

    env = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False)
    env.globals.update(_globals())
    env.filters.update(_filters())
    return env


@functools.lru_cache(maxsize=1024)
def _template(source: str):
    return _environment().from_string(source)


@functools.lru_cache(maxsize=1024)
def _compiled(source: str) -> Render | None:
    """The template as a function of its context, without Jinja, when it keeps to the part of Jinja
    narrate/template.py speaks (every shipped variant does); None: Jinja renders it. Importing Jinja and
    compiling the dozen variants that need more than names was a fifth of replaying five scripted
    games (issue 20); its recipe is kept between runs (narrate/recipes.py)."""
    filters, globals_ = _filters(), _globals()
    recipe = _RECIPES.recipe(source, filters, globals_, language(), _sources)
    if recipe is None:
        return None
    try:
        return build(recipe, filters, globals_)
    except Exception:  # a kept recipe that is not one (a damaged cache): the template read afresh
        return compile_template(source, filters, globals_)


def _sources() -> list[str]:
    """Every prose template of the current language (each variant, in each person)."""
    out: list[str] = []
    for variants in section("narrate.prose").values():
        for variant in variants if isinstance(variants, list) else ():
            if isinstance(variant, str):
                out.append(variant)
            elif isinstance(variant, Mapping):
                out += [v for v in variant.values() if isinstance(v, str)]
    return out


def _renderer(source: str) -> Render:
    """`_fill(source, ctx)` as a function of the context."""
    render = _compiled(source)
    if render is None:
        return lambda ctx: _template(source).render(**ctx)
    return render


def _renderers(variant: Any) -> tuple[Render, Render]:
    """A variant's renderers in the third person and in the second (`render`'s `you`): a plain
    template is both; a mapping has `you` and `they` forms, either standing in for the other."""
    try:
        if isinstance(variant, str) or not isinstance(variant, Mapping):
            return (_renderer(variant),) * 2
        they = _renderer(variant.get("they", variant.get("you", "")))
        return they, (_renderer(variant["you"]) if "you" in variant else they)
    except Exception as e:  # a translator's broken variant fails when it is told, as before, not its kind
        def broken(ctx: Mapping[str, Any], error: Exception = e) -> str:
            raise error
        return broken, broken


def _fill(source: str, ctx: Mapping[str, Any]) -> str:
    """The template rendered, by narrate/template.py or else by Jinja. A missing name raises either
    way (KeyError or Jinja's UndefinedError), and the caller falls back to the one-line narration."""
    render = _compiled(source)
    if render is None:
        return _template(source).render(**ctx)
    return render(ctx)


class ProseNarrator:
    """Stateful only in where it is (turn, whose turn, beat count), which `state()` captures so undo
    and saved games narrate the same words again."""

    def __init__(self, seed: int = 0, *, verbose: bool = False, width: int = WIDTH) -> None:
        self.seed = seed
        self.verbose = verbose
        self.width = width
        self.prose = section("narrate.prose")
        self.plain = Narrator()  # names, questions, and a one-line fallback
        self.turn = 0
        self.owner: str | None = None
        self.index = 0
        self.blank = True  # the last thing said was a blank line (or nothing yet)
        self.legacy = False  # templates may say `squelch` on the moor and `creep` in the halls
        # who the dragon and the company are ({{ dragon }}, {{ company }}): a campaign's definition names
        # its own (the table sets them); otherwise the catalog's
        self.names = {"dragon": narrate_word("names.dragon"), "company": narrate_word("names.company")}
        self.told_question: tuple[str, tuple[str, ...]] | None = None  # story choices just told in full
        self.counts: Counter[tuple[str, int]] | None = None  # (kind, variant) -> uses, when someone counts
        self._head: tuple[tuple[int, int, str | None] | None, int] = (None, 0)  # _variant's (seed, turn, owner), CRC
        self._told: dict[str, tuple[Any, list[tuple[Render, Render] | None]]] = {}  # kind -> (variants, renderers): `_variant`
        self._cards_told: tuple[Any, str, dict[tuple[str, ...], str]] = (None, "", {})  # `cards`
        self._you: str | None = None  # who is "you", and the bots' names, in the batch being told (`_tell`)
        self._bots: frozenset[str] = frozenset()
        self._sides: tuple[Any, tuple[str, ...], frozenset[str]] = (None, (), frozenset())  # (game, people, bots)
        self._words: Any = None  # the catalog the batch's words below come from
        self._beside: Callable[[Mapping[str, Any]], str] = lambda params: ""  # `num.beside`, for the batch
        self._numbers_told: dict[tuple[Any, ...], str] = {}  # the language's numbers memo, for the batch
        self._finished_told: dict[tuple[str, str, int, str], Line] = {}  # and its finished lines (`_sentence`)

    # -- state for undo and saves ----------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return dict(zip(PLACE, place(self), strict=True))

    def restore(self, state: Mapping[str, Any]) -> None:
        self.told_question = None  # after undo or a resume the question is asked again in full
        self.turn = int(state.get("turn", 0))
        self.owner = state.get("owner")
        self.index = int(state.get("index", 0))
        self.blank = bool(state.get("blank", True))

    # -- words -----------------------------------------------------------------------------------
    def w(self, key: str, **params: Any) -> str:
        return say(f"narrate.{key}", **params)  # narrate/lines.py `w`, one call nearer

    def name(self, game: Game, card_id: str) -> str:
        return game.ruleset.name_of(card_id)  # what the plain narrator says (`Narrator.card`), a call nearer

    def space(self, game: Game, space_id: str) -> str:
        return self.plain.space(game, space_id)

    def listing(self, items: list[str], sep_key: str = "list.sep") -> str:
        """`a, b and c` (or `a, then b, then c`) in the current language."""
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        sep, last, then, _ = memo("narrate.prose.list", _list_words)
        if sep_key == "list.then":
            return then.join(items)
        return sep.join(items[:-1]) + last + items[-1]

    def cards(self, game: Game, ids: Iterable[str]) -> str:
        """`Burgle ×3 and Stumble`. Kept by the ids in their order for the game's ruleset in the current
        language (at most CARDS_KEPT): a turn's header tells the hand that `play all` then tells again,
        and a hand is a few words out of a handful of cards (issue 20)."""
        key = tuple(ids)
        ruleset, lang, told = self._cards_told
        if ruleset is not game.ruleset or lang != language():
            ruleset, lang, told = self._cards_told = (game.ruleset, language(), {})
        text = told.get(key)
        if text is None:
            if len(told) >= CARDS_KEPT:
                told.clear()
            counts: dict[str, int] = {}  # in the order the cards come, as a Counter would count them
            for card in key:
                counts[card] = counts.get(card, 0) + 1
            named = (tuple(map(game.ruleset.name_of, counts)), tuple(counts.values()))
            # the same names tell the same list in every game of the language (a new table's hands are
            # mostly hands told before)
            lists = memo("narrate.prose.cards", dict)
            text = lists.get(named)
            if text is None:
                if len(lists) >= CARDS_KEPT:
                    lists.clear()
                times = memo("narrate.prose.list", _list_words)[3]  # `list.times`: `Burgle ×3`
                text = lists[named] = self.listing([times({"name": card, "n": n}) if n > 1 else card
                                                    for card, n in zip(*named, strict=True)])
            told[key] = text
        return text

    @staticmethod
    def you(game: Game) -> str | None:
        """The seat told in the second person (narrate/lines.py `person`)."""
        return person(game)

    # -- the public face -------------------------------------------------------------------------
    def lines(self, game: Game, events: Iterable[ev.Event]) -> list[str]:
        return [line.text for line in self.tell(game, events)]

    def question(self, game: Game) -> list[str]:
        """The pending question with its numbered options and the `choose N` hint; nothing when the
        narration has just told this very question (a passage's choices follow the passage)."""
        pending = game.pending
        if pending is not None and self.told_question is not None and self.told_question == _story_key(pending):
            self.told_question = None
            return []
        out = self.plain.question(game)
        if out:
            out.append(self.w("question.hint", n=len(game.pending["options"])))  # type: ignore[index]
        return out

    def tell(self, game: Game, events: Iterable[ev.Event]) -> list[Line]:
        """The events as prose. Should the prose fail (a bug), they are told as plain lines instead:
        narration never stops a game."""
        if type(events) is not list:  # `_tell` reads the batch and never changes it
            events = list(events)
        where = place(self)  # `state()`, without a dict every batch
        try:
            return self._tell(game, events)
        except Exception as e:
            import logging  # only here: a bug's warning; start-up need not load logging (issue 20)

            logging.getLogger("clank_story.narrate").warning("prose narration failed (%s: %s); plain lines follow",
                                                             type(e).__name__, e)
            self.restore(dict(zip(PLACE, where, strict=True)))
            return [Line(text, "beat") for text in self.plain.lines(game, events)]

    def _tell(self, game: Game, events: list[ev.Event]) -> list[Line]:
        # most batches start no turn: told by one C scan, not a test of every event (the rules' events
        # are final classes)
        starts = [i for i, e in enumerate(events) if isinstance(e, ev.TurnStarted)] \
            if ev.TurnStarted in map(type, events) else []
        if starts and any(i + 1 < len(events) and _is_story(events[i + 1]) for i in starts):  # else nothing moves
            events = _story_before_turns(events)
            starts = [i for i, e in enumerate(events) if isinstance(e, ev.TurnStarted)]
        self.legacy = game.ruleset.legacy
        # who is told as "you" and who is a bot do not change while a batch is told, nor does the
        # language: worked out once for it, not for every segment, header and beat (issue 20); who
        # are people and who are bots, once a game (the game is kept, so its identity is its own)
        if self._sides[0] is not game:
            self._sides = (game, *sides(game))
        self._bots = self._sides[2]
        self._you = addressed(game, self._sides[1])
        words = catalog(language())
        if words is not self._words:
            self._words = words
            self._beside = sayer("narrate.num.beside")
            self._numbers_told = memo("narrate.prose.numbers", dict)
            self._finished_told = memo("narrate.prose.finished", dict)
        if self.owner is None:
            self.owner = game.me.name
            self.turn = game.turn_number
        if not starts:  # most batches: one segment
            return self._spaced(self._segment(game, events))
        out: list[Line] = []
        done = 0
        for i in starts:
            out += self._segment(game, events[done:i])
            e = events[i]
            self.turn, self.owner, self.index = e.turn, e.player, 0  # type: ignore[attr-defined]
            out += self._turn_header(game, e, last=i == starts[-1])  # type: ignore[arg-type]
            done = i + 1
        out += self._segment(game, events[done:])
        return self._spaced(out)

    # -- layout ----------------------------------------------------------------------------------
    def _spaced(self, lines: list[Line]) -> list[Line]:
        """Blank lines before headers and around paragraphs; never two in a row, none at the start.
        A rival's summary after a story choice starts afresh too (the passage's scene is over)."""
        if PLAIN_TAGS.issuperset(map(_tag_of, lines)):  # most batches: sentences with no blank line about them
            if lines:
                self.blank = False
            return lines
        out: list[Line] = []
        previous = ""
        blank = self.blank
        for line in lines:
            tag = line.tag
            if not blank and (tag in BLANK_BEFORE or (tag == "rival" and previous == "choice")):
                out.append(BLANK)
                blank = True
            previous = tag
            if tag == "blank":
                if not blank:
                    out.append(line)
                    blank = True
                continue
            out.append(line)
            blank = tag in BLOCK_TAGS
            if blank:
                out.append(BLANK)
        self.blank = blank
        return out

    def _wrap(self, text: str) -> str:
        """Each line a paragraph wrapped to the width in terminal cells (narrate/wrap.py)."""
        return wrap.paragraphs(text, self.width)

    def _hanging(self, text: str, indent: int = 4) -> str:
        """One item of a list (`  2. Toss in a coin`), its wrapped lines indented under its text."""
        return wrap.fill(text, self.width, subsequent=" " * indent)

    # -- choosing and rendering variants --------------------------------------------------------
    def render(self, kind: str, ctx: Mapping[str, Any], you: bool) -> str:
        """One variant of `kind`, in the second person when `you`, its runs of whitespace made single
        spaces and none at either end, then tidied."""
        renderer = self._variant(kind, you)
        return _settled(renderer({"legacy": self.legacy, **self.names, **ctx})) if renderer is not None else ""

    def _variant(self, kind: str, you: bool) -> Render | None:
        """The renderer of the variant of `kind` told next, in the second person when `you` (None: the
        kind has no variants).

        The variant is the CRC-32 of `seed|turn|owner|index|kind` (docs/narration.md) modulo their
        number, the unchanging head's CRC kept for the turn and carried on (zlib.crc32's second
        argument) over the rest. Each variant's (they, you) renderers are worked out once per narrator
        and kind (the catalog's list of variants stays the same object until the narrator's words
        change): each sentence had looked its template up, asked the ABC machinery whether the variant
        is a mapping and chosen its person again (issue 20)."""
        variants = self.prose.get(kind)
        told = self._told.get(kind)
        if told is None or told[0] is not variants:
            told = self._told[kind] = (variants, [None] * len(variants or ()))
        renderers = told[1]
        if not renderers:
            return None
        where = (self.seed, self.turn, self.owner)
        if self._head[0] != where:
            self._head = (where, zlib.crc32(f"{self.seed}|{self.turn}|{self.owner}|".encode()))
        index = zlib.crc32(f"{self.index}|{kind}".encode(), self._head[1]) % len(renderers)
        self.index += 1
        if self.counts is not None:  # story coverage counts how often each variant is told
            self.counts[(kind, index)] += 1
        pair = renderers[index]
        if pair is None:  # a variant is compiled when it is first told (a game tells half of them)
            pair = renderers[index] = _renderers(variants[index])  # type: ignore[index]
        return pair[1 if you else 0]

    # -- turns -----------------------------------------------------------------------------------
    def _turn_header(self, game: Game, e: ev.TurnStarted, last: bool) -> list[Line]:
        bot = e.player in self._bots
        if bot and not self.verbose:
            return []
        you = e.player == self._you
        out = [Line(self._safe(game, "turn", {"turn": e.turn, "player": e.player}, you, e), "header")]
        if not last or bot or game.over:
            return out
        for p in game.players:  # the seat whose turn it is, when it is the one to move (`game.me`)
            if p.name == e.player:
                break
        else:
            return out
        if p is game.players[game.active]:
            kind = "situation" if not p.out else "situation_escaped"
            hand = self.cards(game, p.hand) or self.w("hand.none")
            ctx = {"player": p.name, "space": game.ruleset.space_name(p.space), "hand": hand}
            out.append(self._sentence(game, kind, ctx, you, e))
        return out

    def _segment(self, game: Game, events: list[ev.Event]) -> list[Line]:
        if not events:
            return []
        if self.owner in self._bots and not self.verbose:
            # what opens a rival's turn but is not the rival's doing (the prologue, the contract row,
            # a person answering an end-of-turn passage) is told first, in full
            k = self._prelude(game, events)
            return self._tell_beats(game, self._beats(game, events[:k])) + \
                (self._summary(game, events[k:]) if events[k:] else [])
        return self._tell_beats(game, self._beats(game, events))

    def _prelude(self, game: Game, events: list[ev.Event]) -> int:
        """How many leading events are story events or another player's, with the numbers they bring."""
        owner = self.owner
        return _leading(events, lambda e: _is_story(e) or getattr(e, "player", None) not in (None, owner))

    def _safe(self, game: Game, kind: str, ctx: Mapping[str, Any], you: bool, event: ev.Event | None) -> str:
        """Render, and fall back to the plain one-line narration rather than ever failing."""
        try:
            return self.render(kind, ctx, you)
        except Exception:  # a translator's template error must not cost the player the game
            return self.plain.line(game, event) if event is not None else ""

    # -- beats -----------------------------------------------------------------------------------
    def _beats(self, game: Game, events: list[ev.Event]) -> list[Beat]:
        beats: list[Beat] = []
        cur: Beat | None = None  # the beat numbers are added to

        def begin(kind: str, player: str | None, e: ev.Event, ctx: dict[str, Any] | None = None) -> Beat:
            beat = Beat(kind, player, ctx, e)
            beats.append(beat)
            return beat

        name, space = game.ruleset.name_of, game.ruleset.space_name  # `self.name`, `self.space`, a call nearer
        for e in events:
            kind = type(e)  # the commonest events by their class first (the rules' events are final classes)
            if kind is ev.Gained:  # a card's Skill, Boots, Swords: the commonest event of all
                if cur is None:
                    cur = begin(*self._standalone(game, e))
                _gains(cur, e)  # type: ignore[arg-type]
                continue
            if kind is ev.CardPlayed:
                if cur is not None and cur.kind == "play" and cur.player == e.player:  # type: ignore[attr-defined]
                    cur.cards.append(e.card)  # type: ignore[attr-defined]
                else:  # (`begin`, written out for the commonest beats)
                    cur = Beat("play", e.player, None, e)  # type: ignore[attr-defined]
                    beats.append(cur)
                    cur.cards.append(e.card)  # type: ignore[attr-defined]
                continue
            if kind in NUMBER_TYPES:
                fresh_hand = kind is ev.CardsDrawn and e.count >= HAND_SIZE  # type: ignore[attr-defined]
                if fresh_hand and _out(game, e.player):  # type: ignore[attr-defined]
                    continue  # the hand an escaped (or fallen) burglar never plays goes untold
                if cur is None or fresh_hand:
                    # a fresh hand is the end of a turn, not part of the last thing done
                    cur = begin(*self._standalone(game, e))
                self._numbers(cur, e)
                continue
            match e:
                case ev.TurnEnded():
                    cur = None
                case ev.CardAcquired():
                    cur = Beat("acquire", e.player, {"card": name(e.card)}, e)
                    beats.append(cur)
                    cur.add(e.player, "skill", -e.cost)
                case ev.Moved():
                    kind = "teleport" if e.teleport else "coach" if e.coach_gold else \
                        "move_monsters" if e.swords or e.damage else "move"
                    cur = Beat(kind, e.player, {"origin": space(e.origin), "to": space(e.to),
                                                "monsters": e.swords + e.damage}, e)  # a Sword or 1 damage each
                    beats.append(cur)
                    if e.teleport:
                        cur.add(e.player, "teleport", -1)
                    if e.boots:
                        cur.add(e.player, "boots", -e.boots)
                    if e.swords:
                        cur.add(e.player, "swords", -e.swords)
                    if e.coach_gold:
                        cur.add(e.player, "gold", -e.coach_gold)
                case ev.DragonAttacked() | ev.KnockedOut() | ev.Escaped() | ev.GameOver():
                    beats.append(Beat(e.kind, getattr(e, "player", None), event=e, paragraph=True))
                    cur = None
                case ev.CardRevealed():
                    if cur is None or cur.kind != "revealed":
                        cur = begin("revealed", None, e)
                    mark = "mark.dragon.prose" if e.dragon else "mark.event.prose" if e.event else ""
                    card = name(e.card)
                    cur.cards.append(self.w(mark, name=card) if mark else card)
                case ev.DeviceUsed():
                    cur = begin("use", e.player, e, {"card": name(e.card)})
                    cur.add(e.player, "skill", -e.cost)
                case ev.MonsterDefeated():
                    cur = begin("fight", e.player, e, {"card": name(e.card)})
                    cur.add(e.player, "swords", -e.cost)
                case ev.Exhausted():
                    cur = begin("exhausted", e.player, e, {"space": space(e.space)})
                case ev.TokenTaken():
                    kind = {"artifact": "take_artifact", "monkey-idol": "take_idol"}.get(e.token, "take_secret")
                    cur = begin(kind, e.player, e, {"value": e.value, "token": name(e.token), "space": space(e.space)})
                case ev.SecretUsed():
                    cur = begin("use_secret", e.player, e, {"token": name(e.token)})
                case ev.MarketBought():
                    cur = begin("market", e.player, e, {"item": name(e.item)})
                    cur.add(e.player, "gold", -e.price)
                case ev.CardTrashed():
                    cur = begin("trash", e.player, e, {"card": name(e.card), "pile": self.w(f"pile.{e.pile}")})
                case ev.CardDiscarded():
                    cur = begin("discard", e.player, e, {"card": name(e.card)})
                case ev.CardGained():
                    cur = begin("gain_card", e.player, e, {"card": name(e.card)})
                case ev.RowCardRemoved():
                    cur = begin("row_removed", None, e, {"card": name(e.card)})
                case ev.WaypointEntered():
                    # A number is printed on the board ("waypoint 101"); a word id is the author's
                    # own name for the passage, so the place is told instead.
                    kind = "waypoint" if e.passage.isdigit() else "waypoint_here"
                    cur = begin(kind, e.player, e, {"passage": e.passage, "space": space(e.space)})
                case ev.CountdownAdvanced():
                    cur = begin("countdown", None, e, {"space": e.space})
                case ev.Answered() if e.question == "story":
                    pass  # the StoryChoice that follows tells what was chosen
                case ev.Answered():
                    cur = begin("answered", e.player, e, {"option": e.option})
                case ev.QuestionAsked():
                    begin("choices", e.player, e, {"options": list(e.options)})
                    cur = None
                case ev.StoryChoice():
                    cur = begin("story_choice", e.player, e, {"label": str(e.data.get("label", e.option))})
                case _ if e.kind == "PassageOpened":
                    cur = begin("passage", e.player, e, {"title": e.title, "text": e.text})  # type: ignore[attr-defined]
                case _ if e.kind == "ContractRow":
                    begin("contract_row", None, e, {"contracts": list(e.contracts)})  # type: ignore[attr-defined]
                    cur = None
                case _ if e.kind == "CheckmarksEarned":
                    player, amount = e.player, e.amount  # type: ignore[attr-defined]
                    if cur is None:
                        cur = begin("checkmarks", player, e)
                    cur.add(player, "checkmarks", amount)
                case _ if e.kind in STORY_BEATS:
                    kind, card = STORY_BEATS[e.kind]
                    ctx = asdict(e)
                    ctx.pop("player", None)
                    if card:
                        ctx[card] = name(ctx[card])
                    cur = begin(kind, getattr(e, "player", None), e, ctx)
                case _:  # events of other layers (solo director): their own template, or one line
                    begin(e.kind, getattr(e, "player", None), e, {**asdict(e), "plain": True})
                    cur = None
        return beats

    def _standalone(self, game: Game, e: ev.Event) -> tuple[str, str | None, ev.Event, dict[str, Any]]:
        """Numbers with no beat to sit beside get a short sentence of their own: its kind, player, event
        and context."""
        match e:
            case ev.Gained():
                source = self.name(game, e.source) if e.source in game.ruleset.cards or \
                    e.source in game.ruleset.secrets else self.space(game, e.source)
                return "gained", e.player, e, {"source": source}
            case ev.CardsDrawn():
                return "drawn_hand" if e.count >= HAND_SIZE else "drawn", e.player, e, \
                    {"count": e.count, "reshuffled": e.reshuffled}
            case ev.ClankChanged():
                return "clank", e.player, e, {}
            case ev.TookDamage():
                return "hurt", e.player, e, {}
            case ev.Healed():
                return "healed", e.player, e, {}
            case ev.RageChanged():
                return "rage", None, e, {}
        raise AssertionError(f"not a number event: {e!r}")  # only NUMBER_EVENTS come here

    @staticmethod
    def _numbers(beat: Beat, e: ev.Event) -> None:
        match e:
            case ev.Gained():
                _gains(beat, e)
            case ev.ClankChanged():
                if e.amount:
                    beat.add(e.player, "clank", e.amount)
                if e.asked < 0 and -e.asked > -e.amount:
                    beat.add(e.player, "clank_credit", -e.asked + e.amount)
                elif e.asked > 0 and e.amount == 0:
                    beat.add(e.player, "clank_empty", 1)
            case ev.CardsDrawn():
                beat.add(e.player, "cards", e.count)
                if e.reshuffled:
                    beat.add(e.player, "reshuffled", 1)
            case ev.Healed():
                beat.add(e.player, "health", e.amount)
            case ev.TookDamage():
                beat.add(e.player, "damage", e.amount)
            case ev.RageChanged():
                beat.add(None, "rage", e.rage)

    def numbers(self, beat: Beat, game: Game) -> str:
        """The beat's numbers, `(+2 Skill, +1 Clank)` or with whose they are (`Rex: +1 Clank`). What they
        say hangs only on the counts, whose beat it is and who "you" are, in the current language, so
        it is kept per language (`words.memo`): most beats repeat a few dozen combinations."""
        return self._numbers_of(beat, self.you(game), memo("narrate.prose.numbers", dict))

    def _numbers_of(self, beat: Beat, you: str | None, told: dict[tuple[Any, ...], str]) -> str:
        """`numbers`, `you` being who is "you", from `told` (the current language's memo): a batch's beats
        know both already (`_tell`)."""
        numbers = beat.numbers
        if not numbers:
            return ""
        if len(numbers) == 1:  # one player's numbers (most beats): the same key, without two generators
            (player, counter), = numbers.items()
            if player is None or player == beat.player:  # whoever's they are, the numbers alone
                key: tuple[Any, ...] = tuple(counter.items())  # (pairs: never a key of the other forms)
            else:
                key = (beat.player, you, (player, *counter.items()))
        else:
            if not any(p is not None and p != beat.player for p in numbers):
                you = None
            key = (beat.player, you, *((p, *c.items()) for p, c in numbers.items()))
        text = told.get(key)
        if text is None:
            if len(told) >= NUMBERS_KEPT:
                told.clear()
            text = told[key] = self._numbers_text(beat, you)
        return text

    def _numbers_text(self, beat: Beat, you: str | None) -> str:
        groups = []
        for player, counter in beat.numbers.items():
            parts = []
            for key in sorted(counter.keys() & _NUMBER_ORDER, key=_NUMBER_ORDER.__getitem__):  # NUMBER_KEYS' order
                n = counter[key]
                if not n and key != "rage":
                    continue
                parts.append(_number(key, n))
            if not parts:
                continue
            text = self.w("num.sep").join(parts) if len(parts) > 1 else parts[0]
            if player is not None and player != beat.player:
                text = self.w("num.whose", player=player, numbers=text, you=player == you)
            groups.append(text)
        return self.w("num.groups").join(groups) if len(groups) > 1 else "".join(groups)

    def _tell_beats(self, game: Game, beats: list[Beat]) -> list[Line]:
        you = self._you
        out: list[Line] = []
        for beat in beats:
            kind = beat.kind
            if beat.paragraph or kind in STORY_BLOCKS or "plain" in beat.ctx:  # (one test for most beats)
                if beat.paragraph:
                    out.extend(self._paragraph(game, beat, you))
                    continue
                if kind in STORY_BLOCKS:
                    out.append(self._story_block(game, beat, you))
                    continue
                if beat.ctx.get("plain") and kind not in self.prose:
                    text = self.plain.line(game, beat.event) if beat.event is not None else ""
                    if text.strip():
                        out.append(Line(text.strip("\n"), "passage" if kind == "PassageOpened" else "story"))
                    continue
            player = beat.player
            ctx = {"player": player or "", **beat.ctx}
            if kind == "play":
                ctx["cards"] = self.cards(game, beat.cards)
                ctx["count"] = len(beat.cards)
            elif kind == "revealed":
                ctx["cards"] = self.listing(beat.cards)
            numbers = self._numbers_of(beat, you, self._numbers_told) if beat.numbers else ""
            tag = "beat"
            if kind == "story_choice":
                tag = "choice"
                if str(beat.ctx.get("label", "")).rstrip(" .。").endswith((")", "）")):
                    numbers = ""  # the choice already says what it gives: "(+1 Gold, a signing fee)", "（ゴールド+1）"
            told = self._sentence(game, kind, ctx, player is not None and player == you, beat.event, numbers, tag)
            if told.text:
                out.append(told)
        return out

    def _sentence(self, game: Game, kind: str, ctx: Mapping[str, Any], you: bool, event: ev.Event | None,
                  numbers: str = "", tag: str = "beat") -> Line:
        """`kind` told with `numbers` beside it, wrapped (an empty text when both say nothing), as a line
        tagged `tag`; should its template fail, the plain one-line narration is told instead (as `_safe`
        does)."""
        try:
            renderer = self._variant(kind, you)
            said = renderer({"legacy": self.legacy, **self.names, **ctx}) if renderer is not None else ""
        except Exception:  # a translator's template error must not cost the player the game
            text = self.plain.line(game, event) if event is not None else ""
            return Line(self._finish(text, numbers) if text or numbers else "", tag)
        # the sentence settled, its numbers beside it, wrapped, as a line (a value: one serves every time):
        # kept by the two texts, the width and the tag in the language's memo, as a game says the same
        # sentences with the same numbers again and again (`You acquire Mercenary. (-2 Skill)`)
        key = (said, numbers, self.width, tag)
        finished = self._finished_told
        told = finished.get(key)
        if told is None:
            if len(finished) >= FINISHED_KEPT:
                finished.clear()
            text = _settled(said)
            told = finished[key] = Line(self._finish(text, numbers) if text or numbers else "", tag)
        return told

    def _finish(self, text: str, numbers: str) -> str:
        """A sentence (or nothing) and its numbers (or none), told beside each other and wrapped."""
        if numbers:
            text = self._beside({"text": text, "numbers": numbers}) if text else numbers
        return wrap.paragraphs(text, self.width)  # `_wrap`'s, a call nearer

    # -- the Book of Secrets ---------------------------------------------------------------------
    def _story_block(self, game: Game, beat: Beat, you: str | None) -> Line:
        """A passage (title, text reflowed into paragraphs, its effects' numbers at the end), the
        choices it offers, or the contract row read aloud."""
        ctx = {"player": beat.player or "", **beat.ctx}
        mine = beat.player is not None and beat.player == you
        if beat.kind == "passage":
            title = self._safe(game, "passage", ctx, mine, beat.event)
            paragraphs = [" ".join(p.split()) for p in _paragraphs(str(beat.ctx.get("text", "")))]
            numbers = self._numbers_of(beat, self._you, self._numbers_told)
            if numbers:
                last = paragraphs.pop() if paragraphs else ""
                paragraphs.append(self.w("num.beside", text=last, numbers=numbers) if last else
                                  self.w("num.alone", numbers=numbers))
            body = "\n\n".join(self._wrap(p) for p in paragraphs)
            return Line(self._wrap(title) + ("\n" + body if body else ""), "passage")
        if beat.kind == "choices":
            options = [str(o) for o in beat.ctx.get("options", [])]
            bot = beat.player in self._bots
            head = self._safe(game, "choices_bot" if bot else "choices", ctx, mine, beat.event)
            rows = [self._wrap(head)] + [self._hanging(self.w("option.numbered", n=i, text=o), 5)
                                         for i, o in enumerate(options, start=1)]
            if bot:
                return Line("\n".join(rows), "story")
            self.told_question = (beat.player or "", tuple(options))
            return Line("\n".join([*rows, self.w("question.hint", n=len(options))]), "question")
        head = self._safe(game, "contract_row", ctx, False, beat.event)
        rows = [self._hanging(self.w("contract.line", name=name, description=text), 4)
                for _, name, text in beat.ctx.get("contracts", [])]
        return Line("\n".join([self._wrap(head), *rows]), "contracts")

    # -- paragraphs ------------------------------------------------------------------------------
    def _paragraph(self, game: Game, beat: Beat, you: str | None) -> list[Line]:
        e = beat.event
        match e:
            case ev.DragonAttacked():
                hurt = [p for p in e.hits]
                names = self.listing([self.w("you") if p == you else p for p in hurt])
                ctx = {"reason": e.reason, "cubes": e.cubes, "hurt": names,
                       "single": len(hurt) == 1 and hurt[0] != you}
                text = self._safe(game, "dragon_attack", ctx, False, e)
                return [Line(self._wrap(self.w("num.beside", text=text, numbers=self._attack_numbers(e, you))), "dragon")]
            case ev.KnockedOut():
                p = game.player(e.player)
                space = game.board.spaces.get(p.space)
                ctx = {"player": e.player, "zero": e.scores_zero, "depths": bool(space and space.depths)}
                return [self._sentence(game, "knocked_out", ctx, e.player == you, e, tag="paragraph")]
            case ev.Escaped():
                p = game.player(e.player)
                others_below = any(not q.out for q in game.players if q.name != e.player)
                ctx = {"player": e.player, "value": p.artifact or 0, "others_below": others_below}
                return [self._sentence(game, "escaped", ctx, e.player == you, e, tag="paragraph")]
            case ev.GameOver():
                ranked = sorted(e.scores.values(), reverse=True)
                margin = ranked[0] - ranked[1] if len(ranked) > 1 and e.winner else 0
                ctx = {"reason": self.w(f"reason.{e.reason}"), "winner": (_upfirst(self.w("you")) if e.winner == you else e.winner)
                       if e.winner else "", "winner_you": e.winner is not None and e.winner == you, "margin": margin}
                text = self._sentence(game, "game_over", ctx, False, e).text
                return [Line(text + "\n" + "\n".join(score_lines(game)), "over")]
        return []

    def _attack_numbers(self, e: ev.DragonAttacked, you: str | None) -> str:
        """`2 cubes drawn: Rex 1, black 1`, kept per language by what was drawn and who "you" are (the
        bag gives a few dozen draws a game)."""
        key = (tuple(e.hits.items()), e.black, e.returned, e.cubes, you)
        told = memo("narrate.prose.attacks", dict)
        text = told.get(key)
        if text is None:
            if len(told) >= NUMBERS_KEPT:
                told.clear()
            nums = [self.w("num.hit", player=p.replace(" ", NBSP), n=n, you=p == you) for p, n in e.hits.items()]
            if e.black:
                nums.append(self.w("num.black", n=e.black))
            if e.returned:
                nums.append(self.w("num.returned", n=e.returned))
            text = told[key] = self.w("num.cubes", n=e.cubes) + \
                (self.w("num.drawn") + self.w("num.sep").join(nums) if nums else "")
        return text

    # -- a rival's turn in one paragraph ---------------------------------------------------------
    def _summary(self, game: Game, events: list[ev.Event]) -> list[Line]:
        player = self.owner or ""
        deeds: list[tuple[str, list[str]]] = []
        reveals: list[str] = []
        numbers = Beat("summary", player)
        paragraphs: list[Beat] = []
        extras: list[ev.Event] = []
        after: list[Beat | list[ev.Event]] = []  # paragraphs and other layers' events, in the order they happened

        def deed(kind: str, item: str) -> None:
            if deeds and deeds[-1][0] == kind:
                deeds[-1][1].append(item)
            else:
                deeds.append((kind, [item]))

        for e in events:
            match e:
                case ev.CardPlayed():
                    deed("played", e.card)
                case ev.CardAcquired():
                    deed("acquired", e.card)
                case ev.MonsterDefeated():
                    deed("defeated", e.card)
                case ev.DeviceUsed():
                    deed("used", e.card)
                case ev.Moved():
                    deed("teleported" if e.teleport else "coached" if e.coach_gold else "moved", e.to)
                case ev.TokenTaken():
                    deed(f"took.{e.token if e.token in ('artifact', 'monkey-idol') else 'secret'}",
                         str(e.value) if e.token == "artifact" else e.token)
                case ev.SecretUsed():
                    deed("drank", e.token)
                case ev.MarketBought():
                    deed("bought", e.item)
                case ev.CardTrashed():
                    deed("trashed", e.card)
                case ev.CardGained():
                    deed("gained", e.card)
                case ev.WaypointEntered():
                    if e.passage.isdigit():
                        deed("waypoint", e.passage)
                    else:
                        deed("waypoint_here", e.space)
                case ev.CardRevealed():
                    mark = "mark.dragon.prose" if e.dragon else "mark.event.prose" if e.event else ""
                    name = self.name(game, e.card)
                    reveals.append(self.w(mark, name=name) if mark else name)
                case ev.DragonAttacked() | ev.KnockedOut() | ev.Escaped() | ev.GameOver():
                    paragraphs.append(Beat(e.kind, getattr(e, "player", None), event=e, paragraph=True))
                    after.append(paragraphs[-1])
                case ev.Gained():
                    for key in ("gold",):
                        if e.gains.get(key) and e.player == player:
                            numbers.add(player, key, e.gains[key])
                case ev.ClankChanged():
                    if e.amount:
                        numbers.add(e.player, "clank", e.amount)
                case ev.TookDamage():
                    numbers.add(e.player, "damage", e.amount)
                case ev.Healed():
                    numbers.add(e.player, "health", e.amount)
                case ev.RageChanged():
                    numbers.add(None, "rage", e.rage)
                case ev.CardsDrawn() | ev.TurnEnded() | ev.CardDiscarded() | ev.Exhausted() | ev.Answered() | \
                        ev.RowCardRemoved() | ev.CountdownAdvanced() | ev.StoryEffect():
                    pass
                case _:  # another layer's event (a passage read, a contract): told in full after the summary
                    extras.append(e)
                    if after and isinstance(after[-1], list):
                        after[-1].append(e)
                    else:
                        after.append([e])
        parts = []
        for kind, items in deeds:
            if kind == "played":
                parts.append(self.w("deed.played", n=len(items)))
            elif kind in ("moved", "teleported", "coached"):
                prep = self.w("deed.route_prep")  # Portuguese "para": "para o Saguão, depois para a Capela"
                route = [at(self.space(game, s), prep) if prep else self.space(game, s) for s in items]
                parts.append(self.w(f"deed.{kind}", spaces=self.listing(route, "list.then")))
            elif kind == "took.artifact":
                parts += [self.w("deed.took.artifact", value=v) for v in items]
            elif kind in ("took.secret", "drank"):
                parts += [self.w(f"deed.{kind}", name=self.name(game, t)) for t in items]
            elif kind == "took.monkey-idol":
                parts += [self.w("deed.took.monkey-idol") for _ in items]
            elif kind == "waypoint":
                parts += [self.w("deed.waypoint", passage=p) for p in items]
            elif kind == "waypoint_here":
                parts += [self.w("deed.waypoint_here", space=self.space(game, s)) for s in items]
            elif kind == "bought":
                parts.append(self.w("deed.bought", items=self.cards(game, items)))
            else:
                parts.append(self.w(f"deed.{kind}", cards=self.cards(game, items)))
        out: list[Line] = []
        if parts or not paragraphs:
            text = self._safe(game, "bot_turn", {"player": player, "deeds": self.listing(parts) or self.w("deed.none")},
                              False, None)
            nums = self._numbers_of(numbers, self._you, self._numbers_told)
            if nums:
                text = self.w("num.beside", text=text, numbers=nums)
            if reveals:
                text = sentences(text, self._safe(game, "revealed", {"cards": self.listing(reveals)}, False, None))
            out.append(Line(self._wrap(text), "rival"))
        for item in after:  # the end of a game: the last attack and the scores before the epilogue
            if isinstance(item, list):
                out += self._tell_beats(game, self._beats(game, item))
            else:
                out.extend(self._paragraph(game, item, self._you))
        return out


def _settled(text: str) -> str:
    """A rendered sentence with its runs of whitespace made single spaces, none at either end, then
    tidied. Printable text holds no whitespace but spaces (split() would find no other): most
    sentences need no splitting and joining again. (A regular expression telling both at once took
    more instructions than these C calls, issue 20.)"""
    if not text.isprintable() or "  " in text or text[:1] == " " or text[-1:] == " ":
        text = " ".join(text.split())
    return tidy(text)


def _list_words() -> tuple[str, str, str, Callable[[Mapping[str, Any]], str]]:
    """The words a list is said with in the current language (`ProseNarrator.listing`), and how a card
    many times over in it is (`list.times`), kept with the language."""
    return say("narrate.list.sep"), say("narrate.list.and"), say("narrate.list.then"), sayer("narrate.list.times")


def _gains(beat: Beat, e: ev.Gained) -> None:
    """What a Gained event adds to a beat's numbers."""
    player = e.player
    for key, n in e.gains.items():
        if n and key != "heal":  # the Healed event that follows says what was healed
            beat.add(player, key, n)


def _number(key: str, n: int) -> str:
    """`+2 Skill`, its spaces no-break (never split "1 damage"), kept per language by key and count: a
    batch's numbers told for the first time are mostly parts told before (issue 20)."""
    told = memo("narrate.prose.number", dict)
    text = told.get((key, n))
    if text is None:
        if len(told) >= NUMBERS_KEPT:
            told.clear()
        said = say(f"narrate.num.{key}") if key in ("reshuffled", "clank_empty") else say(f"narrate.num.{key}", n=n)
        text = told[(key, n)] = said.replace(" ", NBSP)
    return text


def _out(game: Game, name: str) -> bool:
    """Whether `name` has left the game (escaped or knocked out); an unknown name has not."""
    return any(p.name == name and p.out for p in game.players)


def _upfirst(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(n: int, **forms: str) -> str:
    """In a prose template, the form of a word for a count by the language's plural rules:
    `{{ plural(count, one='comes', other='come') }}`."""
    category = plural_category(n)
    return forms.get(category, forms.get("other", ""))


def _paragraphs(text: str) -> list[str]:
    """A passage's text as paragraphs: lines run together, a blank line starts a new paragraph."""
    out: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.strip():
            current.append(line.strip())
        elif current:
            out.append(" ".join(current))
            current = []
    if current:
        out.append(" ".join(current))
    return out


def _story_key(pending: Mapping[str, Any]) -> tuple[str, tuple[str, ...]] | None:
    """What identifies a pending story question: who is asked, and the choices' labels."""
    if pending.get("q") != "story":
        return None
    return str(pending.get("p", "")), tuple(str(o.get("label", "")) for o in pending.get("options", []))


def _is_story(e: ev.Event) -> bool:
    return e.kind in STORY_KINDS or (isinstance(e, ev.Answered) and e.question == "story")


def _leading(events: list[ev.Event], first: Callable[[ev.Event], bool]) -> int:
    """How many leading events pass `first`, counting too the numbers (Gold, Clank, damage, ...) they
    bring along; a fresh hand of cards is the next turn's, not theirs."""
    k = 0
    for e in events:
        brought = k > 0 and isinstance(e, NUMBER_EVENTS) and not (isinstance(e, ev.CardsDrawn) and
                                                                 e.count >= HAND_SIZE)
        if not (first(e) or brought):
            break
        k += 1
    return k


def _story_before_turns(events: list[ev.Event]) -> list[ev.Event]:
    """Story events right after a TurnStarted belong before it: the prologue and contract row open the
    game, an end-of-turn contract's passage closes the turn that ended (the story layer acts once the
    engine's whole batch, next turn's start included, is done). A question still waiting for its
    answer at the end of the batch stays last, after the turn's header, next to the prompt; the
    passage that asks it comes before the header with the rest of the story."""
    out = list(events)
    i = 0
    while i < len(out):
        if isinstance(out[i], ev.TurnStarted):
            n = _leading(out[i + 1:], _is_story)
            if n and i + 1 + n == len(out) and isinstance(out[-1], ev.QuestionAsked):
                n -= 1  # the waiting question itself stays put
            if n:
                out[i:i + n + 1] = [*out[i + 1:i + n + 1], out[i]]
                i += n
        i += 1
    return out


_RECIPES = Recipes(_filters(), _globals())  # the kept recipes of the templates (`_compiled`)
