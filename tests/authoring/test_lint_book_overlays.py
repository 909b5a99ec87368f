"""A book's translation may mirror the English files in subfolders (`BOOK/locale/LANG/campaign/game-1.yaml`
for `BOOK/campaign/game-1.yaml`): lint reads those files against the English book and counts their
passages as translated."""

from __future__ import annotations

from pathlib import Path

from clank_story.authoring.lint import lint


def _book(root: Path) -> Path:
    book = root / "book"
    (book / "campaign").mkdir(parents=True)
    (book / "campaign" / "game.yaml").write_text(
        "passages:\n"
        "  start:\n    title: Start\n    text: |\n      Hello.\n    goto: end\n"
        "  end:\n    title: End\n    text: |\n      Bye.\n", encoding="utf-8")
    return book


def _overlay(book: Path, rel: str, body: str) -> None:
    path = book / "locale" / "pt-BR" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")


def test_passages_translated_in_a_subfolder_count_as_translated(tmp_path):
    book = _book(tmp_path)
    _overlay(book, "frame.yaml", "passages:\n  start: {title: Início, text: \"Olá.\\n\"}\n")
    _overlay(book, "campaign/game.yaml", "passages:\n  end: {title: Fim, text: \"Tchau.\\n\"}\n")
    found = lint([book]).diagnostics
    assert [d for d in found if d.code == "LN070"] == [], "\n".join(map(str, found))


def test_a_passage_missing_from_every_overlay_file_is_counted_once(tmp_path):
    book = _book(tmp_path)
    _overlay(book, "campaign/game.yaml", "passages:\n  start: {title: Início, text: \"Olá.\\n\"}\n")
    missing = [d for d in lint([book]).diagnostics if d.code == "LN070"]
    assert len(missing) == 1 and "1 of 2 passages" in missing[0].message and "end" in missing[0].message


def test_a_nested_overlay_is_checked_against_the_english_book(tmp_path):
    book = _book(tmp_path)
    _overlay(book, "campaign/game.yaml",
             "passages:\n  start: {title: Início, text: \"{{ nobody }}\\n\"}\n  end: {title: Fim, text: \"Tchau.\\n\"}\n")
    assert "LN074" in {d.code for d in lint([book]).diagnostics}
