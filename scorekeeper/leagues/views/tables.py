"""A table's secret link: its games, and a new game at it, for players without an account."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scorekeeper.explain import problem_text
from scorekeeper.http import client_redirect, remember_game
from scorekeeper.leagues.forms import NewGameForm
from scorekeeper.leagues.guard import remember_table
from scorekeeper.leagues.models import LeagueGame, NightTable
from scorekeeper.leagues.views.access import HtmxHttpRequest, _get_table_for_link, _refused
from scorekeeper.models import Game
from scorekeeper.rules import Problem, RecordError


def _table_context(table: NightTable, form: NewGameForm, problems: list[str] | None = None) -> dict[str, Any]:
    games = Game.objects.filter(league_game__table=table).with_players().order_by("-created_at", "-pk")
    return {"table": table, "night": table.night, "form": form,
            "games": [(game, game_link(game)) for game in games],
            "problems": problems or []}


@require_safe
def table_detail(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _get_table_for_link(token)
    remember_table(request, table)  # this phone may now score the table's games tonight
    return render(request, "leagues/table.html", _table_context(table, NewGameForm()))


@require_POST
def table_game_create(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _get_table_for_link(token)
    if not table.night.is_open() and not table.night.season.league.is_organiser(request.user):
        raise PermissionDenied(_("La soirée de cette table est close : seuls les organisateurs "
                                 "de la ligue peuvent y ajouter une partie."))
    remember_table(request, table)
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
            remember_game(request, game)
            return client_redirect(request, game_link(game))
    template_name = "leagues/table.html"
    if request.htmx:
        template_name += "#new-game"
    return render(request, template_name, _table_context(table, form, problems),
                  status=_refused(request))


def game_link(game: Game) -> str:
    """The game's score sheet, where its rounds are entered."""
    return game.get_absolute_url()

def problem_sentence(problem: Problem) -> str:
    """The engine's problem in the page's language, with the round it is in."""
    text = problem_text(problem)
    if problem.round is None:
        return text
    return _("manche %(round)s : %(problem)s") % {"round": problem.round, "problem": text}
