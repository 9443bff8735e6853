"""Phones on a table for consumer tests: a table with three seats and a referee, sockets, waits."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from referee.models import LiveTable
from tests.factories import make_game
from tests.referee.table_view import TableView

ORIGIN = [(b"origin", b"http://testserver")]
# Each phone on a network of its own unless a test puts several at one address (a bar's Wi-Fi):
# the limits per address (referee/limits/gates.py) then count them apart.
_ADDRESSES = (f"10.{i // 250}.{i % 250}.1" for i in itertools.count(1))


@database_sync_to_async
def open_table(variant: str = "tamalou", snap_limit: float = 3.0) -> dict[str, Any]:
    game = make_game(variant, ["Ana", "Ben", "Chloé"])
    table = LiveTable.open_for(game, snap_limit=snap_limit)
    tokens = {}
    for seat in ("Ana", "Ben", "Chloé"):
        member, _ = table.join("seat", seat)
        tokens[seat] = member.token()
    referee, _ = table.join("referee")
    tokens["referee"] = referee.token()
    return {"code": table.code, "tokens": tokens, "pk": table.pk}


class Phone(WebsocketCommunicator):
    """A phone's socket: what it reads is folded into its `view` of the table."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.view = TableView()

    async def receive_json_from(self, timeout: float = 1) -> Any:
        return self.view.fold(await super().receive_json_from(timeout))


@asynccontextmanager
async def phone(code: str, token: str | None, lang: str = "fr", address: str | None = None,
                cookie: str | None = None) -> AsyncIterator[WebsocketCommunicator]:
    """`cookie`: the Cookie header the phone's browser sends with the socket."""
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    headers = ORIGIN + ([(b"cookie", cookie.encode())] if cookie else [])
    communicator = Phone(application, f"/ws/tables/{code}/{query}", headers=headers)
    communicator.scope["client"] = (address or next(_ADDRESSES), 40000)
    connected, _ = await communicator.connect()
    assert connected
    try:
        yield communicator
    finally:
        await communicator.disconnect()


# How long a phone waits for a message it expects: it only bounds a failure (a message that
# never comes), so it is generous; 3 s ran out on a CI machine at load 10 and more.
EXPECTED_WITHIN = 10


async def until(communicator: WebsocketCommunicator, kind: str) -> dict[str, Any]:
    """The next message of `kind`, skipping others (e.g. broadcasts of earlier events)."""
    while True:
        message = await communicator.receive_json_from(timeout=EXPECTED_WITHIN)
        if message["type"] == kind:
            return message


async def update_with(communicator: WebsocketCommunicator, rule: str) -> dict[str, Any]:
    while True:
        message = await until(communicator, "table.update")
        if any(r["rule"] == rule for r in message["rulings"]):
            return message
