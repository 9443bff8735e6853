"""Capacity of ONE Daphne process: the events per second it holds with p99 under 100 ms.

    .venv/bin/python bench/referee_capacity.py [--tables 100] [--rounds 2] [--rates 20,40,...]
    REDIS_URL=redis://127.0.0.1:6379/12 .venv/bin/python bench/referee_capacity.py   # Redis layer

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
decode, one INSERT, one group send) in the same process, under the same load.
The sweep raises the rate until both have crossed a p99 of 100 ms (claim -> the
last of the table's 4 phones has the ruling), or `--rates` runs out. Printed:
one line per step and consumer, then each one's capacity: the highest rate HELD
(events per second measured over the step) at a step whose p99 was under 100 ms,
before its first step over. Each line also gives the server's CPU (ms per event,
and the share of one core it used over the step) and the phones' (this
process's share of a core): a server near 100 % of a core is at its capacity; if
the phones' share nears 100 %, the load driver is the limit, not the server.
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


def line(result: Result, rate: float) -> str:
    held = result.events / result.took
    return (f"  {result.consumer:4}  offered {rate:5.0f}/s  held {held:6.1f}/s  p50 {result.p(50):7.1f} ms  "
            f"p99 {result.p(99):8.1f} ms  server CPU {result.cpu_per_event:5.2f} ms/event "
            f"({result.cpu / result.took:4.0%} of a core)  phones {result.client_cpu / result.took:4.0%}  "
            f"load {os.getloadavg()[0]:4.1f}" + (f"  *** {result.lost} lost" if result.lost else "")
            + ("  <- over 100 ms" if result.p(99) >= LIMIT_MS else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2, help="rounds per table at each step (4 events each)")
    parser.add_argument("--rates", default=RATES, help="offered events per second, in order, comma-separated")
    parser.add_argument("--layer", choices=["pubsub", "core"], default="pubsub", help="with REDIS_URL")
    args = parser.parse_args()
    redis_url = os.environ.get("REDIS_URL")
    label = f"Redis {args.layer} layer" if redis_url else "in-memory layer"
    folder = tempfile.mkdtemp(prefix="referee-capacity-", dir=os.environ.get("REFEREE_LOAD_DIR"))
    env = server_env(folder, redis_url, args.layer)
    prepared = prepare_database(env, args.tables)
    if redis_url:
        flush_redis(redis_url)
    port = free_port()
    server = start_server(env, port)
    print(f"One Daphne process, production settings, {label}, {args.tables} tables x 4 phones, "
          f"{args.rounds} rounds ({4 * args.rounds * args.tables} events) a step; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    capacity: dict[str, float | None] = {"ours": None, "bare": None}
    crossed: set[str] = set()
    try:
        for rate in (float(r) for r in args.rates.split(",")):
            for consumer in ("ours", "bare"):
                if consumer in crossed:
                    continue
                result = asyncio.run(run(consumer, [server.pid], [port], prepared, args.rounds,
                                         think_for(rate, args.tables)))
                print(line(result, rate), flush=True)
                if result.p(99) < LIMIT_MS and not result.lost:
                    capacity[consumer] = max(capacity[consumer] or 0.0, result.events / result.took)
                else:
                    crossed.add(consumer)
            if crossed == {"ours", "bare"}:
                break
    finally:
        server.terminate()
        server.wait(timeout=15)
    print(f"Capacity of one process ({label}), events per second held with p99 under {LIMIT_MS:.0f} ms:")
    for consumer, held in capacity.items():
        note = "" if consumer in crossed else f" (never crossed: raise --rates past {args.rates.split(',')[-1]})"
        print(f"  {consumer}: " + (f"{held:.0f} events/s" if held is not None else "none (over at the first rate)")
              + note)
    if capacity["ours"] and capacity["bare"]:
        print(f"  ours / bare: {capacity['ours'] / capacity['bare']:.2f}")


if __name__ == "__main__":
    main()
