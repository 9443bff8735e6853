"""How late a process that does nothing but sleep wakes up: the machine's own pauses.

    .venv/bin/python bench/machine_pauses.py [seconds] [--out FILE]

Sleeps 1 ms at a time for `seconds` (default 30) and prints how late it woke: p50, p99,
p99.9, the longest, and how many wake-ups came 10 ms or more late. Run it alone on an
idle machine, then beside bench/referee_load.py: this process shares nothing with the
servers (no GIL, no event loop, no socket), so a pause it sees while they serve is the
machine's (the hypervisor or the scheduler), not our stack's. `--out` writes each pause of
5 ms or more as `time.time() lateness_ms`, one a line, to lay beside the bench's slowest
claims.
"""

from __future__ import annotations

import argparse
import time

TICK = 0.001  # seconds slept each time
NOTED = 0.005  # seconds late: written to --out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seconds", type=float, nargs="?", default=30.0)
    parser.add_argument("--out")
    args = parser.parse_args()
    late: list[float] = []
    noted: list[tuple[float, float]] = []
    end = time.perf_counter() + args.seconds
    while True:
        started = time.perf_counter()
        if started >= end:
            break
        time.sleep(TICK)
        lateness = time.perf_counter() - started - TICK
        late.append(lateness)
        if lateness >= NOTED:
            noted.append((time.time(), lateness))
    late.sort()

    def ms(q: float) -> float:
        return 1000 * late[min(len(late) - 1, int(q * len(late)))]

    print(f"woke late by p50 {ms(0.5):.2f} ms, p99 {ms(0.99):.2f} ms, p99.9 {ms(0.999):.2f} ms, "
          f"max {1000 * late[-1]:.1f} ms; {sum(x >= 0.010 for x in late)} wake-ups 10 ms or more late "
          f"in {args.seconds:.0f} s ({len(late)} sleeps)")
    if args.out:
        with open(args.out, "w") as out:
            out.writelines(f"{at:.4f} {1000 * x:.1f}\n" for at, x in noted)


if __name__ == "__main__":
    main()
