"""A translated passage may read the names its English passage reads, and no other (LN074), even
when the English reads them through the story's own filters (`| plural`, `| and_list`) outside an
`{% if %}`, and even when the overlay file sits in a folder under `locale/LANG/`."""

from __future__ import annotations

from pathlib import Path

from clank_story.authoring.lint import lint
from clank_story.authoring.translations import jinja_names

ENGLISH = """\
passages:
  coda:
    title: The End
    text: |
      {% for p in players %}{{ p.name }}: {{ p.score | plural('point') }}.{% endfor %}
      {{ campaign.flags.ending | upper }}
"""


def book(tmp_path: Path, translated_text: str) -> Path:
    root = tmp_path / "book"
    (root / "locale" / "ja" / "campaign").mkdir(parents=True)
    (root / "story.yaml").write_text(ENGLISH, encoding="utf-8")
    (root / "locale" / "ja" / "campaign" / "end.yaml").write_text(
        "passages:\n  coda:\n    title: 終わり\n    text: |\n      " + translated_text + "\n", encoding="utf-8")
    return root


def test_the_names_a_template_reads_are_found_through_filters_jinja_does_not_know():
    assert jinja_names("{% for p in players %}{{ p.score | plural('point') }}{% endfor %}") == {"players"}
    assert jinja_names("{{ names | and_list }}{% if me is has_token('canoe') %}!{% endif %}") == {"names", "me"}


def test_a_syntax_error_is_still_reported_as_one():
    assert isinstance(jinja_names("{{ a | plural('b') }"), str)


def test_a_translation_reading_the_english_names_lints_clean_even_through_a_filter(tmp_path):
    root = book(tmp_path, "{% for p in players %}{{ p.name }}：{{ p.score }}点。{% endfor %}{{ campaign.flags.ending }}")
    codes = [d.code for d in lint([root]).diagnostics]
    assert "LN074" not in codes and "LN073" not in codes


def test_a_translation_reading_another_name_is_reported(tmp_path):
    root = book(tmp_path, "{% for p in players %}{{ p.name }}{% endfor %}{{ me.gold }}")
    found = [d for d in lint([root]).diagnostics if d.code == "LN074"]
    assert found and "me" in found[0].message and found[0].path.endswith("end.yaml")


def test_a_translation_in_folders_under_the_language_counts_toward_coverage(tmp_path):
    root = book(tmp_path, "{% for p in players %}{{ p.name }}{% endfor %}")
    (root / "story.yaml").write_text(ENGLISH + "  door:\n    title: A Door\n    text: A door.\n", encoding="utf-8")
    missing = [d for d in lint([root]).diagnostics if d.code == "LN070"]
    assert len(missing) == 1 and "1 of 2 passages" in missing[0].message and "door" in missing[0].message
