"""`clank-story campaign new|show`. Only click is imported at module level; the campaign layer is
imported when a command runs, so `--help` stays fast."""

from __future__ import annotations

import json
import sys
from typing import NoReturn

import click

from clank_story.cli import options
from clank_story.cli.helptext import group, option


@group("campaign", help_id="cli.campaign.help")
@options.lang(hidden=True)
def campaign() -> None:
    pass


@campaign.command("new", help_id="cli.campaign.new.help")
@click.argument("name")
@option("--players", "players", multiple=True, metavar="NAME[:CHARACTER],...", help_id="cli.campaign.new.players")
@option("--rivals", type=int, default=1, show_default=True, help_id="cli.campaign.new.rivals")
@option("--bot", default="random", show_default=True, help_id="cli.campaign.new.bot")
@option("--all-bots", is_flag=True, help_id="cli.campaign.new.all-bots")
@option("--definition", "definition_ref", default=None, metavar="ID|FOLDER", help_id="cli.campaign.new.definition")
@options.campaign()
@options.lang()
def new(name: str, players: tuple[str, ...], rivals: int, bot: str, all_bots: bool, definition_ref: str | None,
        campaign: str | None) -> None:
    from clank_story.campaign.definition import DEFAULT_DEFINITION, folder_ref, load_definition
    from clank_story.campaign.lifecycle import new_campaign
    from clank_story.campaign.model import CampaignError
    from clank_story.campaign.store import campaign_path, create_campaign
    from clank_story.words import listing, say

    seats = _parse_players(players)
    if seats is None:
        _fail(say("campaign.bad_players", value=",".join(players)))
    if all_bots and players:
        _fail(say("authoring.campaign.bots_and_players"))
    if not 0 <= rivals <= 3:
        _fail(say("campaign.bad_rivals"))
    if all_bots and rivals < 1:
        _fail(say("authoring.campaign.no_seats"))
    from clank_story.bots import BOTS, known_bot

    if not known_bot(bot):
        _fail(f"--bot {bot}: " + say("campaign.no_bot", bots=", ".join(BOTS)))
    try:
        definition, _ = load_definition(definition_ref or DEFAULT_DEFINITION)
        people = [] if all_bots else seats or [say("campaign.default_player")]
        data = new_campaign(definition, name, people, rivals)
        for e in data.players:
            if e.bot:
                e.bot = bot
        path = campaign_path(campaign)
        data.definition_folder = folder_ref(definition, path)  # found again from any working folder
        create_campaign(path, data)
    except CampaignError as e:
        _fail(str(e))
    click.echo(say("campaign.created", franchise=name, name=definition.name, path=path))
    click.echo(say("campaign.created_seats", seats=listing(e.name for e in data.players)))


@campaign.command("show", help_id="cli.campaign.show.help")
@options.as_json("cli.campaign.show.json")
@options.campaign()
@options.lang()
def show(as_json: bool, campaign: str | None) -> None:
    from clank_story.campaign.definition import campaign_definition
    from clank_story.campaign.model import CampaignError
    from clank_story.campaign.show import as_json as campaign_json
    from clank_story.campaign.show import status_lines
    from clank_story.campaign.store import campaign_path, read_campaign

    try:
        cf = read_campaign(campaign_path(campaign))
    except CampaignError as e:
        _fail(str(e))
    if as_json:
        click.echo(json.dumps(campaign_json(cf.campaign), indent=2, ensure_ascii=False))
        return
    try:
        definition, _ = campaign_definition(cf.campaign.definition, cf.campaign.definition_folder, cf.path)
    except CampaignError as e:
        definition = None  # the file still shows without its definition (ids instead of names)
        click.echo(str(e), err=True)
    card_name, board_name = _namers(definition)
    for line in status_lines(cf.campaign, definition, card_name, board_name):
        click.echo(line)


def _parse_players(values: tuple[str, ...]) -> list[str | tuple[str, str]] | None:
    seats: list[str | tuple[str, str]] = []
    for value in values:
        for part in value.split(","):
            name, _, character = (x.strip() for x in part.partition(":"))
            if not name:
                return None
            seats.append((name, character) if character else name)
    return seats


def _namers(definition):  # -> tuple[Callable[[str], str], Callable[[str], str]]
    """Card ids and board ids -> names in the current language from the definition's content; ids when
    the content cannot be read."""
    if definition is None:
        return str, str
    try:
        from clank_story.content.library import build_ruleset, catalog

        content = catalog(definition.content_roots())
        board = definition.games[0].board if definition.games else None
        cards = build_ruleset(content, definition.ruleset, board).cards
    except Exception:  # showing the file must not fail on content trouble
        return str, str
    return (lambda card_id: cards[card_id].name if card_id in cards else card_id,
            lambda board_id: content.boards[board_id].name if board_id in content.boards else board_id)


def _fail(message: str) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(2)


def _register_scaffold() -> None:
    from clank_story.cli.book import scaffold_command  # click only; the authoring tools load on use

    campaign.add_command(scaffold_command)


_register_scaffold()
