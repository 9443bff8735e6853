"""Health, in two parts, for nginx, a load balancer, a monitor or the restart script.

- `/healthz`: can this process serve pages? The database answers a query. 200
  then, even when live updates are down (the score sheets, the join page and the
  leagues need no channel layer: a Redis outage must not take them away), with
  `"live"` saying whether live updates work; 503 when the database fails.
- `/healthz/live`: do live updates work too? The channel layer carries a message
  from this process back to it (through Redis when REDIS_URL is set, so a Redis
  that is down shows). 200 when both work, 503 naming what failed.
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


async def _both() -> dict[str, str]:
    database = await _check("database", sync_to_async(_database, thread_sensitive=True))
    layer = await _check("channel layer", _channel_layer)
    return {"database": database, "channel_layer": layer}


@never_cache
async def healthz(request: HttpRequest) -> JsonResponse:
    """Pages: 200 while the database answers, whatever the channel layer does."""
    checks = await _both()
    ok = checks["database"] == "ok"
    return JsonResponse({"ok": ok, "live": checks["channel_layer"] == "ok", **checks},
                        status=200 if ok else 503)


@never_cache
async def healthz_live(request: HttpRequest) -> JsonResponse:
    """Live updates: 200 only when the database and the channel layer both work."""
    checks = await _both()
    ok = all(value == "ok" for value in checks.values())
    return JsonResponse({"ok": ok, **checks}, status=200 if ok else 503)
