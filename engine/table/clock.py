"""A phone's clock against the server's: estimation from ping/pong, and tap times.

Pure: no Django, no I/O. Times are seconds (floats) on each side's own clock.

A ping/pong exchange gives four times, NTP style: the phone sends at t0 (its
clock), the server receives at t1 and answers at t2 (server clock), the phone
receives at t3 (its clock). Assuming the way out and the way back take as long
as each other, the server's clock is ahead of the phone's by
``((t1 - t0) + (t2 - t3)) / 2``, with an error of at most half the round-trip
delay ``(t3 - t0) - (t2 - t1)``. So the samples with the lowest delay are the
most trustworthy: we keep the last few and average the best of them.

That estimate rests on times the phone reports, so it can be forged (a ping
stamped t0=100 and a pong "received" at t3=100.001 claim a perfect network and
any offset). What the phone cannot shorten is what the server measures alone:
from sending a pong (t2) to receiving the sample that reports it (t4) is a
full round trip on the server's clock. A tap is therefore credited at most that
one-way delay (half of it) plus a small margin before its message arrived, and
never more than the table's cap: holding pongs back only inflates the delay,
up to the cap. The cap is the whole of what a forger can gain.

The credit is earned (issue 21): holding pongs back inflated that measure, so
a phone on a 20 ms network could claim 150 ms of credit. Now each sample's
round trip is the *smaller* of the server's measure (t4 - t2) and the sample's
own delay (the phone's stamps): a phone sitting on its report after stamping
t3 inflates only the first. And the credit rests on the *fastest* round trips
seen over the socket's whole life (the BEST-th fastest, so one lucky sample
does not decide), not on the slowest recent one: a network can be slow on a
sample, never faster than it is. A claim's own timing bounds it too (the
consumer's `most`): a phone cannot tap before the card reached it, so a claim
arriving `a` seconds after its window was sent to it supports a one-way delay
of at most (a - REACTION) / 2. An honest phone really 300 ms away is credited
up to the table's cap (150 ms by default): half of its delay, so it loses a
race to a tap less than 150 ms after its own (bench/referee_fairness.py).
"""

from __future__ import annotations

import bisect
import math
from collections import deque
from dataclasses import dataclass

KEEP = 16  # samples remembered (the last ones: a phone's network changes)
BEST = 3  # of which the lowest-delay ones are averaged
# Credit above the largest one-way delay measured recently: one message's own
# jitter beyond the samples seen (see bench/referee_fairness.py).
CREDIT_MARGIN = 0.025
# The default cap on any phone's credit, seconds: phones at one table on one
# Wi-Fi (one-way 2-20 ms) or 4G (20-60 ms, bursts to ~100 ms) with jitter stay
# under it; a forger gains at most this much (docs/benchmarks.md).
DEFAULT_CREDIT_CAP = 0.150
MAX_CREDIT_CAP = 0.5  # a table option above this would make close calls a matter of forging
SLACK = 0.002  # clock resolution and the server's own handling, in consistency checks
# The quickest a player sees a card and presses "Snap !" (visual reaction times start
# around 150 ms; less is anticipation): what a claim's own timing leaves for the network.
REACTION = 0.100


@dataclass(frozen=True, slots=True)
class Sample:
    t0: float  # phone sends the ping (phone clock)
    t1: float  # server receives it (server clock)
    t2: float  # server sends the pong (server clock)
    t3: float  # phone receives the pong (phone clock)

    @property
    def offset(self) -> float:
        """How far the server's clock is ahead of the phone's."""
        return ((self.t1 - self.t0) + (self.t2 - self.t3)) / 2

    @property
    def delay(self) -> float:
        """Time on the network, there and back (the server's own time taken out)."""
        return (self.t3 - self.t0) - (self.t2 - self.t1)

    def is_possible(self) -> bool:
        """A sample whose times contradict each other is refused (a bug or a lie)."""
        return self.t3 >= self.t0 and self.t2 >= self.t1 and self.delay >= 0


def sample_problem(sample: Sample, returned_at: float | None = None) -> str | None:
    """Why a sample cannot be true, or None.

    `returned_at` (t4) is when the sample reached the server: the phone's t3,
    put on the server's clock with the offset the sample itself claims, must
    lie between the pong leaving (t2) and the report arriving (t4).
    """
    times = (sample.t0, sample.t1, sample.t2, sample.t3)
    if not all(math.isfinite(t) for t in times):
        return "clock.not_finite"
    if not sample.is_possible():
        return "clock.negative_delay"
    if returned_at is not None and sample.t3 + sample.offset > returned_at + SLACK:
        return "clock.after_its_report"
    return None


class ClockEstimate:
    """The running estimate of one phone's offset from its recent samples."""

    def __init__(self, keep: int = KEEP, best: int = BEST):
        self._samples: deque[Sample] = deque(maxlen=keep)
        self._trips: list[float] = []  # the fastest round trips of the socket's life, sorted (at most `best`)
        self._best = best

    def add(self, sample: Sample, returned_at: float | None = None) -> bool:
        """Remember a sample; False (and ignored) when it is impossible.

        With `returned_at` (t4, server clock) the sample's round trip is kept
        too, the smaller of the server's own measure (t4 - t2) and the sample's
        delay: what the credit rests on.
        """
        if sample_problem(sample, returned_at) is not None:
            return False
        self._samples.append(sample)
        if returned_at is not None:
            trip = min(max(0.0, returned_at - sample.t2), sample.delay)
            bisect.insort(self._trips, trip)
            del self._trips[self._best:]
        return True

    @property
    def one_way(self) -> float | None:
        """The one-way delay the socket's fastest round trips support (None before any):
        half the BEST-th fastest (or the slowest kept, before BEST samples)."""
        return self._trips[-1] / 2 if self._trips else None

    def credit(self, cap: float = DEFAULT_CREDIT_CAP, most: float | None = None) -> float:
        """How long before its arrival a tap may be placed: the delay plus a margin, capped
        (and no more than `most`, what the claim's own timing supports)."""
        one_way = self.one_way
        credit = 0.0 if one_way is None else min(one_way + CREDIT_MARGIN, cap)
        return credit if most is None else max(0.0, min(credit, most))

    def credited_tap(self, phone_tap: float | None, arrived: float, cap: float = DEFAULT_CREDIT_CAP,
                     most: float | None = None) -> tuple[float, bool]:
        """(server time of the tap, whether the phone claimed more than its credit).

        The phone's own time, converted, is believed within [arrived - credit,
        arrived]; a missing or non-finite time counts as the arrival.
        """
        earliest = arrived - self.credit(cap, most)
        if phone_tap is None or not math.isfinite(phone_tap):
            return arrived, False
        tap = self.to_server(phone_tap)
        if tap < earliest:
            return earliest, True
        return min(tap, arrived), False

    def __len__(self) -> int:
        return len(self._samples)

    @property
    def offset(self) -> float:
        """Server time minus phone time; 0 before the first sample."""
        if not self._samples:
            return 0.0
        best = sorted(self._samples, key=lambda s: s.delay)[: self._best]
        return sum(s.offset for s in best) / len(best)

    @property
    def delay(self) -> float | None:
        """The lowest round-trip delay seen, or None before the first sample."""
        return min((s.delay for s in self._samples), default=None)

    def to_server(self, phone_time: float) -> float:
        return phone_time + self.offset


def clamp_tap(tap: float | None, opened: float, arrived: float) -> float:
    """A tap time made possible: not before the window opened, not after the claim arrived.

    A phone cannot have tapped before the card was there to see, nor after its
    message reached us; a missing or non-finite time counts as the arrival.
    """
    if tap is None or tap != tap or tap in (float("inf"), float("-inf")):
        return arrived
    return min(max(tap, opened), arrived)


def supported_by_answer(arrived: float, sent: float | None) -> float | None:
    """The most a claim arriving at `arrived` may be credited, when the card it answers was
    sent to its phone at `sent`: the way there and back, less a reaction, halved."""
    if sent is None:
        return None
    return max(0.0, (arrived - sent - REACTION) / 2)
