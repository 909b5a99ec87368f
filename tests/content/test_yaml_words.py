"""A broken YAML file is told in the author's language, as what to type, at the place the mistake
begins (content/yamlwords.py): both readers, ruamel for content and libyaml for the Book of Secrets,
tell each common mistake the same way, and anything else keeps the library's own words."""

from __future__ import annotations

import pytest

from clank_story.content import yamlfast, yamlio
from clank_story.content.diagnostics import ContentError
from clank_story.words import say, speaking

READERS = {"ruamel": yamlio.load_text, "libyaml": yamlfast.load_text}

# (what the author wrote, the sentence it is told with, where it points: line, column)
MISTAKES = {
    "a quote never closed points at the quote": ('a:\n  text: "hello\n  b: 1\n', "unclosed_quote", (2, 9)),
    "a single quote too": ("a:\n  text: 'hello\n", "unclosed_quote", (2, 9)),
    "a colon inside an unquoted sentence": ("a:\n  text: Note: this\n", "colon_in_value", (2, 13)),
    "a line with no colon where a key goes": ("a:\n  text: hi\n  nextline\n  c: 1\n", "key_without_colon", (3, 3)),
    "a key not lined up with its neighbours": ("a:\n    b: 1\n  c: 2\n", "misaligned", (3, 3)),
    "a list never closed": ("a: [1, 2\nb: 3\n", "unclosed_flow", (2, 2)),
    "a mapping in braces never closed": ("a: {x: 1\nb: 3\n", "unclosed_flow", (2, 2)),
    "a value starting with a backtick": ("a: `code`\n", "reserved_start", (1, 4)),
    "a value starting with an at sign": ("a: @home\n", "reserved_start", (1, 4)),
    "an unknown escape points at its backslash": ('a: "C:\\dir"\n', "bad_escape", (1, 7)),
    "a list item where a key goes": ("a: b\n- c\n", "list_item_here", (2, 1)),
    "a tab": ("a:\n\tb: 1\n", "tab", (2, 1)),
    "text after a closing quote": ('a: "x" y\n', "after_value", (1, 8)),
    "text after a closing bracket": ("a: [1, 2]]\n", "after_value", (1, 10)),
    "a list on its key's line": ("a: - b\n", "list_on_key_line", (1, 4)),
}


def _told(read, text: str):
    with pytest.raises(ContentError) as raised:
        read(text, "book.yaml")
    (diagnostic,) = raised.value.diagnostics
    return diagnostic


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("mistake", MISTAKES)
def test_each_common_mistake_is_told_as_what_to_type_where_it_begins(reader, mistake):
    text, sentence, place = MISTAKES[mistake]
    diagnostic = _told(READERS[reader], text)
    assert diagnostic.code == "CT001"
    assert diagnostic.said is not None and diagnostic.said.key == f"diagnostics.yaml.{sentence}"
    assert (diagnostic.line, diagnostic.col) == place


def test_a_list_never_closed_says_where_it_opened():
    diagnostic = _told(yamlio.load_text, "a:\n  b: [1, 2\n  c: 3\n")
    assert diagnostic.message == ("the brackets opened at line 2, column 6 need a closing ] here, "
                                       "and commas between their items")


@pytest.mark.parametrize("lang", ["ja", "pt-BR"])
def test_the_library_s_english_is_not_what_a_japanese_or_brazilian_author_reads(lang):
    for text, _sentence, _place in MISTAKES.values():
        for read in READERS.values():
            with speaking(lang):
                told = _told(read, text).text()
                assert told != say("diagnostics.yaml.problem", problem="")
            for english in ("expected", "found", "allowed", "scanning", "while"):
                assert english not in told, (lang, text, told)


def test_a_mistake_not_recognised_keeps_the_library_s_words():
    text = "%YAML 1.1\n%YAML 1.1\n---\na: 1\n"  # a directive given twice: rare, and told by ruamel alone
    diagnostic = _told(yamlio.load_text, text)
    assert diagnostic.said is not None and diagnostic.said.key == "diagnostics.yaml.problem"
    assert "YAML" in diagnostic.message
