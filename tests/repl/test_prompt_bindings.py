"""The prompt's key bindings (repl/terminal.py `emacs_session`, issue 20): prompt_toolkit's own default
set less its two vi sets, which are off in the emacs mode the prompt always edits in."""

from __future__ import annotations

from collections import Counter

from prompt_toolkit.application.current import set_app
from prompt_toolkit.enums import EditingMode
from prompt_toolkit.input import DummyInput
from prompt_toolkit.key_binding import defaults
from prompt_toolkit.key_binding.bindings.vi import load_vi_bindings, load_vi_search_bindings
from prompt_toolkit.output import DummyOutput

from clank_story.repl.terminal import emacs_session


def _kinds(bindings) -> Counter:
    """Bindings as (keys, handler code): a handler is made anew each time a set is loaded."""
    return Counter((b.keys, b.handler.__code__) for b in bindings)


def test_the_prompt_has_every_default_binding_but_the_vi_ones():
    loaders = defaults.load_vi_bindings, defaults.load_vi_search_bindings
    session = emacs_session(input=DummyInput(), output=DummyOutput())
    assert (defaults.load_vi_bindings, defaults.load_vi_search_bindings) == loaders, "prompt_toolkit's own again"
    vi = [*load_vi_bindings().bindings, *load_vi_search_bindings().bindings]
    assert len(vi) > 300
    everything = _kinds(defaults.load_key_bindings().bindings)
    assert _kinds(session.app._default_bindings.bindings) == everything - _kinds(vi)


def test_the_prompt_edits_in_emacs_mode_where_no_vi_binding_is_on():
    session = emacs_session(input=DummyInput(), output=DummyOutput())
    assert session.app.editing_mode is EditingMode.EMACS
    with set_app(session.app):
        vi = [*load_vi_bindings().bindings, *load_vi_search_bindings().bindings]
        assert not any(b.filter() for b in vi)
        session.app.editing_mode = EditingMode.VI
        assert any(b.filter() for b in vi), "(in vi mode, they would be)"
