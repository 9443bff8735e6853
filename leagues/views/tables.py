"""A table's secret link: its games, and a new game at it, for players without an account.

The new game is the same form as /games/new/ (scorekeeper/entry/new_game.py and the partials
of scorekeeper/new_game_form.html): known players, teams named as sides, only the
chosen game's options; the game is recorded at this table in the same transaction.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST, require_safe

from engine.rules import VARIANTS, Problem
from engine.rules.variants.base import Variant
from leagues.guard import remember_table
from leagues.models import LeagueGame, NightTable
from leagues.views.access import HtmxHttpRequest, _get_table_for_link
from scorekeeper.entry.new_game import TEMPLATE as FORM_TEMPLATE
from scorekeeper.entry.new_game import NewGameDraft, form_context, start, variant_choices
from scorekeeper.http import INVALID_FORM, client_redirect, remember_game, remembered_games
from scorekeeper.models import Game
from scorekeeper.players.circle import Circle
from scorekeeper.wording.problems import problem_line

TEMPLATE = "leagues/table.html"


def _table_context(table: NightTable) -> dict[str, Any]:
    games = Game.objects.filter(league_game__table=table).with_players().order_by("-created_at", "-pk")
    return {"table": table, "night": table.night,
            "games": [(game, game_link(game)) for game in games],
            "form_url": reverse("leagues:table_game_create", args=[table.token]),
            "choose_url": reverse("leagues:table", args=[table.token])}


def _render(request: HtmxHttpRequest, table: NightTable, context: dict[str, Any], partial: str,
            status: int = 200) -> HttpResponse:
    """The whole table page, or over htmx only the new-game partial."""
    if request.htmx:
        return render(request, f"{FORM_TEMPLATE}#{partial}",
                      {**context, "form_url": reverse("leagues:table_game_create", args=[table.token]),
                       "choose_url": reverse("leagues:table", args=[table.token])}, status=status)
    return render(request, TEMPLATE, {**_table_context(table), **context}, status=status)


def _choose(request: HtmxHttpRequest, table: NightTable, unknown: str | None = None) -> HttpResponse:
    return _render(request, table, {"variants": variant_choices(), "unknown": unknown}, "variants")


def _night_refusal(request: HttpRequest, table: NightTable) -> str | None:
    """Why this phone may start no game at the table now (its night not begun, or over), or None."""
    if table.night.season.league.is_organiser(request.user):
        return None
    return table.night.refusal()


@require_safe
def table_detail(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table's games; below, the list of games to start one, or (?variant=) its form;
    outside its night, why no game starts there."""
    table = _get_table_for_link(token)
    remember_table(request, table)  # this phone may now score the table's games tonight
    refusal = _night_refusal(request, table)
    if refusal is not None:
        if request.htmx:  # the form's place says it
            return HttpResponse(format_html('<p class="notice" data-testid="night-refusal">{}</p>', refusal))
        return render(request, TEMPLATE, {**_table_context(table), "night_refusal": refusal})
    key = request.GET.get("variant")
    variant = VARIANTS.get(key or "")
    if variant is None:
        return _choose(request, table, key)
    draft = NewGameDraft.blank(variant)
    draft.circle = league_circle(request, table)
    return _form(request, table, draft)


@require_POST
def table_game_create(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _get_table_for_link(token)
    refusal = _night_refusal(request, table)
    if refusal is not None:
        raise PermissionDenied(refusal)
    remember_table(request, table)
    variant: Variant | None = VARIANTS.get(request.POST.get("variant", ""))
    if variant is None:
        return _choose(request, table, request.POST.get("variant"))
    draft = NewGameDraft.from_post(variant, request.POST)
    draft.circle = league_circle(request, table)
    action = draft.action or "start"
    if action != "start":
        draft.apply(action)
        return _form(request, table, draft)
    game = start(draft, lambda problems: [problem_sentence(p) for p in problems],
                 then=lambda game: LeagueGame.objects.create(game=game, table=table))
    if game is None:
        return _form(request, table, draft)
    remember_game(request, game)
    return client_redirect(request, game_link(game))


def league_circle(request: HtmxHttpRequest, table: NightTable) -> Circle:
    """Whom names mean at a league table: the league's people, then this phone's."""
    return Circle.of_league(table.night.season.league_id, remembered_games(request))


def _form(request: HtmxHttpRequest, table: NightTable, draft: NewGameDraft) -> HttpResponse:
    return _render(request, table, form_context(draft, remembered_games(request)), "form",
                   status=INVALID_FORM if draft.errors else 200)


def game_link(game: Game) -> str:
    """The game's score sheet, where its rounds are entered."""
    return game.get_absolute_url()


def problem_sentence(problem: Problem) -> str:
    """The engine's problem in the page's language, with the round it is in."""
    return problem_line(problem)
