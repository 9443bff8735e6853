"""The production recipe end to end: tools/serve_prod.sh starts two Daphne processes
behind nginx, which puts all of a live table's phones on one process and spreads the
tables over both, and a table plays through nginx.

Needs PostgreSQL, Redis and nginx (CI's second pass, .ci/run; `make test` installs
nginx as root): skipped otherwise. The processes serve the test database.
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from django.test import override_settings

from referee.models import LiveTable
from tests.deploy.conftest import NEEDS_THE_RECIPE, SECRET_KEY
from tests.factories import make_game
from tests.referee.table_view import TableView

ROOT = Path(__file__).resolve().parents[2]
pytestmark = NEEDS_THE_RECIPE


def get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, dict(response.headers), response.read()


async def next_with(ws: Any, view: TableView, rule: str) -> dict[str, Any]:
    """The next message with `rule`, every message read folded into the phone's `view`."""
    seen = []
    try:
        while True:
            message = view.fold(json.loads(await asyncio.wait_for(ws.recv(), timeout=20)))
            if any(r["rule"] == rule for r in message.get("rulings", [])):
                return message
            seen.append(message)
    except TimeoutError:
        raise AssertionError(f"no {rule} in {seen}") from None


def test_it_plays_a_table_whose_phones_nginx_puts_on_one_process(served: int):
    import websockets

    players = ["Ana", "Ben", "Chloé", "Dan"]
    table = LiveTable.open_for(make_game("tamalou", players), snap_limit=10)
    with override_settings(SECRET_KEY=SECRET_KEY):
        tokens = [table.join("seat", p)[0].token() for p in players]

    async def play() -> tuple[set[str], dict[str, Any], dict[str, Any]]:
        url = f"ws://127.0.0.1:{served}/ws/tables/{table.code}/?token="
        phones = [await websockets.connect(url + t, origin=f"http://127.0.0.1:{served}") for t in tokens]
        try:
            views = {ws: TableView() for ws in phones}
            for ws in phones:
                assert views[ws].fold(json.loads(await ws.recv()))["type"] == "table.state"
            upstreams = {ws.response.headers["X-Upstream"] for ws in phones}
            ana, ben = phones[0], phones[1]
            await ana.send(json.dumps({"type": "discard", "player": "Ana", "card": "4H"}))
            opened = await next_with(ben, views[ben], "window.opened")
            await ben.send(json.dumps({"type": "snap.claim", "player": "Ben", "card": "4S"}))
            accepted = await next_with(ana, views[ana], "snap.accepted")
            return upstreams, opened, accepted
        finally:
            for ws in phones:
                await ws.close()

    upstreams, opened, accepted = asyncio.run(play())

    assert len(upstreams) == 1  # the table's four phones on one process: nobody replays its events
    assert opened["state"]["pile_top"] == "4H"
    assert accepted["state"]["snapped"] == {"Ben": 1}
    assert [e.kind for e in table.events.all()][-2:] == ["discard", "snap.claim"]


def test_it_spreads_the_tables_over_both_processes(served: int):
    import websockets

    tables = [LiveTable.open_for(make_game("dutch", ["Ana", "Ben"])) for _ in range(20)]
    with override_settings(SECRET_KEY=SECRET_KEY):
        tokens = [t.join("seat", "Ana")[0].token() for t in tables]

    async def where() -> list[str]:
        upstreams = []
        for table, token in zip(tables, tokens, strict=True):
            url = f"ws://127.0.0.1:{served}/ws/tables/{table.code}/?token={token}"
            async with websockets.connect(url, origin=f"http://127.0.0.1:{served}") as ws:
                upstreams.append(ws.response.headers["X-Upstream"])
        return upstreams

    # Codes are random: all twenty tables on one process would happen once in half a million.
    assert len(set(asyncio.run(where()))) == 2


def test_it_answers_health_through_nginx_and_serves_static_files_itself(served: int):
    status, headers, body = get(served, "/healthz")
    assert status == 200 and json.loads(body) == {"ok": True, "live": True, "database": "ok", "channel_layer": "ok"}

    with urllib.request.urlopen(f"http://127.0.0.1:{served}/", timeout=10) as response:
        page = response.read()  # asked without gzip
    stylesheet = re.search(rb'href="(/static/css/app\.[0-9a-f]{12}\.css)"', page)
    assert stylesheet, "the page links the hashed stylesheet collectstatic wrote"
    status, headers, _ = get(served, stylesheet.group(1).decode())
    assert status == 200
    assert "X-Upstream" not in headers  # nginx answered without asking Daphne
    assert headers.get("Content-Encoding") == "gzip" and "immutable" in headers["Cache-Control"]
