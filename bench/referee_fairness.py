"""How often the earlier tap wins a snap race, with clock correction and without.

    .venv/bin/python bench/referee_fairness.py [pairs]      (from the repository root)

A pure simulation through the referee's own code: `referee.clock` estimates
each phone's offset from 16 ping/pong exchanges, `referee.table` orders the
claims. Each phone has a one-way network delay drawn uniformly between 20 and
250 ms, every message gets its own jitter of ±30 ms (so the way out and the
way back differ), and a phone clock off the server's by up to ±10 s.

Two phones tap the same card, their true taps 20 ms apart (10 and 50 ms shown
for context). "Fair order" is the table's ruling (tap stamped by the phone,
converted with the estimate, clamped to the window and the arrival); "arrival
order" is who reached the server first. A fixed seed makes the figures
repeatable. The figures go in docs/benchmarks.md.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.clock import ClockEstimate, Sample  # noqa: E402
from referee.table import REFEREE, SEAT, Event, apply, new_table  # noqa: E402

DELAY_MS = (20, 250)
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


def new_phone(rng: random.Random, now: float) -> Phone:
    phone = Phone(rng.uniform(*DELAY_MS) / 1000, rng.uniform(-OFFSET_S, OFFSET_S), ClockEstimate())
    for i in range(PINGS):  # pings every 200 ms, then 3 s: only the spacing of real time matters
        sent = now + i * 0.2
        at_server = sent + phone.trip(rng)
        answered = at_server + 0.0002
        back = answered + phone.trip(rng)
        phone.estimate.add(Sample(sent - phone.offset, at_server, answered, back - phone.offset))
    return phone


def seated_table():
    state = new_table("tamalou", ["Ana", "Ben", "Chloé"], snap_limit=3.0)
    joins = [(1, REFEREE, None), (2, SEAT, "Ben"), (3, SEAT, "Chloé")]
    for seq, (member, role, seat) in enumerate(joins, 1):
        state, _ = apply(state, Event("member.joined", {"member": member, "role": role, "seat": seat}, member, seq), 0)
    return state


def race(rng: random.Random, base, gap: float) -> tuple[bool, bool]:
    """(fair order gave the earlier tap, arrival order did) for one pair of taps."""
    opened = 100.0
    ben, chloe = new_phone(rng, 0.0), new_phone(rng, 0.0)
    first_is_ben = rng.random() < 0.5
    taps = {"Ben": opened + 0.3, "Chloé": opened + 0.3}
    taps["Chloé" if first_is_ben else "Ben"] += gap
    earlier = "Ben" if first_is_ben else "Chloé"
    claims = []
    for player, phone, member in (("Ben", ben, 2), ("Chloé", chloe, 3)):
        arrival = taps[player] + phone.trip(rng)
        stamped = phone.estimate.to_server(taps[player] - phone.offset)  # the phone's clock, converted
        claims.append((arrival, player, member, stamped))
    claims.sort()
    state, _ = apply(base, Event("discard", {"player": "Ana", "card": "7H"}, 1, 10), opened)
    for seq, (arrival, player, member, stamped) in enumerate(claims, 11):
        card = "7S" if player == "Ben" else "7C"
        state, _ = apply(state, Event("snap.claim", {"player": player, "card": card, "tap": stamped}, member, seq),
                         arrival)
    winner = next(c.player for c in state.window.claims if c.verdict == "accepted")
    return winner == earlier, claims[0][1] == earlier


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rng = random.Random(SEED)
    base = seated_table()
    print(f"{pairs} pairs per gap; one-way delay {DELAY_MS[0]}-{DELAY_MS[1]} ms, jitter ±{JITTER_MS} ms, "
          f"clock offsets ±{OFFSET_S} s, {PINGS} pings, best 3 kept")
    started = time.perf_counter()
    for gap_ms in GAPS_MS:
        fair = arrival = 0
        for _ in range(pairs):
            by_tap, by_arrival = race(rng, base, gap_ms / 1000)
            fair += by_tap
            arrival += by_arrival
        print(f"taps {gap_ms:>2} ms apart: earlier tap wins {100 * fair / pairs:6.2f}% with the fair order, "
              f"{100 * arrival / pairs:6.2f}% by arrival order")
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
