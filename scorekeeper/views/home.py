"""The home page: games in progress, recent finished ones, and a new game."""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_safe

from engine.rules import VARIANTS
from scorekeeper.http import HtmxHttpRequest, remembered_games
from scorekeeper.models import Game

IN_PROGRESS_SHOWN = 20
FINISHED_SHOWN = 10


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """What the app does, and where to start; the games this phone created or opened
    (its session's list), never anybody else's."""
    games = (Game.objects.filter(token__in=remembered_games(request), abandoned_at__isnull=True)
             .with_players().annotate(round_count=Count("rounds")))
    context = {
        "in_progress": list(games.in_progress()[:IN_PROGRESS_SHOWN]),
        "finished": list(games.filter(finished=True).order_by("-finished_at")[:FINISHED_SHOWN]),
    }
    template_name = "scorekeeper/home.html"
    if request.htmx:
        template_name += "#games"
    else:  # each game's name opens its rules
        context["variants"] = [{"name": v.name, "rules_url": reverse("rules_page", args=[key])}
                               for key, v in VARIANTS.items()]
    return render(request, template_name, context)


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for on pages that name no icon: the app's icon (its
    hashed name is known only once collectstatic has run, so it is read per request)."""
    return HttpResponsePermanentRedirect(static("icons/icon-192.png"))
