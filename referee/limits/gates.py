"""Limits per member of a table, not per socket: one phone opening twenty sockets gets no more.

Kept in the process's memory, keyed by member: every socket of a member on
this process shares one token bucket, one socket count and one record of its
claims. Two server processes each keep their own (a member split across both
gets twice the rate at most; the socket cap still holds per process).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.limits.bucket import TokenBucket

MAX_SOCKETS = 3  # a phone, its reconnect not yet noticed as closed, and a second tab
RATE, BURST = 8.0, 20  # messages a second, and at once, per member
# A phone is flagged when its claims keep winning at exactly its credit: an honest
# tap lands about the margin inside it (see engine.table.clock).
FLAG_AFTER = 3  # races won at the limit
FLAG_SHARE = 0.5  # of its claims


@dataclass
class Gate:
    bucket: TokenBucket
    sockets: set[str] = field(default_factory=set)
    claims: int = 0
    at_limit: int = 0  # races won by a tap placed at the credit's edge
    anomalies: int = 0  # impossible clock samples, refused messages

    @property
    def flagged(self) -> bool:
        return self.at_limit >= FLAG_AFTER and self.at_limit >= FLAG_SHARE * self.claims

    def claimed(self, won_at_limit: bool) -> None:
        self.claims += 1
        self.at_limit += won_at_limit


_GATES: dict[int, Gate] = {}


def enter(member_id: int, channel: str, now: float) -> Gate | None:
    """The member's gate with this socket counted in, or None when it has too many sockets."""
    gate = _GATES.get(member_id)
    if gate is None:
        gate = _GATES[member_id] = Gate(TokenBucket(RATE, BURST, now))
    if channel not in gate.sockets and len(gate.sockets) >= MAX_SOCKETS:
        return None
    gate.sockets.add(channel)
    return gate


def leave(member_id: int, channel: str) -> None:
    gate = _GATES.get(member_id)
    if gate is not None:
        gate.sockets.discard(channel)


def forget() -> None:
    """Every gate dropped (tests: a fresh server)."""
    _GATES.clear()
