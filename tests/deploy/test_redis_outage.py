"""A Redis outage behind the recipe's nginx (issue 21, point 5).

The servers reach Redis through a TCP relay the test can cut: while it is cut
(connections dropped, new ones refused), a phone's discard is logged and answered
as logged (not `server_error`), the join page and the score sheet keep answering
through nginx (no 500, no 502), /healthz says the pages are fine and live updates
are not; once it is back, the table's other phone gets the whole state again.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import override_settings

from referee.models import LiveTable
from tests.deploy.conftest import (
    NEEDS_THE_RECIPE,
    SECRET_KEY,
    free_ports,
    start_recipe,
    stop_recipe,
)
from tests.factories import make_game

REDIS = os.environ.get("REDIS_URL", "")

pytestmark = NEEDS_THE_RECIPE


class Relay:
    """127.0.0.1:port -> Redis, cut and restored by the test."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target, self.port = target, free_ports(1)
        self.links: list[socket.socket] = []
        self.listener: socket.socket | None = None
        self.lock = threading.Lock()
        self.restore()

    def restore(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(128)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        with self.lock:
            if self.listener is not None:
                try:  # shutdown first: a close alone leaves a blocked accept() listening
                    self.listener.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                self.listener.close()
                self.listener = None
            for link in self.links:
                try:
                    link.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                link.close()
            self.links.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.links += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try:
                    s.close()
                except OSError:
                    pass


@pytest.fixture(scope="module")
def relayed(django_db_setup: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Relay]]:
    """(nginx's port, the relay its processes reach Redis through)."""
    rest = REDIS.split("://", 1)[1]
    hostport, _, db = rest.partition("/")
    host, _, port = hostport.rpartition("@")[2].partition(":")
    relay = Relay((host or "127.0.0.1", int(port or 6379)))
    listen, env = start_recipe(tmp_path_factory.mktemp("outage"),
                               REDIS_URL=f"redis://127.0.0.1:{relay.port}/{db or 0}")
    try:
        yield listen, relay
    finally:
        stop_recipe(env)
        relay.cut()


def status(port: int, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=15) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


async def reading(ws: Any, kind: str, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
        if message.get("type") == kind:
            return message


def test_a_redis_outage_costs_live_updates_only_and_the_phones_resync_after(relayed):
    import websockets

    port, relay = relayed
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben", "Chloé"]), snap_limit=30)
    with override_settings(SECRET_KEY=SECRET_KEY):
        referee_token = table.join("referee")[0].token()
        ben_token = table.join("seat", "Ben")[0].token()
    url = f"ws://127.0.0.1:{port}/ws/tables/{table.code}/?token="

    async def phone(token: str) -> Any:
        ws = await websockets.connect(url + token, origin=f"http://127.0.0.1:{port}")
        await reading(ws, "table.state", 20)
        return ws

    async def ben_sees_the_discard(ben: Any) -> dict[str, Any]:
        """Like the page: a socket closed in the outage reconnects (and gets the state)."""
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            try:
                state = await reading(ben, "table.state", max(0.5, deadline - time.monotonic()))
                if state["state"]["pile_top"] == "4H":
                    return state
            except (websockets.ConnectionClosed, TimeoutError):
                await asyncio.sleep(1)
                try:
                    ben = await websockets.connect(url + ben_token, origin=f"http://127.0.0.1:{port}")
                except OSError:
                    continue
        raise AssertionError("Ben never got the state again")

    async def play() -> tuple[dict[str, Any], list[int], dict[str, Any], tuple[int, bytes], int]:
        referee, ben = await phone(referee_token), await phone(ben_token)
        relay.cut()
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", relay.port), timeout=2).close()  # Redis is unreachable
        await referee.send(json.dumps({"type": "discard", "player": "Ana", "card": "4H", "id": "d1"}))
        answer = await reading(referee, "received", 20)
        pages = []
        for _ in range(5):
            pages.append((await asyncio.to_thread(status, port, f"/tables/{table.code}/join/"))[0])
            pages.append((await asyncio.to_thread(status, port, table.game.get_absolute_url()))[0])
        health = await asyncio.to_thread(status, port, "/healthz")
        live = (await asyncio.to_thread(status, port, "/healthz/live"))[0]
        relay.restore()
        state = await ben_sees_the_discard(ben)
        return answer, pages, state, health, live

    answer, pages, state, health, live = asyncio.run(play())

    logged = table.events.filter(kind="discard").get()
    assert answer == {"type": "received", "id": "d1", "seq": logged.seq, "refused": False}
    assert pages == [200] * 10
    assert health[0] == 200 and json.loads(health[1])["live"] is False and live == 503
    assert state["seq"] >= logged.seq and state["state"]["pile_top"] == "4H"
