"""A season's standings change by one route (leagues.results.recording.count_games),
whichever way its games come: a game ending at a table (the game_scored signal), a bulk
import (of past nights, or of a night after the counted games), a correction. After each,
the stored standings and results are exactly what a recompute from the games gives, and
what the pure fold (leagues.ranking.standings) computes from the games' summaries."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.utils import timezone

from leagues.models import Result, Standing
from leagues.ranking.standings import standings
from leagues.results.importing import import_files
from leagues.results.recording import player_key, recompute_season, season_summaries
from scorekeeper.models import Player
from tests.factories import tamalou_round

STANDING = ("player__name", "scope", "games", "wins", "place_sum", "points_sum", "position_sum",
            "current_streak", "best_streak", "mu", "sigma")
RESULT = ("game_id", "player__name", "variant", "finished_at", "side", "place", "sides", "won", "points",
          "mu", "sigma", "overall_mu", "overall_sigma")


def stored(season) -> tuple[list[Any], list[Any]]:
    return (sorted(Standing.objects.filter(season=season).values_list(*STANDING)),
            sorted(Result.objects.filter(season=season).values_list(*RESULT)))


def assert_as_recomputed_from_the_games(season) -> None:
    season.refresh_from_db()
    assert not season.ratings_stale
    kept = stored(season)
    fold = standings(season_summaries(season))
    named = {player_key(p.pk): p.name for p in Player.objects.all()}  # the fold counts Players
    assert sorted((named[name], scope, tally.games, tally.wins, fold.skills[scope][name].mu, fold.skills[scope][name].sigma)
                  for scope, tallies in fold.tallies.items() for name, tally in tallies.items()) == \
        sorted((row[0], row[1], row[2], row[3], row[9], row[10]) for row in kept[0])
    recompute_season(season)
    assert stored(season) == kept


def record_file(day, table: str, **hands: int) -> tuple[str, bytes]:
    record = {"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": list(hands),
              "rounds": [tamalou_round(None, **hands)]}
    return f"{day.isoformat()}_{table}.json", json.dumps(record).encode()


def test_it_keeps_the_standings_a_recompute_gives_whichever_route_the_games_come_by(
        table, season, play, django_capture_on_commit_callbacks):
    # Games ending at a table, one by one (the signal).
    first = play(table, {"Ana": 3, "Ben": 10, "Chloé": 7})
    play(table, {"Ana": 12, "Ben": 2})
    assert_as_recomputed_from_the_games(season)

    # An import of a night after the counted games: folded on from the stored figures.
    tomorrow = timezone.localdate() + timedelta(days=1)
    assert all(r.ok for r in import_files(season, [record_file(tomorrow, "table-2", Ana=4, Dan=9, Ben=1)]))
    assert_as_recomputed_from_the_games(season)

    # An import of a past night: its games come before the counted ones, the season is refolded.
    assert all(r.ok for r in import_files(season, [record_file(season.start + timedelta(days=4), "table-1",
                                                               Chloé=1, Dan=5),
                                                   record_file(season.start + timedelta(days=4), "table-2",
                                                               Ana=8, Ben=6, Chloé=2)]))
    assert_as_recomputed_from_the_games(season)

    # A past night of players who played nothing since: folded on, as a refold would.
    assert all(r.ok for r in import_files(season, [record_file(season.start + timedelta(days=2), "table-3",
                                                               Émile=2, Fanny=9)]))
    assert_as_recomputed_from_the_games(season)

    # A correction of an ended game (the signal again, on a counted game).
    with django_capture_on_commit_callbacks(execute=True):
        first.edit_round(1, tamalou_round(None, Ana=11, Ben=10, Chloé=7))
    assert_as_recomputed_from_the_games(season)

    # And a game ending after all that.
    play(table, {"Dan": 3, "Chloé": 4})
    assert_as_recomputed_from_the_games(season)
    assert Standing.objects.get(season=season, player__name="Ana", scope="overall").games == 4
