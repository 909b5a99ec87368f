"""Sentences of the authoring tools, keyed by id in clank_story/locale/<lang>/authoring.yaml."""

from __future__ import annotations

from typing import Any


def say(key: str, lang: str = "en", **params: Any) -> str:
    from clank_story.narrate.catalog import load_locale

    template = load_locale("authoring.yaml", lang)["words"].get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template
