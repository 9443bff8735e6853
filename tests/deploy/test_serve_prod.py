"""The production recipe end to end: tools/serve_prod.sh starts two Daphne processes
behind nginx, and a live table whose phones are split between them plays through nginx.

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


def test_it_plays_a_table_whose_phones_are_split_between_two_processes_behind_nginx(served: int):
    import websockets

    players = ["Ana", "Ben", "Chloé", "Dan"]
    table = LiveTable.open_for(make_game("tamalou", players), snap_limit=10)
    with override_settings(SECRET_KEY=SECRET_KEY):
        tokens = [table.join("seat", p)[0].token() for p in players]

    async def play() -> tuple[set[str], dict[str, Any], dict[str, Any], str]:
        url = f"ws://127.0.0.1:{served}/ws/tables/{table.code}/?token="
        phones = [await websockets.connect(url + t, origin=f"http://127.0.0.1:{served}") for t in tokens]
        try:
            views = {ws: TableView() for ws in phones}
            for ws in phones:
                assert views[ws].fold(json.loads(await ws.recv()))["type"] == "table.state"
            upstreams = {ws.response.headers["X-Upstream"] for ws in phones}
            ana = phones[0]
            # A phone on the other process than Ana's, and whose seat it is.
            seat, other = next((p, ws) for p, ws in zip(players[1:], phones[1:], strict=True)
                               if ws.response.headers["X-Upstream"] != ana.response.headers["X-Upstream"])
            await ana.send(json.dumps({"type": "discard", "player": "Ana", "card": "4H"}))
            opened = await next_with(other, views[other], "window.opened")
            await other.send(json.dumps({"type": "snap.claim", "player": seat, "card": "4S"}))
            accepted = await next_with(ana, views[ana], "snap.accepted")
            return upstreams, opened, accepted, seat
        finally:
            for ws in phones:
                await ws.close()

    upstreams, opened, accepted, seat = asyncio.run(play())

    assert len(upstreams) == 2  # nginx spread the four phones over both processes
    assert opened["state"]["pile_top"] == "4H"
    assert accepted["state"]["snapped"] == {seat: 1}
    assert [e.kind for e in table.events.all()][-2:] == ["discard", "snap.claim"]


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
