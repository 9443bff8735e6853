"""Questions the table asks: canasta's and cactus-game's, ruled by their own modules."""

from __future__ import annotations

from typing import Any

from engine.cards import rank_of
from engine.rules.variants.base import CACTUS_GAME, CANASTA

from .. import cactus_game as cactus_game_rules
from .. import canasta as canasta_rules
from .basics import _actor, _card
from .state import SPECTATOR, Event, Refused, Ruling, TableState

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
