"""Cactus-game: whose turn a new turn is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def next_player(players: Sequence[str], last_turn: Mapping[str, Any] | None) -> str | None:
    """The next player in seat order after the last turn's player (turns go clockwise);
    None for the first turn (any player may start) or when the last turn names nobody
    we know. Only cactus-game rounds have a "player"."""
    if not last_turn or not isinstance(last_turn, Mapping):
        return None
    last = last_turn.get("player")
    if last not in players:
        return None
    return players[(list(players).index(last) + 1) % len(players)]
