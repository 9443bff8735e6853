"""Cactus Game (Blue Orange) questions a table asks during play.

Pure: no Django. Set values and which plays end a turn are the engine's
(`engine.rules.variants.cactus_game`); this module adds the Stop chain's
outcome and the "too late to stop" moments of table-rules.md.
"""

from __future__ import annotations

from engine.rules.errors import Reason
from engine.rules.variants.cactus_game import ENDS_TURN, KINDS, set_points

from .canasta import Verdict

# Actions that cannot be stopped any more once this has happened.
TOO_LATE_AFTER = {
    "swap_hands": "hands_exchanged",
    "look_and_steal": "hand_seen",
    "draw_three": "first_card_drawn",
}
UNSTOPPABLE = frozenset({"set", "draw"})


class UnknownCard(ValueError):
    """A card name the game does not have: the table refuses the question, gives no verdict."""

    def __init__(self, card: str):
        super().__init__(card)
        self.card = card


def _known(card: str) -> str:
    if card not in KINDS:
        raise UnknownCard(card)
    return card


def stop_verdict(card: str, stops: list[str], already: str | None = None) -> Verdict:
    """Does `card` take effect (`ok`) after the Stop cards `stops` (in the order they were played)?

    Each Stop cancels the one before it, so the action takes effect when the
    chain has an even length. A set and the plain draw cannot be stopped; an
    action cannot be stopped once `already` (e.g. "hands_exchanged") happened.
    """
    _known(card)
    if stops and card in UNSTOPPABLE:
        return Verdict(True, "cactus_game.stop.cannot_stop", {"card": card})
    if stops and already is not None and TOO_LATE_AFTER.get(card) == already:
        return Verdict(True, "cactus_game.stop.too_late", {"card": card, "moment": already})
    takes_effect = len(stops) % 2 == 0
    rule = "cactus_game.stop.takes_effect" if takes_effect else "cactus_game.stop.cancelled"
    return Verdict(takes_effect, rule, {"card": card, "stops": len(stops)})


def set_verdict(characters: list[str]) -> Verdict:
    points = set_points(characters)
    if isinstance(points, Reason):
        return Verdict(False, "cactus_game.set.illegal",
                       {"characters": characters, "reason": points.code, "reason_params": points.params})
    return Verdict(True, "cactus_game.set.points", {"characters": characters, "points": points})


def turn_end_verdict(card: str, took_effect: bool = True) -> Verdict:
    """Does this play end the turn? Only a gain or a draw that took effect does."""
    ends = _known(card) in ENDS_TURN and took_effect
    return Verdict(ends, "cactus_game.turn.ends" if ends else "cactus_game.turn.goes_on", {"card": card})
