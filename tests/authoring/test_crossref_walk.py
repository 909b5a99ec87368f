"""The whole-book checks of `book lint` walk every effect of a book once (crossref._effects), for what
each passage leads to and which flags and counters are written. That walk is effect_items' and
links' written out for speed (issue 20): it must find what they find, in the same order."""

from __future__ import annotations

from authoring_tools import LINT, book, write

from clank_story.authoring import crossref
from clank_story.authoring.lint import load_project


def _by_effect_items(b) -> tuple[dict[str, None], dict[str, None]]:
    writes: dict[str, None] = {}
    sets: dict[str, None] = {}
    blocks = [block for p in b.passages.values() for block, _, _ in crossref.passage_blocks(p)]
    for block in blocks + [c.reward for c in b.contracts.values()]:
        for item, _ in crossref.effect_items(block, ()):
            for key in ("flag", "unflag", "counter"):
                if key in item:
                    value = item[key]
                    kind = "counter" if key == "counter" else "flag"
                    for name in list(value) if isinstance(value, dict) else [str(value)]:
                        writes.setdefault(f"{kind}:{name}")
                        if key != "unflag":
                            sets.setdefault(f"{kind}:{name}")
    return writes, sets


def _check(folders) -> int:
    project, _ = load_project(folders)
    assert project.book is not None
    b = project.book.book
    uses = crossref.Uses()
    leads = crossref._effects(b, uses)
    assert leads == {pid: crossref.links(p) for pid, p in b.passages.items()}
    writes, sets = _by_effect_items(b)
    assert list(uses.writes) == list(writes) and list(uses.sets) == list(sets)
    assert crossref.reached(b, project, leads) == crossref.reached(b, project)
    return len(b.passages)


def test_the_walk_finds_what_effect_items_and_links_find_in_nested_blocks(tmp_path):
    folder = write(tmp_path / "c", {"book/story.yaml": book("""
        start:
          title: Start
          text: Hello.
          effects:
            - {flag: a, goto: two}
            - choose: [[{counter: {b: 1, c: 2}}, {goto: three}], [{unflag: a}, {discard: {flag: d, goto: four}}]]
            - not a mapping
          choices:
            - {text: On, goto: two, effects: {flag: e}}
            - {text: Stay}
          goto: three
        two: {title: Two, text: Two., effects: [{unflag: z}]}
        three: {title: Three, text: Three.}
        four: {title: Four, text: Four., choices: [{text: Back, effects: [{goto: start}]}]}
        """)})
    assert _check([folder]) == 4


def test_the_walk_finds_what_effect_items_and_links_find_in_every_example_book():
    from clank_story.paths import shipped

    assert _check([shipped("book_of_secrets")]) > 10
    examples = sorted(p / "bad" for p in LINT.iterdir() if (p / "bad" / "book").is_dir())
    assert examples
    for folder in examples:
        project, _ = load_project([folder])
        if project.book is not None:
            _check([folder])
