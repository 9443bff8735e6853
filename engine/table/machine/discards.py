"""Turns and discards: the discard that opens a snap window, turn order, the pile, the empty stock."""

from __future__ import annotations

from engine.cards import rank_of
from engine.rules.variants.base import MEMORY

from .basics import (
    _acting_for,
    _actor,
    _card,
    _close_window,
    _end_round,
    _refuse_when_over,
    _turn_is_logged,
    _turns_from_here,
    next_to_discard,
)
from .powers import SWAPS_IF_WISHED, _untargetable, power_of
from .state import REFEREE, SEAT, Event, Member, Refused, Ruling, TableState, Window


def _window_timeout(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    """A phone's countdown ended (or the server's timer fired): close if it is due."""
    if not rulings:  # _expire closed nothing: the window is not due (or already closed)
        raise Refused("window.not_due")


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
    w, snap = state.window, state.rules.snap
    if snap is None or snap.pile_after_snap or w is None:
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
