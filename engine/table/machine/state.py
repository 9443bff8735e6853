"""The table's state, the events that change it and the refusals: the data `apply` works on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from engine.rules import VARIANTS
from engine.rules.variants.base import Variant

SEAT, REFEREE, SPECTATOR = "seat", "referee", "spectator"
ROLES = (SEAT, REFEREE, SPECTATOR)
# table-rules.md, readings, "Snap windows": a window lasts until the next discard
# covers the card; a time limit is a house option, off by default (0 = off).
DEFAULT_SNAP_LIMIT = 0.0
# A tap made before the cover counts if its claim arrives within the phone's measured
# delay: the consumer credits the tap (engine.table.clock: never earlier than the arrival
# minus that delay, capped), so here a claim counts when its tap came before the close.

Ruling = dict[str, Any]


@dataclass
class Member:
    id: int
    role: str
    seat: str | None = None
    present: bool = True


@dataclass
class Claim:
    seq: int  # the event that carried it: unique, and the last tie-break
    member: int | None
    player: str
    card: str
    tap: float  # server time of the tap, clamped to the window
    arrived: float
    for_player: str | None = None  # jeu pour autrui: whose card was snapped
    verdict: str = "pending"  # accepted, handed_back, wrong, refused


@dataclass
class Window:
    id: int  # seq of the discard that opened it
    card: str
    by: str  # the player who discarded (the player whose turn it is)
    opened: float
    deadline: float | None  # None: no time limit, the window lasts until covered
    ranks: list[str]  # ranks a snap may match (cactus: a wrong card stays and can be matched)
    claims: list[Claim] = field(default_factory=list)
    barred: list[str] = field(default_factory=list)  # no second try on this discard
    closed: float | None = None
    close_reason: str | None = None  # "covered" (next discard), "timeout" (house limit), "round_over"

    @property
    def is_open(self) -> bool:
        return self.closed is None


@dataclass
class TableState:
    variant: str
    players: list[str]  # seat order
    snap_limit: float = DEFAULT_SNAP_LIMIT
    members: dict[int, Member] = field(default_factory=dict)
    round: int = 1
    turn: str | None = None
    window: Window | None = None
    covered: Window | None = None  # the window the last discard covered: taps made before the cover
    pile_top: str | None = None
    power: dict[str, Any] | None = None  # the power on the pile that someone may still use
    caller: str | None = None
    counter_callers: list[str] = field(default_factory=list)
    frozen: list[str] = field(default_factory=list)  # may not snap nor be targeted
    protected: list[str] = field(default_factory=list)  # may not be targeted by powers
    # Cabo's turned caboteur (readings v1.2): their cards may be looked at, never taken or swapped.
    sideways: list[str] = field(default_factory=list)
    # Memory games, an empty stock (readings v1.2): even the pile left nothing to shuffle, so a
    # penalty card due now is not given (until a reshuffle is said again).
    stock_out: bool = False
    penalty_cards: dict[str, int] = field(default_factory=dict)
    wrong_snaps: dict[str, int] = field(default_factory=dict)
    snapped: dict[str, int] = field(default_factory=dict)  # cards got rid of by snapping
    given: dict[str, int] = field(default_factory=dict)  # cards received (jeu pour autrui)
    penalty_locked: list[str] = field(default_factory=list)  # cactus: until their next turn
    to_play: list[str] = field(default_factory=list)  # after the call: who still plays, in order
    over: str | None = None  # why the round ended; the table then asks for the reveal
    went_out: str | None = None  # fontenaysien: the player who declared "no card left"
    last_seq: int = 0

    @property
    def rules(self) -> Variant:
        return VARIANTS[self.variant]

    def to_json(self) -> dict[str, Any]:
        # What dataclasses.asdict gives, without its deep copies: it was 40 % of an
        # event's CPU in the server (docs/benchmarks.md). The result is new containers.
        out = {name: _plain(getattr(self, name)) for name in _STATE_FIELDS}
        out["members"] = [_plain(m) for m in self.members.values()]
        # Derived, for the phones (whose turn the page shows, what each phone may do now);
        # not read back by snapshots. The package registers them (machine/__init__.py).
        for key, derive in DERIVED:
            out[key] = derive(self)
        return out


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    """A dataclass, dict, list or tuple as new dicts and lists; other values as they are."""
    if type(value) in _SCALARS:  # most of a state: asked first (a failed getattr costs an exception)
        return value
    fields_of = getattr(value, "__dataclass_fields__", None)
    if fields_of is not None:
        return {name: _plain(getattr(value, name)) for name in fields_of}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


_STATE_FIELDS = tuple(TableState.__dataclass_fields__)
# What `TableState.to_json` adds for the phones: (key, the function of the state giving it),
# in order. Filled by the package, which knows the rules that derive them.
DERIVED: list[tuple[str, Callable[[TableState], Any]]] = []


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    payload: dict[str, Any]
    member: int | None = None  # who sent it (None: the server itself, e.g. a timeout)
    seq: int = 0
    # Read back from the table's log: it was admitted when recorded. A check added to the
    # rules since (turn order) does not refuse it again, so an older log replays as it was played.
    logged: bool = False


class Refusal(dict):  # type: ignore[type-arg]
    """The ruling of a refused event: equal to a plain ruling, but known as a refusal
    (the consumer answers its sender alone and does not log it)."""


class Refused(Exception):
    """An event the table does not accept; its ruling says why."""

    def __init__(self, rule: str, **params: Any):
        super().__init__(rule)
        self.ruling: Ruling = Refusal(rule=rule, **params)


_Data = TypeVar("_Data", TableState, Window, Claim, Member)


def _shallow(value: _Data) -> _Data:
    """A shallow copy of one of the table's dataclasses: what `dataclasses.replace` gives
    without going through `__init__` by keywords (2.5 times slower, and `apply` copies the
    state for every event, twice in a process that replays the other's: docs/benchmarks.md)."""
    copy = object.__new__(type(value))
    copy.__dict__.update(value.__dict__)
    return copy


@overload
def _copy_window(w: Window) -> Window: ...
@overload
def _copy_window(w: None) -> None: ...
def _copy_window(w: Window | None) -> Window | None:
    if w is None:
        return None
    copy = _shallow(w)
    copy.ranks, copy.barred, copy.claims = list(w.ranks), list(w.barred), [_shallow(c) for c in w.claims]
    return copy


def copy_state(state: TableState) -> TableState:
    """A copy `apply` may change freely (faster than deepcopy: every field is known)."""
    new = _shallow(state)
    new.members = {k: _shallow(m) for k, m in state.members.items()}
    # The covered window is shared, not copied: it changes only when a late claim for it
    # arrives, and _snap_claim copies it then (the old state is never changed).
    new.window = _copy_window(state.window)
    new.power = dict(state.power) if state.power is not None else None
    new.counter_callers, new.frozen = list(state.counter_callers), list(state.frozen)
    new.protected, new.sideways = list(state.protected), list(state.sideways)
    new.penalty_cards = dict(state.penalty_cards)
    new.wrong_snaps, new.snapped, new.given = dict(state.wrong_snaps), dict(state.snapped), dict(state.given)
    new.penalty_locked, new.players = list(state.penalty_locked), list(state.players)
    new.to_play = list(state.to_play)
    return new


def new_table(variant: str, players: list[str], snap_limit: float = DEFAULT_SNAP_LIMIT) -> TableState:
    return TableState(variant=variant, players=list(players), snap_limit=snap_limit)
