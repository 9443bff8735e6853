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
from leagues.models import League, Season
from leagues.results import pending
from leagues.results.importing import PeopleToChoose, import_files
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

MAX_QUESTIONS = 200  # names asked at once (an import holds at most 200 files)


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
    """Files in; a refused file saves nothing, the others are kept. A name the league knows
    more than once, written without a person id, is asked first (« Laquelle ? »): nothing
    is saved until the organiser chose for each, then the whole import runs with the choices."""
    if (response := _login_first(request)) is not None:
        return response
    season = _get_season_for_organiser(request, pk)
    context: dict[str, Any] = {"season": season, "form": ImportForm(), "reports": []}
    status = 200
    if request.method == "POST":
        status = _import(request, season, context)
    template_name = "leagues/import.html"
    if request.htmx:
        template_name += "#result"
    return render(request, template_name, context, status=status)


def _import(request: HtmxHttpRequest, season: Season, context: dict[str, Any]) -> int:
    """The POST of the import page (the files, or the choices for files kept waiting);
    fills the page's context, returns its status."""
    token = request.POST.get("pending", "")
    if token:
        held = pending.find(season.pk, request.user.pk, token)
        if held is None:
            context["expired"] = True
            return _refused(request)
        chosen = {request.POST.get(f"name-{i}", ""): request.POST.get(f"who-{i}", "") for i in range(MAX_QUESTIONS)
                  if f"name-{i}" in request.POST}
    else:
        form = context["form"] = ImportForm(request.POST, request.FILES)
        if not form.is_valid():
            return _refused(request)
        held = pending.PendingImport([(f.name, f.read()) for f in form.cleaned_data["files"]],
                                     form.cleaned_data["night_date"], form.cleaned_data["table"] or None)
        chosen = {}
    try:
        reports = import_files(season, held.files, night_date=held.night_date, table=held.table,
                               user=request.user, chosen=chosen, ask=True)
    except PeopleToChoose as asked:
        context["questions"] = asked.questions[:MAX_QUESTIONS]
        context["pending"] = pending.keep(season.pk, request.user.pk, held, token)
        context["unanswered"] = bool(token)  # a choice missing or stale: asked again
        return _refused(request) if token else 200
    if token:
        pending.drop(season.pk, request.user.pk, token)
    context["reports"] = [(r.name, r.ok, [problem_sentence(p) for p in r.problems]) for r in reports]
    return _refused(request) if any(not r.ok for r in reports) else 200


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
