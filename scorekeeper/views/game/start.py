"""Starting a game: the variant, its options, the players in seat order, the teams.

The form is the one of scorekeeper/entry/new_game.py, drawn by the partials of
scorekeeper/new_game_form.html; a league table's link uses the same two.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from engine.rules import VARIANTS
from scorekeeper.entry.new_game import TEMPLATE as FORM_TEMPLATE
from scorekeeper.entry.new_game import NewGameDraft, form_context, start, variant_choices
from scorekeeper.http import (
    INVALID_FORM,
    HtmxHttpRequest,
    client_redirect,
    get_game_for_request,
    remember_game,
    remembered_games,
)
from scorekeeper.models import Game
from scorekeeper.players.circle import Circle
from scorekeeper.views.game.records import problem_lines

TEMPLATE = "scorekeeper/game_new.html"


@require_http_methods(["GET", "HEAD", "POST"])
def game_new(request: HtmxHttpRequest) -> HttpResponse:
    """Without a variant: the list of games. With one: its form, until "start"."""
    key = request.POST.get("variant") or request.GET.get("variant")
    variant = VARIANTS.get(key or "")
    urls = {"form_url": reverse("game_new"), "choose_url": reverse("game_new"),
            "import_url": reverse("game_import")}
    if variant is None:
        template_name = FORM_TEMPLATE + "#variants" if request.htmx else TEMPLATE
        return render(request, template_name, {"variants": variant_choices(), "unknown": key, **urls})
    if request.method == "POST":
        draft = NewGameDraft.from_post(variant, request.POST)
        draft.circle = Circle.of_games(remembered_games(request))  # the names this phone's games know
        action = draft.action
        if action == "start":
            started = start(draft, problem_lines)
            if started is not None:
                remember_game(request, started)  # this phone's list: its own games only
                return client_redirect(request, started.get_absolute_url())
        else:
            draft.apply(action)
    else:
        draft = NewGameDraft.blank(variant)
        draft.circle = Circle.of_games(remembered_games(request))
    template_name = FORM_TEMPLATE + "#form" if request.htmx else TEMPLATE
    status = INVALID_FORM if draft.errors else 200
    return render(request, template_name, {**form_context(draft, remembered_games(request)), **urls},
                  status=status)


@require_POST
def game_rematch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A new game of the same variant, the same players in the same seats, the same
    options and teams: one tap at the end of a game instead of the whole new-game form."""
    game = get_game_for_request(request, token)
    rematch = Game.start(game.variant, game.player_names(), dict(game.options), game.teams)
    remember_game(request, rematch)  # this phone's list: its own games only
    return client_redirect(request, rematch.get_absolute_url())
