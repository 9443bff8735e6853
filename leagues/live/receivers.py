"""Listens to scorekeeper.signals.game_scored: standings follow games, room screens hear of it."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import receiver

from leagues.live.broadcast import broadcast_game_ended
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
