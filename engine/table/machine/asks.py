"""Questions the table asks: canasta's and cactus-game's, ruled by their own modules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.cards import rank_of
from engine.rules.variants.base import CACTUS_GAME, CANASTA

from .. import cactus_game as cactus_game_rules
from .. import canasta as canasta_rules
from .. import inbox
from ..canasta import Verdict
from .basics import _actor, _card
from .state import SPECTATOR, Event, Refused, Ruling, TableState

T = TypeVar("T")

# -- questions the table asks: canasta and cactus-game -------------------------------

def _ask(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    member = _actor(state, event)
    if member is None or member.role == SPECTATOR:
        raise Refused("member.not_allowed", player="")
    name = event.payload.get("question")
    asker = ASKS.get((state.rules.family, name)) if isinstance(name, str) else None
    if asker is None:
        raise Refused("ask.unknown", question=str(name))
    try:
        # Read as the inbox reads a phone's ask (one struct, engine/table/inbox.py): a field of
        # the wrong kind, or a number no game reaches, is no question.
        verdict = asker(state, inbox.question(event.payload))
    except cactus_game_rules.UnknownCard as error:
        raise Refused("ask.unknown_card", card=error.card[:30]) from error
    except (inbox.BadMessage, Missing) as error:
        raise Refused("ask.bad_question", question=str(name)) from error
    rulings.append({"rule": verdict.rule, "ok": verdict.ok, **verdict.params})


class Missing(ValueError):
    """A field the question needs was left out."""


def _given(value: T | None) -> T:
    if value is None:
        raise Missing
    return value


def _cards(state: TableState, raw: list[str] | None) -> list[str]:
    return [_card(state, c) for c in _given(raw)]


def _melds(state: TableState, raw: list[list[str]] | None) -> list[list[str]]:
    return [_cards(state, m) for m in _given(raw)]


Asker = Callable[[TableState, inbox.Question], Verdict]
ASKS: dict[tuple[str, str], Asker] = {
    (CANASTA, "take_pile"): lambda s, q: canasta_rules.may_take_pile(
        _cards(s, q.pile), _cards(s, q.hand or []), bool(q.side_has_melded),
        [rank_of(c) for c in _cards(s, q.meld_tops or [])],
        _melds(s, q.opening) if q.opening is not None else None, q.side_total or 0),
    (CANASTA, "meld"): lambda s, q: canasta_rules.meld_verdict(_cards(s, q.cards), bool(q.going_out)),
    (CANASTA, "opening"): lambda s, q: canasta_rules.opening_verdict(_melds(s, q.melds), _given(q.side_total)),
    (CANASTA, "go_out"): lambda s, q: canasta_rules.go_out_verdict(
        _melds(s, q.melds), len(s.players), q.hand_left or 0),
    (CACTUS_GAME, "stop_chain"): lambda s, q: cactus_game_rules.stop_verdict(
        _given(q.card), q.stops or [], q.already),
    (CACTUS_GAME, "set"): lambda s, q: cactus_game_rules.set_verdict(_given(q.characters)),
    (CACTUS_GAME, "turn_end"): lambda s, q: cactus_game_rules.turn_end_verdict(
        _given(q.card), q.took_effect if q.took_effect is not None else True),
}
