"""Which field of the entry form an engine problem belongs beside.

Field keys: "hand-<seat>" (a memory game's player block), "side-<i>" (a canasta side),
"play-<i>" (a cactus-game play, from 0), the round's own fields by their spec name
("announcer", "draws", "counter_callers", "went_out", "wrong_snaps", "penalty_cards",
"concealed", "player"), and "top" for the rest.

Only the problem's data is read: its `field` (the record's field at fault) and its
params `player`, `players`, `side` and `play`. The message is never read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.rules.errors import TOP
from engine.rules.variants.base import CACTUS_GAME, CANASTA, MEMORY

__all__ = ["TOP", "field_for", "fields_for", "group_by_field"]

# A memory round's fields the form shows as their own field (the rest go by player).
ROUND_FIELDS = ("announcer", "draws", "penalty_cards", "counter_callers", "went_out", "wrong_snaps")
CANASTA_ROUND_FIELDS = ("went_out", "concealed")


def field_for(problem: Any, kind: str, players: Sequence[str],
              sides: Sequence[str] = ()) -> str:
    """The field key `problem` is shown beside, for a form of `kind` (a family:
    MEMORY, CANASTA or CACTUS_GAME)."""
    return fields_for(problem, kind, players, sides)[0]


def fields_for(problem: Any, kind: str, players: Sequence[str], sides: Sequence[str] = ()) -> list[str]:
    """Every field `problem` is shown beside: one, except a card that two hands share
    (the deck check names both players: each hand shows it, the second one is as
    likely to be the typo)."""
    field = problem.field
    params = problem.params
    if kind == CACTUS_GAME:
        return [_turn_field(field, params)]
    if kind == CANASTA:
        return [_side_field(field, params, sides)]
    if kind != MEMORY:
        return [TOP]
    if field in ROUND_FIELDS:
        return [field]
    if field == "hands":
        named = params.get("players")
        if not isinstance(named, list):
            named = [params.get("player")]
        keys = [f"hand-{list(players).index(p)}" for p in named if p in players]
        if keys:
            return keys
    return [TOP]


def _turn_field(field: str, params: dict[str, Any]) -> str:
    play = params.get("play")
    if isinstance(play, int) and play >= 1:
        return f"play-{play - 1}"
    return "player" if field == "player" else TOP


def _side_field(field: str, params: dict[str, Any], sides: Sequence[str]) -> str:
    if field in CANASTA_ROUND_FIELDS:
        return field
    side = params.get("side")
    return f"side-{list(sides).index(side)}" if side in sides else TOP


def group_by_field(problems: Iterable[Any], kind: str, players: Sequence[str],
                   sides: Sequence[str] = ()) -> dict[str, list[Any]]:
    """The problems keyed by the field they are shown beside, in the engine's order."""
    grouped: dict[str, list[Any]] = {}
    for problem in problems:
        for key in fields_for(problem, kind, players, sides):
            grouped.setdefault(key, []).append(problem)
    return grouped
