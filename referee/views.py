"""Pages of a live table: open, join (code or QR), the table, its log, the reveal."""

from __future__ import annotations

import uuid
from datetime import datetime, time, timedelta
from typing import Any

import segno
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.form_errors import INVALID_FORM
from scorekeeper.models import Game
from scorekeeper.rules import RecordError
from scorekeeper.views.common import HtmxHttpRequest

from . import table as tbl
from .consumers import update_message
from .describe import card_label, describe
from .models import LiveTable, TableMember, normalise_code, players_in
from .reveal import RevealForm

COOKIE_AGE = 60 * 60 * 24 * 2  # a long evening of cards, and the morning after


def cookie_name(table: LiveTable) -> str:
    return f"referee_{table.code}"


def _get_open_table(code: str) -> LiveTable:
    return get_object_or_404(LiveTable.objects.open().select_related("game"), code=normalise_code(code))


def _get_member_for_request(request: HttpRequest, table: LiveTable) -> TableMember | None:
    """The phone's membership, from the signed token its cookie holds."""
    return table.member_for_token(request.COOKIES.get(cookie_name(table)))


def _join_url(request: HttpRequest, table: LiveTable) -> str:
    return request.build_absolute_uri(reverse("table_join", args=[table.code]))


@require_POST
def table_open(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Open (or reopen) the game's live table, then choose who this phone is."""
    game = get_object_or_404(Game, pk=pk)
    table = LiveTable.open_for(game)
    return _go(request, reverse("table_join", args=[table.code]))


def _go(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """A redirect; for HTMX, a whole-page one (htmx would swap the next page into a form)."""
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url)


@require_safe
def table_find(request: HtmxHttpRequest) -> HttpResponse:
    """Join with the short code read aloud across the table."""
    raw = request.GET.get("code")
    error = None
    if raw is not None:
        code = normalise_code(raw)
        if LiveTable.objects.open().filter(code=code).exists():
            return _go(request, reverse("table_join", args=[code]))
        error = _("Aucune table ouverte avec le code « %(code)s ». Vérifiez les 6 caractères.") % {
            "code": raw.strip()[:12]}
    template_name = "referee/find.html"
    if request.htmx:
        template_name += "#find-form"
    return render(request, template_name, {"error": error, "code": (raw or "").strip()[:12]},
                  status=INVALID_FORM if error else 200)


@require_http_methods(["GET", "HEAD", "POST"])
def table_join(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Who is this phone: a seat, the referee or a spectator. Shows the code and a QR."""
    table = _get_open_table(code)
    error = None
    if request.method == "POST":
        role, seat = request.POST.get("role", ""), request.POST.get("seat") or None
        try:
            member, _rulings = table.join(role, seat)
        except ValueError:
            error = _("Choisissez une place de la table, l'arbitre ou spectateur.")
        else:
            _broadcast_latest(table)
            response = redirect("table_page", code=table.code)
            response.set_cookie(cookie_name(table), member.token(), max_age=COOKIE_AGE, samesite="Lax",
                                secure=request.is_secure(), httponly=True)
            return response
    join_url = _join_url(request, table)
    context = {
        "table": table, "game": table.game, "players": table.players(), "error": error,
        "join_url": join_url, "qr": segno.make(join_url, error="m").svg_inline(scale=5, dark="#1d1b18",
                                                                               light="#ffffff"),
        "member": _get_member_for_request(request, table),
    }
    return render(request, "referee/join.html", context, status=INVALID_FORM if error else 200)


@require_safe
def table_page(request: HtmxHttpRequest, code: str) -> HttpResponse:
    table = _get_open_table(code)
    member = _get_member_for_request(request, table)
    if member is None:
        return redirect("table_join", code=table.code)
    state = table.state()
    rules = table.game.rules
    deck = rules.deck.codes if rules.deck else ()
    context = {
        "table": table, "game": table.game, "member": member, "state": state,
        "token": member.token(), "rules": rules,
        "ranks": _ranks(deck), "suits": _suits(deck),
        "can_act": member.role != tbl.SPECTATOR,
        "players": state.players,
        "ws_path": f"/ws/tables/{table.code}/",
        "rulings": _recent_rulings(table),
        "snap_limits": sorted({2.0, 3.0, 5.0, 8.0, state.snap_limit}),
    }
    return render(request, "referee/table.html", context)


@require_safe
def table_log(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Every event with its rulings; `?at=21:14:03` replays the table up to that moment."""
    table = _get_open_table(code)
    if _get_member_for_request(request, table) is None:
        return redirect("table_join", code=table.code)
    raw = request.GET.get("at", "").strip()
    until, error = _moment(table, raw) if raw else (None, None)
    history = table.history(until)
    state = table.state(until) if until is not None else None
    entries = [{"event": e, "member": e.member, "rulings": [describe(r) for r in rs]} for e, rs in history]
    context = {"table": table, "entries": entries, "at": raw, "until": until, "error": error,
               "state": state, "pile_top": card_label(state.pile_top) if state and state.pile_top else None}
    template_name = "referee/log.html"
    if request.htmx:
        template_name += "#log"
    return render(request, template_name, context, status=INVALID_FORM if error else 200)


@require_http_methods(["GET", "HEAD", "POST"])
def table_reveal(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The end of a round: hands in, the round goes to the score sheet with the penalties."""
    table = _get_open_table(code)
    member = _get_member_for_request(request, table)
    if member is None:
        return redirect("table_join", code=table.code)
    game = table.game
    if game.rules.family != "memory" or member.role == tbl.SPECTATOR:
        messages.info(request, _("Ici, la manche se saisit sur la feuille de score."))
        return redirect(game.get_absolute_url())
    state = table.state()
    form = RevealForm(state, request.POST or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        data = tbl.round_data(state, form.hands(), form.extras())
        try:
            _save_reveal(table, member, form, data, request)
        except RecordError as error:
            problems = [str(p) for p in error.problems]
        else:
            messages.success(request, _("Manche ajoutée à la feuille de score."))
            return _go(request, game.get_absolute_url())
    context = {"table": table, "game": game, "form": form, "state": state, "problems": problems,
               "expected": tbl.expected_cards(state), "penalties": state.penalty_cards,
               "wrong_snaps": state.wrong_snaps, "request_id": request.POST.get("request_id") or uuid.uuid4()}
    template_name = "referee/reveal.html"
    if request.htmx:
        template_name += "#reveal-form"
    status = INVALID_FORM if request.method == "POST" else 200
    return render(request, template_name, context, status=status)


def _save_reveal(table: LiveTable, member: TableMember, form: RevealForm, data: dict[str, Any],
                 request: HttpRequest) -> None:
    """The round and the reveal event together, or neither (RecordError saves nothing)."""
    request_id = _uuid_or_none(request.POST.get("request_id"))
    with transaction.atomic():
        table.game.add_round(data, request_id=request_id, device=request.headers.get("user-agent", "")[:200],
                             user=request.user)
        game = Game.objects.get(pk=table.game.pk)
        table.record("reveal", {"hands": form.hands(), "extras": form.extras(),
                                "players_after": players_in(game)}, member)
        _broadcast_latest(table)


def _broadcast_latest(table: LiveTable) -> None:
    """After the commit, tell every phone of the table (an event recorded by a page)."""
    def send() -> None:
        event = table.events.order_by("-seq").first()
        if event is None:
            return
        history = table.history()
        rulings = history[-1][1] if history else []
        message = update_message(event.seq, table.state().to_json(), rulings)
        async_to_sync(get_channel_layer().group_send)(f"table.{table.code}", message)

    transaction.on_commit(send)


def _uuid_or_none(raw: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(raw))
    except ValueError:
        return None


def _moment(table: LiveTable, raw: str) -> tuple[datetime | None, str | None]:
    """"21:14:03" on the evening the table was opened (local time), or an error."""
    try:
        clock = time.fromisoformat(raw)
    except ValueError:
        return None, _("« %(at)s » n'est pas une heure (par exemple 21:14:03).") % {"at": raw[:20]}
    opened = timezone.localtime(table.created_at)
    moment = timezone.make_aware(datetime.combine(opened.date(), clock))
    if moment < opened - timedelta(minutes=1):
        moment += timedelta(days=1)  # after midnight
    return moment + timedelta(microseconds=999_999 if clock.microsecond == 0 else 0), None


def _recent_rulings(table: LiveTable) -> list[str]:
    return [describe(r) for _, rs in table.history()[-30:] for r in rs][::-1]


def _ranks(deck: tuple[str, ...]) -> list[str]:
    from scorekeeper.rules.cards import RANKS, rank_of

    present = {rank_of(c) for c in deck}
    return [r for r in RANKS if r in present] + (["JK"] if "JK" in present else [])


def _suits(deck: tuple[str, ...]) -> list[tuple[str, str]]:
    from scorekeeper.rules.cards import SUITS

    from .describe import SUIT_SIGNS

    return [(s, SUIT_SIGNS[s]) for s in SUITS if any(c.endswith(s) for c in deck if c != "JK")]
