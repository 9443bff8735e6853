"""What each seat may do now: the moves the phones draw their buttons from."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from .asks import ASKS
from .basics import expected_cards
from .discards import _check_discard, _check_stock_empty, _refuse_pile_after_snap
from .powers import REACH, Target, _check_decline, _misuse
from .round_end import _check_call, _check_counter_call, _check_last_card, may_reveal
from .snaps import _check_snap_again, _check_snapper, _owner
from .state import REFEREE, SEAT, Member, Refused, TableState

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


@dataclass(frozen=True, slots=True)
class _TableWide:
    """The checks that read the table alone (their functions take no player): asked once
    for all the seats, not once per seat (each update carries every seat's moves)."""

    last_card: bool
    counter_call: bool  # a counter-call exists here (each player's turn is asked apart)
    questions: tuple[str, ...]

    @classmethod
    def of(cls, state: TableState) -> _TableWide:
        return cls(_allowed(lambda: _check_last_card(state)),
                   _allowed(lambda: _check_counter_call(state, None)), _questions(state.rules.family))


@cache
def _questions(family: str) -> tuple[str, ...]:
    return tuple(sorted(q for fam, q in ASKS if fam == family))


def legal_moves(state: TableState, player: str, now: float | None = None,
                table: _TableWide | None = None) -> dict[str, Any]:
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
    table = table or _TableWide.of(state)
    moves: dict[str, Any] = {}
    if _allowed(lambda: _check_discard(state, player)):
        pile = _allowed(lambda: _refuse_pile_after_snap(state, player))
        moves["discard"] = {"origins": [o for o in MOVE_ORIGINS if o != "pile" or pile]}
    snap = _snap_move(state, player, now)
    if snap is not None:
        moves["snap.claim"] = snap
    if _allowed(lambda: _check_call(state, player)):
        moves["call.made"] = {}
    if table.counter_call and _allowed(lambda: _check_counter_call(state, player)):
        moves["call.counter"] = {}
    if table.last_card:
        moves["round.last_card"] = {}
    if _allowed(lambda: _check_stock_empty(state, Member(0, SEAT, player))):
        moves["stock.empty"] = {}
    moves.update(_power_moves(state, player))
    if may_reveal(state, SEAT):
        moves["reveal"] = {}
    if table.questions:
        moves["ask"] = {"questions": list(table.questions)}
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


def all_legal_moves(state: TableState) -> dict[str, Any]:
    """Every seat's moves and the referee's, as the state sent to the phones carries them."""
    table = _TableWide.of(state)
    return {"seats": {p: legal_moves(state, p, table=table) for p in state.players}, "referee": referee_moves(state)}


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
