"""Every phone on a game in step: after a round is saved, edited or undone, the sheet
is rendered once per language and sent to the game's group; each phone's WebSocket
(scorekeeper/sheet/consumers.py, htmx's ws extension) swaps it in by its id, "sheet".

Sent from the `game_scored` signal, which fires after the change's transaction has
committed: a phone never sees a round that a rollback then takes away. With
REDIS_URL the group spans every Daphne process.

The phone that saved a round gets the sheet as the answer to its request
(scorekeeper/views/game/rounds.py). Inside `answered_with_the_sheet()` that request's render
is handed over (`Handoff.publish`): the other phones in its language get those very
bytes at once, and the other languages are rendered after it, off the request. Each
message carries the game's version: a phone is never sent an older sheet after a
newer one.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils import translation

from scorekeeper.models import Game, Round
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
    return code if code in languages() else settings.LANGUAGE_CODE


def rendered_sheets(game_id: int) -> tuple[int, dict[str, str]]:
    """The game's version and its sheet partial in every language of the site: rendered
    once for all the phones."""
    game = Game.objects.with_players().get(pk=game_id)
    return game.version, render_languages(game, list(game.rounds.all()), languages())


def languages() -> list[str]:
    return [language for language, _name in settings.LANGUAGES]


def render_languages(game: Game, rounds: list[Round], wanted: list[str]) -> dict[str, str]:
    """The sheet partial in each `wanted` language, from the game and all its rounds as
    loaded (no query). The sheet is built in each language: it writes numbers (6,5 in
    French, 6.5 in English) as it builds."""
    from scorekeeper.views.game.sheet import sheet_context  # the views import the models too

    pages = {}
    for language in wanted:
        with translation.override(language):
            pages[language] = render_to_string(SHEET_PARTIAL, sheet_context(game, rounds=rounds))
    return pages


# -- a request that answers with the sheet itself ------------------------------------


@dataclass
class Handoff:
    """The games changed (and committed) while a request that answers its phone with the
    sheet runs: their broadcast waits for that answer's render (publish), or for the
    end of the request's `answered_with_the_sheet` block."""

    changed: dict[int, Game] = field(default_factory=dict)

    def publish(self, game: Game, rounds: list[Round], pages: dict[str, str]) -> None:
        """Send `pages` (the sheet as rendered for the request, in its language: nothing
        of its phone's in it) to the game's phones now, and the other languages after
        them, rendered off the request. Nothing when the request changed nothing (a
        repeated save), since the phones have that sheet already."""
        if self.changed.pop(game.pk, None) is None:
            return
        version, rest = game.version, [language for language in languages() if language not in pages]
        _send_now(game.pk, version, pages)
        if rest:
            _render_later(lambda: (version, render_languages(game, rounds, rest)), game.pk)


_HANDOFF: contextvars.ContextVar[Handoff | None] = contextvars.ContextVar("sheet_handoff", default=None)


@contextmanager
def answered_with_the_sheet() -> Iterator[Handoff]:
    """Within it, a committed change's sheet is not rendered for the phones at once: the
    request renders it for its own phone and hands that render over (Handoff.publish).
    A change it did not hand over (it answered otherwise, or failed) is broadcast as
    usual when the block ends: no change goes unsent."""
    handoff = Handoff()
    token = _HANDOFF.set(handoff)
    try:
        yield handoff
    finally:
        _HANDOFF.reset(token)
        for game in handoff.changed.values():
            _broadcast(game)


# -- sending ---------------------------------------------------------------------------


@receiver(game_scored, sender=Game, dispatch_uid="scorekeeper.sheet.live")
def broadcast_sheet(sender: type[Game], game: Game, ended: bool, **kwargs: Any) -> None:
    """Send the new sheet to the game's phones, or leave it to the request that is about
    to render it (answered_with_the_sheet)."""
    handoff = _HANDOFF.get()
    if handoff is not None:
        handoff.changed[game.pk] = game
        return
    _broadcast(game)


def _broadcast(game: Game) -> None:
    """Served by Daphne, the change's request does not wait for it: rendering and sending
    go to the server's event loop (the request thread's, as asgiref's async_to_sync
    would find it), so the phone that saved gets its answer first. Elsewhere (a
    command, WSGI) it is done here and now. A failure (Redis down) costs the phones
    one update, never the round just saved: it is logged, not raised.
    """
    _render_later(lambda: rendered_sheets(game.pk), game.pk)


def _render_later(render: Any, game_id: int) -> None:
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
    _send_now(game_id, version, pages)


def _send_now(game_id: int, version: int, pages: dict[str, str]) -> None:
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
    """The event loop this thread was called from through sync_to_async (Daphne's, or an
    async test's), or None in a plain thread."""
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(local, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None
