"""A big lint's worker processes fork from a parent that has made what analysing a file needs
(authoring/bookload.py `_analysis_modules`): a worker that still imported something would import it
once per worker, on the lint's clock."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

BOOK_FILE = textwrap.dedent("""\
    passages:
      "1":
        title: The first door
        text: |
          {% if campaign.flags.saw_door %}Again.{% endif %}{{ me.gold | plural('coin') }}
          {% for p in players %}{{ p.name }}{% endfor %}
        effects: [{gold: 1}, {flag: saw_door}, {if: "me.gold > 1", clank: 1}]
        choices:
          - text: Knock
            if: me.health_left > 2
            effects: [{damage: 1}, {counter: {knocks: 1}}]
            goto: "2"
          - text: Leave
      "2":
        title: The second door
        text: |
          Nothing here, {{ me.name }}.
    """)

PROGRAM = textwrap.dedent("""\
    import json, sys
    from clank_story.authoring.bookload import _analysis_modules, analyse
    from clank_story.story.sandbox import environment
    _analysis_modules()
    before = set(sys.modules)
    analysis = analyse("book/doors.yaml", sys.stdin.read())
    print(json.dumps({"new": sorted(set(sys.modules) - before), "passages": len(analysis["entry"]["passages"]),
                      "fast": environment().lexer.built and environment().lexer.fast}))
    """)


def test_a_worker_forked_after_the_preparation_imports_nothing_and_builds_no_lexer(tmp_path):
    done = subprocess.run([sys.executable, "-c", PROGRAM], input=BOOK_FILE, capture_output=True, text=True,
                          check=True, env={"CLANK_STORY_CACHE": str(tmp_path), "PATH": ""})
    answer = json.loads(done.stdout)
    assert answer == {"new": [], "passages": 2, "fast": True}
