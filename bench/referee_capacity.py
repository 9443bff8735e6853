"""Capacity of ONE Daphne process: the events per second it holds with p99 under 100 ms.

    .venv/bin/python bench/referee_capacity.py [--tables 100] [--rounds 2] [--rates 20,40,...] [--tries 2] [--all]
    REDIS_URL=redis://127.0.0.1:6379/12 .venv/bin/python bench/referee_capacity.py   # Redis layer
    REDIS_URL=… .venv/bin/python bench/referee_capacity.py --processes 2            # two processes

With `--processes N` (Redis only) the same sweep runs against N processes, a
table's phones spread over them as in bench/referee_load.py: what they hold
together, and per process.

Run from the repository root. One Daphne process on 127.0.0.1 with production
settings (bench/referee_load.py: debug off, a real secret key, a fresh SQLite
file), the in-memory channel layer, or Redis (pub/sub layer) when REDIS_URL is
set. The load is bench/referee_load.py's: `--tables` tables of 4 phones, each
seat discarding in its turn and the three others claiming, `--rounds` rounds a
step. A step offers one event rate: a table's pause between two actions is drawn
in [0.5, 1.5] x tables / rate seconds, so all tables together offer about `rate`
events a second (fewer once the server lags: each table waits for the ruling
before its next action, so the rate held is measured, not assumed).

At each step our consumer plays, then the bare consumer (bench/bare_consumer.py:
decode, one INSERT, one group send) in the same process, under the same load;
first one warm-up round each, not counted (a fresh process's first events pay
for its cold caches). The sweep raises the rate until both have crossed a p99 of
100 ms (claim -> the last of the table's 4 phones has the ruling), or `--rates`
runs out. A rate counts as held when one of `--tries` attempts stays under
100 ms: one stall of a shared machine does not end the sweep, a real limit fails
every try. Printed: one line per attempt, then each consumer's capacity: the
highest rate HELD (events per second measured over the step) at a rate it held,
before the first rate it did not. `--all` plays every rate whatever happened
(the whole curve) and prints the highest rate held under 100 ms at any step too;
the most events per second held at any step is always printed: the process's
throughput, p99 aside. Each line also gives the server's CPU (ms per event,
and the share of one core it used over the step) and the phones' (this
process's share of a core): a server near 100 % of a core is at its capacity; if
the phones' share nears 100 %, the load driver is the limit, not the server.
"cpu wait" is the machine's CPU pressure over the step (/proc/pressure/cpu, the
share of time some task waited for a core): near 0 on a quiet machine; when it
is high, a p99 over 100 ms at a few % of a core is the machine's queue, not ours.
Bounded: every step has a time limit, the server binds 127.0.0.1 only and is
stopped at the end.

A shared machine makes every figure noisy: compare ours with the bare one of the
same run (the ratio), and note the load average printed with each step.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.referee_load import (  # noqa: E402
    Result,
    flush_redis,
    free_port,
    prepare_database,
    run,
    server_env,
    start_server,
)

LIMIT_MS = 100.0  # the p99 a step must stay under
RATES = "20,40,60,80,100,130,160,200,250,300,400,500"


def think_for(rate: float, tables: int) -> tuple[float, float]:
    """A table's pause range so that `tables` tables offer about `rate` events a second."""
    mean = tables / rate
    return 0.5 * mean, 1.5 * mean


def cpu_waited() -> float | None:
    """Microseconds some task waited for a core since boot (Linux PSI), None without PSI."""
    try:
        fields = Path("/proc/pressure/cpu").read_text().split("\n")[0].split()
    except OSError:
        return None
    return float(dict(f.split("=") for f in fields[1:])["total"])


def step(consumer: str, pids: list[int], ports: list[int], prepared: list[tuple[str, list[str]]], rounds: int,
         rate: float, tables: int) -> tuple[Result, float | None]:
    """One attempt at a rate: the result and the machine's CPU pressure over it (share of time)."""
    waited, started = cpu_waited(), time.monotonic()
    result = asyncio.run(run(consumer, pids, ports, prepared, rounds, think_for(rate, tables)))
    after = cpu_waited()
    pressure = None if waited is None or after is None else (after - waited) / 1e6 / (time.monotonic() - started)
    return result, pressure


def line(result: Result, rate: float, pressure: float | None) -> str:
    held = result.events / result.took
    return (f"  {result.consumer:4}  offered {rate:5.0f}/s  held {held:6.1f}/s  p50 {result.p(50):7.1f} ms  "
            f"p99 {result.p(99):8.1f} ms  server CPU {result.cpu_per_event:5.2f} ms/event "
            f"({result.cpu / result.took:4.0%} of a core)  phones {result.client_cpu / result.took:4.0%}  "
            f"load {os.getloadavg()[0]:4.1f}" + (f"  cpu wait {pressure:4.0%}" if pressure is not None else "")
            + (f"  *** {result.lost} lost" if result.lost else "")
            + ("  <- over 100 ms" if result.p(99) >= LIMIT_MS else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2, help="rounds per table at each step (4 events each)")
    parser.add_argument("--rates", default=RATES, help="offered events per second, in order, comma-separated")
    parser.add_argument("--layer", choices=["pubsub", "core"], default="pubsub", help="with REDIS_URL")
    parser.add_argument("--tries", type=int, default=2, help="attempts at a rate before it counts as not held")
    parser.add_argument("--all", action="store_true", help="play every rate, even past the first one not held")
    parser.add_argument("--processes", type=int, default=1, help="Daphne processes (more than one needs REDIS_URL)")
    args = parser.parse_args()
    redis_url = os.environ.get("REDIS_URL")
    if args.processes > 1 and not redis_url:
        parser.error("--processes above 1 needs REDIS_URL: the in-memory layer cannot join processes")
    label = f"Redis {args.layer} layer" if redis_url else "in-memory layer"
    folder = tempfile.mkdtemp(prefix="referee-capacity-", dir=os.environ.get("REFEREE_LOAD_DIR"))
    env = server_env(folder, redis_url, args.layer)
    prepared = prepare_database(env, args.tables)
    if redis_url:
        flush_redis(redis_url)
    ports = [free_port() for _ in range(args.processes)]
    servers = [start_server(env, port) for port in ports]
    pids = [server.pid for server in servers]
    who = "One Daphne process" if args.processes == 1 else f"{args.processes} Daphne processes"
    print(f"{who}, production settings, {label}, {args.tables} tables x 4 phones, "
          f"{args.rounds} rounds ({4 * args.rounds * args.tables} events) a step; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    capacity: dict[str, float | None] = {"ours": None, "bare": None}
    most: dict[str, float] = {"ours": 0.0, "bare": 0.0}
    anywhere: dict[str, float] = {"ours": 0.0, "bare": 0.0}  # held under 100 ms at any step
    crossed: set[str] = set()
    rates = [float(r) for r in args.rates.split(",")]
    try:
        print("warm-up (not counted):")
        for consumer in ("ours", "bare"):
            result, pressure = step(consumer, pids, ports, prepared, 1, rates[0], args.tables)
            print(line(result, rates[0], pressure), flush=True)
        print("sweep:")
        for rate in rates:
            for consumer in ("ours", "bare"):
                if consumer in crossed and not args.all:
                    continue
                for _try in range(args.tries):
                    result, pressure = step(consumer, pids, ports, prepared, args.rounds, rate, args.tables)
                    print(line(result, rate, pressure), flush=True)
                    most[consumer] = max(most[consumer], result.events / result.took)
                    if result.p(99) < LIMIT_MS and not result.lost:
                        anywhere[consumer] = max(anywhere[consumer], result.events / result.took)
                        if consumer not in crossed:
                            capacity[consumer] = max(capacity[consumer] or 0.0, result.events / result.took)
                        break
                else:
                    crossed.add(consumer)
            if crossed == {"ours", "bare"} and not args.all:
                break
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=15)
    print(f"Capacity of {who.lower()} ({label}), events per second held with p99 under {LIMIT_MS:.0f} ms:")
    for consumer, held in capacity.items():
        note = "" if consumer in crossed else f" (never crossed: raise --rates past {args.rates.split(',')[-1]})"
        per = f", {held / args.processes:.0f} per process" if held is not None and args.processes > 1 else ""
        print(f"  {consumer}: " + (f"{held:.0f} events/s{per}" if held is not None else "none (over at the first rate)")
              + note)
    if capacity["ours"] and capacity["bare"]:
        print(f"  ours / bare: {capacity['ours'] / capacity['bare']:.2f}")
    if args.all:
        print("Highest rate held with p99 under 100 ms at any step (a noisy machine fails some low ones): "
              + ", ".join(f"{consumer} {held:.0f}" for consumer, held in anywhere.items()))
    print("Most events per second held at any step, whatever the p99: "
          + ", ".join(f"{consumer} {held:.0f}" for consumer, held in most.items()))


if __name__ == "__main__":
    main()
