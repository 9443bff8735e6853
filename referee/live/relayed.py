"""The last update this process relayed to each table's phones: the state another process
made as JSON, read back here rather than made again.

A table's phones may sit on several processes (nginx spreads the sockets), and an event
one process records reaches the others twice: as a row of the log, replayed when their
next event is ruled, and as the update they relay to their phones. That next event's
update is diffed from the state the replayed row left, as JSON: made here from the state,
it cost a second `TableState.to_json` for most events (a fifth of the database thread's
time in bench/referee_load.py, docs/benchmarks.md). The update already holds it: the whole
state, or what changed from the state before, which this process made itself.

Written by the consumers on the event loop (`heard`), read by the database thread
(`state_json` and `newer_than`, from referee/models.py): the cache is locked. Each update is kept under the
table the consumer hearing it belongs to, (pk, secret) as the cached states are, not under
the code a new table may take again once this one closed; it is only used for the event
it belongs to (its seq), and only if its result says so.
"""

from __future__ import annotations

import json
from typing import Any

from engine.table import delta
from referee.live.state_cache import StateCache

Table = tuple[int, str]  # (pk, secret)
_HEARD: StateCache[Table, dict[str, Any]] = StateCache()  # table -> its last table.update heard


def heard(table: Table, message: dict[str, Any]) -> None:
    """A `table.update` group message this process relays to one of the table's phones."""
    _HEARD[table] = message


def forget() -> None:
    """Every update heard (tests: a fresh server)."""
    _HEARD.clear()


def newer_than(table: Table, seq: int) -> bool:
    """Has this process relayed an update of the table newer than event `seq`? Then another
    process appended since, and a state held at `seq` is behind the log."""
    message = _HEARD.get(table)
    return message is not None and message.get("seq", 0) > seq


def state_json(table: Table, seq: int, before: dict[str, Any] | None) -> dict[str, Any] | None:
    """The table's state after event `seq` as JSON, from the update heard for that event: its
    whole state, or its changes put on `before` (the state at seq - 1 as JSON, shared, not
    changed). None when no such update was heard or it does not fit."""
    message = _HEARD.get(table)
    if message is None or message.get("seq") != seq:
        return None
    try:
        if "state" in message:
            out = json.loads(message["state"])
        elif "delta" in message and before is not None and before.get("last_seq") == seq - 1:
            out = delta.patched(before, json.loads(message["delta"]))
        else:
            return None
    except ValueError:
        return None
    return out if isinstance(out, dict) and out.get("last_seq") == seq else None
