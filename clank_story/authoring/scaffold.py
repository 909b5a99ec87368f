"""`campaign scaffold NAME`: a new campaign folder that lints clean and plays to a winner — a
definition with two games on a small legacy board of its own (four artifacts, so every table size finds
one after setup), a card, prologues, a waypoint passage with a Jinja condition and a choice (and, in game
2, another passage for the same waypoint), a contract with its passage, epilogues, a scenario and a
script that walks onto the waypoint, and JSON Schemas for the editor.

The texts below are the starting point of docs/authoring.md's walk-through; every flag and counter is
both set and read, and every passage is reached, so `book lint --strict` passes from the first minute."""

from __future__ import annotations

import re
from pathlib import Path

from clank_story.words import say


class ScaffoldError(Exception):
    """The folder cannot be made; the message says why."""


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def files(name: str, ident: str) -> dict[str, str]:
    """Relative path -> text of every file of a new campaign called `name` (id `ident`)."""
    title = name.replace('"', "'")
    return {
        "campaign.yaml": f'''\
# yaml-language-server: $schema=schemas/campaign-definition.schema.json
# The campaign definition: what each game of the campaign is.
# Every field: `clank-story book docs authoring` (section "The campaign definition").
id: {ident}
name: "{title}"
ruleset: legacy

# Bot rivals take these names, in order.
rivals:
  - {{name: Wren Halloway, character: the Rival Bidder}}
  - {{name: Tobias Fell, character: the Night Porter}}

games:
  - number: 1
    prologue: prologue              # read before the first turn
    board: {ident}                  # boards/{ident}.yaml
    contracts: [deliver-the-parcel] # put in the contract row (book/contracts.yaml)
    epilogue: epilogue              # read when the game ends
  - number: 2
    prologue: second-prologue
    board: {ident}                  # the same road, a week later
    waypoints: {{signpost: signpost-again}}   # the board's waypoint "signpost" opens this passage now
    epilogue: second-epilogue

contracts:
  deliver-the-parcel: {{name: Deliver the Parcel}}
''',
        f"boards/{ident}.yaml": f'''\
# yaml-language-server: $schema=../schemas/board.schema.json
# The board of both games: spaces by id, and the paths between them.
# Every field: `clank-story book docs authoring` (section "A board"). Draw it with
# `clank-story board show boards/{ident}.yaml --format svg > board.svg`.
id: {ident}
name: "{title}: the Valley Road"
ruleset: legacy
start: office                       # pawns start here; coming back with an artifact escapes

# Setup takes 2 artifacts off the board with 1 or 2 players and 1 with 3, so a board needs at least
# three for every table to find one; this one has four.
spaces:
  office:    {{name: Branch Office, pos: [0, 1]}}
  market:    {{name: Market Town, market: true, coach: 1, pos: [1, 1]}}
  lane:      {{name: Hedge Lane, gold: 1, pos: [1, 0]}}
  signpost:  {{name: Old Signpost, waypoint: signpost, pos: [2, 0]}}   # opens passage "signpost"
  mill:      {{name: Tumbledown Mill, artifact: 5, pos: [2, 2]}}
  meadow:    {{name: Poppy Meadow, heal: 1, minor_secrets: 1, pos: [2, 1]}}
  copse:     {{name: Dark Copse, exhausting: true, mystic_fruit: 1, pos: [3, 2]}}
  barrow:    {{name: Old Barrow, artifact: 10, minor_secrets: 1, pos: [3, 1]}}
  tower:     {{name: Leaning Tower, artifact: 15, pos: [3, 0]}}
  hoard:     {{name: The Hoard Cave, artifact: 20, depths: true, major_secrets: 1, pos: [4, 1]}}

paths:
  - {{from: office, to: market}}
  - {{from: office, to: lane}}
  - {{from: lane, to: signpost}}
  - {{from: market, to: meadow}}
  - {{from: market, to: mill}}
  - {{from: signpost, to: meadow}}
  - {{from: signpost, to: tower, boots: 2}}
  - {{from: mill, to: copse}}
  - {{from: meadow, to: barrow, monsters: 1}}
  - {{from: copse, to: barrow}}
  - {{from: tower, to: barrow}}
  - {{from: barrow, to: hoard, boots: 2}}
''',
        f"cards/{ident}.yaml": f'''\
# yaml-language-server: $schema=../schemas/cards.schema.json
# Cards of this campaign: they join the adventure deck of its games.
# Every effect: `clank-story book docs authoring` (section "Effects").
ruleset: legacy
deck: adventure
cards:
  - id: {ident}-courier
    name: Hired Courier
    kind: item
    types: [companion]
    cost: 3
    points: 1
    count: 2
    play:
      - {{skill: 1, boots: 1}}
      - {{if: {{played: companion}}, draw: 1}}
''',
        "book/story.yaml": '''\
# yaml-language-server: $schema=../schemas/book.schema.json
# The Book of Secrets of this campaign: `clank-story book docs book-of-secrets` tells how passages,
# choices, conditions and effects work.
passages:
  prologue:
    title: First Day on the Valley Road
    text: |
      Head office hands you a map, a parcel and a receipt for the parcel. The map shows a road, a
      signpost and, at the far end, a cave marked PROBABLY FINE.
    effects: [{flag: has_map}]

  signpost:
    title: The Old Signpost
    text: |
      The signpost has four arms, all pointing at you.
      {%- if campaign.flags.has_map %} Your map agrees with none of them.{% endif %}
    choices:
      - text: Ask the signpost the way (+1 Boot)
        effects: [{boots: 1}, {flag: asked_the_way}]
      - text: Rest in its shade (heal 1)
        if: me.damage > 0
        effects: [{heal: 1}]
      - text: Walk on

  job-done:
    title: Parcel Delivered
    text: |
      The barrow's tenant signs for the parcel with a claw. It is, apparently, exactly what they ordered.

  epilogue:
    title: Home Again
    text: |
      The day is done.
      {%- if campaign.flags.asked_the_way %} Head office notes that you asked for directions.{% endif %}
      {%- if campaign.flags.parcel_delivered %} The parcel arrived, which is a first.{% endif %}
    effects: [{counter: {games_played: 1}}]

  second-prologue:
    title: The Road Again
    text: |
      A week on, the valley road looks shorter.
      {%- if campaign.counters.games_played %} You have walked it {{ campaign.counters.games_played }} time(s) now.{% endif %}

  signpost-again:
    title: The Signpost, Repainted
    text: |
      Someone has repainted the signpost. Every arm now reads HEAD OFFICE.
    choices:
      - text: Leave a coin for the painter
        if: me.gold >= 1
        effects: [{gold: -1}, {flag: tipped_the_painter}]
      - text: Walk on

  second-epilogue:
    title: End of the Road
    text: |
      The valley road is done with you, for now.
      {%- if campaign.flags.tipped_the_painter %} The painter waves as you pass.{% endif %}
''',
        "book/contracts.yaml": '''\
# yaml-language-server: $schema=../schemas/book.schema.json
# Contracts: jobs in the contract row that complete themselves (`clank-story book docs book-of-secrets`).
contracts:
  - id: deliver-the-parcel
    name: Deliver the Parcel
    description: Reach the Old Barrow with at least 1 Gold, and pay 1 Gold in postage.
    trigger: {enter_space: barrow}
    if: me.gold >= 1
    cost: {gold: 1}
    passage: job-done
    reward: [{checkmark: 1}, {flag: parcel_delivered}]
''',
        "scenarios/first-steps.yaml": f'''\
# yaml-language-server: $schema=../schemas/scenario.schema.json
# A position one Boot from the Old Signpost, for the script in scripts/ and for `book preview`.
ruleset: legacy
board: {ident}
seed: 1
players:
  - name: You
    space: lane
    hand: [sidestep, burgle, burgle, burgle, burgle]
    deck: [burgle, burgle, burgle, burgle, burgle]
  - name: Wren
    bot: random
''',
        "scripts/first-steps.script": '''\
# Walk onto the Old Signpost, read its passage, take the first choice, and check what it did.
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
# For a campaign whose every seat is a bot (`campaign new ... --all-bots`): `run --campaign` plays the
# whole game before the first line here, then these checks run on the game as it ended.
# clank-story run scripts/bots.script --campaign bots.yaml
expect game.over
expect game.winner
''',
        "README.md": f'''\
# {title}

A clank-story campaign of two games, made with `clank-story campaign scaffold`.
`clank-story book docs authoring` explains every file.

- `campaign.yaml` — the campaign definition: its games, prologues, board, contract and epilogues.
- `boards/{ident}.yaml` — the board of both games (its Old Signpost is a waypoint).
- `cards/{ident}.yaml` — a card of this campaign, shuffled into the adventure deck.
- `book/` — the Book of Secrets: passages and contracts. The campaign's games read it.
- `scenarios/`, `scripts/` — a position and a script that plays from it (`clank-story run`), and a
  script that checks a bots-only game ended with a winner.
- `schemas/` — JSON Schemas, so an editor with yaml-language-server completes and checks the files.

Check it: `clank-story book lint {ident} --strict`. Draw its story: `clank-story book graph {ident}`.
Watch it while you write: `clank-story book watch {ident}`.
''',
    }


def scaffold(name: str, parent: Path = Path(".")) -> Path:
    """Write the new campaign folder `parent/<slug of name>`; refuse to touch an existing one."""
    from clank_story.authoring.schemas import write

    ident = slug(name)
    if not ident:
        raise ScaffoldError(say("authoring.scaffold.bad_name", name=name))
    folder = parent / ident
    if folder.exists():
        raise ScaffoldError(say("authoring.scaffold.exists", folder=folder))
    try:
        for rel, text in files(name, ident).items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        write(folder / "schemas")
    except OSError as e:
        raise ScaffoldError(say("authoring.scaffold.failed", folder=folder, error=e.strerror or e)) from None
    return folder
