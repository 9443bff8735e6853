"""The result to share: the sheet as a PNG (scorekeeper/charts/png.py), for the Web Share
API where the phone has it (static/js/share.js), a download otherwise."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_safe

from scorekeeper.charts.sheet_chart import share_png
from scorekeeper.http import HtmxHttpRequest, get_game_for_request
from scorekeeper.sheet.build import build_sheet


@require_safe
def game_share_png(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = get_game_for_request(request, token)
    response = HttpResponse(share_png(build_sheet(game)), content_type="image/png")
    response["Content-Disposition"] = f'inline; filename="{share_filename(game.pk)}"'
    response["Cache-Control"] = "private, no-cache"  # a round added later changes it
    return response


def share_filename(pk: int) -> str:
    return f"marque-carte-{pk}.png"
