"""The codes only the linter reports (LNnnn): checks that need more than one file, or the whole book.

Codes of the loaders (CT, CD, BD, SC, BS) are theirs; docs/diagnostics.md documents all of them, and a
test checks that every code any of these modules can emit is documented there."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    code: str
    severity: str  # error | warning
    summary: str


CODES: dict[str, Code] = {c.code: c for c in (
    Code("LN001", "warning", "a YAML file that is not a kind of content clank-story reads (it is skipped)"),
    Code("LN002", "error", "a campaign file whose campaign definition cannot be found or read"),
    Code("LN010", "error", "a template or condition reads an attribute the state view does not have"),
    Code("LN011", "warning", "a choice or effect `if:` that is a constant and can never be true"),
    Code("LN020", "warning", "a passage that no trigger, goto or choice can reach"),
    Code("LN021", "warning", "a waypoint space whose passage is not in the book"),
    Code("LN030", "warning", "a flag that is read but never set"),
    Code("LN031", "warning", "a flag that is set but never read"),
    Code("LN032", "warning", "a counter that is read but never added to"),
    Code("LN033", "warning", "a counter that is added to but never read"),
    Code("LN040", "warning", "a template names a passage that is not in the book (`'99' is seen` is always false)"),
    Code("LN041", "warning", "a template names a card that does not exist"),
    Code("LN042", "warning", "a template compares a player's space with an id that is no space on any board"),
    Code("LN043", "error", "a contract trigger names a space or card that does not exist"),
    Code("LN044", "warning", "a campaign game puts a contract in the row that the book does not define"),
    Code("LN045", "warning", "a campaign game's patron is not a card"),
    Code("LN046", "warning", "a campaign game's board keeps no artifact after setup for some table size (1-4)"),
    Code("LN050", "error", "narration: an event template for an event kind the engine does not have"),
    Code("LN051", "error", "narration: a template of the wrong shape (text, or a list of variants)"),
    Code("LN052", "error", "narration: a `{placeholder}` template that cannot be read"),
    Code("LN053", "error", "narration: a prose template with a Jinja syntax error"),
    Code("LN070", "warning", "a translation still lacks ids of the English it overlays (they are said in English)"),
    Code("LN071", "warning", "a translation names an id the English no longer has (it is never said)"),
    Code("LN072", "error", "a translated sentence has a `{placeholder}` the English one does not give it"),
    Code("LN073", "error", "a translated template or passage has a Jinja syntax error"),
    Code("LN074", "error", "a translated template or passage reads a name the English one does not have"),
    Code("LN075", "warning", "a translated sentence has plural forms its language never uses (Japanese has no `one`)"),
    Code("LN076", "error", "a translated passage has another number of choices than the English one"),
)}

# Warnings an author may silence on the line they point at: `# lint: allow LN031` (a comma list, or
# `all`). Errors cannot be silenced: they break the game.
ALLOW_MARK = "# lint: allow"
