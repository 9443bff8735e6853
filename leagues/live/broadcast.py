"""The one door a league's live updates leave through: a night's room screens hear that a
game ended at one of its tables. Called after the commit (receivers.py, importing.py)."""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def night_group(night_id: int) -> str:
    """The group of a night's room screens."""
    return f"league-night-{night_id}"


def broadcast_game_ended(night_id: int, game_id: int) -> None:
    """Tell the night's room screens. A failure (Redis down) costs the screens one update,
    never the round that was just saved: it is logged, not raised."""
    broadcast_games_ended({night_id: game_id})


def broadcast_games_ended(last_ended: dict[int, int]) -> None:
    """`broadcast_game_ended` for several nights (night -> its last ended game) in one go:
    one hop to the event loop for all of them (a bulk import touches hundreds of nights)."""
    layer = get_channel_layer()
    if layer is None or not last_ended:
        return

    async def send() -> None:
        for night_id, game_id in last_ended.items():
            await layer.group_send(night_group(night_id), {"type": "game.ended", "game": game_id})

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    try:
        if loop is None:
            async_to_sync(send)()
        else:  # called from code running inside an event loop: it cannot block on it
            loop.create_task(send())
    except Exception:
        logger.exception("could not tell the room screens of nights %s that a game ended",
                         ", ".join(map(str, last_ended)))


def broadcast_draw_changed(night_id: int) -> None:
    """Tell the night's room screens its tables were drawn or changed (after the commit: the
    views call it once their transaction is over). Logged, never raised."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(night_group(night_id), {"type": "draw.changed"})
    except Exception:
        logger.exception("could not tell the room screens of night %s of its new draw", night_id)
