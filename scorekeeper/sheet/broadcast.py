"""The one door the score sheet's live updates leave through.

A game's phones listen to one channel-layer group, named by `sheet_group`; the sheet
reaches them only through `send_now` (here and now, or as a task on the server's loop)
and `render_later` (rendered off the request, on the server's loop). Both are called
after the change's commit (scorekeeper/sheet/live.py, from the `game_scored` signal).

The server's event loop is remembered by `RemembersServerLoop`, the ASGI wrapper of
config/asgi.py, in a context variable: asgiref copies the context into the thread a sync
view runs in, so the view's broadcast finds the loop it was called from without asgiref's
private thread-locals.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

logger = logging.getLogger("scorekeeper.sheet.live")

_SERVER_LOOP: contextvars.ContextVar[asyncio.AbstractEventLoop | None] = contextvars.ContextVar(
    "server_loop", default=None)


class RemembersServerLoop:
    """ASGI middleware: every request and socket knows the event loop serving it."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        token = _SERVER_LOOP.set(asyncio.get_running_loop())
        try:
            await self.app(scope, receive, send)
        finally:
            _SERVER_LOOP.reset(token)


def sheet_group(game_id: int) -> str:
    return f"game-sheet-{game_id}"


def render_later(render: Any, game_id: int) -> None:
    """Render (a function returning the version and the pages) and send: on the server's
    loop, off the request, or here and now without one."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _server_loop()
    if loop is not None:
        # A context of its own: the request's would mark asgiref's executor as busy.
        loop.call_soon_threadsafe(loop.create_task, _render_and_send(layer, render, game_id),
                                  context=contextvars.Context())
        return
    try:
        version, pages = render()
    except Exception:
        logger.exception("could not send game %s's sheet to its phones", game_id)
        return
    send_now(game_id, version, pages)


def send_now(game_id: int, version: int, pages: dict[str, str]) -> None:
    """Hand the message to the channel layer without waiting for it: a task on the
    server's loop, or a send here without one."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = _message(version, pages)
    loop = _server_loop()
    try:
        if loop is not None:
            loop.call_soon_threadsafe(loop.create_task, _send(layer, game_id, message),
                                      context=contextvars.Context())
            return
        running = _running_loop()
        if running is not None:
            # Called on a loop's own thread (sync Playwright's, in the browser tests):
            # async_to_sync cannot block it, so the send becomes one of its tasks.
            running.create_task(_send(layer, game_id, message))
        else:
            async_to_sync(layer.group_send)(sheet_group(game_id), message)
    except Exception:
        logger.exception("could not send game %s's sheet to its phones", game_id)


async def _send(layer: Any, game_id: int, message: dict[str, Any]) -> None:
    try:
        await layer.group_send(sheet_group(game_id), message)
    except Exception:
        logger.exception("could not send game %s's sheet to its phones", game_id)


async def _render_and_send(layer: Any, render: Any, game_id: int) -> None:
    try:
        version, pages = await database_sync_to_async(render)()
    except Exception:
        logger.exception("could not send game %s's sheet to its phones", game_id)
        return
    await _send(layer, game_id, _message(version, pages))


def _message(version: int, pages: dict[str, str]) -> dict[str, Any]:
    """What the group hears: the sheet in some languages (a phone takes its own, and
    ignores a message without it), and the game's version it shows."""
    return {"type": "sheet.changed", "html": pages, "version": version}


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop serving the request this thread works for (RemembersServerLoop), when
    called from another thread than the loop's own; None in a plain thread (a command, a
    WSGI test server) or on the loop's own thread."""
    loop = _SERVER_LOOP.get()
    if loop is None or not loop.is_running() or loop is _running_loop():
        return None
    return loop
