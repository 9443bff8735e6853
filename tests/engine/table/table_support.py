"""Helpers for the table state machine tests: a table with members, events by name."""

from __future__ import annotations

from typing import Any

from engine.table.machine import (
    REFEREE,
    SEAT,
    SPECTATOR,
    Event,
    Ruling,
    TableState,
    apply,
    new_table,
)

REF, SPEC = 1, 2


def seat_id(state: TableState, player: str) -> int:
    return 10 + state.players.index(player)


class Table:
    """A table driven event by event, remembering the last rulings."""

    def __init__(self, variant: str = "tamalou", players: list[str] | None = None, snap_limit: float = 3.0):
        self.state = new_table(variant, players or ["Ana", "Ben", "Chloé"], snap_limit)
        self.seq = 0
        self.rulings: list[Ruling] = []
        self.send("member.joined", {"member": REF, "role": REFEREE}, member=REF, at=0)
        self.send("member.joined", {"member": SPEC, "role": SPECTATOR}, member=SPEC, at=0)
        for p in self.state.players:
            self.send("member.joined", {"member": seat_id(self.state, p), "role": SEAT, "seat": p},
                      member=seat_id(self.state, p), at=0)

    def send(self, kind: str, payload: dict[str, Any], member: int | None = REF, at: float = 0.0) -> list[Ruling]:
        self.seq += 1
        self.state, self.rulings = apply(self.state, Event(kind, payload, member, self.seq), at)
        return self.rulings

    def by(self, player: str) -> int:
        return seat_id(self.state, player)

    def discard(self, player: str, card: str, at: float, **extra: Any) -> list[Ruling]:
        return self.send("discard", {"player": player, "card": card, **extra}, member=self.by(player), at=at)

    def claim(self, player: str, card: str, tap: float | None, at: float, **extra: Any) -> list[Ruling]:
        payload = {"player": player, "card": card, "tap": tap, **extra}
        return self.send("snap.claim", payload, member=self.by(player), at=at)

    def call(self, player: str, at: float, card: str = "AC") -> list[Ruling]:
        """A call at the end of `player`'s turn: they discard `card`, then call."""
        self.discard(player, card, at=at - 0.5)
        return self.send("call.made", {"player": player}, member=self.by(player), at=at)

    def rules(self) -> list[str]:
        return [r["rule"] for r in self.rulings]
