"""Listens to scorekeeper.signals.game_scored: standings follow games, room screens hear of it."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.dispatch import receiver

from scorekeeper.leagues.recording import on_game_scored
from scorekeeper.models import Game
from scorekeeper.signals import game_scored


@receiver(game_scored, sender=Game, dispatch_uid="leagues.game_scored")
def follow_league_game(sender: type[Game], game: Game, ended: bool, **kwargs: Any) -> None:
    season = on_game_scored(game, ended)
    if season is None or not ended:
        return
    night_id = game.league_game.table.night_id
    # After the standings' own transaction, so a room screen that re-fetches sees them.
    transaction.on_commit(lambda: broadcast_game_ended(night_id, game.pk))


def broadcast_game_ended(night_id: int, game_id: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(
        night_group(night_id), {"type": "game.ended", "game": game_id}
    )


def night_group(night_id: int) -> str:
    return f"league-night-{night_id}"
