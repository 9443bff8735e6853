"""The least a live ruling can cost on this stack: the yardstick for bench/referee_load.py.

A bare Channels consumer doing only what every ruling must: decode the phone's
JSON, one INSERT through Django's connection (in `database_sync_to_async`, as
ours), and a group send of a small message to the table's phones. No rules, no
log order, no rate limit: what Daphne, Channels, the channel layer and the
database cost on this machine at this moment. The benchmark runs it in the same
Daphne processes, same settings, same load, right after ours, so each of our
figures is also a ratio to it.
"""

from __future__ import annotations

import json
import time
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import connection

TABLE = "bench_bare_event"


def create_table() -> None:
    """The bare consumer's one table (not a model: it belongs to no app), made anew: a kept
    PostgreSQL database may hold one from an older bench (codes were 6 letters then)."""
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")
        cursor.execute(f"CREATE TABLE {TABLE} (id BIGSERIAL PRIMARY KEY, code VARCHAR(16), "
                       "kind VARCHAR(32), payload TEXT, at DOUBLE PRECISION)"
                       if connection.vendor == "postgresql" else
                       f"CREATE TABLE {TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, "
                       "code VARCHAR(16), kind VARCHAR(32), payload TEXT, at REAL)")


@database_sync_to_async
def insert(code: str, kind: str, payload: str, at: float) -> int:
    with connection.cursor() as cursor:
        # RETURNING, not lastrowid: psycopg 3's cursor has none (PostgreSQL, as production runs).
        cursor.execute(f"INSERT INTO {TABLE} (code, kind, payload, at) VALUES (%s, %s, %s, %s) RETURNING id",
                       [code, kind, payload, at])
        return cursor.fetchone()[0]


class BareTableConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.group = f"bare.{self.code}"
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send(text_data='{"type": "table.state"}')

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        content = json.loads(text_data or "{}")
        kind = str(content.get("type", ""))[:32]
        at = time.time()
        seq = await insert(self.code, kind, text_data or "", at)
        # About the size of a ruling's essentials: who, what, which rule.
        ruling = {"rule": kind, "player": content.get("player"), "card": content.get("card"),
                  "text": f"{content.get('player')} : {kind} {content.get('card')}"}
        await self.channel_layer.group_send(self.group, {
            "type": "bare.update", "seq": seq,
            "body": json.dumps({"rulings": [ruling], "state": {"pile_top": content.get("card")}},
                               ensure_ascii=False)[1:-1]})

    async def bare_update(self, message: dict[str, Any]) -> None:
        await self.send(text_data=(f'{{"type": "table.update", "seq": {message["seq"]}, '
                                   f'"server_time": {time.time()!r}, {message["body"]}}}'))
