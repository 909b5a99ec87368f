"""`save NAME` and `restore NAME` at the prompt: named copies of the game in progress, kept as slots of
their own in the saves folder (table/saves.py), as interactive-fiction players expect.

A named save is a record like any other (`clank-story saves` lists it, `play --resume NAME` opens it);
it also says which game it was taken from, so `save NAME` again replaces only a save of this same game,
never another's, and `restore NAME` puts back only a save of this game (another game is opened with
`play --resume NAME`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clank_story.narrate.prose import Line
from clank_story.rules.errors import UnknownCommand
from clank_story.table.reply import Reply, Snapshot
from clank_story.table.saves import CAMPAIGN, SaveError, read_record, slot_path, slug, write_record
from clank_story.words import say

if TYPE_CHECKING:
    from clank_story.table.table import Table

MOST_CHARS = 60
RESERVED = ("current", "previous", "campaign")  # the single files of version 1, moved away on sight


def game_identity(table: Table) -> dict[str, Any]:
    """What makes two records the same game: how it was set up, and for a campaign game, which
    campaign file and game number."""
    ident: dict[str, Any] = {"kind": table.kind, "setup": table.setup.to_dict()}
    if table.campaign is not None:
        ident.update(campaign=str(table.campaign.file.path), game=table.campaign.game_number)
    return ident


def _name(typed: str, line: str) -> str:
    """The slot's name: the words typed as a slug (`Before the Dragon` -> before-the-dragon)."""
    name = slug(typed)[:MOST_CHARS].strip("-")
    if not any(c.isascii() and c.isalnum() for c in typed) or name in RESERVED:
        raise UnknownCommand("repl.bookmark.bad_name", line, text=typed)
    return name


def save_as(table: Table, typed: str, line: str) -> Reply:
    name = _name(typed, line)
    path = slot_path(name)
    ours = game_identity(table)
    replaced = False
    if path.exists():
        try:
            old = read_record(path)
        except SaveError:
            raise UnknownCommand("repl.bookmark.taken", line, name=name) from None
        if old.options.get("bookmark_of") != ours:
            raise UnknownCommand("repl.bookmark.taken", line, name=name)
        replaced = True
    record = table.record()
    record.name = name
    record.options["bookmark_of"] = ours
    if table.campaign is not None:
        record.options.update(campaign=str(table.campaign.file.path), game_number=table.campaign.game_number)
    try:
        write_record(path, record)
    except OSError as e:
        raise UnknownCommand("repl.save_failed", line, path=path, error=e.strerror or e) from None
    key = "play.bookmark.replaced" if replaced else "play.bookmark.saved"
    return Reply([Line(say(key, name=name, turn=table.game.turn_number), "info")])


def restore(table: Table, typed: str, line: str) -> Reply:
    name = _name(typed, line)
    try:
        record = read_record(slot_path(name))
    except SaveError as e:
        raise UnknownCommand("repl.bookmark.missing", line, name=name, error=str(e)) from None
    if record.options.get("bookmark_of") != game_identity(table):
        raise UnknownCommand("repl.bookmark.other_game", line, name=name)
    if table.kind == CAMPAIGN and table.game.over:
        raise UnknownCommand("repl.game_over_recorded", line)
    table.put_back(Snapshot(record.game, record.narration, "", record.story))
    table.history = [Snapshot.from_dict(s) for s in record.undo]
    table.asking = None
    table.finished = False
    table.autosave()
    lines = [Line(say("play.bookmark.restored", name=name, turn=table.game.turn_number), "info")]
    return Reply(lines + table.resumed()[1:])
