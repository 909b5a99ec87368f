"""Round-trip editing of a YAML document: new plain data is merged into the loaded ruamel tree so that
the comments a person wrote, key order and scalar styles survive every save.

ruamel attaches the comment lines that follow an item to that item (they print after it). When an item
is added after such a comment, or the item carrying it is removed, those lines would move or vanish;
`_take_tail` / `_give_tail` hand them on so they stay at the end of their block.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

FLOW_MAP_MAX = 6  # small all-scalar mappings print on one line: {checkmarks: 2, level: copper}
FLOW_LIST_WIDTH = 60  # a list of ids prints on one line while it fits; numbers always do


def yaml() -> YAML:
    y = YAML(typ="rt")
    y.allow_duplicate_keys = False
    y.indent(mapping=2, sequence=4, offset=2)
    y.width = 100
    y.representer.add_representer(type(None), _null)
    return y


def _null(representer: Any, _: None) -> Any:
    """`bot: null` reads better to a person editing the file than `bot:`."""
    return representer.represent_scalar("tag:yaml.org,2002:null", "null")


def dump(doc: Any) -> str:
    out = io.StringIO()
    yaml().dump(doc, out)
    return out.getvalue()


# -- building new nodes ------------------------------------------------------------------------------
def _scalar(value: Any) -> bool:
    return not isinstance(value, Mapping | list | tuple)


def to_node(value: Any, top: bool = False) -> Any:
    """Plain data -> ruamel containers; short all-scalar containers in flow style."""
    if isinstance(value, Mapping):
        m = CommentedMap()
        for k, v in value.items():
            m[str(k)] = to_node(v)
        if not top and (not m or (len(m) <= FLOW_MAP_MAX and all(_scalar(v) for v in m.values()))):
            m.fa.set_flow_style()
        return m
    if isinstance(value, list | tuple):
        s = CommentedSeq(to_node(v) for v in value)
        if _flow_list(s):
            s.fa.set_flow_style()
        return s
    return value


def _flow_list(values: Any) -> bool:
    if not all(_scalar(v) for v in values):
        return False
    if all(isinstance(v, int | float) for v in values):
        return True
    return len(", ".join(str(v) for v in values)) <= FLOW_LIST_WIDTH


# -- merging -----------------------------------------------------------------------------------------
def merge(old: Any, new: Any) -> Any:
    """`new` (plain data) laid over `old` (ruamel tree): unchanged values keep their node and style."""
    if isinstance(old, CommentedMap | CommentedSeq) and not len(old):
        return to_node(new)  # an empty container holds no comments: lay the new one out afresh
    if isinstance(old, CommentedMap) and isinstance(new, Mapping):
        _merge_map(old, new)
        return old
    if isinstance(old, CommentedSeq) and isinstance(new, list | tuple):
        _merge_seq(old, new)
        return old
    if _scalar(old) and _scalar(new) and _same(old, new):
        return old
    return to_node(new)


def _kind(value: Any) -> type:
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return kind
    return type(value)


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same kind (ruamel's ScalarInt is an int; True == 1 is not the same)."""
    return _kind(a) is _kind(b) and a == b


def _merge_map(old: CommentedMap, new: Mapping[str, Any]) -> None:
    for key in [k for k in old if k not in new]:
        _remove_key(old, key)
    prev = None
    for key, value in new.items():
        if key in old:
            merged = merge(old[key], value)
            if merged is not old[key]:
                old[key] = merged
        elif prev is not None and prev in old and list(old)[-1] != prev:
            old.insert(list(old).index(prev) + 1, key, to_node(value))  # a new key goes where it is written
        else:
            tail = _take_tail(old, list(old)[-1]) if len(old) else None
            old[key] = to_node(value)
            if tail:
                _give_tail(old, key, tail)
        prev = key


def _merge_seq(old: CommentedSeq, new: list[Any] | tuple[Any, ...]) -> None:
    for i, value in enumerate(new[: len(old)]):
        merged = merge(old[i], value)
        if merged is not old[i]:
            old[i] = merged
    while len(old) > len(new):
        i = len(old) - 1
        tail = _take_tail(old, i)
        del old[i]
        old.ca.items.pop(i, None)
        if tail and len(old):
            _give_tail(old, len(old) - 1, tail)
    for value in new[len(old):]:
        tail = _take_tail(old, len(old) - 1) if len(old) else None
        old.append(to_node(value))
        if tail:
            _give_tail(old, len(old) - 1, tail)
    if old.fa.flow_style() and not _flow_list(old):
        old.fa.set_block_style()  # a one-line list that grew too long becomes one item a line


def _remove_key(m: CommentedMap, key: str) -> None:
    keys = list(m)
    last = keys[-1] == key
    tail = _take_tail(m, key)
    del m[key]
    m.ca.items.pop(key, None)
    if tail and len(m):
        # the lines stood before the next key (or closed the block): the previous key prints them
        # there; a removed first key hands them to the new first key
        index = keys.index(key)
        _give_tail(m, list(m)[-1] if last else keys[index - 1] if index else keys[index + 1], tail)


# -- trailing comment lines -------------------------------------------------------------------------
def _slot(container: Any, key: Any) -> tuple[list[Any], int] | None:
    """The comment slot that holds what prints after item `key` (a scalar or flow value)."""
    items = container.ca.items
    if isinstance(container, CommentedMap):
        entry = items.setdefault(key, [None, None, None, None])
        return entry, 2
    entry = items.setdefault(key, [None, None])
    return entry, 0


def _deepest(container: Any, key: Any) -> tuple[Any, Any]:
    """Follow the last item of block containers down to the item whose comment prints last."""
    value = container[key]
    while isinstance(value, CommentedMap | CommentedSeq) and len(value) and not value.fa.flow_style():
        container, key = value, (list(value)[-1] if isinstance(value, CommentedMap) else len(value) - 1)
        value = container[key]
    return container, key


def _take_tail(container: Any, key: Any) -> str | None:
    """Remove and return the whole comment lines after item `key` (its end-of-line comment stays)."""
    holder, hkey = _deepest(container, key)
    if hkey not in holder.ca.items:
        return None
    entry, i = _slot(holder, hkey)  # type: ignore[misc]
    token = entry[i]
    if not isinstance(token, CommentToken) or "\n" not in token.value:
        return None
    head, _, rest = token.value.partition("\n")
    if not rest.strip():
        return None
    if head.strip():
        token.value = head + "\n"
    else:
        entry[i] = None
    return rest


def _give_tail(container: Any, key: Any, text: str) -> None:
    """Print `text` (whole comment lines) after item `key`."""
    holder, hkey = _deepest(container, key)
    entry, i = _slot(holder, hkey)  # type: ignore[misc]
    token = entry[i]
    if isinstance(token, CommentToken):
        token.value = token.value.rstrip("\n") + "\n" + text
    else:
        entry[i] = CommentToken("\n" + text, CommentMark(0), None)
