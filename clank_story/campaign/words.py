"""Sentences of the campaign layer, keyed by id in clank_story/locale/<lang>/campaign.yaml (so they can
be translated like every other word a player reads)."""

from __future__ import annotations

from clank_story.rules import messages

_installed: set[str] = set()


def install(lang: str = "en") -> None:
    if lang in _installed:
        return
    from clank_story.content.yamlio import load_file, plain
    from clank_story.paths import locale_dir

    if not messages.installed():  # the session installs the main catalog only into an empty one
        messages.install(plain(load_file(locale_dir(lang) / "messages.yaml").value)["messages"])
    messages.install(plain(load_file(locale_dir(lang) / "campaign.yaml").value)["messages"])
    _installed.add(lang)


def say(message_id: str, /, **params: object) -> str:
    install()
    return messages.render(message_id, params)
