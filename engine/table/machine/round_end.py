"""How a round ends: the call and its counter-call, the last card (going out), the reveal and the
round it gives the score sheet."""

from __future__ import annotations

from typing import Any

from engine.rules.units import from_number
from engine.rules.variants.base import CANASTA, Variant

from .basics import (
    _acting_for,
    _actor,
    _close_window,
    _end_round,
    _next_player,
    _refuse_when_over,
)
from .state import (
    REFEREE,
    SEAT,
    SPECTATOR,
    Event,
    Refused,
    Ruling,
    TableState,
    new_table,
)

# -- the call and the end of the round ---------------------------------------------

CALLER_FROZEN = "caller_frozen_until_their_turn"
CALLER_PROTECTED = ("counter_call_next_turn",)
CALLER_SIDEWAYS = "one_last_turn_caller_cards_sideways"  # cabo: the caboteur's cards turned
COUNTER_CALL = "counter_call_next_turn"
ROUND_STOPS = "round_stops"  # tamalou, dutch: the round stops at once


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


# -- the reveal: hands in, a round for the score sheet out ---------------------------

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


def may_reveal(state: TableState, role: str) -> bool:
    """The referee ends a round at any moment; a player's phone once it is over (a player's
    reveal sent earlier would end everyone's round)."""
    return role == REFEREE or (role == SEAT and state.over is not None)
