"""Listens to scorekeeper.signals.game_scored: standings follow games, room screens hear of it."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.dispatch import receiver

from leagues.models import Season
from leagues.results.recording import on_game_scored
from scorekeeper.models import Game
from scorekeeper.signals import game_scored

logger = logging.getLogger(__name__)


@receiver(game_scored, sender=Game, dispatch_uid="leagues.game_scored")
def follow_league_game(sender: type[Game], game: Game, ended: bool, **kwargs: Any) -> None:
    try:
        season = on_game_scored(game, ended)
    except Exception:
        # The round is saved already (this runs after its commit): a failure here must not
        # turn it into an error on the players' phones. The season says it is behind instead.
        logger.exception("league standings not updated after game %s", game.pk)
        Season.objects.filter(nights__tables__games__game=game).update(ratings_stale=True)
        return
    if season is None or not ended:
        return
    night_id = game.league_game.table.night_id
    # After the standings' own transaction, so a room screen that re-fetches sees them.
    transaction.on_commit(lambda: broadcast_game_ended(night_id, game.pk))


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


def night_group(night_id: int) -> str:
    return f"league-night-{night_id}"
