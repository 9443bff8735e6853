"""Opening a live table at 10 and at 10,000 events: the page, the log page, a WebSocket connect.

    .venv/bin/python bench/referee_open.py [events ...]      (from the repository root)

A fresh SQLite file in a temporary folder, migrated; for each size a tamalou
table with three seats and that many events recorded through the referee's own
`LiveTable.record` (discards, covering each other), so snapshots are written as
in play. Then, each 15 times with the per-process state cache emptied first
(a server that just started, or a table this process never served): the table
page and the newest log page through Django's test client, and a phone's
connect through channels' WebsocketCommunicator until its `table.state`. Best
and median in ms. The figures go in docs/benchmarks.md.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
folder = tempfile.mkdtemp(prefix="referee-open-")
os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from channels.testing import WebsocketCommunicator  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from config.asgi import application  # noqa: E402
from referee.models import LiveTable, forget_cached_states  # noqa: E402
from referee.views import cookie_name  # noqa: E402
from tests.factories import make_game  # noqa: E402

RUNS = 15
CARDS = ["4H", "5S", "6D", "7C", "8H", "9S"]


def table_with(events: int) -> tuple[LiveTable, str]:
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]))
    members = {seat: table.join("seat", seat)[0] for seat in table.players()}
    referee, _ = table.join("referee")
    start = time.time() - events
    for i in range(events - 4):
        player = table.players()[i % 3]
        table.record("discard", {"player": player, "card": CARDS[i % len(CARDS)]}, members[player], start + i)
    return table, referee.token()


def timed(action) -> tuple[float, float]:
    times = []
    for _ in range(RUNS):
        forget_cached_states()
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return min(times), statistics.median(times)


async def connect(code: str, token: str) -> None:
    phone = WebsocketCommunicator(application, f"/ws/tables/{code}/?token={token}",
                                  headers=[(b"origin", b"http://testserver")])
    await phone.connect()
    while (await phone.receive_json_from(timeout=10))["type"] != "table.state":
        pass
    await phone.disconnect()


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [10, 10_000]
    call_command("migrate", verbosity=0)
    setup_test_environment()  # the test client's ALLOWED_HOSTS
    print(f"{RUNS} runs each, state cache emptied before each; best / median ms")
    for size in sizes:
        built = time.perf_counter()
        table, token = table_with(size)
        built = time.perf_counter() - built
        client = Client()
        client.cookies[cookie_name(table)] = token
        code = table.code
        page = timed(lambda: client.get(f"/tables/{code}/"))  # noqa: B023 (timed runs it at once)
        log = timed(lambda: client.get(f"/tables/{code}/log/"))  # noqa: B023
        socket = timed(lambda: asyncio.run(connect(code, token)))  # noqa: B023
        print(f"{size:>6} events ({table.snapshots.count()} snapshots, built in {built:.0f} s): "
              f"page {page[0]:.1f} / {page[1]:.1f}, log {log[0]:.1f} / {log[1]:.1f}, "
              f"connect {socket[0]:.1f} / {socket[1]:.1f}")


if __name__ == "__main__":
    main()
