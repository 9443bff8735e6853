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

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from engine.cards import is_black, is_red, rank_of, read_card
from engine.rules import VARIANTS
from engine.rules.units import from_number
from engine.rules.variants.base import CACTUS_GAME, CANASTA, MEMORY, Power, Variant

from . import cactus_game as cactus_game_rules
from . import canasta as canasta_rules
from .clock import clamp_tap

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
        # Derived, for the phones (whose turn the page shows); not read back by snapshots.
        out["next_turn"] = next_to_discard(self)
        out["legal"] = all_legal_moves(self)  # what each phone may do now: its buttons
        return out


def _plain(value: Any) -> Any:
    """A dataclass, dict, list or tuple as new dicts and lists; other values as they are."""
    fields_of = getattr(value, "__dataclass_fields__", None)
    if fields_of is not None:
        return {name: _plain(getattr(value, name)) for name in fields_of}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


_STATE_FIELDS = tuple(TableState.__dataclass_fields__)


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


def _copy_window(w: Window | None) -> Window | None:
    return None if w is None else replace(
        w, ranks=list(w.ranks), barred=list(w.barred), claims=[replace(c) for c in w.claims])


def copy_state(state: TableState) -> TableState:
    """A copy `apply` may change freely (faster than deepcopy: every field is known)."""
    return replace(
        state,
        members={k: replace(m) for k, m in state.members.items()},
        # The covered window is shared, not copied: it changes only when a late claim for it
        # arrives, and _snap_claim copies it then (the old state is never changed).
        window=_copy_window(state.window),
        power=dict(state.power) if state.power is not None else None,
        counter_callers=list(state.counter_callers), frozen=list(state.frozen),
        protected=list(state.protected), sideways=list(state.sideways),
        penalty_cards=dict(state.penalty_cards),
        wrong_snaps=dict(state.wrong_snaps), snapped=dict(state.snapped), given=dict(state.given),
        penalty_locked=list(state.penalty_locked), players=list(state.players),
        to_play=list(state.to_play),
    )


def new_table(variant: str, players: list[str], snap_limit: float = DEFAULT_SNAP_LIMIT) -> TableState:
    return TableState(variant=variant, players=list(players), snap_limit=snap_limit)


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


# -- who may do what -------------------------------------------------------------

def _actor(state: TableState, event: Event) -> Member | None:
    return state.members.get(event.member) if event.member is not None else None


def _acting_for(state: TableState, event: Event, player: Any) -> str:
    """The player an action is for: a seat acts for itself, the referee for anyone."""
    if not isinstance(player, str) or player not in state.players:
        raise Refused("player.unknown", player=str(player))
    member = _actor(state, event)
    if member is None:
        raise Refused("member.unknown")
    if member.role == REFEREE or (member.role == SEAT and member.seat == player):
        return player
    raise Refused("member.not_allowed", player=player)


def _card(state: TableState, raw: Any) -> str:
    code = read_card(raw)  # what the page shows too: « D♠ » typed in a question
    deck = state.rules.deck
    if code is None or deck is None or code not in deck:
        raise Refused("card.unknown", card=str(raw)[:12])
    return code


def _next_player(state: TableState, player: str) -> str:
    i = state.players.index(player)
    return state.players[(i + 1) % len(state.players)]


def _seat_index(state: TableState, player: str) -> int:
    return state.players.index(player) if player in state.players else len(state.players)


# -- members ---------------------------------------------------------------------

def _member_joined(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    p = event.payload
    role, seat, member_id = p.get("role"), p.get("seat"), p.get("member")
    if role not in ROLES or not isinstance(member_id, int):
        raise Refused("member.bad_role", role=str(role))
    if role == SEAT and seat not in state.players:
        raise Refused("player.unknown", player=str(seat))
    again = role == SEAT and any(m.seat == seat for m in state.members.values())
    state.members[member_id] = Member(member_id, role, seat if role == SEAT else None)
    # A seat joined again (a reload, a new phone for the same player) is logged but not news:
    # the table says once that a player joined.
    rulings.append({"rule": "member.rejoined" if again else "member.joined", "role": role,
                    "seat": seat if role == SEAT else None})


def _member_left(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    member = state.members.get(event.payload.get("member"))  # type: ignore[arg-type]
    if member is None:
        raise Refused("member.unknown")
    member.present = False
    rulings.append({"rule": "member.left", "role": member.role, "seat": member.seat})


# -- discards and snap windows -------------------------------------------------

def _close_window(state: TableState, at: float, reason: str, rulings: list[Ruling]) -> None:
    w = state.window
    if w is None or not w.is_open:
        return
    w.closed, w.close_reason = at, reason
    rulings.append({"rule": f"window.{reason}", "window": w.id, "card": w.card})


def _expire(state: TableState, now: float, rulings: list[Ruling]) -> None:
    w = state.window
    if w is not None and w.is_open and w.deadline is not None and now >= w.deadline:
        _close_window(state, w.deadline, "timeout", rulings)


def _window_timeout(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    """A phone's countdown ended (or the server's timer fired): close if it is due."""
    if not rulings:  # _expire closed nothing: the window is not due (or already closed)
        raise Refused("window.not_due")


def power_of(rules: Variant, card: str) -> Power | None:
    """The power a discarded card carries in this variant, if any."""
    rank = rank_of(card)
    for power in rules.powers:
        if power.cards == rank:
            return power
        if power.cards == f"black {rank}" and is_black(card):
            return power
        if power.cards == f"red {rank}" and is_red(card):
            return power
    return None


def _refuse_when_over(state: TableState) -> None:
    if state.over is not None:
        raise Refused("round.over", reason=state.over, round=state.round)


def _discard(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    if state.rules.snap is None:
        raise Refused("variant.no_snaps", variant=state.variant)
    _refuse_when_over(state)
    p = event.payload
    player = _acting_for(state, event, p.get("player"))
    card = _card(state, p.get("card"))
    last_turn = state.caller is not None
    passed = _check_discard(state, player, event.logged)
    took_pile = p.get("took_pile") is True
    if took_pile:
        _refuse_pile_after_snap(state, player)
    _close_window(state, now, "covered", rulings)  # the new card covers the old one
    state.covered = state.window
    if state.turn != player and player in state.penalty_locked:
        state.penalty_locked.remove(player)  # their next turn has come
    state.turn = player
    state.pile_top = card
    state.power = None
    deadline = now + state.snap_limit if state.snap_limit > 0 else None
    state.window = Window(id=event.seq, card=card, by=player, opened=now,
                          deadline=deadline, ranks=[rank_of(card)])
    rulings.append({"rule": "window.opened", "window": event.seq, "card": card, "player": player,
                    "deadline": deadline})
    power = power_of(state.rules, card)
    if power is not None:
        # Taking the pile's card means swapping it in: the card discarded comes from the hand.
        from_stock = p.get("from_stock", True) is not False and not took_pile
        # A card swapped in from the hand keeps no power: using it is a wrong use (readings).
        state.power = {"player": player, "card": card, "effect": power.effect, "passed": False,
                       "from_stock": from_stock, "compulsory": power.compulsory}
        if from_stock:
            available: Ruling = {"rule": "power.available", "player": player, "card": card,
                                 "effect": power.effect, "untargetable": _untargetable(state, power.effect)}
            if power.compulsory:
                available["compulsory"] = True  # the table offers no pass (readings v1.2)
            if power.effect in SWAPS_IF_WISHED and state.sideways:
                available["look_only"] = list(state.sideways)  # the turned caboteur (readings v1.2)
            rulings.append(available)
    if last_turn:
        del state.to_play[:passed + 1]  # their turn, and the turns of those skipped before them
        if not state.to_play:
            # The caller's turn comes back: the round ends. The last discard's window and
            # power stay until the reveal covers them (they belong to that last turn).
            _end_round(state, "caller_turn_back", rulings)


def _check_discard(state: TableState, player: str, logged: bool = False) -> int:
    """Refuse `player`'s discard now, or say how many turns it passes over (0: their turn).
    `logged`: read back from the log, where checks added since do not apply."""
    if state.rules.snap is None:
        raise Refused("variant.no_snaps", variant=state.variant)
    _refuse_when_over(state)
    if state.caller is not None and player not in state.to_play:
        # table-rules.md, "after the call": no new turn for a player the call excludes.
        raise Refused("round.no_more_turn", player=player, caller=state.caller)
    passed = _turns_passed_by(state, player, enforce=not logged)
    if not logged:
        _refuse_while_power_due(state, player)
    return passed


def _refuse_while_power_due(state: TableState, player: str) -> None:
    """Readings v1.2, dutch-toulousain: a compulsory power stays due until its player uses
    it, so the next discard waits for it."""
    power = state.power
    if power is not None and power.get("compulsory") and power.get("from_stock", True):
        raise Refused("power.still_due", player=player, owner=power["player"], card=power["card"],
                      effect=power["effect"])


def _refuse_pile_after_snap(state: TableState, player: str) -> None:
    """table-rules.md, cabo-bruxellois: the pile may be taken only when nobody snapped on it."""
    w = state.window
    if state.rules.snap.pile_after_snap or w is None:
        return
    if any(c.verdict == "accepted" for c in w.claims):
        raise Refused("pile.taken_after_snap", player=player, card=w.card)


def _turns_passed_by(state: TableState, player: str, enforce: bool = True) -> int:
    """How many turns `player`'s discard passes over (0: it is their turn), or refuse it.

    Our reading "table-turns" (table-rules.md has none on it): players discard in
    seat order, after the call in the order of those still to play. A player with
    no phone at the table is skipped when no referee is there to log their discard:
    their turn passes when the next player discards. The round's first discard may
    come from anyone (the table does not know who deals).
    """
    logged = _turn_is_logged(state)
    for passed, next_up in enumerate(_turns_from_here(state)):
        if next_up == player:
            return passed
        if enforce and logged(next_up):
            raise Refused("turn.not_yours", player=player, turn=next_up)
    return 0  # the round's first discard (or, from an older log, a discard out of turn)


def next_to_discard(state: TableState) -> str | None:
    """The player whose discard the table waits for (what `_turns_passed_by` accepts
    without skipping anyone who could log a turn); None before the round's first
    discard (anyone), once the round is over, or when nobody left to play has a phone."""
    if state.over is not None:
        return None
    return next(filter(_turn_is_logged(state), _turns_from_here(state)), None)


def _turns_from_here(state: TableState) -> list[str]:
    """The players whose turns come next, in order; empty before the round's first discard."""
    if state.caller is not None:
        return list(state.to_play)
    if state.turn is None:
        return []
    i = state.players.index(state.turn)
    return state.players[i + 1:] + state.players[:i + 1]  # the same player again, last


def _turn_is_logged(state: TableState) -> Callable[[str], bool]:
    """Whether a player's turn is logged at the table (so it is not skipped): always with a
    referee here, else when the player's own phone is here."""
    present = [m for m in state.members.values() if m.present]
    if any(m.role == REFEREE for m in present):
        return lambda player: True
    phones = {m.seat for m in present if m.role == SEAT}
    return phones.__contains__


def _seats_after(state: TableState, discarder: str, player: str) -> int:
    """How far `player` sits after the player who discarded (1: the next one)."""
    if player not in state.players or discarder not in state.players:
        return len(state.players)
    n = len(state.players)
    return (state.players.index(player) - state.players.index(discarder)) % n or n


def _claim_key(state: TableState, claim: Claim, discarder: str) -> tuple[float, float, int, int]:
    """Fair order (readings, "Ties"): the tap time, then arrival at the server, then
    seat order starting after the player who discarded; the event's seq last."""
    return (claim.tap, claim.arrived, _seats_after(state, discarder, claim.player), claim.seq)


def _snap_claim(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    rules = state.rules
    snap = rules.snap
    if snap is None:
        raise Refused("variant.no_snaps", variant=state.variant)
    p = event.payload
    player = _acting_for(state, event, p.get("player"))
    card = _card(state, p.get("card"))
    w = _window_meant(state, p.get("window"), _number(p.get("tap")))
    if w is None:
        raise Refused("snap.no_window", player=player)
    if w is state.covered:
        w = state.covered = _copy_window(w)
    if w.close_reason == "round_over":
        raise Refused("round.over", reason=state.over, round=state.round)
    tap = clamp_tap(_number(p.get("tap")), w.opened, now)
    if w.closed is not None and not tap < w.closed:
        raise Refused("snap.too_late", player=player, window=w.id)
    _check_snapper(state, w, player, event.logged)
    owner = _owner(state, snap.play_for_others, player, p.get("for_player"))
    for_player = owner if owner != player else None
    if any(c.player == player and c.card == card and c.for_player == for_player for c in w.claims):
        # The same claim twice (a double tap, a resend after a reconnection) is one claim.
        raise Refused("snap.duplicate", player=player, card=card)
    _check_snap_again(state, w, player, event.logged)
    if p.get("penalty_card") and player in state.penalty_locked:
        raise Refused("snap.penalty_card_locked", player=player)
    claim = Claim(seq=event.seq, member=event.member, player=player, card=card, tap=tap, arrived=now,
                  for_player=for_player)
    w.claims.append(claim)
    if rank_of(card) in w.ranks:
        _matching_snap(state, w, claim, rulings)
    else:
        _wrong_snap(state, w, claim, rulings)


def _check_snapper(state: TableState, w: Window, player: str, logged: bool = False) -> None:
    """Refuse `player`'s snap on this discard when the variant says they may not snap on it."""
    snap = state.rules.snap
    assert snap is not None
    if player in state.frozen:
        raise Refused("snap.frozen_caller", player=player)
    if snap.who == "others" and player == w.by:
        raise Refused("snap.not_on_own_discard", player=player)
    if snap.who == "own_turn" and player != _turn_begun_by(state, w) \
            and not (logged and player == w.by):  # an older log: as it was played
        raise Refused("snap.only_on_own_turn", player=player, turn=_turn_begun_by(state, w))


def _check_snap_again(state: TableState, w: Window, player: str, logged: bool = False) -> None:
    """Refuse a further snap by `player` on this discard: barred after a wrong one (cabo, dutch),
    or one card per discard where the variant says so."""
    snap = state.rules.snap
    assert snap is not None
    # Dutch's "ends that player's snap for the turn" is v1.2's: an older log replays as played.
    if player in w.barred and not (logged and snap.who == "own_turn"):
        raise Refused("snap.no_second_try", player=player)
    if not snap.several and any(c.player == player and c.verdict in ("accepted", "handed_back")
                                for c in w.claims):
        raise Refused("snap.one_card_per_discard", player=player)


def _turn_begun_by(state: TableState, w: Window) -> str:
    """Readings v1.2, dutch's own-turn snap: the discard that opened `w` begins the next
    player's turn; theirs is the snap on it until their own discard."""
    return _next_player(state, w.by)


def _window_meant(state: TableState, meant: Any, tap: float | None) -> Window | None:
    """The window a claim is for: the one the phone names, else the one open at its tap.

    A tap made before the next discard covered the card is judged on the covered
    window (readings, "Snap windows"), not on the card that covered it.
    """
    current, covered = state.window, state.covered
    if meant is not None:
        return next((w for w in (current, covered) if w is not None and w.id == meant), None)
    if current is not None and covered is not None and tap is not None and tap < current.opened:
        return covered
    return current


def _owner(state: TableState, play_for_others: bool, player: str, raw: Any) -> str:
    if raw in (None, "", player):
        return player
    if not play_for_others:
        raise Refused("snap.not_for_others", player=player)
    if raw not in state.players:
        raise Refused("player.unknown", player=str(raw))
    if raw in state.frozen:
        raise Refused("snap.for_frozen_caller", player=player, owner=raw)
    return raw


def _matching_snap(state: TableState, w: Window, claim: Claim, rulings: list[Ruling]) -> None:
    snap = state.rules.snap
    assert snap is not None
    if snap.several:
        _accept(state, claim, rulings, w is state.window)
        _jack_order(state, w, claim, rulings)
        return
    winner = next((c for c in w.claims if c.verdict == "accepted"), None)
    if winner is None:
        _accept(state, claim, rulings, w is state.window)
    elif _claim_key(state, claim, w.by) < _claim_key(state, winner, w.by):
        # The faster tap arrived later (a slower network): it wins, the other goes back.
        _unaccept(state, winner)
        winner.verdict = "handed_back"
        _accept(state, claim, rulings, w is state.window)
        # Decided by the credit: how long before its arrival the faster tap was placed (issue 21).
        rulings.append({"rule": "snap.overturned", "player": winner.player, "card": winner.card,
                        "faster": claim.player, "gap_ms": round((winner.tap - claim.tap) * 1000),
                        "by_credit": True, "credit_ms": round((claim.arrived - claim.tap) * 1000)})
    else:
        claim.verdict = "handed_back"
        rulings.append({"rule": "snap.handed_back", "player": claim.player, "card": claim.card,
                        "winner": winner.player, "gap_ms": round((claim.tap - winner.tap) * 1000)})


def _accept(state: TableState, claim: Claim, rulings: list[Ruling], on_top: bool = True) -> None:
    claim.verdict = "accepted"
    owner = claim.for_player or claim.player
    _bump(state.snapped, owner, 1)
    ruling: Ruling = {"rule": "snap.accepted", "player": claim.player, "card": claim.card}
    if claim.for_player:
        # Jeu pour autrui: the snapper gives one of their own cards to the owner.
        _bump(state.snapped, claim.player, 1)
        _bump(state.given, claim.for_player, 1)
        ruling = {**ruling, "rule": "snap.accepted_for_other", "owner": claim.for_player}
    if on_top:  # a snap on a covered card goes under the card that covered it
        state.pile_top = claim.card
    rulings.append(ruling)


def _unaccept(state: TableState, claim: Claim) -> None:
    owner = claim.for_player or claim.player
    _bump(state.snapped, owner, -1)
    if claim.for_player:
        _bump(state.snapped, claim.player, -1)
        _bump(state.given, claim.for_player, -1)


def _jack_order(state: TableState, w: Window, claim: Claim, rulings: list[Ruling]) -> None:
    """Several snapped cards whose power is a swap: the order of the swaps.

    The snappers swap first, in turn order starting after the current player;
    the current player (who discarded the first one) swaps last.
    """
    power = power_of(state.rules, claim.card)
    if power is None or power.effect != "swap_two_cards" or power_of(state.rules, w.card) != power:
        return
    snappers = [c.player for c in w.claims if c.verdict == "accepted"]
    start = state.players.index(w.by)
    around = state.players[start + 1:] + state.players[:start]
    order = [p for p in around for _ in range(snappers.count(p))] + [w.by] * (1 + snappers.count(w.by))
    rulings.append({"rule": "power.swap_order", "order": order, "card": w.card})


def _wrong_snap(state: TableState, w: Window, claim: Claim, rulings: list[Ruling]) -> None:
    snap = state.rules.snap
    assert snap is not None
    claim.verdict = "wrong"
    player = claim.player
    base: Ruling = {"player": player, "card": claim.card, "wanted": w.ranks[0]}
    if snap.wrong == "two_points":
        _bump(state.wrong_snaps, player, 1)
        rulings.append({**base, "rule": "snap.wrong.points", "points": snap.penalty_points})
    elif snap.wrong == "penalty_card_card_stays":
        # The wrong card stays on the pile (others may match it); a penalty card replaces it.
        _bump(state.snapped, player, 1)
        given = _give_penalty_card(state, player)
        # Readings, "Cactus, wrong card left on the pile": it becomes the top card; the
        # window goes on for its rank, and the card it covered can no longer be matched.
        w.ranks = [rank_of(claim.card)]
        if w is state.window:
            state.pile_top = claim.card
        if given and player not in state.penalty_locked:
            state.penalty_locked.append(player)
        rulings.append({**base, "rule": "snap.wrong.card_stays"})
        _say_if_not_given(given, player, rulings)
    else:
        given = _give_penalty_card(state, player)
        rulings.append({**base, "rule": "snap.wrong.penalty_card"})
        _say_if_not_given(given, player, rulings)
    # Cabo-bruxellois: no second try on this discard; dutch (readings v1.2, the own-turn
    # snap): a wrong card ends that player's snap for the turn, the one window of their turn.
    if not snap.retry_after_wrong and player not in w.barred:
        w.barred.append(player)


def _give_penalty_card(state: TableState, player: str) -> bool:
    """A penalty card, from the top of the stock. Readings v1.2, an empty stock: when even
    the pile left nothing to shuffle, it is not given (False)."""
    if state.stock_out:
        return False
    _bump(state.penalty_cards, player, 1)
    return True


def _say_if_not_given(given: bool, player: str, rulings: list[Ruling]) -> None:
    """The log says so when a penalty card due was not given (no card left to give)."""
    if not given:
        rulings.append({"rule": "penalty.not_given", "player": player})


def _bump(counts: dict[str, int], player: str, by: int) -> None:
    counts[player] = counts.get(player, 0) + by
    if counts[player] == 0:
        del counts[player]


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


# -- powers -------------------------------------------------------------------

# Each power's reach (table-rules.md, Powers): the cards it must aim at, then those
# it may also aim at. "own": one of the user's cards; "other": another player's;
# "any": anyone's. A target outside the reach is a wrong use (readings).
REACH: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "look_own": (("own",), ()),
    "look_own_then_next_player": (("own",), ()),
    "look_other": (("other",), ()),
    "look_any": (("any",), ()),
    "blind_swap": (("own", "other"), ()),
    "swap_with_other": (("own", "other"), ()),
    "look_other_then_swap": (("other",), ("own",)),
    "look_other_then_swap_shown": (("other",), ("own",)),
    "swap_two_cards": (("any", "any"), ()),  # two different players (see _outside_reach)
    "give_stock_card": (("any",), ()),  # a player, no card
}


# Readings v1.2, the turned caboteur: a power may look at their cards, never take or swap them.
LOOKS_ONLY = frozenset({"look_own", "look_own_then_next_player", "look_other", "look_any"})
SWAPS_IF_WISHED = frozenset({"look_other_then_swap", "look_other_then_swap_shown"})  # a look, then maybe a swap


def _untargetable(state: TableState, effect: str) -> list[str]:
    """Whom this power may not aim at: a frozen or protected caller, and a turned caboteur
    when the power takes or swaps a card (a look-then-swap may still look at them)."""
    barred = set(state.frozen) | set(state.protected)
    if effect not in LOOKS_ONLY and effect not in SWAPS_IF_WISHED:
        barred |= set(state.sideways)
    return sorted(barred)


def _barred_target(state: TableState, effect: str, player: str, targets: list[Target]) -> str | None:
    """The first aimed player this use may not reach, if any."""
    swaps = effect not in LOOKS_ONLY and not (effect in SWAPS_IF_WISHED and len(targets) < 2)
    for t in targets:
        if t.player != player and (t.player in state.frozen or t.player in state.protected
                                   or (swaps and t.player in state.sideways)):
            return t.player
    return None


@dataclass(frozen=True, slots=True)
class Target:
    player: str
    card: int | None  # the card's place in the player's cards, from 0; None: not named


def _targets(state: TableState, raw: Any) -> list[Target]:
    """The aimed cards as the phone sends them: names, or {"player", "card"}."""
    if not isinstance(raw, list) or len(raw) > 4:
        raise Refused("power.bad_targets")
    targets = []
    for item in raw:
        player, card = (item.get("player"), item.get("card")) if isinstance(item, dict) else (item, None)
        if not isinstance(player, str) or player not in state.players:
            raise Refused("player.unknown", player=str(player)[:40])
        if card is not None and (not isinstance(card, int) or isinstance(card, bool) or card < 0
                                 or card >= max(expected_cards(state)[player], 1)):
            raise Refused("power.no_such_card", target=player, card=str(card)[:6])
        targets.append(Target(player, card))
    return targets


def _outside_reach(effect: str, player: str, targets: list[Target]) -> bool:
    """Do these targets fall outside the power's reach? (their number is checked before)"""
    required, optional = REACH[effect]
    slots = (required + optional)[:len(targets)]
    own = sum(1 for t in targets if t.player == player)
    other = len(targets) - own
    free = slots.count("any")
    if own < slots.count("own") or other < slots.count("other"):
        return True
    if own > slots.count("own") + free or other > slots.count("other") + free:
        return True
    # The dutch-toulousain jack swaps between two players: two other players, or you and another.
    return effect == "swap_two_cards" and targets[0].player == targets[1].player


def _check_decline(state: TableState) -> dict[str, Any]:
    """The power on the pile its player may decline, or refuse: none drawn from the stock."""
    power = state.power
    if power is None or not power.get("from_stock", True):
        raise Refused("power.none")
    return power


def _power_declined(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    """The power's player forgets or declines it. Cactus: the next player may use it."""
    power = _check_decline(state)
    _acting_for(state, event, power["player"])
    if power.get("compulsory"):
        # Readings v1.2, dutch-toulousain's jack and red king: no pass; the power stays due.
        raise Refused("power.compulsory", player=power["player"], card=power["card"], effect=power["effect"])
    if power["effect"].endswith("then_next_player") and not power["passed"]:
        following = _next_player(state, power["player"])
        state.power = {**power, "player": following, "passed": True}
        rulings.append({"rule": "power.passed", "card": power["card"], "to": following,
                        "effect": power["effect"]})
    else:
        state.power = None
        rulings.append({"rule": "power.lost", "card": power["card"], "player": power["player"]})


def _power_used(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    power = state.power
    if power is None:
        raise Refused("power.none")
    player = _acting_for(state, event, event.payload.get("player"))
    if player != power["player"]:
        raise Refused("power.not_yours", player=player, owner=power["player"])
    targets = _targets(state, event.payload.get("targets") or [])
    effect = power["effect"]
    required, optional = REACH.get(effect, ((), ()))
    if power.get("from_stock", True) and not len(required) <= len(targets) <= len(required) + len(optional):
        raise Refused("power.targets_count", effect=effect, needed=len(required),
                      most=len(required) + len(optional))
    base: Ruling = {"player": player, "card": power["card"], "effect": effect,
                    "targets": [asdict(t) for t in targets]}
    misuse = _misuse(state, power, player, targets)
    if misuse is not None:
        return _wrong_power(state, {**base, **misuse}, rulings, event.logged)
    state.power = None
    if effect == "give_stock_card":
        _bump(state.given, targets[0].player, 1)
    rulings.append({**base, "rule": "power.used"})


def _misuse(state: TableState, power: dict[str, Any], player: str, targets: list[Target]) -> Ruling | None:
    """Why this use of the power is wrong (readings, "A power used wrongly"), or None."""
    effect = power["effect"]
    if not power.get("from_stock", True):
        return {"reason": "not_from_stock"}
    if effect in REACH and _outside_reach(effect, player, targets):
        return {"reason": "outside_reach"}
    barred = _barred_target(state, effect, player, targets)
    if barred is not None:
        return {"reason": "untargetable", "target": barred}
    return None


def _wrong_power(state: TableState, ruling: Ruling, rulings: list[Ruling], logged: bool = False) -> None:
    """Readings, "A power used wrongly" and "A cancelled turn" (v1.2): the power has no
    effect, the discard and its snap window stay, play passes to the next player, and the
    variant's penalty applies: a penalty card; cabo-bruxellois +2 points, one more wrong
    snap in the round; cactus none (its text punishes only wrong snaps)."""
    snap = state.rules.snap
    player = ruling["player"]
    state.power = None
    penalty = state.rules.wrong_power
    if penalty == "none" and logged:
        penalty = "penalty_card"  # an older log: the card was taken then (v1.1), it is in the hand
    if penalty == "points" and snap is not None:
        _bump(state.wrong_snaps, player, 1)
        rulings.append({**ruling, "rule": "power.wrong", "penalty": "points", "points": snap.penalty_points})
    elif penalty == "none":
        rulings.append({**ruling, "rule": "power.wrong", "penalty": "none"})
    else:
        given = _give_penalty_card(state, player)
        rulings.append({**ruling, "rule": "power.wrong", "penalty": "card"})
        _say_if_not_given(given, player, rulings)


# -- the call and the end of the round ---------------------------------------------

CALLER_FROZEN = "caller_frozen_until_their_turn"
CALLER_PROTECTED = ("counter_call_next_turn",)
CALLER_SIDEWAYS = "one_last_turn_caller_cards_sideways"  # cabo: the caboteur's cards turned
COUNTER_CALL = "counter_call_next_turn"
ROUND_STOPS = "round_stops"  # tamalou, dutch: the round stops at once


def _end_round(state: TableState, reason: str, rulings: list[Ruling]) -> None:
    state.over = reason
    state.to_play = []
    rulings.append({"rule": "round.over", "reason": reason, "round": state.round})


def _call_allowed_now(state: TableState, player: str, when: str) -> bool:
    """table-rules.md, the call's column: when each call may be made.

    The table knows turns by their discards: `state.turn` has just discarded (the end
    of their turn), the player after them is the one whose turn has begun.
    """
    starting = state.turn is None or player == _next_player(state, state.turn)
    if when == "own_turn":  # dutch: at any moment of your own turn
        return player == state.turn or starting
    if when == "instead_of_drawing":  # cabo: the call is the whole turn
        return player != state.turn and starting
    return player == state.turn  # at the end of your turn


def _check_call(state: TableState, player: str) -> None:
    """Refuse `player`'s call now: none in this variant, the round over, a call made already,
    or not the moment the variant's call column says."""
    call = state.rules.call
    if call is None:
        raise Refused("variant.no_call", variant=state.variant)
    _refuse_when_over(state)
    if state.caller is not None:
        raise Refused("call.already_made", player=player, caller=state.caller)
    if not _call_allowed_now(state, player, call.when):
        raise Refused("call.not_now", player=player, word=call.word, when=call.when, turn=state.turn)


def _call_made(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    call = state.rules.call
    if call is None:
        raise Refused("variant.no_call", variant=state.variant)
    _refuse_when_over(state)
    player = _acting_for(state, event, event.payload.get("player"))
    _check_call(state, player)
    state.caller = player
    if call.when == "instead_of_drawing":
        state.turn = player
    if call.after == CALLER_FROZEN:
        state.frozen.append(player)
    elif call.after == CALLER_SIDEWAYS:
        state.sideways.append(player)  # readings v1.2: their cards may still be looked at
    elif call.after in CALLER_PROTECTED:
        state.protected.append(player)
    i = state.players.index(player)
    others = state.players[i + 1:] + state.players[:i]
    rulings.append({"rule": "call.made", "player": player, "word": call.word, "after": call.after,
                    "to_play": [] if call.after == ROUND_STOPS else others})
    if call.after == ROUND_STOPS:
        _close_window(state, now, "round_over", rulings)
        state.power = None
        _end_round(state, "call_stops", rulings)
    else:
        # Every other player plays once more; the round ends when the caller's turn comes back.
        state.to_play = others


def _check_counter_call(state: TableState, player: str | None) -> None:
    """Refuse a counter-call: none in this variant, or (for `player`) not during the last
    round of turns, by the caller, or a second time (table-rules.md, tamoul)."""
    call = state.rules.call
    if call is None or call.after != COUNTER_CALL:
        raise Refused("call.no_counter_call", variant=state.variant)
    if player is not None and (state.caller is None or state.over is not None or player == state.caller
                               or player in state.counter_callers):
        raise Refused("call.counter_not_allowed", player=player)


def _counter_call(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    _check_counter_call(state, None)
    player = _acting_for(state, event, event.payload.get("player"))
    _check_counter_call(state, player)
    state.counter_callers.append(player)
    rulings.append({"rule": "call.counter", "player": player, "caller": state.caller})


def _check_last_card(state: TableState) -> None:
    """Refuse "no card left" (going out, in canasta): not in this variant, or the round over."""
    if "went_out" not in state.rules.round_extras and state.rules.family != CANASTA:
        raise Refused("round.no_last_card", variant=state.variant)
    _refuse_when_over(state)


def _last_card(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    """Readings, "Fontenaysien, last card": "no card left" ends the round at once.
    Canasta: going out (the last card melded or discarded) ends it too; the sides'
    points come at the reveal, which knows who went out."""
    canasta = state.rules.family == CANASTA
    _check_last_card(state)
    player = _acting_for(state, event, event.payload.get("player"))
    state.went_out = player
    if canasta:  # its ruling says the round is over and asks for the count
        state.over = "went_out"
        rulings.append({"rule": "canasta.went_out", "player": player})
        return
    _close_window(state, now, "round_over", rulings)
    state.power = None
    rulings.append({"rule": "round.last_card", "player": player, "points": getattr(state.rules, "WENT_OUT", None)})
    _end_round(state, "last_card", rulings)


def _check_stock_empty(state: TableState, member: Member | None) -> None:
    """Refuse "the stock is empty" from this member: not a memory game, the round over, or
    neither the referee nor the current player."""
    if state.rules.family != MEMORY:
        raise Refused("variant.no_reshuffle", variant=state.variant)
    _refuse_when_over(state)
    if member is None:
        raise Refused("member.unknown")
    current = next_to_discard(state)
    if member.role != REFEREE and not (
            member.role == SEAT and (current is None or member.seat in (current, state.turn))):
        raise Refused("stock.not_current_player", turn=current or "")


def _stock_empty(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    """Readings v1.2, memory games, an empty stock: the pile but its top card is shuffled
    into a new stock. The referee or the current player says so; `"reshuffled": false` says
    even that left no card (only the top on the pile): a penalty card due is then not given,
    until a reshuffle is said again. One event, so the log tells when it happened."""
    member = _actor(state, event)
    _check_stock_empty(state, member)
    assert member is not None
    reshuffled = event.payload.get("reshuffled", True) is not False
    state.stock_out = not reshuffled
    ruling: Ruling = {"rule": "stock.reshuffled" if reshuffled else "stock.exhausted",
                      "player": member.seat or ""}
    if state.pile_top is not None:
        ruling["top"] = state.pile_top  # the card left on the pile
    rulings.append(ruling)


# -- the reveal: hands in, a round for the score sheet out ---------------------------

class RevealError(ValueError):
    def __init__(self, player: str, problem: str):
        super().__init__(f"{player}: {problem}")
        self.player, self.problem = player, problem


def hand_value(rules: Variant, hand: Any) -> int:
    """A hand's value in units: a list of cards, or a number as players write it."""
    values: dict[str, int] = getattr(rules, "values", {})
    if isinstance(hand, list):
        return sum(values[c] for c in hand)
    units = from_number(hand, rules.scale)
    if units is None:
        raise ValueError(f"not a hand: {hand!r}")
    return units


CANASTA_ROUND = ("went_out", "sides", "concealed")


def round_data(state: TableState, hands: dict[str, Any], extras: dict[str, Any] | None = None) -> dict[str, Any]:
    """The spec's round object: the hands entered, the call, and the penalties ruled live.

    Penalty cards are physically in the hands by now; cabo's wrong snaps and
    tamoul's counter-calls come from the table's own record of the round.
    """
    rules = state.rules
    if rules.family == CANASTA:  # no hands: the sides, as the reveal's form gives them
        return {key: value for key, value in (extras or {}).items() if key in CANASTA_ROUND}
    data: dict[str, Any] = {"announcer": state.caller, "hands": dict(hands)}
    if "wrong_snaps" in rules.round_extras and state.wrong_snaps:
        data["wrong_snaps"] = dict(state.wrong_snaps)
    if "counter_callers" in rules.round_extras and state.counter_callers:
        data["counter_callers"] = list(state.counter_callers)
    if "went_out" in rules.round_extras and state.went_out:
        data["went_out"] = state.went_out
    for key, value in (extras or {}).items():
        if key in rules.round_extras and key not in data and value not in (None, "", [], {}):
            data[key] = value
    return data


def call_check(state: TableState, hands: dict[str, Any]) -> Ruling | None:
    """Was the call allowed? (threshold from the declaration, in the variant's units)."""
    call = state.rules.call
    if call is None or state.caller is None or state.caller not in hands:
        return None
    try:
        value = hand_value(state.rules, hands[state.caller])
    except (KeyError, ValueError):
        return None
    scale = state.rules.scale
    ruling: Ruling = {"player": state.caller, "word": call.word, "value": value / scale, "after": call.after,
                      "variant": state.variant}
    if call.threshold is None:
        return {**ruling, "rule": "call.no_threshold"}
    ok = value <= call.threshold
    return {**ruling, "rule": "call.within_threshold" if ok else "call.over_threshold",
            "threshold": call.threshold / scale}


def expected_cards(state: TableState, start: int = 4) -> dict[str, int]:
    """How many cards each player should show at the reveal, from what the table saw
    (four dealt, less each accepted snap, plus penalty cards and cards given).

    The reveal refuses a hand of another size until a player confirms it: an exchange
    the table did not see (a snap made without the app) changes the count.
    """
    return {p: 0 if p == state.went_out else  # fontenaysien: « plus de carte ! »
            start - state.snapped.get(p, 0) + state.penalty_cards.get(p, 0) + state.given.get(p, 0)
            for p in state.players}


def _reveal(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    member = _actor(state, event)
    if member is None or member.role == SPECTATOR:
        raise Refused("member.not_allowed", player="")
    hands = event.payload.get("hands")
    if not isinstance(hands, dict):
        raise Refused("reveal.no_hands")
    _close_window(state, now, "covered", rulings)
    check = call_check(state, hands)
    if check is not None:
        rulings.append(check)
    data = round_data(state, hands, event.payload.get("extras"))
    ready: Ruling = {"rule": "round.ready", "round": state.round, "data": data}
    sheet_round = event.payload.get("round")
    if isinstance(sheet_round, int) and not isinstance(sheet_round, bool):
        ready["sheet_round"] = sheet_round  # the score sheet's number: every phone shows its points
    rulings.append(ready)
    following = event.payload.get("players_after")
    _next_round(state, following if isinstance(following, list) and following else state.players)


def _next_round(state: TableState, players: list[str]) -> None:
    """A fresh round: same members and settings; players may change (dutch: someone is out)."""
    fresh = new_table(state.variant, players, state.snap_limit)
    fresh.members, fresh.round, fresh.last_seq = state.members, state.round + 1, state.last_seq
    state.__dict__.update(fresh.__dict__)


def _settings(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    member = _actor(state, event)
    if member is None or member.role != REFEREE:
        raise Refused("member.not_allowed", player="")
    raw = event.payload.get("snap_limit")
    limit = 0.0 if raw is None else _number(raw)  # None or 0: no time limit (the default)
    if limit is None or not (limit == 0 or 0.5 <= limit <= 30):
        raise Refused("settings.bad_snap_limit")
    state.snap_limit = limit
    rulings.append({"rule": "settings.snap_limit" if limit else "settings.no_snap_limit", "seconds": limit})


# -- questions the table asks: canasta and cactus-game -------------------------------

def _ask(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    member = _actor(state, event)
    if member is None or member.role == SPECTATOR:
        raise Refused("member.not_allowed", player="")
    question = event.payload.get("question")
    asker = ASKS.get((state.rules.family, question))
    if asker is None:
        raise Refused("ask.unknown", question=str(question))
    try:
        verdict = asker(state, event.payload)
    except cactus_game_rules.UnknownCard as error:
        raise Refused("ask.unknown_card", card=error.card[:30]) from error
    except (TypeError, KeyError, ValueError, AttributeError) as error:
        raise Refused("ask.bad_question", question=str(question)) from error
    rulings.append({"rule": verdict.rule, "ok": verdict.ok, **verdict.params})


def _cards(state: TableState, raw: Any) -> list[str]:
    if not isinstance(raw, list):
        raise ValueError("a list of cards")
    return [_card(state, c) for c in raw]


def _melds(state: TableState, raw: Any) -> list[list[str]]:
    if not isinstance(raw, list):
        raise ValueError("a list of melds")
    return [_cards(state, m) for m in raw]


def _whole(raw: Any, lowest: int, highest: int) -> int:
    """A whole number a game can reach: never text, a float or a bool read as one (1e17, "12")."""
    if isinstance(raw, bool) or not isinstance(raw, int) or not lowest <= raw <= highest:
        raise ValueError(f"a whole number from {lowest} to {highest}")
    return raw


def _side_total(raw: Any) -> int:
    return _whole(raw, canasta_rules.SIDE_TOTAL_LOWEST, canasta_rules.SIDE_TOTAL_HIGHEST)


ASKS: dict[tuple[str, Any], Any] = {
    (CANASTA, "take_pile"): lambda s, p: canasta_rules.may_take_pile(
        _cards(s, p["pile"]), _cards(s, p.get("hand", [])), bool(p.get("side_has_melded")),
        [rank_of(c) for c in _cards(s, p.get("meld_tops", []))],
        _melds(s, p["opening"]) if p.get("opening") is not None else None, _side_total(p.get("side_total", 0))),
    (CANASTA, "meld"): lambda s, p: canasta_rules.meld_verdict(_cards(s, p["cards"]), bool(p.get("going_out"))),
    (CANASTA, "opening"): lambda s, p: canasta_rules.opening_verdict(_melds(s, p["melds"]), _side_total(p["side_total"])),
    (CANASTA, "go_out"): lambda s, p: canasta_rules.go_out_verdict(
        _melds(s, p["melds"]), len(s.players), _whole(p.get("hand_left", 0), 0, canasta_rules.HAND_LEFT_MOST)),
    (CACTUS_GAME, "stop_chain"): lambda s, p: cactus_game_rules.stop_verdict(
        str(p["card"]), [str(x) for x in p.get("stops", [])], p.get("already")),
    (CACTUS_GAME, "set"): lambda s, p: cactus_game_rules.set_verdict([str(x) for x in p["characters"]]),
    (CACTUS_GAME, "turn_end"): lambda s, p: cactus_game_rules.turn_end_verdict(
        str(p["card"]), bool(p.get("took_effect", True))),
}

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


# -- what each seat may do now: the moves the phones draw their buttons from ---------
#
# As scalachess answers `legalMoves` and its clients draw them: each check below is the
# one the event's handler makes (the `_check_*` functions), asked without applying, so
# the page offers exactly what `apply` accepts and decides nothing itself.

MOVE_ORIGINS = ("stock", "hand", "pile")  # where a discarded card comes from (the chooser's choices)
AIMS_PLAYERS_ONLY = frozenset({"give_stock_card"})  # a power aimed at a player, not at a card


def _allowed(check: Callable[[], Any]) -> bool:
    try:
        check()
    except Refused:
        return False
    return True


def legal_moves(state: TableState, player: str, now: float | None = None) -> dict[str, Any]:
    """What `player`'s phone may send now, keyed by the event's kind, each with what the
    page needs to draw it:

    - ``discard``: ``origins``, where the card may come from (the pile only when it may be taken);
    - ``snap.claim``: the ``window``, ``until`` (its deadline in server time, None while it
      lasts until covered: the page hides the button once it passes), ``owners`` (jeu pour
      autrui: whose cards may be snapped for them) and ``penalty_card`` (cactus: whether the
      card may be one's own penalty card);
    - ``call.made``, ``call.counter``, ``round.last_card``, ``stock.empty``, ``reveal``;
    - ``power.used``: the ``player`` it is used for, its ``card``, ``effect``, ``slots``
      (own/other/any, the optional ones last, ``required`` of them), ``aims`` (every list of
      aimed players, in slot order, the table accepts as a right use) and ``cards`` (how many
      cards each aimed player holds; absent when the power aims at players only);
      ``power.declined`` when it may be passed;
    - ``ask``: the questions of the family.

    `now` (server time): a snap window past its deadline is closed. Without it, the moves
    hold as of the state, and ``until`` says when the snap goes.
    """
    if player not in state.players:
        return {}  # dutch: a player who is out follows the table and plays nothing
    moves: dict[str, Any] = {}
    if _allowed(lambda: _check_discard(state, player)):
        pile = _allowed(lambda: _refuse_pile_after_snap(state, player))
        moves["discard"] = {"origins": [o for o in MOVE_ORIGINS if o != "pile" or pile]}
    snap = _snap_move(state, player, now)
    if snap is not None:
        moves["snap.claim"] = snap
    if _allowed(lambda: _check_call(state, player)):
        moves["call.made"] = {}
    if _allowed(lambda: _check_counter_call(state, player)):
        moves["call.counter"] = {}
    if _allowed(lambda: _check_last_card(state)):
        moves["round.last_card"] = {}
    if _allowed(lambda: _check_stock_empty(state, Member(0, SEAT, player))):
        moves["stock.empty"] = {}
    moves.update(_power_moves(state, player))
    if may_reveal(state, SEAT):
        moves["reveal"] = {}
    questions = sorted(q for family, q in ASKS if family == state.rules.family)
    if questions:
        moves["ask"] = {"questions": questions}
    return moves


def referee_moves(state: TableState) -> dict[str, Any]:
    """What the referee's phone may send beyond what it sends for a player (it acts for
    anyone, as `legal_moves` says for that player): the empty stock at any moment, the
    reveal, the house limits, and the power on the pile for its player."""
    moves: dict[str, Any] = {"settings": {}}
    if _allowed(lambda: _check_stock_empty(state, Member(0, REFEREE))):
        moves["stock.empty"] = {}
    if may_reveal(state, REFEREE):
        moves["reveal"] = {}
    if state.power is not None and state.power["player"] in state.players:
        moves.update(_power_moves(state, state.power["player"]))
    return moves


def may_reveal(state: TableState, role: str) -> bool:
    """The referee ends a round at any moment; a player's phone once it is over (a player's
    reveal sent earlier would end everyone's round)."""
    return role == REFEREE or (role == SEAT and state.over is not None)


def all_legal_moves(state: TableState) -> dict[str, Any]:
    """Every seat's moves and the referee's, as the state sent to the phones carries them."""
    return {"seats": {p: legal_moves(state, p) for p in state.players}, "referee": referee_moves(state)}


def _snap_move(state: TableState, player: str, now: float | None) -> dict[str, Any] | None:
    snap, w = state.rules.snap, state.window
    if snap is None or w is None or not w.is_open or (now is not None and w.deadline is not None
                                                      and now >= w.deadline):
        return None
    if not (_allowed(lambda: _check_snapper(state, w, player)) and _allowed(lambda: _check_snap_again(state, w, player))):
        return None
    move: dict[str, Any] = {"window": w.id, "until": w.deadline, "penalty_card": player not in state.penalty_locked}
    if snap.play_for_others:
        move["owners"] = [p for p in state.players if p != player and _allowed(
            lambda p=p: _owner(state, True, player, p))]  # type: ignore[misc]
    return move


def _power_moves(state: TableState, player: str) -> dict[str, Any]:
    power = state.power
    if power is None or power["player"] != player or not _allowed(lambda: _check_decline(state)):
        return {}
    moves: dict[str, Any] = {}
    if not power.get("compulsory"):
        moves["power.declined"] = {"player": player}
    effect = power["effect"]
    required, optional = REACH.get(effect, ((), ()))
    slots = required + optional
    candidates = {"own": [player], "other": [p for p in state.players if p != player], "any": list(state.players)}
    aims: list[list[str]] = []
    for count in range(len(required), len(slots) + 1):
        lists: list[list[str]] = [[]]
        for kind in slots[:count]:
            lists = [[*aimed, p] for aimed in lists for p in candidates[kind]]
        aims += [aimed for aimed in lists
                 if _misuse(state, power, player, [Target(p, None) for p in aimed]) is None]
    # No aim at all (a jack with only a frozen dutcher left to swap with): the panel still
    # shows, and any use is a wrong one, which ends a compulsory power's wait.
    move: dict[str, Any] = {"player": player, "card": power["card"], "effect": effect,
                            "compulsory": bool(power.get("compulsory")), "slots": list(slots),
                            "required": len(required), "aims": aims}
    if effect not in AIMS_PLAYERS_ONLY:
        counts = expected_cards(state)
        move["cards"] = {p: max(counts[p], 1) for p in sorted({p for aimed in aims for p in aimed})}
    moves["power.used"] = move
    return moves
