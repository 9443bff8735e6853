"""A table's secret link: its games, and a new game at it, for players without an account."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.explain import problem_text
from scorekeeper.leagues.forms import NewGameForm
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
            target = game_link(game)
            if request.htmx:
                return HttpResponseClientRedirect(target)
            return redirect(target)
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
