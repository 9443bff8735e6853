"""What changed between two table states (as JSON), and putting it back on top of the old one.

A table update carries the whole state (~1.2-2 KB) or, when smaller, the list of
changes from the state of the event before (seq - 1): typically 100-400 bytes.
No Django here: the consumer diffs once per event (not per phone), the tests and
the benchmark apply the changes as the page does (static/js/table-order.js).

The changes are a list of operations, applied in order:

    [path, value]          set: the key (or list index) at the end of `path` takes
                           `value`; an index equal to the list's length appends
    [path]                 delete: the key at the end of `path` is removed
    [path, "from", from]   copy: `path` takes a copy of what is at path `from` (a
                           discard's covered window is the window before it)

`path` is a list of keys and list indexes from the state's top, e.g.
``[["window", "claims", 2], {...}]``, ``[["last_seq"], 57]``, ``[["snapped", "Ben"]]``.

Why not RFC 7386 (JSON merge patch): there `null` removes a key, and the table's
state holds real nulls (no window, no turn, a window not closed yet), so a merge
patch could not say "the window is gone now". Paths say it and stay short.
"""

from __future__ import annotations

import copy
from typing import Any

Op = list[Any]

# Characters: no table state encodes shorter (the empty table's 376, less 2 for each of
# its 8 nulls that a one-letter name could replace; tests/engine/table/test_delta.py checks).
# Changes shorter than this are sent as they are, without encoding the state to compare.
SHORTEST_STATE = 300


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[Op]:
    """The operations that turn `old` into `new` (both plain JSON: dicts, lists, scalars)."""
    ops: list[Op] = []
    changed = _changed(old, new)
    copies = _copies(old, new, changed)
    # Copies first, while every `from` still holds the old value; then what differs in them.
    ops.extend([[key], FROM, [source]] for key, source in copies.items())
    for key, source in copies.items():
        _diff_dict(old[source], new[key], [key], ops)
    _diff_dict(old, new, [], ops, root=True, changed=[k for k in changed if k not in copies])
    return ops


FROM = "from"
COPY_FROM = 4  # keys: a smaller object is sent whole rather than copied


def _changed(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The keys of `new` that `old` lacks or holds otherwise. `True == 1` in Python, not in the
    page's JavaScript: a value keeps its type too (inside lists and objects Python's `==`
    decides; the state never holds 1 where it held true, and the tests compare JSON text)."""
    return [k for k, v in new.items() if k not in old or not _same(old[k], v)]


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)


def _copies(old: dict[str, Any], new: dict[str, Any], changed: list[str]) -> dict[str, str]:
    """Top-level objects that are mostly another changed key's old object: {key: the key it
    comes from}.

    A discard moves the window to `covered` (closing it): copying it says so in a
    few bytes instead of the whole window and its claims again. Only keys that
    changed are looked at as sources (a move, not a duplicate): a few, not all.
    """
    out: dict[str, str] = {}
    objects = [k for k in changed if type(new[k]) is dict and len(new[k]) >= COPY_FROM and k in old]
    if not objects:
        return out
    sources = [(k, old[k]) for k in changed if type(old.get(k)) is dict and len(old[k]) >= COPY_FROM]
    for key in objects:
        if key in out.values():  # already copied elsewhere: copies read the old values, in turn
            continue
        value = new[key]
        best: tuple[str, int] | None = None
        for source, was in sources:
            if source != key and source not in out and was.keys() == value.keys():
                differing = len(_changed(was, value))
                if 2 * differing <= len(value) and (best is None or differing < best[1]):
                    best = (source, differing)
        if best is not None and (type(old[key]) is not dict or old[key].keys() != value.keys()
                                 or best[1] < len(_changed(old[key], value))):
            out[key] = best[0]
    return out


def _diff_dict(old: dict[str, Any], new: dict[str, Any], path: list[Any], ops: list[Op], root: bool = False,
               changed: list[str] | None = None) -> None:
    if changed is None:
        changed = _changed(old, new)
    removed = [k for k in old if k not in new]
    if not root and 2 * (len(changed) + len(removed)) > len(new) + len(removed):
        ops.append([path, new])  # mostly new (a new window): the whole of it is shorter
        return
    for key in changed:
        _diff_value(old.get(key), new[key], [*path, key], ops, key in old)
    for key in removed:
        ops.append([[*path, key]])


def _diff_value(old: Any, new: Any, path: list[Any], ops: list[Op], existed: bool = True) -> None:
    if existed and type(old) is dict and type(new) is dict:
        _diff_dict(old, new, path, ops)
    elif existed and type(old) is list and type(new) is list and len(new) >= len(old):
        for i, value in enumerate(new):
            if i >= len(old):
                ops.append([[*path, i], value])  # appended
            elif not _same(old[i], value):
                _diff_value(old[i], value, [*path, i], ops)
    else:
        ops.append([path, new])


def patch(state: dict[str, Any], ops: list[Op]) -> dict[str, Any]:
    """`state` with the operations applied (a new object: `state` is left as it was).

    Raises ValueError for an operation that does not fit the state (the page then
    asks the server for the whole state).
    """
    return copy.deepcopy(patched(state, ops))


def patched(state: dict[str, Any], ops: list[Op]) -> dict[str, Any]:
    """`state` with the operations applied, as `patch`, but sharing with `state` (and `ops`)
    every object the operations leave alone: only the objects on their paths are copied.

    For states nobody changes once made (the server's cached JSON, referee/models.py): a
    claim's changes cost a few shallow copies, not a copy of the whole state.
    """
    out = dict(state)
    made = {id(out): out}  # objects copied here, changed in place from now on (kept alive)
    for op in ops:
        if not isinstance(op, list) or len(op) not in (1, 2, 3) or not isinstance(op[0], list) or not op[0] \
                or len(op) == 3 and (op[1] != FROM or not isinstance(op[2], list)):
            raise ValueError(f"not an operation: {op!r}")
        if len(op) == 3:  # a copy, wholly: later operations may change it in place
            op = [op[0], copy.deepcopy(_at(out, op[2], op))]
        *parents, last = op[0]
        target = _own(out, parents, op, made)
        if len(op) == 1:
            if not isinstance(target, dict) or not _holds(target, last):
                raise ValueError(f"operation {op!r} does not fit the state")
            del target[last]
        elif isinstance(target, dict) and isinstance(last, str):
            target[last] = op[1]
        elif isinstance(target, list) and _is_index(last) and last == len(target):
            target.append(op[1])
        elif isinstance(target, list) and _holds(target, last):
            target[last] = op[1]
        else:
            raise ValueError(f"operation {op!r} does not fit the state")
    return out


def _own(state: Any, path: list[Any], op: Op, made: dict[int, Any]) -> Any:
    """What is at `path` in `state`, made this patch's own on the way (each dict or list
    shared with the original is replaced by a copy), so it may be changed in place."""
    for key in path:
        if not _holds(state, key):
            raise ValueError(f"operation {op!r} does not fit the state")
        child = state[key]
        if type(child) in (dict, list) and id(child) not in made:
            child = state[key] = child.copy()
            made[id(child)] = child
        state = child
    return state


def _at(state: Any, path: list[Any], op: Op) -> Any:
    """What is at `path` in `state` (ValueError if nothing is)."""
    for key in path:
        if not _holds(state, key):
            raise ValueError(f"operation {op!r} does not fit the state")
        state = state[key]
    return state


def _is_index(key: Any) -> bool:
    return type(key) is int and key >= 0


def _holds(target: Any, key: Any) -> bool:
    """Whether `key` names something already in `target` (a dict's text key, a list's index)."""
    if isinstance(target, dict):
        return isinstance(key, str) and key in target
    return isinstance(target, list) and _is_index(key) and key < len(target)
