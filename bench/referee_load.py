"""Live tables under load, on loopback: from a claim to every phone having the ruling.

    .venv/bin/python bench/referee_load.py [tables] [rounds]     (from the repository root)

Starts Daphne on 127.0.0.1 (a free port) over a fresh SQLite database in a
temporary folder, with the in-memory channel layer; then again with Redis when
REDIS_URL is set. 100 tables of 4 phones (WebSocket clients in this process,
asyncio) play rounds: the first phone discards, then the three others claim one
after another (a matching card, a slower matching card, a wrong card), with
0.5-1.5 s between a table's actions (every table at once: about 100 events a
second in all). For each claim it measures the time from sending it to the
last of the table's 4 phones receiving the ruling; p50 and p99 are printed.

Bounded: a fixed number of rounds per table and a time limit per run; the
server binds 127.0.0.1 only and is stopped at the end. Figures go in
docs/benchmarks.md under "Live referee".
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = ["Ana", "Ben", "Chloé", "Dan"]
CLAIMS = [("Ben", "7S"), ("Chloé", "7C"), ("Dan", "9S")]  # accepted, handed back, wrong
THINK = (0.5, 1.5)
TIME_LIMIT = 240.0  # seconds per run, whatever happens
SEED = 7


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

    from referee.models import LiveTable
    from scorekeeper.models import Game

    call_command("migrate", verbosity=0)
    out = []
    for _ in range(tables):
        game = Game.start("tamalou", PLAYERS)
        table = LiveTable.open_for(game, snap_limit=30)
        out.append((table.code, [table.join("seat", p)[0].token() for p in PLAYERS]))
    return out


def start_server(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    daphne = str(Path(sys.executable).with_name("daphne"))
    server = subprocess.Popen([daphne, "-b", "127.0.0.1", "-p", str(port), "scorekeeper.asgi:application"],
                              env={**os.environ, **env}, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=open(os.environ.get("REFEREE_LOAD_LOG", os.devnull), "wb"))
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
        self.reader = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            if message["type"] == "table.update":
                self.updates.put_nowait((time.time(), message))


async def connect_table(port: int, code: str, tokens: list[str]) -> list[Phone]:
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/tables/{code}/"
    origin = f"http://127.0.0.1:{port}"
    sockets = [await websockets.connect(f"{url}?token={t}", origin=origin, max_queue=None) for t in tokens]
    for ws in sockets:
        assert json.loads(await ws.recv())["type"] == "table.state"
    return [Phone(ws) for ws in sockets]


async def play_table(phones: list[Phone], rounds: int, rng: random.Random, latencies: list[float],
                     rules: dict[str, int], served: list[float]) -> None:
    async def everyone_has(sent: float) -> tuple[float, dict]:
        got = [await p.updates.get() for p in phones]
        # Where the time went: until the server sent its last copy, then on to the phones.
        served.append(max(m["server_time"] for _, m in got) - sent)
        return max(t for t, _ in got) - sent, got[0][1]

    for n in range(rounds):
        await asyncio.sleep(rng.uniform(*THINK))
        card = "7H" if n % 2 == 0 else "7D"
        await phones[0].ws.send(json.dumps({"type": "discard", "player": "Ana", "card": card}))
        await everyone_has(time.time())
        for (player, claimed), phone in zip(CLAIMS, phones[1:], strict=True):
            await asyncio.sleep(rng.uniform(*THINK))
            sent = time.time()
            await phone.ws.send(json.dumps({"type": "snap.claim", "player": player, "card": claimed}))
            latency, message = await everyone_has(sent)
            latencies.append(latency)
            for ruling in message["rulings"]:
                rules[ruling["rule"]] = rules.get(ruling["rule"], 0) + 1


async def run(pid: int, port: int, tables: list[tuple[str, list[str]]], rounds: int
              ) -> tuple[list[float], dict[str, int], float, float]:
    """Every phone connects first (not measured), then every table plays at once.

    Returns the latencies, the rulings seen, the time played and the server's
    CPU seconds while playing.
    """
    rng = random.Random(SEED)
    latencies: list[float] = []
    rules: dict[str, int] = {}
    seated = [await connect_table(port, code, tokens) for code, tokens in tables]
    cpu = server_cpu(pid)
    client_cpu = time.process_time()
    started = time.perf_counter()
    served: list[float] = []
    games = [play_table(phones, rounds, random.Random(rng.random()), latencies, rules, served)
             for phones in seated]
    await asyncio.wait_for(asyncio.gather(*games), timeout=TIME_LIMIT)
    took = time.perf_counter() - started
    cpu = server_cpu(pid) - cpu
    print(f"  (the {4 * len(seated)} phones, in this process: {time.process_time() - client_cpu:.1f} s CPU; "
          f"until the server sent the last copy: p50 {1000 * percentile(served, 50):.1f} ms, "
          f"p99 {1000 * percentile(served, 99):.1f} ms)")
    for phones in seated:
        for phone in phones:
            phone.reader.cancel()
            await phone.ws.close()
    return latencies, rules, took, cpu


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the server process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def bench(layer: str, redis_url: str | None, tables: int, rounds: int) -> None:
    folder = tempfile.mkdtemp(prefix="referee-load-", dir=os.environ.get("REFEREE_LOAD_DIR"))
    env = {"DATABASE_URL": f"sqlite:///{folder}/load.sqlite3", "DJANGO_LOG_LEVEL": "WARNING",
           # The project's settings, with redis-py 8's read timeout lifted (see the module).
           "DJANGO_SETTINGS_MODULE": "bench.referee_settings", "PYTHONPATH": str(ROOT)}
    if redis_url:
        env["REDIS_URL"] = redis_url
    else:
        os.environ.pop("REDIS_URL", None)
    prepared = prepare_database(env, tables)
    port = free_port()
    server = start_server(env, port)
    try:
        latencies, rules, took, cpu = asyncio.run(run(server.pid, port, prepared, rounds))
    finally:
        server.terminate()
        server.wait(timeout=15)
    ms = [x * 1000 for x in latencies]
    print(f"{layer}: {tables} tables x 4 phones, {len(ms)} claims in {took:.1f} s "
          f"({(len(ms) + tables * rounds) / took:.0f} events/s)")
    print(f"  claim -> all 4 phones have the ruling: p50 {percentile(ms, 50):.1f} ms, "
          f"p99 {percentile(ms, 99):.1f} ms, max {max(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms")
    events = len(ms) + tables * rounds
    print(f"  server CPU: {cpu:.1f} s, {1000 * cpu / events:.1f} ms per event (4 phones told); "
          f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"  rulings: {dict(sorted(rules.items()))}")


def main() -> None:
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    redis_url = os.environ.get("REDIS_URL")
    layer = "Redis channel layer" if redis_url else "in-memory channel layer"
    bench(layer, redis_url, tables, rounds)


if __name__ == "__main__":
    main()
