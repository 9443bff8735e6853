"""A phone's clock against the server's: estimation from ping/pong, and tap times.

Pure: no Django, no I/O. Times are seconds (floats) on each side's own clock.

A ping/pong exchange gives four times, NTP style: the phone sends at t0 (its
clock), the server receives at t1 and answers at t2 (server clock), the phone
receives at t3 (its clock). Assuming the way out and the way back take as long
as each other, the server's clock is ahead of the phone's by
``((t1 - t0) + (t2 - t3)) / 2``, with an error of at most half the round-trip
delay ``(t3 - t0) - (t2 - t1)``. So the samples with the lowest delay are the
most trustworthy: we keep the last few and average the best of them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

KEEP = 16  # samples remembered (the last ones: a phone's network changes)
BEST = 3  # of which the lowest-delay ones are averaged


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


class ClockEstimate:
    """The running estimate of one phone's offset from its recent samples."""

    def __init__(self, keep: int = KEEP, best: int = BEST):
        self._samples: deque[Sample] = deque(maxlen=keep)
        self._best = best

    def add(self, sample: Sample) -> bool:
        """Remember a sample; False (and ignored) when it is impossible."""
        if not sample.is_possible():
            return False
        self._samples.append(sample)
        return True

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
