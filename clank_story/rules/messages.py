"""Message ids -> sentences. The rules layer only names messages; the catalog is installed from
content files (clank_story/locale/*/messages.yaml) so every word a player reads can be translated."""

from __future__ import annotations

from collections.abc import Mapping

_catalog: dict[str, str] = {}


def install(catalog: Mapping[str, str]) -> None:
    _catalog.update(catalog)


def installed() -> bool:
    return bool(_catalog)


def render(key: str, params: Mapping[str, object]) -> str:
    template = _catalog.get(key)
    if template is None:
        args = ", ".join(f"{k}={v}" for k, v in params.items())
        return f"{key}({args})"
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def word(key: str, **params: object) -> str:
    return render(key, params)
