"""The organisers' pages: leagues, co-organisers, seasons, nights, tables, imports."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from leagues.forms import (
    ImportForm,
    LeagueForm,
    NightForm,
    OrganiserForm,
    SeasonForm,
    SeasonSettingsForm,
    TableForm,
)
from leagues.models import League
from leagues.results.importing import import_files
from leagues.results.recording import recompute_season
from leagues.views.access import (
    HtmxHttpRequest,
    _get_league_for_organiser,
    _get_night_for_organiser,
    _get_season_for_organiser,
    _login_first,
    _refused,
)
from leagues.views.drawing import night_page_context
from leagues.views.standings import _season_context
from leagues.views.tables import problem_sentence
from scorekeeper.http import INVALID_FORM


@login_required
@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    leagues = League.objects.filter(organisers=request.user).prefetch_related("seasons")
    return render(request, "leagues/index.html", {"leagues": leagues, "form": LeagueForm()})


@login_required
@require_POST
def league_create(request: HtmxHttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST)
    if not form.is_valid():
        leagues = League.objects.filter(organisers=request.user)
        return render(request, "leagues/index.html", {"leagues": leagues, "form": form}, status=INVALID_FORM)
    with transaction.atomic():
        league = form.save()
        league.organisers.add(request.user)
    return redirect(league)


def _league_context(request: HttpRequest, league: League, **forms: Any) -> dict[str, Any]:
    return {"league": league, "seasons": league.seasons.all(),
            "organisers": league.organisers.order_by("username"),
            "is_organiser": league.is_organiser(request.user),
            "form": forms.get("form") or SeasonForm(),
            "organiser_form": forms.get("organiser_form") or OrganiserForm()}


@require_safe
def league_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    return render(request, "leagues/league.html", _league_context(request, league))


@require_POST
def organiser_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    league = _get_league_for_organiser(request, pk)
    form = OrganiserForm(request.POST)
    if not form.is_valid():
        return render(request, "leagues/league.html",
                      _league_context(request, league, organiser_form=form), status=INVALID_FORM)
    league.organisers.add(form.cleaned_data["username"])
    return redirect(league)


@require_POST
def season_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    league = _get_league_for_organiser(request, pk)
    form = SeasonForm(request.POST)
    if not form.is_valid():
        return render(request, "leagues/league.html", _league_context(request, league, form=form),
                      status=INVALID_FORM)
    form.instance.league = league
    season = form.save()
    return redirect(season)


@require_POST
def night_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = _get_season_for_organiser(request, pk)
    form = NightForm(request.POST, season=season)
    if not form.is_valid():
        return render(request, "leagues/season.html", _season_context(request, season, form),
                      status=INVALID_FORM)
    form.instance.season = season
    night = form.save()
    return redirect(night)


@require_POST
def season_settings(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = _get_season_for_organiser(request, pk)
    form = SeasonSettingsForm(request.POST, instance=season)
    if not form.is_valid():
        return render(request, "leagues/season.html",
                      {**_season_context(request, season), "settings_form": form}, status=INVALID_FORM)
    form.save()
    return redirect(season)


@require_POST
def season_recompute(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = _get_season_for_organiser(request, pk)
    recompute_season(season)
    return redirect(season)


@require_http_methods(["GET", "HEAD", "POST"])
def season_import(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    if (response := _login_first(request)) is not None:
        return response
    season = _get_season_for_organiser(request, pk)
    reports = None
    status = 200
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES)
        if form.is_valid():
            files = [(f.name, f.read()) for f in form.cleaned_data["files"]]
            reports = import_files(season, files, night_date=form.cleaned_data["night_date"],
                                   table=form.cleaned_data["table"] or None, user=request.user)
            if any(not r.ok for r in reports):
                status = _refused(request)
        else:
            status = _refused(request)
    else:
        form = ImportForm()
    template_name = "leagues/import.html"
    if request.htmx:
        template_name += "#result"
    shown = [(r.name, r.ok, [problem_sentence(p) for p in r.problems]) for r in reports or []]
    return render(request, template_name, {"season": season, "form": form, "reports": shown},
                  status=status)


@require_safe
def night_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    if (response := _login_first(request)) is not None:
        return response
    night = _get_night_for_organiser(request, pk)
    return render(request, "leagues/night.html", night_page_context(request, night))


@require_POST
def table_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    night = _get_night_for_organiser(request, pk)
    form = TableForm(request.POST, night=night)
    if not form.is_valid():
        return render(request, "leagues/night.html", night_page_context(request, night, form=form),
                      status=INVALID_FORM)
    form.instance.night = night
    form.save()
    return redirect(night)
