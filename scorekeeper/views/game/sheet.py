"""The score sheet of a game, and undoing its last round (after a confirmation)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.contrib import messages
from django.core.exceptions import ObjectDoesNotExist
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.actions.rounds import do_undo_round
from scorekeeper.http import (
    HtmxHttpRequest,
    actor_of,
    change_refusal,
    get_game_for_request,
    get_game_to_change,
)
from scorekeeper.models import Game
from scorekeeper.qr import qr_svg
from scorekeeper.sheet.page import SHEET_PARTIAL, SHEET_TEMPLATE, sheet_context


@require_safe
def game_sheet(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = get_game_for_request(request, token)
    upto = _int_or_none(request.GET.get("upto"))  # an older window of a long game's rounds
    if request.htmx:
        return render(request, SHEET_PARTIAL, sheet_context(game, upto))
    # Read-only for this phone (a league game without its table's link, say): the sheet's
    # change buttons are hidden and the reason shown, instead of a refusal after a tap.
    read_only = change_refusal(request, game)  # first: the leagues' guard caches the league game
    return render(request, SHEET_TEMPLATE, sheet_context(game, upto) | share_context(request, game)
                  | {"league_table": league_table(game), "read_only": read_only})


def share_context(request: HtmxHttpRequest, game: Game) -> dict[str, Any]:
    """The game's private link and its QR code: how another phone joins the sheet."""
    url = request.build_absolute_uri(game.get_absolute_url())
    return {"share_url": url, "share_qr": _qr_code(url)}


@lru_cache(maxsize=256)
def _qr_code(url: str) -> SafeString:
    """A link's QR code as inline SVG: drawn once per link (6 ms each), not per page."""
    return qr_svg(url, svgclass="share-qr")


def league_table(game: Game) -> dict[str, str] | None:
    """The league table a game was played at (its label and secret link), or None.

    Read through the reverse relation, so the score sheet needs nothing from the leagues app.
    """
    try:
        table = game.league_game.table  # type: ignore[attr-defined]
    except ObjectDoesNotExist:
        return None
    return {"label": table.label, "url": reverse("leagues:table", args=[table.token])}


@require_http_methods(["GET", "HEAD", "POST"])
def round_undo(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """GET asks "undo round N?"; POST (with that N) undoes it."""
    game = get_game_to_change(request, token)
    if request.method == "POST":
        return _undo(request, game)
    last = game.rounds.last()
    template_name = "scorekeeper/game_undo.html"
    if request.htmx:
        template_name += "#confirm"
    return render(request, template_name, {"game": game, "last": last})


def _undo(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    expected = _int_or_none(request.POST.get("number"))
    undone = None
    if expected is not None:
        undone = do_undo_round(game, actor=actor_of(request, game), expected=expected)
    if undone is None:
        messages.warning(request, _("Rien n'a été annulé : la dernière manche n'est plus celle "
                                    "que vous avez confirmée. Vérifiez la feuille."))
    else:
        messages.success(request, _("Manche %(number)s annulée.") % {"number": undone.number})
    if request.htmx:
        game.refresh_from_db()
        return render(request, SHEET_PARTIAL, sheet_context(game))
    return redirect(game)


def _int_or_none(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None
