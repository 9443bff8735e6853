"""A table's state to JSON and back, so a table opens from a snapshot instead of its whole log.

Pure: no Django. `TableState.to_json` writes the state; `state_from_json` reads
it back into the same dataclasses, field by field from their type hints, so a
field added to `engine.table.machine` later is read back without a change here (the
round-trip test replays real tables and compares).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any

from . import machine as tbl


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)  # read in the class's own module (engine/table/machine/state.py)


def _build(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        hints = _hints(hint)
        return hint(**{f.name: _build(hints[f.name], value[f.name])
                       for f in dataclasses.fields(hint) if f.name in value})
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            if arg is not type(None) and (not dataclasses.is_dataclass(arg) or isinstance(value, dict)):
                return _build(arg, value)
        return value
    if origin is list:
        return [_build(args[0], v) for v in value]
    if origin is dict and isinstance(value, list):  # members: written as a list, keyed by their id
        return {item["id"]: _build(args[1], item) for item in value}
    if origin is dict:
        return {k: _build(args[1], v) for k, v in value.items()}
    return value


def state_from_json(data: dict[str, Any]) -> tbl.TableState:
    """The state `TableState.to_json` wrote."""
    state: tbl.TableState = _build(tbl.TableState, data)
    return state
