"""Two versions of one round side by side: the one this phone meant, the one stored.

When another phone saved or changed a round first (or a round kept offline arrives
after such a change), the player sees both rounds' numbers before choosing: add
theirs as the next round, replace the stored one, or discard theirs. Nothing here
saves: the engine scores "mine" as it would stand, from the record as it is now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import formats

from engine.rules import RecordError
from scorekeeper.models import Game

Number = int | float


@dataclass(slots=True)
class SideLine:
    side: str
    mine: Number | None  # the points this phone's round scores (None: the engine refuses it)
    theirs: Number | None  # the points of the round stored (None: no round stored there)
    mine_counted: str = ""  # the hand as counted, when it differs from the points
    theirs_counted: str = ""

    @property
    def differs(self) -> bool:
        return self.mine != self.theirs or self.mine_counted != self.theirs_counted


@dataclass(slots=True)
class Comparison:
    number: int
    lines: list[SideLine]
    mine_valid: bool  # False: the engine refuses this phone's round as round `number`


def _written(value: Any) -> str:
    return "" if value is None else formats.number_format(value)


def _counted(result: dict[str, Any] | None, side: str) -> str:
    """The hand's value when it is not the points (tamalou's announcer scores 0 for 3)."""
    if not result:
        return ""
    value, points = result.get("values", {}).get(side), result.get("points", {}).get(side)
    return "" if value is None or value == points else _written(value)


def _mine(game: Game, number: int, data: dict[str, Any], stored: bool) -> dict[str, Any] | None:
    """The engine's result for this phone's round, as round `number` (replacing the stored
    one) or as a new last round when nothing is stored there any more."""
    try:
        result = game.preview(data, number if stored else None)
    except RecordError:
        return None
    return result.round_json(result.rounds[number - 1 if stored else -1])


def compare_round(game: Game, number: int, data: dict[str, Any]) -> Comparison:
    """Round `number` as stored beside `data`, the round this phone meant for it."""
    stored = next((r for r in game.rounds.all() if r.number == number), None)
    theirs = stored.result if stored is not None else None
    mine = _mine(game, number, data, stored is not None)
    lines = [SideLine(side=side,
                      mine=(mine or {}).get("points", {}).get(side),
                      theirs=(theirs or {}).get("points", {}).get(side),
                      mine_counted=_counted(mine, side), theirs_counted=_counted(theirs, side))
             for side in game.sides()]
    return Comparison(number=number, lines=lines, mine_valid=mine is not None)
