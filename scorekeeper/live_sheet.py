"""Every phone on a game in step: after a round is saved, edited or undone, the sheet
is rendered once per language and sent to the game's group; each phone's WebSocket
(scorekeeper/consumers.py, htmx's ws extension) swaps it in by its id, "sheet".

Sent from the `game_scored` signal, which fires after the change's transaction has
committed: a phone never sees a round that a rollback then takes away. With
REDIS_URL the group spans every Daphne process.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils import translation

from scorekeeper.models import Game
from scorekeeper.signals import game_scored

logger = logging.getLogger(__name__)

SHEET_PARTIAL = "scorekeeper/game_sheet.html#sheet"


def sheet_group(game_id: int) -> str:
    return f"game-sheet-{game_id}"


def socket_path(game: Game) -> str:
    """Where a sheet's page opens its socket (routing: "sheet_socket")."""
    return f"/ws/games/{game.token}/sheet/"  # the private link's token: the number opens nothing


def game_for_socket(key: str) -> Game | None:
    """The game a sheet's socket asks for by the key in its URL, or None.

    With socket_path, the one place that ties a socket's URL to a game: when game
    URLs become unguessable tokens, only these two change.
    """
    try:
        return Game.objects.get(token=key)
    except Game.DoesNotExist:
        return None


def language_of(code: str | None) -> str:
    """A language the site speaks, from the code a page put in its socket's URL."""
    known = [language for language, _name in settings.LANGUAGES]
    return code if code in known else settings.LANGUAGE_CODE


def rendered_sheets(game_id: int) -> dict[str, str]:
    """The sheet partial in every language of the site: rendered once for all the phones."""
    from scorekeeper.views.sheet import sheet_context  # the views import the models too

    context = sheet_context(Game.objects.with_players().get(pk=game_id))
    pages = {}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            pages[language] = render_to_string(SHEET_PARTIAL, context)
    return pages


@receiver(game_scored, sender=Game, dispatch_uid="scorekeeper.live_sheet")
def broadcast_sheet(sender: type[Game], game: Game, ended: bool, **kwargs: Any) -> None:
    """Send the new sheet to the game's phones.

    Served by Daphne, the change's request does not wait for it: rendering and sending
    go to the server's event loop (the request thread's, as asgiref's async_to_sync
    would find it), so the phone that saved gets its answer first. Elsewhere (a
    command, WSGI) it is done here and now. A failure (Redis down) costs the phones
    one update, never the round just saved: it is logged, not raised.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _server_loop()
    if loop is not None:
        # A context of its own: the request's would mark asgiref's executor as busy.
        loop.call_soon_threadsafe(loop.create_task, _render_and_send(layer, game.pk),
                                  context=contextvars.Context())
        return
    try:
        message = _message(rendered_sheets(game.pk))
        running = _running_loop()
        if running is not None:
            # Called on a loop's own thread (sync Playwright's, in the browser tests):
            # async_to_sync cannot block it, so the send becomes one of its tasks.
            running.create_task(layer.group_send(sheet_group(game.pk), message))
        else:
            async_to_sync(layer.group_send)(sheet_group(game.pk), message)
    except Exception:
        logger.exception("could not send game %s's sheet to its phones", game.pk)


async def _render_and_send(layer: Any, game_id: int) -> None:
    try:
        pages = await database_sync_to_async(rendered_sheets)(game_id)
        await layer.group_send(sheet_group(game_id), _message(pages))
    except Exception:
        logger.exception("could not send game %s's sheet to its phones", game_id)


def _message(pages: dict[str, str]) -> dict[str, Any]:
    return {"type": "sheet.changed", "html": pages}


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop this thread was called from through sync_to_async (Daphne's, or an
    async test's), or None in a plain thread."""
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(local, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None
