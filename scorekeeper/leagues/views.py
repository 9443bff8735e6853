"""League pages: thin typed views; access checks in the `_get_*` helpers below.

Who may do what:
- reading a season's standings, a player's page, head to head, the room screen:
  anyone with the link (the room screen runs on a shared screen, logged out);
- creating or changing a league, its seasons, nights and tables, importing,
  recomputing, and seeing the tables' secret links: the league's organisers
  (403 for anyone else; the login page first for someone not logged in);
- a table's link: that table only (its games, and new games at it).
"""

from __future__ import annotations

import csv
from typing import Any

import segno
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from scorekeeper.explain import problem_text
from scorekeeper.leagues import reading
from scorekeeper.leagues.charts import Series, line_chart
from scorekeeper.leagues.forms import (
    ImportForm,
    LeagueForm,
    NewGameForm,
    NightForm,
    OrganiserForm,
    SeasonForm,
    TableForm,
)
from scorekeeper.leagues.importing import import_files
from scorekeeper.leagues.models import League, LeagueGame, Night, NightTable, Result, Season
from scorekeeper.leagues.recording import recompute_season
from scorekeeper.leagues.standings import OVERALL
from scorekeeper.models import Game, Player
from scorekeeper.rules import VARIANTS, Problem, RecordError


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# -- access -------------------------------------------------------------------


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
    """400 for a refused form; 200 for htmx, which swaps no 4xx answer by default."""
    return 200 if request.htmx else 400


# -- leagues and seasons --------------------------------------------------------


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
        return render(request, "leagues/index.html", {"leagues": leagues, "form": form}, status=400)
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
                      _league_context(request, league, organiser_form=form), status=400)
    league.organisers.add(form.cleaned_data["username"])
    return redirect(league)


@require_POST
def season_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    league = _get_league_for_organiser(request, pk)
    form = SeasonForm(request.POST)
    if not form.is_valid():
        return render(request, "leagues/league.html", _league_context(request, league, form=form),
                      status=400)
    form.instance.league = league
    season = form.save()
    return redirect(season)


def _scope_from(request: HttpRequest, scopes: list[str]) -> str:
    scope = request.GET.get("scope", OVERALL)
    return scope if scope in scopes else OVERALL


def _scope_label(scope: str) -> str:
    return _("Tous jeux") if scope == OVERALL else VARIANTS[scope].name


def _season_context(request: HttpRequest, season: Season, night_form: NightForm | None = None
                    ) -> dict[str, Any]:
    scopes = reading.season_scopes(season)
    scope = _scope_from(request, scopes)
    return {
        "season": season, "scope": scope, "scope_label": _scope_label(scope),
        "scopes": [(s, _scope_label(s)) for s in scopes],
        "rows": reading.season_rows(season, scope),
        "lower_is_better": VARIANTS[scope].lower_is_better if scope != OVERALL else None,
        "is_organiser": season.league.is_organiser(request.user),
        "nights": season.nights.all(), "night_form": night_form or NightForm(season=season),
    }


@require_safe
def season_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    template_name = "leagues/season.html"
    if request.htmx:
        template_name += "#standings"
    return render(request, template_name, _season_context(request, season))


@require_POST
def night_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = _get_season_for_organiser(request, pk)
    form = NightForm(request.POST, season=season)
    if not form.is_valid():
        return render(request, "leagues/season.html", _season_context(request, season, form),
                      status=400)
    form.instance.season = season
    night = form.save()
    return redirect(night)


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


def problem_sentence(problem: Problem) -> str:
    """The engine's problem in the page's language, with the round it is in."""
    text = problem_text(problem)
    if problem.round is None:
        return text
    return _("manche %(round)s : %(problem)s") % {"round": problem.round, "problem": text}


# -- nights and tables --------------------------------------------------------


@require_safe
def night_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    if (response := _login_first(request)) is not None:
        return response
    night = _get_night_for_organiser(request, pk)
    return render(request, "leagues/night.html", {
        "night": night, "tables": _tables_with_links(request, night), "form": TableForm(night=night),
    })


def _tables_with_links(request: HttpRequest, night: Night) -> list[tuple[NightTable, str, str]]:
    """Each table with its full link and that link as a QR code (an inline SVG) to scan."""
    tables = []
    for table in night.tables.all():
        url = request.build_absolute_uri(table.get_absolute_url())
        qr = segno.make(url, error="m").svg_inline(scale=4, dark="#1d1b18", light="#ffffff")
        tables.append((table, url, mark_safe(qr)))  # noqa: S308 - segno's own SVG, no user text
    return tables


@require_POST
def table_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    night = _get_night_for_organiser(request, pk)
    form = TableForm(request.POST, night=night)
    if not form.is_valid():
        return render(request, "leagues/night.html", {
            "night": night, "tables": _tables_with_links(request, night), "form": form,
        }, status=400)
    form.instance.night = night
    form.save()
    return redirect(night)


@require_safe
def night_room(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    night = get_object_or_404(Night.objects.select_related("season__league"), pk=pk)
    context = {
        "night": night, "rows": reading.night_rows(night),
        "season_rows": reading.season_rows(night.season, OVERALL)[:10],
        "recent": reading.night_recent_games(night),
    }
    template_name = "leagues/room.html"
    if request.htmx:
        template_name += "#board"
    return render(request, template_name, context)


def _table_context(table: NightTable, form: NewGameForm, problems: list[str] | None = None) -> dict[str, Any]:
    games = Game.objects.filter(league_game__table=table).with_players().order_by("-created_at", "-pk")
    return {"table": table, "night": table.night, "form": form,
            "games": [(game, game_link(game)) for game in games],
            "problems": problems or []}


@require_safe
def table_detail(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _get_table_for_link(token)
    return render(request, "leagues/table.html", _table_context(table, NewGameForm()))


@require_POST
def table_game_create(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _get_table_for_link(token)
    form = NewGameForm(request.POST)
    problems: list[str] = []
    if form.is_valid():
        try:
            with transaction.atomic():
                game = Game.start(form.cleaned_data["variant"], form.cleaned_data["players"],
                                  form.options(), teams=form.teams())
                LeagueGame.objects.create(game=game, table=table)
        except RecordError as error:
            problems = [problem_sentence(p) for p in error.problems]
        else:
            target = game_link(game) or table.get_absolute_url()
            if request.htmx:
                return HttpResponseClientRedirect(target)
            return redirect(target)
    template_name = "leagues/table.html"
    if request.htmx:
        template_name += "#new-game"
    return render(request, template_name, _table_context(table, form, problems),
                  status=_refused(request))


def game_link(game: Game) -> str | None:
    """The game's score sheet (issue 3's page), or None while that page is not installed."""
    try:
        return game.get_absolute_url()
    except Exception:  # NoReverseMatch until the score sheet's URL exists
        return None


# -- players, head to head ----------------------------------------------------


@require_safe
def player_detail(request: HtmxHttpRequest, pk: int, player_pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    player = get_object_or_404(Player, pk=player_pk)
    results = reading.player_results(season, player)
    if not results:
        raise Http404("no game for this player in this season")
    standings = reading.player_standings(season, player)
    played = reading.most_played(season, player)
    variant = request.GET.get("variant")
    if variant not in dict(played):
        variant = played[0][0]
    of_variant = [r for r in results if r.variant == variant]
    context = {
        "season": season, "player": player, "results": list(reversed(results))[:RECENT_RESULTS],
        "result_count": len(results), "games_csv": reverse("leagues:games_csv", args=[season.pk]),
        "overall": standings[OVERALL],
        "played": [(key, VARIANTS[key].name, n) for key, n in played],
        "variant": variant, "variant_name": VARIANTS[variant].name,
        "rating_chart": _rating_chart(results), "points_chart": _points_chart(of_variant, variant),
    }
    template_name = "leagues/player.html"
    if request.htmx:
        template_name += "#points"
    return render(request, template_name, context)


RECENT_RESULTS = 20  # the page lists the last ones; the games CSV has them all


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


# -- CSV ----------------------------------------------------------------------


def _csv_response(filename: str) -> tuple[HttpResponse, Any]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # so spreadsheet software reads the accents right
    return response, csv.writer(response)


def _cell(text: str) -> str:
    """A name starting like a formula is written as text (no =cmd() in a spreadsheet)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


@require_safe
def standings_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    response, writer = _csv_response(f"classement-saison-{season.pk}.csv")
    writer.writerow(["scope", "rank", "player", "games", "wins", "win_rate", "average_place",
                     "average_points", "mu", "sigma", "ordinal", "current_streak", "best_streak"])
    for scope in reading.season_scopes(season):
        for row in reading.season_rows(season, scope):
            writer.writerow([
                scope, row.rank, _cell(row.player), row.games, row.wins, f"{row.win_rate:.4f}",
                f"{row.average_place:.4f}",
                "" if row.average_points is None else f"{row.average_points:.2f}",
                f"{row.skill.mu:.3f}", f"{row.skill.sigma:.3f}", f"{row.skill.ordinal:.3f}",
                row.current_streak, row.best_streak,
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

