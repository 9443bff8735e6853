"""Limits per member of a table, not per socket: one phone opening twenty sockets gets no more.

Kept in the process's memory, keyed by member: every socket of a member on
this process shares one token bucket, one socket count and one record of its
claims. Two server processes each keep their own (a member split across both
gets twice the rate at most; the socket cap still holds per process).

Two caps above the member's (issue 21), each a setting:
- messages per client address, over all its sockets (ADDRESS_MESSAGES_RATE a
  second, ADDRESS_MESSAGES_BURST at once): a client joining as many spectators
  gets no more than a bar's phones together need;
- spectators' sockets per table (SPECTATORS_PER_TABLE): beyond it a spectator's
  socket is refused with `too_many_spectators`; seats and the referee never are;
- sockets opened, checked before any database work: each socket costs a member
  lookup on the database thread the honest tables' events also wait for, and 150
  opened at once delayed an honest discard by a second (bench/referee_flood.py).
  Who is counted is read from the socket's token before any query (its signature
  names the member and its role, referee.models.identity_in):
  - a seat or the referee, per member: MAX_SOCKETS at once and MEMBER_OPENINGS
    (ADDRESS_SOCKETS_RATE a second), never per address: a venue's phones share one
    (issue 28), and a flood of spectators from it keeps no player out;
  - a spectator, or a socket whose token says nothing yet, per device (its cookie:
    DEVICE_SOCKETS_RATE a second, DEVICE_SOCKETS_BURST at once; the phones of an
    address without a cookie share one device's) and per client address
    (ADDRESS_SOCKETS_RATE, ADDRESS_SOCKETS_BURST). A room of spectators reconnecting
    after a Wi-Fi blip fits in the burst; a phone refused retries by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings

from referee.limits.addresses import cookieless
from referee.limits.bucket import TokenBucket

MAX_SOCKETS = 3  # a phone, its reconnect not yet noticed as closed, and a second tab
RATE, BURST = 8.0, 20  # messages a second, and at once, per member (defaults of the settings)
ADDRESSES_KEPT = 4096  # address buckets remembered before the idle ones are dropped
# What a message costs from the buckets: `sync` sends the whole state and the recent
# rulings (a replay on the database thread every process has one of, many times an
# event's cost): a flood of them delayed every honest discard by seconds
# (bench/referee_flood.py). An honest phone syncs only after a gap.
COSTS = {"sync": 10.0}
MEMBER_OPENINGS = 10  # sockets a member may open at once (then ADDRESS_SOCKETS_RATE a second): reconnects
# A phone is flagged when its claims keep winning at exactly its credit: an honest
# tap lands about the margin inside it (see engine.table.clock).
FLAG_AFTER = 3  # races won at the limit
FLAG_SHARE = 0.5  # of its claims


@dataclass
class Gate:
    bucket: TokenBucket
    openings: TokenBucket
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
_ADDRESSES: dict[str, TokenBucket] = {}  # messages
_OPENINGS: dict[str, TokenBucket] = {}  # sockets opened, per address
_DEVICE_OPENINGS: dict[str, TokenBucket] = {}  # sockets opened, per device
_SPECTATORS: dict[str, set[str]] = {}  # table code -> spectators' sockets on this process


def member_bucket(now: float) -> TokenBucket:
    return TokenBucket(getattr(settings, "SOCKET_MESSAGES_RATE", RATE),
                       getattr(settings, "SOCKET_MESSAGES_BURST", BURST), now)


def cost(kind: str | None) -> float:
    return COSTS.get(kind or "", 1.0)


def address_allows(address: str, now: float, cost: float = 1.0) -> bool:
    """One more message from this client address, over all its sockets: within its rate?"""
    bucket = _bucket_of(_ADDRESSES, address, now, settings.ADDRESS_MESSAGES_RATE, settings.ADDRESS_MESSAGES_BURST)
    return bucket.allow(now, cost)


def stranger_may_open(address: str, device: str | None, now: float) -> bool:
    """One more socket of a spectator, or of a phone not known yet, from this device (None: it
    showed no cookie) and this client address: within their rates?"""
    device_key = device or cookieless(address)
    by_device = _bucket_of(_DEVICE_OPENINGS, device_key, now, settings.DEVICE_SOCKETS_RATE,
                           settings.DEVICE_SOCKETS_BURST)
    if not by_device.allow(now):
        return False
    return _bucket_of(_OPENINGS, address, now, settings.ADDRESS_SOCKETS_RATE,
                      settings.ADDRESS_SOCKETS_BURST).allow(now)


def member_may_open(member_id: int, channel: str, now: float) -> bool:
    """One more socket of this member (a seat or the referee): fewer than MAX_SOCKETS open,
    and within its openings' rate? Never counted against its address. When it may, the
    socket is counted in at once, before its token is looked up: sockets opened together
    are all counted by the time the next asks (`leave` if the lookup then refuses it)."""
    gate = _gate_of(member_id, now)
    if channel not in gate.sockets and len(gate.sockets) >= MAX_SOCKETS:
        return False
    if not gate.openings.allow(now):
        return False
    gate.sockets.add(channel)
    return True


def _bucket_of(buckets: dict[str, TokenBucket], address: str, now: float, rate: float, burst: int) -> TokenBucket:
    bucket = buckets.get(address)
    if bucket is None:
        if len(buckets) >= ADDRESSES_KEPT:  # drop the idle ones: their buckets are full again
            for key in [k for k, b in buckets.items() if b.idle(now)]:
                del buckets[key]
        bucket = buckets[address] = TokenBucket(rate, burst, now)
    return bucket


def watch(code: str, channel: str) -> bool:
    """A spectator's socket at the table counted in; False when the table has enough already."""
    sockets = _SPECTATORS.setdefault(code, set())
    if channel not in sockets and len(sockets) >= settings.SPECTATORS_PER_TABLE:
        return False
    sockets.add(channel)
    return True


def unwatch(code: str, channel: str) -> None:
    sockets = _SPECTATORS.get(code)
    if sockets is not None:
        sockets.discard(channel)
        if not sockets:
            del _SPECTATORS[code]


def enter(member_id: int, channel: str, now: float) -> Gate | None:
    """The member's gate with this socket counted in, or None when it has too many sockets."""
    gate = _gate_of(member_id, now)
    if channel not in gate.sockets and len(gate.sockets) >= MAX_SOCKETS:
        return None
    gate.sockets.add(channel)
    return gate


def _gate_of(member_id: int, now: float) -> Gate:
    gate = _GATES.get(member_id)
    if gate is None:
        openings = TokenBucket(settings.ADDRESS_SOCKETS_RATE, MEMBER_OPENINGS, now)
        gate = _GATES[member_id] = Gate(member_bucket(now), openings)
    return gate


def leave(member_id: int, channel: str) -> None:
    gate = _GATES.get(member_id)
    if gate is not None:
        gate.sockets.discard(channel)


def forget() -> None:
    """Every gate dropped (tests: a fresh server)."""
    _GATES.clear()
    _ADDRESSES.clear()
    _OPENINGS.clear()
    _DEVICE_OPENINGS.clear()
    _SPECTATORS.clear()
