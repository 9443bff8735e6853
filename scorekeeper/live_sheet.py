"""Every phone on a game in step: after a round is saved, edited or undone, the sheet
is rendered once per language and sent to the game's group; each phone's WebSocket
(scorekeeper/consumers.py, htmx's ws extension) swaps it in by its id, "sheet".

Sent from the `game_scored` signal, which fires after the change's transaction has
committed: a phone never sees a round that a rollback then takes away. With
REDIS_URL the group spans every Daphne process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
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
    return f"/ws/games/{game.pk}/sheet/"


def game_for_socket(key: str) -> Game | None:
    """The game a sheet's socket asks for by the key in its URL, or None.

    With socket_path, the one place that ties a socket's URL to a game: when game
    URLs become unguessable tokens, only these two change.
    """
    try:
        return Game.objects.get(pk=int(key))
    except (ValueError, Game.DoesNotExist):
        return None


def language_of(code: str | None) -> str:
    """A language the site speaks, from the code a page put in its socket's URL."""
    known = [language for language, _name in settings.LANGUAGES]
    return code if code in known else settings.LANGUAGE_CODE


def rendered_sheets(game: Game) -> dict[str, str]:
    """The sheet partial in every language of the site: rendered once for all the phones."""
    from scorekeeper.views.sheet import sheet_context  # the views import the models too

    fresh = Game.objects.with_players().get(pk=game.pk)
    context = sheet_context(fresh)
    pages = {}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            pages[language] = render_to_string(SHEET_PARTIAL, context)
    return pages


@receiver(game_scored, sender=Game, dispatch_uid="scorekeeper.live_sheet")
def broadcast_sheet(sender: type[Game], game: Game, ended: bool, **kwargs: Any) -> None:
    """Send the new sheet to the game's phones. A failure (Redis down) costs them one
    update, never the round just saved: it is logged, not raised."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        message = {"type": "sheet.changed", "html": rendered_sheets(game)}
    except Exception:
        logger.exception("could not render game %s's sheet for its phones", game.pk)
        return

    async def send() -> None:
        await layer.group_send(sheet_group(game.pk), message)

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    try:
        if loop is None:
            async_to_sync(send)()
        else:  # called inside an event loop (a consumer's database thread has none): no blocking
            loop.create_task(send())
    except Exception:
        logger.exception("could not send game %s's sheet to its phones", game.pk)
