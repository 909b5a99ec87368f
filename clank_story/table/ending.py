"""The end of a game, told in the order it happens (DESIGN.md §7): the last turn and its attacks,
knock-outs, "the game is over" with the scores (the narrator tells those with the last command),
then for a campaign game the end-of-game contracts and the epilogue (read by the story router at
GameOver), the mission report, each promotion with its passage, the rival track, what carries over to
the next game, and last the hint of what to do now.

A campaign's end-of-game steps and the removal of its game in progress are one atomic write of the
campaign file: the game is never recorded twice, and never lost between the two."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clank_story.narrate.lines import person
from clank_story.narrate.prose import Line
from clank_story.narrate.wrap import hanging
from clank_story.words import listing, say

if TYPE_CHECKING:
    from clank_story.campaign.definition import Definition
    from clank_story.campaign.lifecycle import GameEnd, Reading
    from clank_story.table.table import Table

MAX_READING_ROUNDS = 5  # promotions read after a game can earn checkmarks that promote again


def finish(table: Table) -> list[Line]:
    """What follows the last command's narration once the game is over."""
    lines = finish_campaign(table) if table.campaign is not None else []
    if table.campaign is None and table.slot is not None:
        table.slot.discard()  # a finished one-shot game has nothing left to resume
    if table.interactive:
        lines += info(table, [say("play.over")])
    return lines


def info(table: Table, texts: list[str]) -> list[Line]:
    """Sentences of the table's own between the narrator's paragraphs, set apart by a blank line."""
    lines = [] if table.narrator.blank else [Line("", "blank")]
    table.narrator.blank = False
    return lines + [Line(hanging(text, table.narrator.width), "info") for text in texts]


def finish_campaign(table: Table) -> list[Line]:
    """Write down what the story changed, run the end-of-game steps, read the passages they call for
    in order, and save the campaign file (with its game in progress gone) in one write."""
    # imported here: a one-shot game never needs the campaign layer, and start-up pays for imports
    from clank_story.campaign.lifecycle import absorb_story, end_of_game, result_from_game, story_seed
    from clank_story.campaign.model import CampaignError
    from clank_story.story.state import StoryState

    seat = table.campaign
    assert seat is not None
    session, definition = table.session, seat.definition
    game = session.game
    router, story = session.router, session.story
    assert router is not None and story is not None
    try:
        campaign, extra = absorb_story(seat.file.campaign, definition, story)
        end = end_of_game(campaign, definition, result_from_game(game), story_done=True)
    except CampaignError as e:
        return [Line(str(e), "refusal")]
    seat.end = end
    campaign = end.campaign

    def read(reading: Reading) -> list[Line]:
        """A promotion or rival-track line, then its passage; what the passage earns is noted."""
        nonlocal campaign
        lines: list[Line] = []
        if reading.why == "promotion":
            lines = info(table, [say("campaign.end.promotion", name=reading.player,
                                     level=definition.level_name(reading.detail), you=reading.player == you)])
        elif reading.why == "dran":
            lines = info(table, [say("campaign.end.dran", n=len(end.campaign.dran_track))])
        router.state = StoryState.for_game(**story_seed(campaign, definition))
        session.story = router.state
        events = router.open(game, reading.passage, reading.player or game.players[0].name, reading.why)
        lines += table.tell(events)
        campaign, more = absorb_story(campaign, definition, router.state)
        pending.extend(more)
        return lines

    pending: list[Reading] = []
    you = person(game)
    out = info(table, report_lines(end, definition, you))
    for reading in in_order(extra, end):
        out += read(reading) if reading.passage else info(table, [
            say("campaign.end.promotion", name=reading.player, level=definition.level_name(reading.detail),
                you=reading.player == you)])
    for _ in range(MAX_READING_ROUNDS):  # checkmarks from those passages may promote again
        if not pending:
            break
        now, pending[:] = list(pending), []
        for reading in now:
            out += read(reading)
    next_game = definition.game(campaign.game_number)
    if next_game is None:
        out += info(table, [say("campaign.end.complete", games=len(definition.games))])
    elif campaign.contract_row:
        names = [definition.contracts[c].name if c in definition.contracts else c for c in campaign.contract_row]
        out += info(table, [say("campaign.end.carried", contracts=listing(names))])
    try:
        seat.file.save(campaign)
    except CampaignError as e:
        out.append(Line(str(e), "refusal"))
    return out


def in_order(during: list[Reading], end: GameEnd) -> list[Reading]:
    """What follows the mission report, in the order it was earned: promotions earned during the game
    (checkmarks from passages), then each employee's review promotions (a promotion with no passage
    is still said: its reading has no passage), then the rest (the rival track)."""
    from clank_story.campaign.lifecycle import Reading

    review = [r for r in end.readings if r.why == "promotion"]
    out = [r for r in during if r.why == "promotion"]
    for rv in end.reviews:
        for level in rv.promotions:
            found = next((r for r in review if (r.player, r.detail) == (rv.player, level)), None)
            out.append(found or Reading("", "promotion", rv.player, level))
            if found is not None:
                review.remove(found)
    return [*out, *review, *(r for r in [*during, *end.readings] if r.why != "promotion")]


def report_lines(end: GameEnd, definition: Definition, you: str | None = None) -> list[str]:
    """The mission report and each employee's review (checkmarks, personal goals); `you` is the seat
    told in the second person."""
    r = end.report
    lines = [say("campaign.end.report" if r.winner else "campaign.end.report_no_mvp", game=r.game, winner=r.winner,
                 you=r.winner is not None and r.winner == you)]
    for review in end.reviews:
        for goal_id in review.goals_ticked:
            goal = definition.goal(goal_id)
            lines.append(say("campaign.end.goal", name=review.player, goal=goal.text if goal and goal.text else goal_id,
                             you=review.player == you))
        if review.checkmarks:
            reasons = listing(_reason(x) for x in review.checkmarks)
            total = end.campaign.employee(review.player).status.checkmarks
            lines.append(say("campaign.end.checkmarks", name=review.player, n=len(review.checkmarks),
                             reasons=reasons, total=total, you=review.player == you))
        else:
            lines.append(say("campaign.end.no_checkmark", name=review.player, you=review.player == you))
    return lines


def _reason(reason: str) -> str:
    if reason.startswith("goals-row-"):
        return say("campaign.reason.goals", row=reason.removeprefix("goals-row-"))
    return say(f"campaign.reason.{reason}")
