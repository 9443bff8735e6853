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
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from channels.layers import get_channel_layer

from referee.models import LiveTable
from tests.factories import make_game
from tests.referee.servers import start_daphne, stop_daphne
from tests.referee.table_view import TableView

pytestmark = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"),
    reason="REDIS_URL is not set: two server processes can share a table only through Redis",
)


@pytest.fixture
def two_servers(transactional_db: None) -> Iterator[list[int]]:
    servers = [start_daphne(), start_daphne()]
    try:
        yield [s.port for s in servers]
    finally:
        for server in servers:
            stop_daphne(server)
        asyncio.run(get_channel_layer().flush())  # only the tests' own Redis database


async def next_with(ws: Any, view: TableView, rule: str) -> dict[str, Any]:
    """The next message with `rule`, every message read folded into the phone's `view`."""
    while True:
        message = view.fold(json.loads(await asyncio.wait_for(ws.recv(), timeout=5)))
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
            first_view, second_view = TableView(), TableView()
            for ws, view in ((on_first, first_view), (on_second, second_view)):
                assert view.fold(json.loads(await ws.recv()))["type"] == "table.state"
            await on_first.send(json.dumps({"type": "discard", "player": "Ana", "card": "4H"}))
            opened = await next_with(on_second, second_view, "window.opened")
            await on_second.send(json.dumps({"type": "snap.claim", "player": "Ben", "card": "4S"}))
            accepted = await next_with(on_first, first_view, "snap.accepted")
            return opened, accepted

    opened, accepted = asyncio.run(scenario())
    assert opened["state"]["pile_top"] == "4H"
    assert accepted["state"]["snapped"] == {"Ben": 1}
    assert [e.kind for e in table.events.all()][-2:] == ["discard", "snap.claim"]


ORDER_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "table-order.js"
# Feeds messages to the page's own SeqOrder (static/js/table-order.js) and fires its timer once.
NODE_RUN = """
const {SeqOrder} = require(process.argv[1]);
const timers = {set: (f) => { timers.f = f; return 1; }, clear: () => { timers.f = null; }};
const applied = [], asked = [];
const order = new SeqOrder((m) => applied.push(m.seq), (seq) => asked.push(seq), {timers});
for (const m of JSON.parse(require("fs").readFileSync(0, "utf8"))) order.accept(m);
if (timers.f) timers.f();
console.log(JSON.stringify({applied, asked, seq: order.seq, state: order.state}));
"""


def in_page_order(messages: list[dict[str, Any]]) -> dict[str, Any]:
    out = subprocess.run(["node", "-e", NODE_RUN, str(ORDER_JS)], input=json.dumps(messages),
                         capture_output=True, text=True, timeout=30, check=True)
    return json.loads(out.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's ordering code")
def test_updates_from_two_servers_delivered_out_of_order_are_applied_in_seq_order_and_gaps_asked_for(
        two_servers: list[int]):
    import websockets

    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]), snap_limit=30)
    ana, _ = table.join("seat", "Ana")
    ben, _ = table.join("seat", "Ben")
    watcher, _ = table.join("spectator")
    first, second = two_servers

    async def scenario() -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
        def url(port: int, token: str) -> str:
            return f"ws://127.0.0.1:{port}/ws/tables/{table.code}/?token={token}"

        async with websockets.connect(url(first, ana.token()), origin=f"http://127.0.0.1:{first}") as on_first, \
                websockets.connect(url(second, ben.token()), origin=f"http://127.0.0.1:{second}") as on_second, \
                websockets.connect(url(second, watcher.token()), origin=f"http://127.0.0.1:{second}") as watching:
            for ws in (on_first, on_second):
                assert json.loads(await ws.recv())["type"] == "table.state"
            start = json.loads(await watching.recv())  # what the page opened with: the three joins
            windows_seen = [0, 0]  # windows opened, as read on Ana's phone and on Ben's

            async def until_opened(phone: int, count: int) -> None:
                """Reads `phone`'s messages until it has seen `count` windows opened."""
                ws = (on_first, on_second)[phone]
                while windows_seen[phone] < count:
                    message = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
                    windows_seen[phone] += sum(r["rule"] == "window.opened" for r in message.get("rulings", []))

            for burst in range(5):  # both servers write at once: their broadcasts race through Redis
                # Ana and Ben discard in turn (Chloé has no phone here: her turn passes).
                turn, other = ((on_first, "Ana"), (on_second, "Ben"))[::1 if burst % 2 == 0 else -1]
                await asyncio.gather(
                    turn[0].send(json.dumps({"type": "discard", "player": turn[1], "card": "4H"})),
                    other[0].send(json.dumps({"type": "snap.claim", "player": other[1], "card": "4S"})),
                    turn[0].send(json.dumps({"type": "snap.claim", "player": turn[1], "card": "5S"})))
                # The next burst's discard waits for this one's to reach its phone: sent sooner,
                # on a loaded machine it came before the turn had passed and was refused (CI).
                await until_opened(burst % 2 == 0, burst + 1)
            updates: list[dict[str, Any]] = []
            try:
                while True:  # until the table has been quiet for a second
                    message = json.loads(await asyncio.wait_for(watching.recv(), timeout=1))
                    if message["type"] == "table.update":
                        updates.append(message)
            except TimeoutError:
                pass
            await watching.send(json.dumps({"type": "sync", "since": 3}))
            while (answer := json.loads(await asyncio.wait_for(watching.recv(), timeout=5)))["type"] != "table.state":
                pass
            return start, updates, answer

    start, updates, synced = asyncio.run(scenario())
    assert start["type"] == "table.state" and start["seq"] == 3
    assert any("delta" in u for u in updates)  # what changed, put on the state before by the page
    seqs = sorted(u["seq"] for u in updates)
    assert seqs == list(range(4, table.last_seq() + 1)) and len(seqs) >= 5  # every logged event, once

    shuffled = sorted(updates, key=lambda u: (u["seq"] * 7919) % 13)  # a fixed, thorough shuffle
    assert [u["seq"] for u in shuffled] != seqs
    whole = in_page_order([start, *shuffled])
    assert whole["applied"] == [3, *seqs] and whole["asked"] == []
    assert whole["state"]["last_seq"] == seqs[-1] and whole["state"]["players"] == ["Ana", "Ben", "Chloé"]

    dropped = [u for u in shuffled if u["seq"] != seqs[2]]  # one update lost on the way
    gap = in_page_order([start, *dropped])
    assert gap["applied"] == [3, seqs[0], seqs[1]] and gap["asked"] == [seqs[1]]
    assert synced["since"] == 3 and synced["seq"] == seqs[-1]  # the server's answer to a sync
    healed = in_page_order([start, *dropped, {**synced, "since": seqs[1]}])
    assert healed["seq"] == seqs[-1] and healed["state"] == synced["state"]
