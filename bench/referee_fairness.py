"""How often the earlier tap wins a snap race, and how much a forger can gain.

    .venv/bin/python bench/referee_fairness.py [pairs]      (from the repository root)

A pure simulation through the referee's own code: `engine.table.clock` estimates
each phone's offset from 16 ping/pong exchanges and credits each tap at most
the phone's server-measured one-way delay plus a margin, under the table's cap;
`engine.table.machine` orders the claims. Each phone has a one-way network delay drawn
uniformly in a range (up to the cap, then 20-250 ms), every message gets its
own jitter of ±30 ms (so the way out and the way back differ), and a phone
clock off the server's by up to ±10 s.

Two phones tap the same card, their true taps 10, 20 or 50 ms apart. "Fair
order" is the table's ruling (tap stamped by the phone, converted with the
estimate, credited, clamped to the window and the arrival); "arrival order" is
who reached the server first. Then a forger on a 20 ms network tries every
trick (tap stamped 0, forged clock samples, pongs held back) and we report the
most its credited tap ever gets ahead of its true tap. A fixed seed makes the
figures repeatable. The figures go in docs/benchmarks.md.

Issue 21 ("the credit is earned") adds, before and after: the forger's gain when
it holds back every clock report by 300 ms, how often it then overturns an honest
tap 100 ms earlier, and what an honest phone really 300 ms away gets (its credit,
and how often its earlier tap wins against a 20 ms phone's). "Before" is the old
rule, replayed here: the largest one-way delay the server measured recently.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.table.clock import (  # noqa: E402
    CREDIT_MARGIN,
    DEFAULT_CREDIT_CAP,
    ClockEstimate,
    Sample,
    supported_by_answer,
)
from engine.table.machine import REFEREE, SEAT, Event, apply, new_table  # noqa: E402

CAP = DEFAULT_CREDIT_CAP
RANGES_MS = ((5, round(CAP * 1000)), (20, 250))
JITTER_MS = 30
OFFSET_S = 10
PINGS = 16
GAPS_MS = (10, 20, 50)
SEED = 4


@dataclass
class Phone:
    delay: float  # one-way base delay, seconds
    offset: float  # server clock minus phone clock, seconds
    estimate: ClockEstimate

    def trip(self, rng: random.Random) -> float:
        return max(0.001, self.delay + rng.uniform(-JITTER_MS, JITTER_MS) / 1000)


def new_phone(rng: random.Random, now: float, delay_ms: tuple[int, int], hold: float = 0.0) -> Phone:
    """A phone after its pings; `hold`: seconds it sits on each pong (a forger faking a slow network)."""
    phone = Phone(rng.uniform(*delay_ms) / 1000, rng.uniform(-OFFSET_S, OFFSET_S), ClockEstimate())
    for i in range(PINGS):  # pings every 200 ms, then 3 s: only the spacing of real time matters
        sent = now + i * 0.2
        at_server = sent + phone.trip(rng)
        answered = at_server + 0.0002
        back = answered + phone.trip(rng)
        reported = back + hold + phone.trip(rng)  # the sample reaches the server: t4
        phone.estimate.add(Sample(sent - phone.offset, at_server, answered, back - phone.offset), reported)
    return phone


def seated_table():
    state = new_table("tamalou", ["Ana", "Ben", "Chloé"], snap_limit=3.0)
    joins = [(1, REFEREE, None), (2, SEAT, "Ben"), (3, SEAT, "Chloé")]
    for seq, (member, role, seat) in enumerate(joins, 1):
        state, _ = apply(state, Event("member.joined", {"member": member, "role": role, "seat": seat}, member, seq), 0)
    return state


def race(rng: random.Random, base, gap: float, delay_ms: tuple[int, int]) -> tuple[bool, bool]:
    """(fair order gave the earlier tap, arrival order did) for one pair of taps."""
    opened = 100.0
    ben, chloe = new_phone(rng, 0.0, delay_ms), new_phone(rng, 0.0, delay_ms)
    first_is_ben = rng.random() < 0.5
    taps = {"Ben": opened + 0.3, "Chloé": opened + 0.3}
    taps["Chloé" if first_is_ben else "Ben"] += gap
    earlier = "Ben" if first_is_ben else "Chloé"
    claims = []
    for player, phone, member in (("Ben", ben, 2), ("Chloé", chloe, 3)):
        arrival = taps[player] + phone.trip(rng)
        stamped, _ = phone.estimate.credited_tap(taps[player] - phone.offset, arrival, CAP)
        claims.append((arrival, player, member, stamped))
    claims.sort()
    state, _ = apply(base, Event("discard", {"player": "Ana", "card": "7H"}, 1, 10), opened)
    for seq, (arrival, player, member, stamped) in enumerate(claims, 11):
        card = "7S" if player == "Ben" else "7C"
        state, _ = apply(state, Event("snap.claim", {"player": player, "card": card, "tap": stamped}, member, seq),
                         arrival)
    winner = next(c.player for c in state.window.claims if c.verdict == "accepted")
    return winner == earlier, claims[0][1] == earlier


def forger_gain(rng: random.Random, tries: int) -> float:
    """The most a forger's credited tap gets ahead of its true tap, over its tricks, in seconds."""
    best = 0.0
    for i in range(tries):
        hold = (i % 11) * 0.05  # 0 to 500 ms sitting on every pong
        phone = new_phone(rng, 0.0, (20, 20), hold)
        if i % 2:  # and forged samples: a perfect network and an offset of its choosing
            phone.estimate.add(Sample(100.0, 1.0, 1.0, 100.001), 1.0 + phone.trip(rng) * 2)
        true_tap = 50.0
        arrival = true_tap + phone.trip(rng)
        for stamp in (0.0, -1e9, true_tap - phone.offset - 5.0, float("nan")):
            credited, _ = phone.estimate.credited_tap(stamp, arrival, CAP)
            best = max(best, true_tap - credited)
    return best


class BeforeIssue21(ClockEstimate):
    """The old credit: the largest one-way delay the server measured (t4 - t2) over the last samples."""

    def __init__(self) -> None:
        super().__init__()
        self._measured: list[float] = []

    def add(self, sample: Sample, returned_at: float | None = None) -> bool:
        if super().add(sample, returned_at) and returned_at is not None:
            self._measured = [*self._measured[-15:], max(0.0, returned_at - sample.t2) / 2]
        return True

    def credit(self, cap: float = CAP, most: float | None = None) -> float:
        return min(max(self._measured) + CREDIT_MARGIN, cap) if self._measured else 0.0


def measured(rng: random.Random, delay: float, hold: float, estimate: ClockEstimate) -> Phone:
    """A phone `delay` seconds away (each way, with jitter) after its pings, sitting `hold` on each report."""
    phone = Phone(delay, rng.uniform(-OFFSET_S, OFFSET_S), estimate)
    for i in range(PINGS):
        sent = i * 0.2
        at_server = sent + phone.trip(rng)
        answered = at_server + 0.0002
        back = answered + phone.trip(rng)
        phone.estimate.add(Sample(sent - phone.offset, at_server, answered, back - phone.offset),
                           back + hold + phone.trip(rng))
    return phone


def duel(rng: random.Random, make, slow: float, slow_hold: float, slow_reaction: float, gap: float
         ) -> tuple[bool, float]:
    """A phone `slow` away (holding its reports `slow_hold`) against an honest 20 ms phone tapping
    `gap` seconds after it (negative: before it). (the slow phone wins, its credit)"""
    sent = 100.0
    slow_phone, fast = measured(rng, slow, slow_hold, make()), measured(rng, 0.020, 0.0, make())
    slow_tap = sent + slow_phone.trip(rng) + slow_reaction
    fast_tap = slow_tap + gap
    claims = []
    for phone, tap in ((slow_phone, slow_tap), (fast, fast_tap)):
        arrival = tap + phone.trip(rng)
        credited, _ = phone.estimate.credited_tap(0.0, arrival, CAP, supported_by_answer(arrival, sent))
        claims.append((credited, arrival, phone is slow_phone))
    credited_slow = claims[0]
    return min(claims)[2], credited_slow[1] - credited_slow[0]


def issue_21(rng: random.Random, tries: int) -> None:
    for name, make in (("before", BeforeIssue21), ("after", ClockEstimate)):
        forger = [duel(rng, make, 0.020, 0.300, 0.250, -0.100) for _ in range(tries)]
        gain = max(credit - 0.020 for _, credit in forger)
        print(f"{name}: forger on 20 ms holding reports 300 ms: credit up to {max(c for _, c in forger) * 1000:.0f} ms "
              f"(gain over its real delay {gain * 1000:.0f} ms); overturns an honest tap 100 ms earlier in "
              f"{100 * sum(w for w, _ in forger) / tries:.1f}% of races")
        for gap_ms in (50, 100, 150, 200):
            slow = [duel(rng, make, 0.300, 0.0, 0.200, gap_ms / 1000) for _ in range(tries)]
            print(f"{name}: honest phone 300 ms away, credit {sum(c for _, c in slow) / tries * 1000:.0f} ms "
                  f"on average; its tap {gap_ms} ms before a 20 ms phone's wins "
                  f"{100 * sum(w for w, _ in slow) / tries:.1f}%")


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rng = random.Random(SEED)
    base = seated_table()
    print(f"{pairs} pairs per gap; jitter ±{JITTER_MS} ms, clock offsets ±{OFFSET_S} s, {PINGS} pings, "
          f"best 3 kept; credit cap {CAP * 1000:.0f} ms")
    started = time.perf_counter()
    for delay_ms in RANGES_MS:
        for gap_ms in GAPS_MS:
            fair = arrival = 0
            for _ in range(pairs):
                by_tap, by_arrival = race(rng, base, gap_ms / 1000, delay_ms)
                fair += by_tap
                arrival += by_arrival
            print(f"one-way {delay_ms[0]}-{delay_ms[1]} ms, taps {gap_ms:>2} ms apart: earlier tap wins "
                  f"{100 * fair / pairs:6.2f}% with the fair order, {100 * arrival / pairs:6.2f}% by arrival order")
    gain = forger_gain(rng, 2_000)
    print(f"a forger's largest gain over its true tap: {gain * 1000:.1f} ms (cap {CAP * 1000:.0f} ms)")
    issue_21(rng, 2_000)
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
