"""Factories for model instances used across the tests."""

from __future__ import annotations

from typing import Any

from scorekeeper.models import Game, Player


def make_player(name: str = "Ana") -> Player:
    return Player.get_or_create_named(name)


def make_game(variant: str = "tamalou", players: list[str] | None = None,
              options: dict[str, Any] | None = None, rounds: list[dict[str, Any]] | None = None,
              teams: dict[str, list[str]] | None = None) -> Game:
    """A game saved through the same path as an import, so its results come from the engine."""
    record: dict[str, Any] = {
        "format": 1,
        "variant": variant,
        "options": options or {},
        "players": players or ["Ana", "Ben", "Chloé"],
        "rounds": rounds or [],
    }
    if teams:
        record["teams"] = teams
    return Game.create_from_record(record)


def tamalou_round(announcer: str | None, **hands: Any) -> dict[str, Any]:
    """A memory-game round: tamalou_round("Ana", Ana=["KH"], Ben=9)."""
    return {"announcer": announcer, "hands": hands}
