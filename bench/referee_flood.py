"""An honest table's latency while one client floods it (issue 21, point 3).

    .venv/bin/python bench/referee_flood.py [seconds]      (from the repository root)

One Daphne process on 127.0.0.1 with production settings (bench/referee_settings.py,
SQLite in a temporary folder, the in-memory channel layer), trusting X-Real-IP from
127.0.0.1 as behind the recipe's nginx, so the flooder and the honest phones have
addresses of their own (10.9.9.9, and 10.0.0.1-4).

An honest table of 4 seats discards in turn, one discard every 0.25 s; for each we
measure from sending it to the last of the 4 phones having the update. First quietly,
then while the flooder, which joined the table as 150 spectators, opens a socket for
each (the table's cap refuses all but SPECTATORS_PER_TABLE) and sends `sync` (the most
expensive message a member may send: the whole state) as fast as its sockets take
them, for `seconds` (default 10). Reports p50/p99 of the honest discards in both
phases, and what the flood got: sockets accepted/refused, messages sent, answered,
refused (`rate_limited`).

Bounded in time; the server is stopped at the end. Figures go in docs/benchmarks.md
("Under a flood"). The machine is shared: figures are noisy.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.referee_load import (  # noqa: E402
    PLAYERS,
    free_port,
    percentile,
    prepare_database,
    server_env,
    start_server,
)

SPECTATORS = 150
DISCARD_EVERY = 0.25
CARDS = ["7H", "7D", "8H", "8D", "9H", "9D", "5H", "5D"]


async def connect(port: int, code: str, token: str, address: str):
    import websockets

    return await websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{code}/?token={token}",
                                    origin=f"http://127.0.0.1:{port}", max_queue=None,
                                    additional_headers={"X-Real-IP": address})


async def honest_play(phones: list, queues: list[asyncio.Queue], first: int, seconds: float) -> list[float]:
    latencies = []
    turn, n = first, 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sent = time.time()
        await phones[turn].send(json.dumps({"type": "discard", "player": PLAYERS[turn], "card": CARDS[n % 8]}))
        try:
            got = [await asyncio.wait_for(q.get(), 10) for q in queues]
            latencies.append(max(got) - sent)
        except TimeoutError:
            latencies.append(10.0)
        turn, n = (turn + 1) % 4, n + 1
        await asyncio.sleep(DISCARD_EVERY)
    return latencies


async def read_updates(ws, queue: asyncio.Queue) -> None:
    async for raw in ws:
        if json.loads(raw)["type"] == "table.update":
            queue.put_nowait(time.time())


async def flood(port: int, code: str, tokens: list[str], seconds: float) -> dict[str, int]:
    counts = {"accepted": 0, "refused_sockets": 0, "sent": 0, "answered": 0, "rate_limited": 0, "closed": 0}
    sockets = []

    async def open_one(token: str) -> None:
        try:
            ws = await connect(port, code, token, "10.9.9.9")
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        except Exception:  # noqa: BLE001 - refused or closed: counted
            counts["refused_sockets"] += 1
            return
        if first.get("type") == "table.state":
            counts["accepted"] += 1
            sockets.append(ws)
        else:
            counts["refused_sockets"] += 1
            await ws.close()

    # All at once: a burst of socket opens is part of the attack.
    await asyncio.gather(*(open_one(token) for token in tokens))

    async def one(ws) -> None:
        import websockets

        async def reader() -> None:
            try:
                async for raw in ws:
                    message = json.loads(raw)
                    if message.get("code") == "rate_limited":
                        counts["rate_limited"] += 1
                    elif message.get("type") == "table.state":
                        counts["answered"] += 1
            except websockets.ConnectionClosed:
                pass  # counted by the sender

        task = asyncio.ensure_future(reader())
        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline:
                await ws.send(json.dumps({"type": "sync", "since": 0}))
                counts["sent"] += 1
                await asyncio.sleep(0.01)
            await asyncio.sleep(3.0)  # the answers still on their way
        except websockets.ConnectionClosed:
            counts["closed"] += 1  # the server closed a socket that kept being refused
        task.cancel()
        await ws.close()

    await asyncio.gather(*(one(ws) for ws in sockets))
    return counts


def flood_process(port: int, code: str, tokens: list[str], seconds: float, results) -> None:
    """The flooder in a process of its own: in the honest phones' event loop, its 1,000+
    sends a second would delay their own readings and be counted as the server's."""
    results.put(asyncio.run(flood(port, code, tokens, seconds)))


async def main_async(port: int, code: str, seats: list[str], spectators: list[str], seconds: float) -> None:
    phones = [await connect(port, code, t, f"10.0.0.{i + 1}") for i, t in enumerate(seats)]
    first = 0
    for ws in phones:
        state = json.loads(await ws.recv())
        nxt = (state.get("state") or {}).get("next_turn")
        first = PLAYERS.index(nxt) if nxt in PLAYERS else first
    queues = [asyncio.Queue() for _ in phones]
    readers = [asyncio.ensure_future(read_updates(ws, q)) for ws, q in zip(phones, queues, strict=True)]
    quiet = await honest_play(phones, queues, first, seconds)
    first = (first + len(quiet)) % 4
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    flooder = context.Process(target=flood_process, args=(port, code, spectators, seconds, results))
    flooder.start()
    await asyncio.sleep(1.0)  # the flooder's interpreter starts, its sockets open
    loud = await honest_play(phones, queues, first, seconds - 1.0)
    counts = await asyncio.get_running_loop().run_in_executor(None, results.get)
    flooder.join(10)
    for reader in readers:
        reader.cancel()
    for label, values in (("quiet", quiet), ("flooded", loud)):
        print(f"{label:>8}: {len(values)} honest discards, to all 4 phones p50 "
              f"{1000 * statistics.median(values):.1f} ms, p99 {1000 * percentile(values, 99):.1f} ms")
    print(f"   flood: {counts['accepted']} spectator sockets accepted, {counts['refused_sockets']} refused; "
          f"{counts['sent']} messages sent ({counts['sent'] / seconds:.0f}/s), {counts['answered']} answered, "
          f"{counts['rate_limited']} refused as rate_limited, {counts['closed']} sockets closed by the server")


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    with tempfile.TemporaryDirectory() as folder:
        env = server_env(folder, None, "pubsub")
        env["DJANGO_TRUSTED_PROXIES"] = "127.0.0.1"
        (code, seats), = prepare_database(env, 1)
        from referee.models import LiveTable

        table = LiveTable.objects.get(code=code, closed_at__isnull=True)
        spectators = [table.join("spectator")[0].token() for _ in range(SPECTATORS)]
        from django.db import connection

        connection.close()
        port = free_port()
        server = start_server(env, port)
        try:
            asyncio.run(asyncio.wait_for(main_async(port, code, seats, spectators, seconds), 4 * seconds + 60))
        finally:
            server.terminate()
            server.wait(20)


if __name__ == "__main__":
    main()
