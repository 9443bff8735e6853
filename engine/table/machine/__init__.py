"""The live table as a pure state machine: ``apply(state, event, now) -> (state, rulings)``.

No Django, no I/O, no clock of its own: the server time of each event is
passed in, so replaying a table's log gives back exactly the same state and
rulings (a restart, a reconnecting phone, a dispute replayed to a moment).

What each variant allows comes from its declaration in the rules engine
(`VARIANTS[key].snap`, `.powers`, `.call`, `.values`, `.scale`); nothing here
repeats a number or a permission the declarations already hold.

Rulings are plain dicts ``{"rule": id, ...params}``; `scorekeeper.wording.rulings` turns
them into sentences. Times are server seconds (floats).
"""

from __future__ import annotations

from .asks import ASKS, _ask
from .basics import (
    _expire,
    _member_joined,
    _member_left,
    _settings,
    expected_cards,
    next_to_discard,
)
from .discards import _discard, _stock_empty, _window_timeout
from .legal import AIMS_PLAYERS_ONLY, MOVE_ORIGINS, all_legal_moves, legal_moves, referee_moves
from .powers import REACH, _power_declined, _power_used
from .round_end import _call_made, _counter_call, _last_card, _reveal, may_reveal, round_data
from .snaps import _snap_claim
from .state import (
    DEFAULT_SNAP_LIMIT,
    DERIVED,
    REFEREE,
    ROLES,
    SEAT,
    SPECTATOR,
    Event,
    Refusal,
    Refused,
    Ruling,
    TableState,
    copy_state,
    new_table,
)

# The one entry is `apply`; the rest is what the web layer and the tests read of the table.
__all__ = [
    "AIMS_PLAYERS_ONLY", "ASKS", "DEFAULT_SNAP_LIMIT", "HANDLERS", "MOVE_ORIGINS", "REACH", "REFEREE",
    "ROLES", "SEAT", "SPECTATOR", "Event", "Refusal", "Refused", "Ruling", "TableState", "all_legal_moves",
    "apply", "copy_state", "expected_cards", "legal_moves", "may_reveal", "new_table", "next_to_discard",
    "referee_moves", "replay", "round_data",
]

# What the phones get with the state besides its fields: whose turn, and each phone's moves.
DERIVED[:] = [("next_turn", next_to_discard), ("legal", all_legal_moves)]


def replay(state: TableState, events: list[tuple[Event, float]]) -> tuple[TableState, list[Ruling]]:
    """Apply a log in order; the rulings of the last event are returned with the state."""
    rulings: list[Ruling] = []
    for event, at in events:
        state, rulings = apply(state, event, at)
    return state, rulings


def apply(state: TableState, event: Event, now: float) -> tuple[TableState, list[Ruling]]:
    """The table after `event` at server time `now`, and what the referee says about it.

    A refused event leaves the state as it was (bar a lazily closed window) and
    returns one ruling saying why.
    """
    handler = HANDLERS.get(event.kind)
    if handler is None:
        return state, [{"rule": "event.unknown", "kind": event.kind}]
    new = copy_state(state)
    new.last_seq = max(new.last_seq, event.seq)
    rulings: list[Ruling] = []
    _expire(new, now, rulings)  # lazy: a window past its deadline is closed first
    try:
        handler(new, event, now, rulings)
    except Refused as refused:
        return _without_changes(state, new, event, rulings), [*rulings, refused.ruling]
    return new, rulings


def _without_changes(old: TableState, new: TableState, event: Event, rulings: list[Ruling]) -> TableState:
    """A refused event changes nothing, except the expiry that ran before it."""
    kept = copy_state(old)
    kept.last_seq = new.last_seq
    if rulings:  # the window was closed by the lazy expiry
        kept.window, kept.covered = new.window, new.covered
    return kept

HANDLERS = {
    "member.joined": _member_joined,
    "member.left": _member_left,
    "discard": _discard,
    "snap.claim": _snap_claim,
    "window.timeout": _window_timeout,
    "power.declined": _power_declined,
    "power.used": _power_used,
    "call.made": _call_made,
    "call.counter": _counter_call,
    "round.last_card": _last_card,
    "stock.empty": _stock_empty,
    "reveal": _reveal,
    "settings": _settings,
    "ask": _ask,
}
