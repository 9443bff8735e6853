"""CSV exports of a season's standings and games."""

from __future__ import annotations

import csv
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from leagues.models import LeagueGame, Result, Season
from leagues.ranking import reading, settled
from leagues.views.access import HtmxHttpRequest
from scorekeeper.sheet.csv_export import safe_cell


def _csv_response(filename: str) -> tuple[HttpResponse, Any]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # so spreadsheet software reads the accents right
    return response, csv.writer(response)


def _cell(text: str) -> str:
    """A name is written as text whatever separator opens the file (no =cmd() in a spreadsheet)."""
    return safe_cell(text)


@require_safe
def standings_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    response, writer = _csv_response(f"classement-saison-{season.pk}.csv")
    # average_place is the tie-break's scaled place (0 = first, 1 = last, whatever the table's
    # size); average_position is the mean place the pages show (1 = first).
    # status: "provisional", "inactive" or empty, as the season page marks them; shown_rank:
    # the rank on the page, empty for a player the season leaves out of its ranking.
    writer.writerow(["scope", "rank", "player", "games", "wins", "win_rate", "average_place",
                     "average_points", "mu", "sigma", "ordinal", "current_streak", "best_streak",
                     "average_position", "status", "shown_rank"])
    for scope in reading.season_scopes(season):
        rows = reading.season_rows(season, scope)
        shown, marks, _hidden = settled.shown_rows(season, rows)
        shown_rank = {row.key: row.rank for row in shown}
        for row in rows:
            writer.writerow([
                scope, row.rank, _cell(row.player), row.games, row.wins, f"{row.win_rate:.4f}",
                f"{row.average_place:.4f}",
                "" if row.average_points is None else f"{row.average_points:.2f}",
                f"{row.skill.mu:.3f}", f"{row.skill.sigma:.3f}", f"{row.skill.ordinal:.3f}",
                row.current_streak, row.best_streak, f"{row.average_position:.4f}",
                marks.get(row.key, "") if row.key is not None else "", shown_rank.get(row.key, ""),
            ])
    return response


@require_safe
def games_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    response, writer = _csv_response(f"parties-saison-{season.pk}.csv")
    writer.writerow(["game", "finished_at", "night", "table", "variant", "player", "side", "place",
                     "sides", "won", "points"])
    results = (Result.objects.filter(season=season).select_related("player")
               .order_by("finished_at", "game_id", "pk"))
    tables = dict(LeagueGame.objects.in_season(season).values_list(
        "game_id", "table__label"))
    nights = dict(LeagueGame.objects.in_season(season).values_list("game_id", "table__night__date"))
    for r in results.iterator(chunk_size=2000):
        writer.writerow([
            r.game_id, r.finished_at.isoformat() if r.finished_at else "", nights.get(r.game_id, ""),
            _cell(tables.get(r.game_id, "")), r.variant, _cell(r.player.name), _cell(r.side),
            r.place, r.sides, int(r.won), r.points,
        ])
    return response
