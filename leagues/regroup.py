"""Merge and split in a league (issue 30 item 3), by its organisers: over the league's
games only, through scorekeeper/players/regroup.py (the seats move, each game's history
says who did it), then every season touched is refolded from its games in the engine's
order (recompute_season), so standings and ratings are what those games give."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from leagues.models import League, Season
from leagues.results.recording import recompute_season
from scorekeeper.models import Player, Seat
from scorekeeper.players import regroup


def league_seats(league: League, player: Player) -> QuerySet[Seat]:
    return Seat.objects.filter(player=player, game__league_game__table__night__season__league=league)


@transaction.atomic
def merge(league: League, keep: Player, absorb: Player, user: Any) -> list[Season]:
    """`absorb`'s games in this league count for `keep` (regroup.PlayedTogether when they
    sat at one game). Returns the seasons refolded."""
    games = regroup.merge(league_seats(league, absorb), keep, by=user.get_username(), user=user)
    return _refold(games)


@transaction.atomic
def split(league: League, player: Player, game_ids: list[int], nickname: str, user: Any) -> Player:
    """These games of `player` in this league are someone else's, of the same name, told
    apart by `nickname`. Returns the new Player."""
    seats = league_seats(league, player).filter(game_id__in=game_ids)
    other, games = regroup.split(seats, player.name, nickname, by=user.get_username(), user=user)
    _refold(games)
    return other


def _refold(games: list[int]) -> list[Season]:
    seasons = list(Season.objects.filter(nights__tables__games__game__in=games).distinct())
    for season in seasons:
        recompute_season(season)
    return seasons


@transaction.atomic
def detach(league: League, player: Player, game_id: int, user: Any) -> Player | None:
    """`player`'s seat at this league game leaves the person behind it (someone else said
    « C'est moi » for them): a fresh person of the same name, whom the one who sat there
    may claim; the person's other games and phones are left alone. None when `player` did
    not play that game of the league."""
    seat = league_seats(league, player).filter(game_id=game_id).first()
    if seat is None:
        return None
    fresh = regroup.detach(seat, by=user.get_username(), user=user)
    _refold([game_id])
    return fresh
