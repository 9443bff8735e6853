"""The night's draw: the organiser draws, adjusts, seats late arrivals and leavers; every
player's phone and the room screen show the tables (leagues/drawing/night.py does the work)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from engine.seating import RANDOM
from leagues.drawing import night as drawing
from leagues.forms import DrawForm, PresentForm, TableForm
from leagues.live.broadcast import broadcast_draw_changed
from leagues.models import Night, NightTable, Seat
from leagues.views.access import HtmxHttpRequest, _get_night_for_organiser
from scorekeeper.http import INVALID_FORM
from scorekeeper.models import Player
from scorekeeper.qr import qr_svg


def refusal_text(code: str) -> str:
    return {
        "playing": _("Une table joue déjà : on ne la change plus. Ajoutez les retardataires ou "
                     "les départs ci-dessous, ils ne déplacent personne."),
        "full": _("Cette table est pleine pour ce jeu."),
        "not here": _("Ce joueur n'est pas présent ce soir."),
        "unknown game": _("Jeu inconnu."),
        "at least two players": _("Cochez ou nommez au moins deux joueurs présents."),
    }.get(code, code)


def draw_context(night: Night, *, draw_form: DrawForm | None = None,
                 arrivals_form: PresentForm | None = None, error: str = "") -> dict[str, Any]:
    known = drawing.season_players(night.season)
    tables, waiting = drawing.shown(night)
    present = set(Seat.objects.filter(night=night, left=False).values_list("player_id", flat=True))
    return {
        "draw_form": draw_form or DrawForm(known=known, initial={
            "game": drawing.game_of(night), "mode": night.draw_mode or RANDOM,
            "players": list(present)}),
        "arrivals_form": arrivals_form or PresentForm(known=known.exclude(pk__in=present)),
        "seating": tables, "waiting": waiting, "draw_error": error,
        "movable_tables": [t.table for t in tables if not t.playing],
    }


def _done(night: Night) -> HttpResponse:
    transaction.on_commit(lambda: broadcast_draw_changed(night.pk))  # the screens read it after
    return redirect(f"{night.get_absolute_url()}#draw")


def night_page_context(request: HttpRequest, night: Night, form: TableForm | None = None,
                       **draw: Any) -> dict[str, Any]:
    """The organiser's night page: its draw, its tables' links and the new-table form."""
    return {"night": night, "tables": _tables_with_links(request, night),
            "form": form or TableForm(night=night), **draw_context(night, **draw)}


def _tables_with_links(request: HttpRequest, night: Night) -> list[tuple[NightTable, str, str]]:
    """Each table with its full link and that link as a QR code (an inline SVG) to scan."""
    tables = []
    for table in night.tables.all():
        url = request.build_absolute_uri(table.get_absolute_url())
        tables.append((table, url, qr_svg(url)))
    return tables


def _refused(request: HttpRequest, night: Night, **draw: Any) -> HttpResponse:
    return render(request, "leagues/night.html", night_page_context(request, night, **draw),
                  status=INVALID_FORM)


@require_POST
def night_draw(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    night = _get_night_for_organiser(request, pk)
    known = drawing.season_players(night.season)
    form = DrawForm(request.POST, known=known)
    if not form.is_valid():
        return _refused(request, night, draw_form=form)
    try:
        drawing.draw_night(night, form.present(), game=form.cleaned_data["game"],
                           mode=form.cleaned_data["mode"])
    except drawing.DrawRefused as refused:
        return _refused(request, night, draw_form=form, error=refusal_text(str(refused)))
    return _done(night)


@require_POST
def night_arrivals(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    night = _get_night_for_organiser(request, pk)
    known = drawing.season_players(night.season)
    form = PresentForm(request.POST, known=known)
    if not form.is_valid():
        return _refused(request, night, arrivals_form=form)
    drawing.arrive(night, form.present())
    return _done(night)


def _player_here(request: HttpRequest, night: Night) -> Player:
    return get_object_or_404(Player, pk=_int(request.POST.get("player")),
                             league_seats__night=night, league_seats__left=False)


def _int(text: str | None) -> int:
    return int(text) if text and text.isdigit() else 0


@require_POST
def night_leave(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    night = _get_night_for_organiser(request, pk)
    drawing.leave(night, _player_here(request, night))
    return _done(night)


@require_POST
def night_move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    night = _get_night_for_organiser(request, pk)
    player = _player_here(request, night)
    target = request.POST.get("table", "")
    table = None if target == "" else get_object_or_404(NightTable, night=night, pk=_int(target))
    try:
        drawing.move(night, player, table)
    except drawing.DrawRefused as refused:
        return _refused(request, night, error=refusal_text(str(refused)))
    return _done(night)


@require_safe
def night_tables(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The night's page on a player's phone: every table, and theirs first once they said who
    they are (?player=, kept in the link to come back to)."""
    night = get_object_or_404(Night.objects.select_related("season__league"), pk=pk)
    tables, waiting = drawing.shown(night)
    me = _int(request.GET.get("player"))
    mine = next((t for t in tables if any(p.pk == me for p in t.players)), None)
    everyone = sorted([p for t in tables for p in t.players] + waiting, key=lambda p: p.name.casefold())
    return render(request, "leagues/night_tables.html", {
        "night": night, "seating": tables, "waiting": waiting, "me": me, "mine": mine,
        "waits": any(p.pk == me for p in waiting), "everyone": everyone,
        "seat_of_me": next((i + 1 for i, p in enumerate(mine.players) if p.pk == me), None) if mine else None,
    })
