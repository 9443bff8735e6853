"""A service that mends itself (issue 28): each Daphne of the recipe runs under a
supervisor (tools/serve_prod.sh). Killed with SIGKILL in the middle of a live table, a
process answers /healthz again within 5 s, its phones reconnect through nginx, and no
event the table acknowledged is missing from its log."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
import urllib.request
from pathlib import Path
from typing import Any

from django.test import override_settings

from referee.models import LiveTable
from tests.deploy.conftest import NEEDS_THE_RECIPE, SECRET_KEY
from tests.factories import make_game

pytestmark = NEEDS_THE_RECIPE
BACK_WITHIN = 5.0  # seconds


def healthy(port: int) -> bool:
    try:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz", headers={"Host": "127.0.0.1"})
        with urllib.request.urlopen(request, timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


def test_a_process_killed_by_sigkill_is_back_within_5_s_and_no_acknowledged_event_is_lost(recipe):
    import websockets

    port, env = recipe
    run = Path(env["RUN_DIR"])
    first = int(env["DAPHNE_PORT"])
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben"]))
    with override_settings(SECRET_KEY=SECRET_KEY):
        token = table.join("referee")[0].token()
    url = f"ws://127.0.0.1:{port}/ws/tables/{table.code}/?token={token}"

    async def connect() -> Any:
        for _ in range(50):  # nginx may pick the dying process once: the page retries too
            try:
                ws = await websockets.connect(url, origin=f"http://127.0.0.1:{port}")
                while json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "table.state":
                    pass
                return ws
            except (OSError, websockets.exceptions.WebSocketException, TimeoutError):
                await asyncio.sleep(0.1)
        raise AssertionError("no process took the socket")

    async def send(ws: Any, i: int) -> int | None:
        """One event; its seq once acknowledged, None when the socket died before the answer."""
        try:
            await ws.send(json.dumps({"type": "settings.change", "snap_limit": 5 + i % 3, "id": f"e{i}"}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if message.get("type") == "received" and message["id"] == f"e{i}":
                    return message["seq"]
        except (websockets.exceptions.ConnectionClosed, TimeoutError):
            return None

    async def play() -> tuple[list[int], float, int, int]:
        acknowledged: list[int] = []
        ws = await connect()
        victim = int(ws.response.headers["X-Upstream"].rsplit(":", 1)[1]) - first  # the process it is on
        pid = int((run / f"daphne-{victim}.pid").read_text())
        killed_at = 0.0
        back: asyncio.Task[float] | None = None
        for i in range(40):
            if i == 15:
                os.kill(pid, signal.SIGKILL)
                killed_at = time.monotonic()
                back = asyncio.create_task(back_after(first + victim, killed_at))
            seq = await send(ws, i)
            if seq is None:
                ws = await connect()  # to the other process, or the one back already
                continue
            acknowledged.append(seq)
        await ws.close()
        assert back is not None
        return acknowledged, await back, victim, pid

    async def back_after(port: int, killed_at: float) -> float:
        """Seconds from the kill until the process answers /healthz (asked every 50 ms)."""
        await asyncio.sleep(0.2)  # the old process is surely gone
        while not await asyncio.to_thread(healthy, port) and time.monotonic() - killed_at < 30:
            await asyncio.sleep(0.05)
        return time.monotonic() - killed_at

    acknowledged, back_in, victim, old_pid = asyncio.run(play())

    assert healthy(first + victim)
    new_pid = int((run / f"daphne-{victim}.pid").read_text())
    assert new_pid != old_pid  # a new process, started by its supervisor
    assert back_in < BACK_WITHIN, f"process {victim} answered again after {back_in:.1f} s"
    logged = set(table.events.values_list("seq", flat=True))
    assert len(acknowledged) >= 30 and set(acknowledged) <= logged
    assert "died" in (run / f"daphne-{victim}.log").read_text()
