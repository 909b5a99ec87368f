"""`book lint` on a Book of Secrets' translation: a passage whose English uses the story's own
filters (`plural`, `and_list`, ...) is still checked name by name, in overlay files that sit in
subfolders mirroring the English files (BOOK/locale/LANG/campaign/story.yaml)."""

from __future__ import annotations

from pathlib import Path

from clank_story.authoring.lint import lint

ENGLISH = """\
passages:
  "coda":  # lint: allow LN020
    title: The End
    text: |
      {% for p in players %}{{ p.name }}: {{ p.score | plural('point') }}.{% endfor %}
  "door":  # lint: allow LN020
    title: A Door
    text: |
      A door, {{ me.name }}.
"""


def book(tmp_path: Path, overlays: dict[str, str]) -> Path:
    root = tmp_path / "book"
    (root / "campaign").mkdir(parents=True)
    (root / "campaign" / "story.yaml").write_text(ENGLISH, encoding="utf-8")
    for name, text in overlays.items():
        path = root / "locale" / "pt-BR" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def codes(root: Path) -> list[str]:
    return [d.code for d in lint([root]).diagnostics]


CODA = ('passages:\n  "coda":\n    title: O Fim\n    text: |\n'
        "      {% for p in players %}{{ p.name }}: {{ p.score }} pontos.{% endfor %}\n")
DOOR = 'passages:\n  "door":\n    title: Uma Porta\n    text: |\n      Uma porta, {{ me.name }}.\n'


def test_a_translation_may_read_the_names_of_an_english_passage_that_uses_story_filters(tmp_path):
    assert codes(book(tmp_path, {"campaign/story.yaml": CODA + DOOR[len("passages:\n"):]})) == []


def test_a_name_the_english_passage_never_reads_is_still_reported_beside_story_filters(tmp_path):
    wrong = CODA.replace("{{ p.score }}", "{{ p.score }} {{ game.rage }}")
    assert "LN074" in codes(book(tmp_path, {"campaign/story.yaml": wrong + DOOR[len("passages:\n"):]}))
