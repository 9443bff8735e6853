"""Snaps (« défausse rapide »): who may snap on a discard, the fair order of claims, right and wrong cards."""

from __future__ import annotations

from typing import Any

from engine.cards import rank_of

from ..clock import clamp_tap
from .basics import (
    _acting_for,
    _bump,
    _card,
    _give_penalty_card,
    _next_player,
    _number,
    _say_if_not_given,
)
from .powers import power_of
from .state import Claim, Event, Refused, Ruling, TableState, Window, _copy_window


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
        w = _copy_window(w)
        state.covered = w
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
    return str(raw)


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
