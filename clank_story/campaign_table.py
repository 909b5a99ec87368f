"""A campaign game at the table: the campaign file and its definition, the next game's session with
the Book of Secrets attached (prologue, this game's waypoint passages, epilogue), and the end-of-game
steps written back to the file. `play` and `run --campaign` both go through here."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from clank_story.campaign.definition import Definition, load_definition
from clank_story.campaign.lifecycle import (
    GameEnd,
    GameSetup,
    absorb_story,
    default_campaign,
    end_of_game,
    result_from_game,
    start_of_game,
    story_seed,
)
from clank_story.campaign.setup import campaign_position
from clank_story.campaign.store import CampaignFile, campaign_path, open_or_create
from clank_story.rules import events as ev
from clank_story.session import Session
from clank_story.story.play import attach_book
from clank_story.story.state import StoryState

MAX_READING_ROUNDS = 5  # promotions read after a game can earn checkmarks that promote again


@dataclass
class CampaignTable:
    file: CampaignFile
    definition: Definition
    setup: GameSetup
    session: Session
    book: str | Path | None = None
    end: GameEnd | None = None
    closing: list[str] = field(default_factory=list)  # the end-of-game sentences (mission report ...)

    @property
    def finished(self) -> bool:
        return self.end is not None


def open_table(path: str | Path | None = None, *, seed: int | None = None, book: str | Path | None = None,
               scenario: str | Path | None = None) -> CampaignTable:
    """Open (or create) the campaign file and set up its next game."""
    cf = open_or_create(campaign_path(path), _default)
    definition, _ = load_definition(cf.campaign.definition)
    campaign, setup = start_of_game(cf.campaign, definition)
    cf.save(campaign)
    position = campaign_position(setup, definition, path=scenario, seed=seed)
    session = Session.start(position)
    game = definition.game(setup.game_number)
    book = book if book is not None else definition.book  # a campaign's own book, else the shipped one
    attach_book(session, book, StoryState.for_game(**story_seed(campaign, definition)), prologue=setup.prologues,
                epilogue=game.epilogue if game else None, waypoints=dict(setup.waypoints))
    return CampaignTable(cf, definition, setup, session, book)


def _default():
    from clank_story.campaign.definition import DEFAULT_DEFINITION

    definition, _ = load_definition(DEFAULT_DEFINITION)
    return default_campaign(definition)


def finish_game(table: CampaignTable) -> list[ev.Event]:
    """After GameOver: write down what the story changed, run the end-of-game steps (mission report,
    reviews, promotions, the rival track), read the passages they call for, and save the file."""
    from clank_story.campaign.show import end_of_game_lines

    session, definition = table.session, table.definition
    game = session.game
    assert game.over and session.router is not None and session.story is not None
    campaign, readings = absorb_story(table.file.campaign, definition, session.story)
    end = end_of_game(campaign, definition, result_from_game(game), story_done=True)
    campaign = end.campaign
    readings = [*readings, *end.readings]
    events: list[ev.Event] = []
    router = session.router
    for _ in range(MAX_READING_ROUNDS):
        if not readings:
            break
        router.state = StoryState.for_game(**story_seed(campaign, definition))
        session.story = router.state
        for reading in readings:
            events += router.open(game, reading.passage, reading.player or game.players[0].name, reading.why)
        campaign, readings = absorb_story(campaign, definition, router.state)
    table.file.save(campaign)
    table.end = end
    table.closing = end_of_game_lines(end, definition)
    return events
