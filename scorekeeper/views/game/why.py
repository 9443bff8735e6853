""""Why this score": how the engine got one cell of the score sheet.

GET games/<token>/rounds/<number>/why/?player=<name or side>. The game is
re-scored with the engine (fast enough for a tap) and the round's steps are
said in the active language, each linked to its rule on the rules page.
Plain request: a full page with a link back to the sheet. HTMX request: the
`why` partial, which the sheet shows in a dialog.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from engine.rules import GameResult, RecordError
from scorekeeper.http import HtmxHttpRequest, get_game_for_request
from scorekeeper.models import Game
from scorekeeper.sheet.why import explain_round, side_named


def _score(game: Game) -> GameResult:
    try:
        return game.score()
    except RecordError as exc:  # stored rounds are always valid; a broken row is not the user's doing
        raise Http404("this game's record no longer scores") from exc


@require_safe
def round_why(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    game = get_game_for_request(request, token)
    result = _score(game)
    if not 1 <= number <= len(result.rounds):
        raise Http404(f"round {number} does not exist")
    index = number - 1
    wanted = request.GET.get("player", "").strip()
    who = None
    if wanted:
        who = side_named(result, index, wanted)
        if who is None:
            raise Http404("no such player or side in this game")
    data = game.rounds.get(number=number).data
    context = {
        "game": game,
        "number": number,
        "is_turn": game.rules.turn_based,
        "sides": explain_round(result, index, data, who),
        "who": who,
        "sheet_url": game.get_absolute_url(),
        "rules_url": reverse("rules_page", args=[game.variant]),
        # Its heading: the page's <h1>, or an <h2> under the sheet's <h1> in the drawer.
        "level": 2 if request.htmx else 1,
    }
    template_name = "scorekeeper/why.html"
    if request.htmx:
        template_name += "#why"
    return render(request, template_name, context)
