"""Who may reach what: the access checks every league view starts with.

- reading a season's standings, a player's page, head to head, the room screen:
  anyone with the link (the room screen runs on a shared screen, logged out);
- creating or changing a league, its seasons, nights and tables, importing,
  recomputing, and seeing the tables' secret links: the league's organisers
  (403 for anyone else; the login page first for someone not logged in);
- a table's link: that table only (its games, and new games at it).
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from leagues.models import League, Night, NightTable, Season
from scorekeeper.http import INVALID_FORM, HtmxHttpRequest


def _require_organiser(request: HttpRequest, league: League) -> None:
    if not league.is_organiser(request.user):
        raise PermissionDenied(_("Seuls les organisateurs de cette ligue peuvent la modifier."))


def _get_league_for_organiser(request: HttpRequest, pk: int) -> League:
    league = get_object_or_404(League, pk=pk)
    _require_organiser(request, league)
    return league


def _get_season_for_organiser(request: HttpRequest, pk: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    _require_organiser(request, season.league)
    return season


def _get_night_for_organiser(request: HttpRequest, pk: int) -> Night:
    night = get_object_or_404(Night.objects.select_related("season__league"), pk=pk)
    _require_organiser(request, night.season.league)
    return night


def _get_table_for_link(token: str) -> NightTable:
    """The table its secret link names; nothing else is reachable through it."""
    return get_object_or_404(NightTable.objects.select_related("night__season__league"), token=token)


def _login_first(request: HttpRequest) -> HttpResponse | None:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    return None


def _refused(request: HtmxHttpRequest) -> int:
    """A refused form: htmx swaps it into the form (scorekeeper/http.py)."""
    return INVALID_FORM
