"""Two Daphne processes behind one Redis channel layer behave as one table server.

Each phone talks to its own process (two loopback ports); a claim made on one
reaches the phone on the other only through Redis. Without REDIS_URL the
in-memory layer cannot span processes, so the test is skipped (CI's second run
sets REDIS_URL and PostgreSQL).
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
from channels.layers import get_channel_layer

from referee.models import LiveTable
from tests.factories import make_game
from tests.referee.servers import start_daphne, stop_daphne

pytestmark = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"),
    reason="REDIS_URL is not set: two server processes can share a table only through Redis",
)


@pytest.fixture
def two_servers(transactional_db: None) -> Iterator[list[int]]:
    servers = [start_daphne(), start_daphne()]
    try:
        yield [s.port.value for s in servers]
    finally:
        for server in servers:
            stop_daphne(server)
        asyncio.run(get_channel_layer().flush())  # only the tests' own Redis database


async def next_with(ws: Any, rule: str) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=5))
        if any(r["rule"] == rule for r in message.get("rulings", [])):
            return message


def test_a_claim_on_one_server_reaches_the_phone_on_the_other(two_servers: list[int]):
    import websockets

    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]), snap_limit=10)
    ana, _ = table.join("seat", "Ana")
    ben, _ = table.join("seat", "Ben")
    first, second = two_servers

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        def url(port: int, token: str) -> str:
            return f"ws://127.0.0.1:{port}/ws/tables/{table.code}/?token={token}"

        async with websockets.connect(url(first, ana.token()), origin=f"http://127.0.0.1:{first}") as on_first, \
                websockets.connect(url(second, ben.token()), origin=f"http://127.0.0.1:{second}") as on_second:
            for ws in (on_first, on_second):
                assert json.loads(await ws.recv())["type"] == "table.state"
            await on_first.send(json.dumps({"type": "discard", "player": "Ana", "card": "4H"}))
            opened = await next_with(on_second, "window.opened")
            await on_second.send(json.dumps({"type": "snap.claim", "player": "Ben", "card": "4S"}))
            accepted = await next_with(on_first, "snap.accepted")
            return opened, accepted

    opened, accepted = asyncio.run(scenario())
    assert opened["state"]["pile_top"] == "4H"
    assert accepted["state"]["snapped"] == {"Ben": 1}
    assert [e.kind for e in table.events.all()][-2:] == ["discard", "snap.claim"]
