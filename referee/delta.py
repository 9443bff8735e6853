"""What changed between two table states (as JSON), and putting it back on top of the old one.

A table update carries the whole state (~1.2-2 KB) or, when smaller, the list of
changes from the state of the event before (seq - 1): typically 150-500 bytes.
No Django here: the consumer diffs once per event (not per phone), the tests and
the benchmark apply the changes as the page does (static/js/table-order.js).

The changes are a list of operations, applied in order:

    [path, value]   set: the key (or list index) at the end of `path` takes `value`;
                    an index equal to the list's length appends
    [path]          delete: the key at the end of `path` is removed

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
# its 8 nulls that a one-letter name could replace; tests/referee/test_delta.py checks).
# Changes shorter than this are sent as they are, without encoding the state to compare.
SHORTEST_STATE = 300


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[Op]:
    """The operations that turn `old` into `new` (both plain JSON: dicts, lists, scalars)."""
    ops: list[Op] = []
    _diff_dict(old, new, [], ops, root=True)
    return ops


def _same(a: Any, b: Any) -> bool:
    # `True == 1` in Python, not in the page's JavaScript: a scalar keeps its type too.
    return a == b and type(a) is type(b)


def _diff_dict(old: dict[str, Any], new: dict[str, Any], path: list[Any], ops: list[Op], root: bool = False) -> None:
    changed = [k for k, v in new.items() if k not in old or not _same(old[k], v)]
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
    out = copy.deepcopy(state)
    for op in ops:
        if not isinstance(op, list) or len(op) not in (1, 2) or not isinstance(op[0], list) or not op[0]:
            raise ValueError(f"not an operation: {op!r}")
        *parents, last = op[0]
        target: Any = out
        for key in parents:
            if not _holds(target, key):
                raise ValueError(f"operation {op!r} does not fit the state")
            target = target[key]
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


def _is_index(key: Any) -> bool:
    return type(key) is int and key >= 0


def _holds(target: Any, key: Any) -> bool:
    """Whether `key` names something already in `target` (a dict's text key, a list's index)."""
    if isinstance(target, dict):
        return isinstance(key, str) and key in target
    return isinstance(target, list) and _is_index(key) and key < len(target)
