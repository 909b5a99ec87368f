"""Content diagnostics: `path:line:col: error[CODE]: message`, collected rather than raised one by one.

A message is a sentence of the catalog (`Said`: an id of the `diagnostics` namespace and its
parameters), kept as such until it is shown, so it is put into words in the language of the moment
(`book lint --lang ja`) and a cache can store the id and parameters rather than one language's text.
The English text is kept too (`message`): it orders and merges diagnostics the same way whatever the
language, and is what callers that predate the catalog compare against. The path, position, code and
the words `error`/`warning` are never translated: tools parse them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

Param = Any  # str | int | float | bool | None | Said | Listed
_PLAIN = (str, int, float, bool)


@dataclass(frozen=True)
class Said:
    """A sentence of the catalog not said yet: `say(key, **params)` each time it is shown. Parameters
    are plain values or other `Said` (a hint inside a message)."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    def __str__(self) -> str:
        from clank_story.words import say

        return say(self.key, **dict(self.params))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def english(self) -> str:
        from clank_story.words import ENGLISH, speaking

        with speaking(ENGLISH):
            return str(self)

    def plain(self) -> list[Any]:
        """As JSON data: `[key, {name: value}]`, a nested sentence as `{"$said": [...]}`, a list as
        `{"$list": [sep, [items]]}`."""
        return [self.key, {k: _plain_param(v) for k, v in self.params}]

    @classmethod
    def from_plain(cls, data: Any) -> Said:
        """Back from `plain()`; ValueError for anything of another shape (a damaged cache file)."""
        if not (isinstance(data, list) and len(data) == 2 and isinstance(data[0], str) and isinstance(data[1], dict)):
            raise ValueError("not a said sentence")
        params: list[tuple[str, Param]] = []
        for k, v in data[1].items():
            if isinstance(v, dict) and "$said" in v:
                v = cls.from_plain(v["$said"])
            elif isinstance(v, dict) and "$list" in v:
                sep, items = v["$list"]
                if not (isinstance(sep, str) and isinstance(items, list) and all(isinstance(i, str) for i in items)):
                    raise ValueError("not a list of names")
                v = Listed(tuple(items), sep)
            elif not (v is None or isinstance(v, _PLAIN)):
                raise ValueError("not a plain parameter")
            params.append((str(k), v))
        return cls(data[0], tuple(params))


@dataclass(frozen=True)
class Listed:
    """Names joined by the catalog's word for `sep` ("1 or 2"), said when shown."""

    items: tuple[str, ...]
    sep: str = "diagnostics.words.or"

    def __str__(self) -> str:
        from clank_story.words import say

        return say(self.sep).join(self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def or_list(items: Iterable[Any]) -> Listed:
    return Listed(tuple(map(str, items)))


def said(key: str, /, **params: Param) -> Said:
    """The sentence `diagnostics.<key>` with its parameters (anything else than a number, a truth value
    or another sentence is kept as its text)."""
    return sentence(f"diagnostics.{key}", **params)


def sentence(key: str, /, **params: Param) -> Said:
    """Any sentence of the catalog (`said` is for the `diagnostics` namespace)."""
    return Said(key, tuple((k, v if v is None or isinstance(v, (*_PLAIN, Said, Listed)) else str(v))
                           for k, v in params.items()))


def _plain_param(v: Param) -> Any:
    if isinstance(v, Said):
        return {"$said": v.plain()}
    if isinstance(v, Listed):
        return {"$list": [v.sep, list(v.items)]}
    return v


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One problem found in a content file, at its line and column."""

    path: str
    line: int  # 1-based
    col: int  # 1-based
    code: str
    message: str  # in English (see the module's docstring)
    severity: str = "error"
    said: Said | None = field(default=None, compare=False)  # the message, to say in the language of the moment

    @classmethod
    def of(cls, path: str, line: int, col: int, code: str, message: str | Said, severity: str = "error") -> Diagnostic:
        if isinstance(message, Said):
            return cls(path, line, col, code, message.english(), severity, message)
        return cls(path, line, col, code, message, severity)

    def text(self) -> str:
        """The message in the current language."""
        if self.said is None:
            return self.message
        from clank_story.words import ENGLISH, language

        return self.message if language() == ENGLISH else str(self.said)

    def moved(self, path: str, line: int | None = None, col: int | None = None) -> Diagnostic:
        """The same diagnostic at another path (or position)."""
        return replace(self, path=path, line=self.line if line is None else line, col=self.col if col is None else col)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.severity}[{self.code}]: {self.text()}"

    def as_json(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "col": self.col, "severity": self.severity,
                "code": self.code, "message": self.text()}


class ContentError(Exception):
    """Content that cannot be used; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.diagnostics = diagnostics


@dataclass
class Report:
    """The problems found so far, in the order found."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def error(self, path: str, line: int, col: int, code: str, message: str | Said) -> None:
        self.diagnostics.append(Diagnostic.of(path, line, col, code, message))

    def warning(self, path: str, line: int, col: int, code: str, message: str | Said) -> None:
        self.diagnostics.append(Diagnostic.of(path, line, col, code, message, "warning"))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def raise_errors(self) -> None:
        if self.errors:
            raise ContentError(sorted(self.errors))
