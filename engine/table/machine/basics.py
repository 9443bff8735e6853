"""What every rule of the table reads: who acts and for whom, which card, whose turn,
the snap window's close, the cards each player holds by the table's count, members and settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import read_card

from .state import REFEREE, ROLES, SEAT, Event, Member, Refused, Ruling, TableState

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


# -- the snap window's close, whose turn comes next -------------------------------

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


def _refuse_when_over(state: TableState) -> None:
    if state.over is not None:
        raise Refused("round.over", reason=state.over, round=state.round)


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
    phones = set()
    for m in state.members.values():  # one pass: asked about ten times for each update's moves
        if m.present:
            if m.role == REFEREE:
                return _anyone
            if m.role == SEAT:
                phones.add(m.seat)
    return phones.__contains__


def _anyone(player: str) -> bool:
    return True


# -- the cards each player holds, by the table's count ------------------------------

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


# -- the round's end and the house settings --------------------------------------

def _end_round(state: TableState, reason: str, rulings: list[Ruling]) -> None:
    state.over = reason
    state.to_play = []
    rulings.append({"rule": "round.over", "reason": reason, "round": state.round})


def expected_cards(state: TableState, start: int = 4) -> dict[str, int]:
    """How many cards each player should show at the reveal, from what the table saw
    (four dealt, less each accepted snap, plus penalty cards and cards given).

    The reveal refuses a hand of another size until a player confirms it: an exchange
    the table did not see (a snap made without the app) changes the count.
    """
    return {p: 0 if p == state.went_out else  # fontenaysien: « plus de carte ! »
            start - state.snapped.get(p, 0) + state.penalty_cards.get(p, 0) + state.given.get(p, 0)
            for p in state.players}


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
