"""A Book of Secrets in the player's language: the overlay's words over the English passages and
contracts, never what they do; a broken translation leaves that passage's English words."""

from __future__ import annotations

from pathlib import Path

from clank_story.story.passages import load_book
from clank_story.words import speaking

ENGLISH = """\
passages:
  "door":
    title: A Door
    text: |
      A door, {{ me.name }}.
    choices:
      - text: Open it
        effects: [{gold: 1}]
      - text: Leave
contracts:
  - id: fetch
    name: Fetch the Key
    description: Bring the key home.
    trigger: end_of_game
    expires: campaign.game_number > 2
    expired: The key has rusted away.
"""


def book(tmp_path: Path, translation: str) -> Path:
    root = tmp_path / "book"
    (root / "locale" / "ja").mkdir(parents=True)
    (root / "story.yaml").write_text(ENGLISH, encoding="utf-8")
    (root / "locale" / "ja" / "story.yaml").write_text(translation, encoding="utf-8")
    return root


def test_the_overlay_gives_titles_texts_labels_and_contract_names(tmp_path):
    root = book(tmp_path, 'passages:\n  "door":\n    title: 扉\n    text: |\n      扉だ、{{ me.name }}。\n'
                          '    choices:\n      - text: 開ける\n      - text: 立ち去る\n'
                          'contracts:\n  fetch: {name: 鍵を取ってこい, description: 鍵を持ち帰る。}\n')
    with speaking("ja"):
        b = load_book(root, cache=False)
    door = b.passages["door"]
    assert door.title == "扉" and door.sources["text"].startswith("扉だ")
    assert [c["text"] for c in door.choices] == ["開ける", "立ち去る"]
    assert door.choices[0]["effects"] == [{"gold": 1}]  # what a choice does stays the English file's
    assert (b.contracts["fetch"].name, b.contracts["fetch"].description) == ("鍵を取ってこい", "鍵を持ち帰る。")
    assert b.contracts["fetch"].trigger == "end_of_game"


def test_english_reads_the_english_and_translations_are_not_book_files(tmp_path):
    root = book(tmp_path, 'passages:\n  "door":\n    title: 扉\n')
    with speaking("en"):
        b = load_book(root, cache=False)
    assert b.passages["door"].title == "A Door" and b.files == 1 and not b.diagnostics


def test_a_translated_text_that_does_not_compile_leaves_the_english(tmp_path):
    root = book(tmp_path, 'passages:\n  "door":\n    title: 扉\n    text: |\n      扉だ、{{ me.name }。\n')
    with speaking("ja"):
        b = load_book(root, cache=False)
    assert b.passages["door"].title == "扉" and b.passages["door"].sources["text"].startswith("A door")


def test_a_contract_leaves_the_row_with_its_translated_expired_line(tmp_path):
    root = book(tmp_path, 'contracts:\n  fetch: {name: 鍵を取ってこい, expired: 鍵は錆びて崩れた。}\n')
    with speaking("ja"):
        b = load_book(root, cache=False)
    assert b.contracts["fetch"].expired == "鍵は錆びて崩れた。"
    assert b.contracts["fetch"].description == "Bring the key home."  # what the overlay leaves out stays English
    assert b.contracts["fetch"].expires == "campaign.game_number > 2"

