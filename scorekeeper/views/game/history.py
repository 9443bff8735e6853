"""The history of a game: every round added, edited, undone or imported."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorekeeper.http import HtmxHttpRequest, get_game_for_request
from scorekeeper.wording.round_text import device_label, round_lines

HISTORY_PAGE = 50


@require_safe
def game_history(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = get_game_for_request(request, token)
    # A page at a time, newest first: a long game's history is thousands of changes.
    page = Paginator(game.changes.select_related("user").order_by("-at", "-pk"),
                     HISTORY_PAGE).get_page(request.GET.get("page"))
    changes = list(page.object_list)
    for change in changes:
        change.before_lines = round_lines(change.before)
        change.after_lines = round_lines(change.after)
        change.device_label = device_label(change.device)
    template_name = "scorekeeper/game_history.html"
    if request.htmx:
        template_name += "#changes"
    return render(request, template_name, {"game": game, "changes": changes, "page": page,
                                            "first_number": page.paginator.count - page.start_index() + 1})
