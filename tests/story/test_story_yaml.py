"""Book of Secrets YAML: every mistake is reported with its file, line and column."""

from __future__ import annotations

import pytest

from clank_story.story.passages import load_book


def diagnostics(write_book, text: str) -> list[str]:
    book = load_book(write_book(text))
    return [str(d).split("/book/", 1)[1] for d in book.diagnostics]


def test_a_numeric_passage_id_must_be_quoted(write_book):
    assert diagnostics(write_book, """\
        passages:
          12:
            text: |
              Hello.
        """) == ['book.yaml:2:3: error[CT003]: the key 12 is not read as text (YAML makes it 12); quote it: "12"']


def test_a_leading_zero_id_is_reported_as_written(write_book):
    (line,) = diagnostics(write_book, 'passages:\n  012:\n    title: Zero\n')
    assert "the key 012 is not read as text" in line and line.startswith("book.yaml:2:3:")


def test_a_duplicate_passage_id_is_an_error_not_a_silent_overwrite(write_book):
    assert diagnostics(write_book, """\
        passages:
          "12": {title: One}
          "12": {title: Two}
        """) == ['book.yaml:3:3: error[CT002]: found duplicate key "12"; each key may appear once']


def test_the_same_id_in_two_files_is_an_error(write_book):
    folder = write_book({"a.yaml": 'passages:\n  "7": {title: A}\n', "deep/er/b.yaml": 'passages:\n  "7": {title: B}\n'})
    (d,) = load_book(folder).diagnostics
    assert d.code == "BS002" and d.path.endswith("b.yaml") and (d.line, d.col) == (2, 3)
    assert "already in" in d.message and d.message.endswith("a.yaml:2")


def test_unknown_fields_are_reported_with_a_suggestion(write_book):
    assert diagnostics(write_book, """\
        passages:
          "12":
            titel: The Well
            choices:
              - text: Go
                gotoo: "13"
        """) == [
        "book.yaml:3:5: error[BS010]: unknown field 'titel' in passage '12' (did you mean 'title'?)",
        "book.yaml:6:9: error[BS010]: unknown field 'gotoo' in choice 1 (did you mean 'goto'?)",
    ]


def test_a_tab_is_reported_where_it_is(write_book):
    assert diagnostics(write_book, 'passages:\n  "12":\n\ttitle: Tabbed\n') == [
        "book.yaml:3:1: error[CT001]: a tab character; indent YAML with spaces"]


@pytest.mark.parametrize("style", ['"Water glints."', "Water glints.", ">\n      Water glints."])
def test_text_must_be_a_literal_block(write_book, style):
    (line,) = diagnostics(write_book, f'passages:\n  "12":\n    text: {style}\n')
    assert line.startswith("book.yaml:3:11: error[BS020]: write 'text' as a `|` block")


def test_the_short_form_of_a_once_passage_must_be_a_literal_block_too(write_book):
    (line,) = diagnostics(write_book, 'passages:\n  "12":\n    once: "been here"\n')
    assert line.startswith("book.yaml:3:11: error[BS020]: write 'once' as a `|` block")


def test_aliases_are_refused(write_book):
    (line,) = diagnostics(write_book, 'passages:\n  "1": &p {title: A}\n  "2": *p\n')
    assert line.startswith("book.yaml:3:8: error[CT001]: anchors and aliases")


def test_deeply_nested_yaml_stops_early_with_a_clean_error(write_book):
    (line,) = diagnostics(write_book, "passages:\n  x: " + "[" * 50_000 + "]" * 50_000 + "\n")
    # our own cap (64) or libyaml's (PyYAML >= 6.0.4 stops at 1000 itself): a clean error either way
    assert "error[CT001]:" in line and ("nested more than 64 levels deep" in line or "nesting depth" in line)


def test_yes_and_no_are_text_as_in_yaml_1_2(write_book):
    book = load_book(write_book('passages:\n  "1":\n    choices:\n      - text: No\n      - text: yes\n'))
    assert not book.diagnostics
    assert [c["text"] for c in book.passages["1"].choices] == ["No", "yes"]


def test_a_file_that_is_not_a_mapping_is_reported(write_book):
    assert diagnostics(write_book, "- just\n- a list\n") == [
        "book.yaml:1:1: error[BS001]: a Book of Secrets file is a mapping with `passages:` and/or `contracts:`"]


def test_other_top_level_keys_are_unknown(write_book):
    (line,) = diagnostics(write_book, "passage:\n  x: {}\n")
    assert line.startswith("book.yaml:1:1: error[BS010]: unknown field 'passage'")


def test_a_broken_file_does_not_hide_the_others(write_book):
    folder = write_book({"bad.yaml": "passages:\n  1: {}\n", "good.yaml": 'passages:\n  "2": {title: Fine}\n'})
    book = load_book(folder)
    assert list(book.passages) == ["2"] and [d.code for d in book.errors] == ["CT003"]
