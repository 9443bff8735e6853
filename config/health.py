"""/healthz: is this process able to serve a live table? For nginx, a load balancer or a restart script.

Checks what every request and every ruling needs: the database answers a
query, and the channel layer carries a message from this process back to it
(through Redis when REDIS_URL is set, so a Redis that is down or unreachable
shows). 200 with {"ok": true, ...} when both work, 503 naming what failed.
"""

from __future__ import annotations

import asyncio

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

TIMEOUT = 2.0  # seconds for each check: a health check that hangs is itself a failure


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


async def _channel_layer() -> None:
    layer = get_channel_layer()
    channel = await layer.new_channel("healthz.")
    await layer.send(channel, {"type": "healthz"})
    message = await layer.receive(channel)
    if message.get("type") != "healthz":
        raise RuntimeError("the channel layer returned another message")


async def _check(name: str, check) -> str:
    try:
        await asyncio.wait_for(check(), TIMEOUT)
    except Exception as exc:  # noqa: BLE001 - any failure is the answer, named
        return f"{name} failed: {type(exc).__name__}"
    return "ok"


@never_cache
async def healthz(request: HttpRequest) -> JsonResponse:
    database = await _check("database", sync_to_async(_database, thread_sensitive=True))
    layer = await _check("channel layer", _channel_layer)
    ok = database == layer == "ok"
    return JsonResponse({"ok": ok, "database": database, "channel_layer": layer}, status=200 if ok else 503)
