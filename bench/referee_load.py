"""Live tables under load, on loopback: from a claim to every phone having the ruling.

    .venv/bin/python bench/referee_load.py [tables] [rounds] [--processes N] [--layer core|pubsub]
                                           [--only ours|bare] [--think 0.5,1.5] [--updates delta|whole]

Run from the repository root. Starts N Daphne processes (default 1) on 127.0.0.1
with production settings (`DJANGO_DEBUG` off, bench/referee_settings.py) over a
fresh SQLite database in a temporary folder, or REFEREE_BENCH_DATABASE_URL, a
PostgreSQL database the benchmark empties first (as production runs: issue 28's
figures), with the in-memory channel layer, or Redis when REDIS_URL is set
(several processes need Redis). Each table's
4 phones are on one process (table t on process t mod N), as the recipe's nginx hashes a
table's code (docs/deploy.md); `--placement spread` puts phone i on process i mod N, as
round robin did before.

As production runs them (docs/deploy.md): the servers believe X-Real-IP from
127.0.0.1 only (DJANGO_TRUSTED_PROXIES, as nginx sends it), and each phone sends
its own address in it (10.x.y.z, one per phone), so every limit per address and
per member is in force and counts what it would count behind nginx.

100 tables of 4 phones (WebSocket clients in this process, asyncio) play rounds:
each seat discards in its turn, then the three others claim one after another (a
matching card, a slower matching card, a wrong card), with 0.5-1.5 s between a
table's actions (every table at once: about 100 events a second in all). For each
claim it measures the time from sending it to the last of the table's 4 phones
receiving the ruling; p50 and p99 are printed, the servers' CPU per event, and
the bytes of the updates the phones received (median and p95). `--updates whole`
makes our servers send the whole state in every update, as before issue 10 (the
default, `delta`, sends what changed when that is shorter).

Then the same load is played, by the same processes, against the bare consumer
(bench/bare_consumer.py: decode, one insert, one group send), and the ratios of
ours to it are printed: the stack's own cost on this machine at this moment.

Bounded: a fixed number of rounds per table and a time limit per run; the
servers bind 127.0.0.1 only and are stopped at the end. Figures go in
docs/benchmarks.md under "Live referee".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = ["Ana", "Ben", "Chloé", "Dan"]
CLAIMS = ["7S", "7C", "9S"]  # accepted, handed back, wrong
WAIT = 15.0  # seconds for an update before it counts as lost
THINK = (0.5, 1.5)
TIME_LIMIT = 240.0  # seconds per run, whatever happens
SEED = 7
LAG_TICK = 0.005  # seconds: the phones' loop is probed this often (bench/referee_load.py's own tail)
LAYERS = {"core": "channels_redis.core.RedisChannelLayer",
          "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepare_database(env: dict[str, str], tables: int) -> list[tuple[str, list[str]]]:
    """A fresh database with `tables` open tables of 4 seats; returns (code, tokens)."""
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from bench.bare_consumer import create_table
    from referee.models import LiveTable
    from scorekeeper.models import Game

    call_command("migrate", verbosity=0)
    if connection.vendor != "sqlite":  # a kept database: start from nothing
        call_command("flush", interactive=False, verbosity=0)
    create_table()
    out = []
    for _ in range(tables):
        game = Game.start("tamalou", PLAYERS)
        table = LiveTable.open_for(game, snap_limit=30)
        out.append((table.code, [table.join("seat", p)[0].token() for p in PLAYERS]))
    connection.close()
    return out


def start_server(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    daphne = str(Path(sys.executable).with_name("daphne"))
    server = subprocess.Popen([daphne, "-b", "127.0.0.1", "-p", str(port), "bench.bare_asgi:application"],
                              env={**os.environ, **env}, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=open(os.environ.get("REFEREE_LOAD_LOG", os.devnull), "ab"))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("Daphne did not start within 30 s")


class Phone:
    def __init__(self, ws) -> None:
        self.ws = ws
        self.updates: asyncio.Queue[tuple[float, dict]] = asyncio.Queue()
        self.bytes: list[int] = []
        self.reader = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            if message["type"] == "table.update":
                self.bytes.append(len(raw.encode()))
                self.updates.put_nowait((time.time(), message))


def phone_address(table: int, seat: int) -> str:
    """A distinct client address per phone, as nginx would pass it in X-Real-IP."""
    n = table * 4 + seat
    return f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"


async def connect_table(ports: list[int], consumer: str, code: str, tokens: list[str], number: int = 0,
                        placement: str = "table") -> tuple[list[Phone], int]:
    """The table's phones, and the seat whose discard the table waits for (0 when anyone may:
    a new round, or the bare consumer, which has no turns). A table played again in a later
    step goes on from where its turns stood (the referee refuses a discard out of turn)."""
    import websockets

    sockets = []
    for i, token in enumerate(tokens):
        # spread: phone i on process i mod N (nginx's round robin); table: the whole table on
        # process `number` mod N (nginx hashing the table's path).
        port = ports[(i if placement == "spread" else number) % len(ports)]
        url = (f"ws://127.0.0.1:{port}/ws/tables/{code}/?token={token}" if consumer == "ours"
               else f"ws://127.0.0.1:{port}/ws/bare/{code}/")
        sockets.append(await websockets.connect(url, origin=f"http://127.0.0.1:{port}", max_queue=None,
                                                additional_headers={"X-Real-IP": phone_address(number, i)}))
    first = 0
    for ws in sockets:
        opening = json.loads(await ws.recv())
        assert opening["type"] == "table.state"
        next_turn = (opening.get("state") or {}).get("next_turn")
        first = PLAYERS.index(next_turn) if next_turn in PLAYERS else first
    return [Phone(ws) for ws in sockets], first


async def play_table(seated: tuple[list[Phone], int], rounds: int, rng: random.Random, think: tuple[float, float],
                     latencies: list[float], rules: dict[str, int], served: list[float], lost: list[int]) -> None:
    phones, first = seated
    async def everyone_has(sent: float) -> tuple[float, dict] | None:
        try:
            got = [await asyncio.wait_for(p.updates.get(), WAIT) for p in phones]
        except TimeoutError:  # refused (told to its sender only) or lost: counted, not waited for
            lost.append(1)
            for p in phones:
                while not p.updates.empty():
                    p.updates.get_nowait()
            return None
        # Where the time went: until the server sent its last copy, then on to the phones.
        served.append(max(m["server_time"] for _, m in got) - sent)
        return max(t for t, _ in got) - sent, got[0][1]

    for n in range(rounds):
        # Each seat discards in its turn; the three others claim: a matching card,
        # a slower matching card, a wrong card.
        order = [(first + n + i) % len(phones) for i in range(len(phones))]
        await asyncio.sleep(rng.uniform(*think))
        card = "7H" if n % 2 == 0 else "7D"
        await phones[order[0]].ws.send(json.dumps({"type": "discard", "player": PLAYERS[order[0]], "card": card}))
        await everyone_has(time.time())
        for claimed, i in zip(CLAIMS, order[1:], strict=True):
            await asyncio.sleep(rng.uniform(*think))
            sent = time.time()
            await phones[i].ws.send(json.dumps({"type": "snap.claim", "player": PLAYERS[i], "card": claimed}))
            seen = await everyone_has(sent)
            if seen is None:
                continue
            latency, message = seen
            latencies.append(latency)
            for ruling in message["rulings"]:
                rules[ruling["rule"]] = rules.get(ruling["rule"], 0) + 1


@dataclass
class Result:
    consumer: str
    claims: list[float]  # seconds
    served: list[float]
    events: int
    took: float
    cpu: float  # server seconds, all processes
    update_bytes: list[int]  # each update a phone received
    rules: dict[str, int]
    lost: int  # updates that never came (refused or lost): a correct run has none
    client_cpu: float = 0.0  # seconds of CPU the phones (this process) used while playing
    loop_lags: list[float] = field(default_factory=list)  # seconds the phones' loop woke late

    def p(self, q: float) -> float:
        return 1000 * percentile(self.claims, q)

    @property
    def cpu_per_event(self) -> float:
        return 1000 * self.cpu / self.events


async def run(consumer: str, pids: list[int], ports: list[int], tables: list[tuple[str, list[str]]],
              rounds: int, think: tuple[float, float], placement: str = "table") -> Result:
    """Every phone connects first (not measured), then every table plays at once."""
    rng = random.Random(SEED)
    latencies: list[float] = []
    served: list[float] = []
    rules: dict[str, int] = {}
    lost: list[int] = []
    seated = [await connect_table(ports, consumer, code, tokens, n, placement) for n, (code, tokens) in enumerate(tables)]
    cpu = sum(server_cpu(pid) for pid in pids)
    client = time.process_time()
    started = time.perf_counter()
    lags: list[float] = []
    probe = asyncio.ensure_future(_loop_lag(lags))
    games = [play_table(table, rounds, random.Random(rng.random()), think, latencies, rules, served, lost)
             for table in seated]
    await asyncio.wait_for(asyncio.gather(*games), timeout=TIME_LIMIT)
    took = time.perf_counter() - started
    probe.cancel()
    cpu = sum(server_cpu(pid) for pid in pids) - cpu
    client = time.process_time() - client
    sizes = [n for phones, _first in seated for phone in phones for n in phone.bytes]
    for phones, _first in seated:
        for phone in phones:
            phone.reader.cancel()
            await phone.ws.close()
    await asyncio.sleep(0.5)  # let the servers see the closes before the next run
    return Result(consumer, latencies, served, len(latencies) + len(tables) * rounds, took, cpu,
                  sizes, rules, len(lost), client, lags)


async def _loop_lag(lags: list[float]) -> None:
    """How late this process's event loop wakes from a short sleep, all run long: were the
    phones themselves slow to read an update (a tail of the bench's own), or the servers?"""
    while True:
        started = time.perf_counter()
        await asyncio.sleep(LAG_TICK)
        lags.append(time.perf_counter() - started - LAG_TICK)


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the server process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def server_env(folder: str, redis_url: str | None, layer: str, updates: str = "delta") -> dict[str, str]:
    """Production settings: debug off, its checks on, a real secret; only TLS is left out."""
    env = {"DATABASE_URL": os.environ.get("REFEREE_BENCH_DATABASE_URL", f"sqlite:///{folder}/load.sqlite3"),
           "DJANGO_LOG_LEVEL": "WARNING", "DJANGO_DEBUG": "false",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
           "DJANGO_SECURE_SSL_REDIRECT": "false",
           "DJANGO_TRUSTED_PROXIES": "127.0.0.1",  # as behind the recipe's nginx: X-Real-IP believed
           "DJANGO_SETTINGS_MODULE": "bench.referee_settings", "PYTHONPATH": str(ROOT),
           "REFEREE_BENCH_LAYER": LAYERS[layer], "REFEREE_BENCH_UPDATES": updates}
    if redis_url:
        env["REDIS_URL"] = redis_url
    else:
        os.environ.pop("REDIS_URL", None)
    return env


def flush_redis(redis_url: str) -> None:
    import redis

    redis.Redis.from_url(redis_url).flushdb()  # the benchmark's own database number only


def report(result: Result, tables: int, processes: int, label: str) -> None:
    ms = [x * 1000 for x in result.claims]
    print(f"{result.consumer} ({label}, {processes} process{'es' if processes > 1 else ''}): "
          f"{tables} tables x 4 phones, {len(ms)} claims in {result.took:.1f} s "
          f"({result.events / result.took:.0f} events/s)")
    print(f"  claim -> all 4 phones: p50 {result.p(50):.1f} ms, p99 {result.p(99):.1f} ms, "
          f"max {max(ms):.1f} ms; until the server sent its last copy: p99 "
          f"{1000 * percentile(result.served, 99):.1f} ms")
    print(f"  server CPU: {result.cpu:.1f} s, {result.cpu_per_event:.2f} ms per event (4 phones told); "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"  the phones (this process): {1000 * result.client_cpu / result.events:.2f} ms CPU per event; "
          f"their loop woke late by {1000 * percentile(result.loop_lags or [0.0], 99):.1f} ms p99, "
          f"{1000 * max(result.loop_lags, default=0):.1f} ms max")
    print(f"  update to one phone: {statistics.median(result.update_bytes):.0f} bytes median, "
          f"{percentile(result.update_bytes, 95):.0f} p95, {statistics.mean(result.update_bytes):.0f} mean")
    if result.consumer == "ours":
        print(f"  rulings: {dict(sorted(result.rules.items()))}")
    if result.lost:
        print(f"  *** {result.lost} updates never arrived within {WAIT:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tables", type=int, nargs="?", default=100)
    parser.add_argument("rounds", type=int, nargs="?", default=5)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--layer", choices=sorted(LAYERS), default="pubsub")
    parser.add_argument("--only", choices=["ours", "bare"])
    parser.add_argument("--placement", choices=["spread", "table"], default="table",
                        help="a table's phones over the processes (round robin), or all on one")
    parser.add_argument("--think", default="0.5,1.5", help="seconds between a table's actions: low,high")
    parser.add_argument("--updates", choices=["delta", "whole"], default="delta",
                        help="ours: what changed when shorter (default), or the whole state every time")
    args = parser.parse_args()
    think = tuple(float(x) for x in args.think.split(","))
    redis_url = os.environ.get("REDIS_URL")
    if args.processes > 1 and not redis_url:
        sys.exit("Several processes share tables only through Redis: set REDIS_URL.")
    label = (("PostgreSQL" if os.environ.get("REFEREE_BENCH_DATABASE_URL") else "SQLite")
             + (f", Redis {args.layer} layer" if redis_url else ", in-memory layer") + f", {args.updates} updates"
             + f", phones {args.placement}")
    folder = tempfile.mkdtemp(prefix="referee-load-", dir=os.environ.get("REFEREE_LOAD_DIR"))
    env = server_env(folder, redis_url, args.layer, args.updates)
    prepared = prepare_database(env, args.tables)
    if redis_url:
        flush_redis(redis_url)
    ports = [free_port() for _ in range(args.processes)]
    servers = [start_server(env, port) for port in ports]
    results = {}
    try:
        for consumer in ("ours", "bare"):
            if args.only in (None, consumer):
                results[consumer] = asyncio.run(run(consumer, [s.pid for s in servers], ports, prepared,
                                                    args.rounds, think, args.placement))
                report(results[consumer], args.tables, args.processes, label)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=15)
    if len(results) == 2:
        ours, bare = results["ours"], results["bare"]
        # Targets: issue 10's CPU per event; issue 28's p99 (<= 1.5x bare, < 10 ms, max < 50 ms).
        print(f"ours / bare: CPU per event {ours.cpu_per_event / bare.cpu_per_event:.2f}x "
              f"(target <= 1.3), p99 {ours.p(99) / bare.p(99):.2f}x (target <= 1.5), "
              f"p50 {ours.p(50) / bare.p(50):.2f}x; ours p99 {ours.p(99):.1f} ms (target < 10), "
              f"max {1000 * max(ours.claims):.1f} ms (target < 50)")


if __name__ == "__main__":
    main()
