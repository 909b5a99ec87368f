"""`campaign scaffold NAME`: a new campaign folder that lints clean and plays to a winner — a
definition with two games on a small legacy board of its own (four artifacts, so every table size finds
one after setup), a card, prologues, a waypoint passage with a Jinja condition and a choice (and, in game
2, another passage for the same waypoint), a contract with its passage, epilogues, a scenario and a
script that walks onto the waypoint, and JSON Schemas for the editor.

The sample speaks the author's language (`--lang`): the files below are one structure for every
language (ids, keys, conditions, effects), with `«key»` where a human word goes; the words come from
`scaffold_words/LANG.yaml` (a key a language lacks is said in English). The English texts are the
starting point of docs/authoring.md's walk-through; every flag and counter is both set and read, and
every passage is reached, so `book lint --strict` passes from the first minute in every language."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from clank_story.words import ENGLISH, flattened, language, say

WORDS = Path(__file__).with_name("scaffold_words")
MARK = re.compile(r"«([a-z0-9_.]+)»")
CONTINUED = re.compile(r"[ \t]*(?:# ?)?")  # what may stand before a mark whose text runs over lines

# The files of a new campaign: relative path -> text, with `«key»` for the words of a language
# (`«ident»` and `«title»` are the campaign's id and name).
FILES: dict[str, str] = {
    "campaign.yaml": '''\
# yaml-language-server: $schema=schemas/campaign-definition.schema.json
# «campaign.about»
id: «ident»
name: "«title»"
ruleset: legacy

# «campaign.rivals_note»
rivals:
  - {name: «rivals.first.name», character: «rivals.first.character»}
  - {name: «rivals.second.name», character: «rivals.second.character»}

games:
  - number: 1
    prologue: prologue              # «campaign.prologue_note»
    board: «ident»                  # boards/«ident».yaml
    contracts: [deliver-the-parcel] # «campaign.contracts_note»
    epilogue: epilogue              # «campaign.epilogue_note»
  - number: 2
    prologue: second-prologue
    board: «ident»                  # «campaign.same_board_note»
    waypoints: {signpost: signpost-again}   # «campaign.waypoints_note»
    epilogue: second-epilogue

contracts:
  deliver-the-parcel: {name: «contract.name»}
''',
    "boards/«ident».yaml": '''\
# yaml-language-server: $schema=../schemas/board.schema.json
# «board.about»
id: «ident»
name: "«board.name»"
ruleset: legacy
start: office                       # «board.start_note»

# «board.artifacts_note»
spaces:
  office:    {name: «spaces.office», pos: [0, 1]}
  market:    {name: «spaces.market», market: true, coach: 1, pos: [1, 1]}
  lane:      {name: «spaces.lane», gold: 1, pos: [1, 0]}
  signpost:  {name: «spaces.signpost», waypoint: signpost, pos: [2, 0]}   # «board.signpost_note»
  mill:      {name: «spaces.mill», artifact: 5, pos: [2, 2]}
  meadow:    {name: «spaces.meadow», heal: 1, minor_secrets: 1, pos: [2, 1]}
  copse:     {name: «spaces.copse», exhausting: true, mystic_fruit: 1, pos: [3, 2]}
  barrow:    {name: «spaces.barrow», artifact: 10, minor_secrets: 1, pos: [3, 1]}
  tower:     {name: «spaces.tower», artifact: 15, pos: [3, 0]}
  hoard:     {name: «spaces.hoard», artifact: 20, depths: true, major_secrets: 1, pos: [4, 1]}

paths:
  - {from: office, to: market}
  - {from: office, to: lane}
  - {from: lane, to: signpost}
  - {from: market, to: meadow}
  - {from: market, to: mill}
  - {from: signpost, to: meadow}
  - {from: signpost, to: tower, boots: 2}
  - {from: mill, to: copse}
  - {from: meadow, to: barrow, monsters: 1}
  - {from: copse, to: barrow}
  - {from: tower, to: barrow}
  - {from: barrow, to: hoard, boots: 2}
''',
    "cards/«ident».yaml": '''\
# yaml-language-server: $schema=../schemas/cards.schema.json
# «card.about»
ruleset: legacy
deck: adventure
cards:
  - id: «ident»-courier
    name: «card.name»
    kind: item
    types: [companion]
    cost: 3
    points: 1
    count: 2
    play:
      - {skill: 1, boots: 1}
      - {if: {played: companion}, draw: 1}
''',
    "book/story.yaml": '''\
# yaml-language-server: $schema=../schemas/book.schema.json
# «book.about»
passages:
  prologue:
    title: «prologue.title»
    text: |
      «prologue.text»
    effects: [{flag: has_map}]

  signpost:
    title: «signpost.title»
    text: |
      «signpost.text»
      {%- if campaign.flags.has_map %}«gap»«signpost.has_map»{% endif %}
    choices:
      - text: «signpost.ask»
        effects: [{boots: 1}, {flag: asked_the_way}]
      - text: «signpost.rest»
        if: me.damage > 0
        effects: [{heal: 1}]
      - text: «walk_on»

  job-done:
    title: «job_done.title»
    text: |
      «job_done.text»

  epilogue:
    title: «epilogue.title»
    text: |
      «epilogue.text»
      {%- if campaign.flags.asked_the_way %}«gap»«epilogue.asked»{% endif %}
      {%- if campaign.flags.parcel_delivered %}«gap»«epilogue.delivered»{% endif %}
    effects: [{counter: {games_played: 1}}]

  second-prologue:
    title: «second_prologue.title»
    text: |
      «second_prologue.text»
      {%- if campaign.counters.games_played %}«gap»«second_prologue.walked»{% endif %}

  signpost-again:
    title: «signpost_again.title»
    text: |
      «signpost_again.text»
    choices:
      - text: «signpost_again.tip»
        if: me.gold >= 1
        effects: [{gold: -1}, {flag: tipped_the_painter}]
      - text: «walk_on»

  second-epilogue:
    title: «second_epilogue.title»
    text: |
      «second_epilogue.text»
      {%- if campaign.flags.tipped_the_painter %}«gap»«second_epilogue.tipped»{% endif %}
''',
    "book/contracts.yaml": '''\
# yaml-language-server: $schema=../schemas/book.schema.json
# «contracts.about»
contracts:
  - id: deliver-the-parcel
    name: «contract.name»
    description: «contract.description»
    trigger: {enter_space: barrow}
    if: me.gold >= 1
    cost: {gold: 1}
    passage: job-done
    reward: [{checkmark: 1}, {flag: parcel_delivered}]
''',
    "scenarios/first-steps.yaml": '''\
# yaml-language-server: $schema=../schemas/scenario.schema.json
# «scenario.about»
ruleset: legacy
board: «ident»
seed: 1
players:
  - name: «scenario.you»
    space: lane
    hand: [sidestep, burgle, burgle, burgle, burgle]
    deck: [burgle, burgle, burgle, burgle, burgle]
  - name: «scenario.rival»
    bot: random
''',
    "scripts/first-steps.script": '''\
# «scripts.first_steps»
# clank-story run scripts/first-steps.script --scenario scenarios/first-steps.yaml --book book
play all
expect me.boots == 1
move signpost
choose 1
expect me.boots == 1
expect campaign.flags.asked_the_way
expect 'signpost' is seen
end
''',
    "scripts/bots.script": '''\
# «scripts.bots»
# clank-story run scripts/bots.script --campaign bots.yaml
expect game.over
expect game.winner
''',
    "README.md": '''\
# «title»

«readme.about»

- `campaign.yaml` — «readme.campaign»
- `boards/«ident».yaml` — «readme.board»
- `cards/«ident».yaml` — «readme.cards»
- `book/` — «readme.book»
- `scenarios/`, `scripts/` — «readme.scripts»
- `schemas/` — «readme.schemas»

«readme.commands»
''',
}


class ScaffoldError(Exception):
    """The folder cannot be made; the message says why."""


def slug(name: str) -> str:
    """The campaign's id and folder name: lower-case letters and digits joined by hyphens. Latin letters
    lose their accents ("O Serviço" -> o-servico) and wide forms; the letters of other scripts stay, so
    a Japanese name makes a Japanese id ("粉ひき小屋の仕事") rather than none."""
    letters: list[str] = []
    for ch in unicodedata.normalize("NFKD", name.lower()):
        if not (unicodedata.combining(ch) and letters and letters[-1].isascii()):
            letters.append(ch)  # a mark on a Latin letter goes; a kana's voicing mark stays
    return re.sub(r"[\W_]+", "-", unicodedata.normalize("NFC", "".join(letters))).strip("-")


@functools.lru_cache(maxsize=4)
def words_of(lang: str) -> Mapping[str, str]:
    """The sample's words in a language, by dotted key; a key the language lacks is the English one."""
    table = dict(_read(ENGLISH))
    if lang != ENGLISH:
        table.update(_read(lang))
    return table


def _read(lang: str) -> dict[str, str]:
    import yaml

    path = WORDS / f"{lang}.yaml"
    if not path.is_file():
        return {}
    tree = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {key: str(value) for key, value in flattened(tree).items()}


def fill(template: str, values: Mapping[str, str]) -> str:
    """The template with each `«key»` replaced by its value. A value of several lines placed where only
    indentation (and a comment's `# `) stands before its mark continues each line with that prefix, so
    a passage's text stays inside its `|` block and a comment stays a comment."""
    def put(m: re.Match[str]) -> str:
        value = values[m[1]]
        if "\n" not in value:
            return value
        start = template.rfind("\n", 0, m.start()) + 1
        prefix = template[start:m.start()]
        if not CONTINUED.fullmatch(prefix):
            return value  # a value after other text on its line brings its own line starts
        first, *rest = value.split("\n")
        return "\n".join([first, *((prefix + line) if line else prefix.rstrip() for line in rest)])

    return MARK.sub(put, template)


def files(name: str, ident: str, lang: str | None = None) -> dict[str, str]:
    """Relative path -> text of every file of a new campaign called `name` (id `ident`), its words in
    `lang` (default: the language spoken now)."""
    names = {"ident": ident, "title": name.replace('"', "'")}
    values = {key: fill(text, names) for key, text in words_of(lang or language()).items()} | names
    return {fill(path, names): fill(text, values) for path, text in FILES.items()}


def scaffold(name: str, parent: Path = Path("."), lang: str | None = None) -> Path:
    """Write the new campaign folder `parent/<slug of name>`, its sample in `lang` (default: the
    language spoken now); refuse to touch an existing one."""
    from clank_story.authoring.schemas import write

    ident = slug(name)
    if not ident:
        raise ScaffoldError(say("authoring.scaffold.bad_name", name=name))
    folder = parent / ident
    if folder.exists():
        raise ScaffoldError(say("authoring.scaffold.exists", folder=folder))
    try:
        for rel, text in files(name, ident, lang).items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        write(folder / "schemas")
    except OSError as e:
        raise ScaffoldError(say("authoring.scaffold.failed", folder=folder, error=e.strerror or e)) from None
    return folder
