"""Reading the standings: a season's, the room screen's, a player's, head to head."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from engine.rules import VARIANTS
from engine.rules.variants.base import HIGHEST
from leagues.drawing.night import shown
from leagues.forms import NightForm, SeasonSettingsForm
from leagues.models import Night, Result, Season
from leagues.ranking import reading, settled
from leagues.ranking.charts import Series, line_chart
from leagues.ranking.standings import OVERALL
from leagues.views.access import HtmxHttpRequest, _refused
from scorekeeper.models import Player


def _scope_from(request: HttpRequest, scopes: list[str]) -> str:
    scope = request.GET.get("scope", OVERALL)
    return scope if scope in scopes else OVERALL


def _scope_label(scope: str) -> str:
    return _("Tous jeux") if scope == OVERALL else VARIANTS[scope].name


def _season_context(request: HttpRequest, season: Season, night_form: NightForm | None = None
                    ) -> dict[str, Any]:
    scopes = reading.season_scopes(season)
    scope = _scope_from(request, scopes)
    rows, marks, hidden = settled.shown_rows(season, reading.season_rows(season, scope))
    return {
        "season": season, "scope": scope, "scope_label": _scope_label(scope),
        "scopes": [(s, _scope_label(s)) for s in scopes],
        "rows": rows, "provisional": {k for k, m in marks.items() if m == settled.PROVISIONAL},
        "inactive": {k for k, m in marks.items() if m == settled.INACTIVE}, "hidden": hidden,
        "settings_form": SeasonSettingsForm(instance=season),
        "corrections": reading.season_corrections(season),
        "higher_is_better": VARIANTS[scope].best == HIGHEST if scope != OVERALL else None,
        "is_organiser": season.league.is_organiser(request.user),
        **_nights(request, season), "night_form": night_form or NightForm(season=season),
    }


RECENT_NIGHTS = 8  # the season page lists these; the others on demand (a long season has hundreds)


def _nights(request: HttpRequest, season: Season) -> dict[str, Any]:
    nights = list(season.nights.all()[:RECENT_NIGHTS + 1])
    every = request.GET.get("nights") == "all"
    return {"nights": list(season.nights.all()) if every else nights[:RECENT_NIGHTS],
            "more_nights": not every and len(nights) > RECENT_NIGHTS}


@require_safe
def season_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    template_name = "leagues/season.html"
    if request.htmx:
        template_name += "#nights" if "nights" in request.GET else "#standings"
    return render(request, template_name, _season_context(request, season))


@require_safe
def night_room(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    night = get_object_or_404(Night.objects.select_related("season__league"), pk=pk)
    seating, waiting = shown(night)
    season_rows, marks, _hidden = settled.shown_rows(night.season, reading.season_rows(night.season, OVERALL))
    context = {
        "seating": seating, "waiting": waiting,
        "tables_url": request.build_absolute_uri(reverse("leagues:night_tables", args=[night.pk])),
        "night": night, "rows": reading.night_rows(night),
        "season_rows": season_rows[:10], "provisional": {k for k, m in marks.items() if m == settled.PROVISIONAL},
        "inactive": {k for k, m in marks.items() if m == settled.INACTIVE},
        "recent": reading.night_recent_games(night),
    }
    template_name = "leagues/room.html"
    if request.htmx:
        template_name += "#board"
    return render(request, template_name, context)


RECENT_RESULTS = 20  # the page lists the last ones; the games CSV has them all


@require_safe
def player_detail(request: HtmxHttpRequest, pk: int, player_pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    player = get_object_or_404(Player, pk=player_pk)
    results = reading.player_results(season, player)
    if not results:
        raise Http404("no game for this player in this season")
    standings = reading.player_standings(season, player)
    played = reading.most_played(season, player)
    mine = [row for row in reading.season_rows(season, OVERALL) if row.key == player.pk]
    variant = request.GET.get("variant")
    if variant not in dict(played):
        variant = played[0][0]
    of_variant = [r for r in results if r.variant == variant]
    context = {
        "season": season, "player": player, "results": list(reversed(results))[:RECENT_RESULTS],
        "result_count": len(results), "games_csv": reverse("leagues:games_csv", args=[season.pk]),
        "overall": standings[OVERALL],
        "mark": settled.marks(season, mine).get(player.pk), "thresholds": settled.Thresholds.of(season),
        "played": [(key, VARIANTS[key].name, n) for key, n in played],
        "variant": variant, "variant_name": VARIANTS[variant].name,
        "rating_chart": _rating_chart(results), "points_chart": _points_chart(of_variant, variant),
        "is_organiser": season.league.is_organiser(request.user),  # may split them (issue 30)
    }
    template_name = "leagues/player.html"
    if request.htmx:
        template_name += "#points"
    return render(request, template_name, context)


def _rating_chart(results: list[Result]) -> str:
    mus = [r.overall_mu for r in results]
    return line_chart(
        [Series(_("Note (μ)"), mus, "line"),
         Series(_("Note prudente (μ − 3σ)"), [r.overall_mu - 3 * r.overall_sigma for r in results],
                "line line-2")],
        title=_("Note tous jeux, partie après partie"),
        band=([r.overall_mu - 3 * r.overall_sigma for r in results],
              [r.overall_mu + 3 * r.overall_sigma for r in results]),
    )


def _points_chart(results: list[Result], variant: str) -> str:
    return line_chart([Series(_("Points en fin de partie"), [r.points for r in results], "line")],
                      title=_("Points à %(game)s, partie après partie") % {"game": VARIANTS[variant].name})


@require_safe
def head_to_head_view(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    players = Player.objects.filter(league_results__season=season).distinct().order_by("name")
    versus = None
    first_id, second_id = request.GET.get("a", ""), request.GET.get("b", "")
    error = ""
    if first_id and second_id:
        if first_id == second_id:
            error = _("Choisissez deux joueurs différents.")
        else:
            first = players.filter(pk=first_id if first_id.isdigit() else 0).first()
            second = players.filter(pk=second_id if second_id.isdigit() else 0).first()
            if first is None or second is None:
                error = _("Ce joueur n'a pas joué cette saison.")
            else:
                versus = reading.season_head_to_head(season, first, second)
    rows = []
    if versus is not None:
        order = [OVERALL] + [k for k in VARIANTS if k in versus.table]
        rows = [(_scope_label(k), versus.table[k]) for k in order if k in versus.table]
    template_name = "leagues/head_to_head.html"
    if request.htmx:
        template_name += "#versus"
    return render(request, template_name, {
        "season": season, "players": players, "versus": versus, "rows": rows, "error": error,
        "first_id": first_id, "second_id": second_id,
    }, status=_refused(request) if error else 200)
