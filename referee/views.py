"""Pages of a live table: open, join (code or QR), the table, its log, the reveal."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from engine.cards import JOKER, RANKS, Deck, rank_of, suit_of
from engine.rules import RecordError
from engine.rules.errors import TOP
from engine.table import machine as tbl
from referee.limits import early, guesses
from referee.live import broadcast, sent
from referee.live.messages import update_message
from scorekeeper.actions.rounds import do_add_round
from scorekeeper.entry.adapters import adapter_of, entry_for
from scorekeeper.entry.forms_to_round import EntryForm, MemoryForm
from scorekeeper.entry.formsets import RoundControls
from scorekeeper.entry.preview import (
    Preview,
    entry_context,
    errors_of,
    field_keys,
    preview_round,
    too_many_saves,
)
from scorekeeper.http import (
    INVALID_FORM,
    TOO_MANY_SAVES,
    HtmxHttpRequest,
    actor_of,
    change_refusal,
    device_of,
    get_game_to_change,
    refused_early,
    remember_game,
    remembered_games,
    save_allowed,
)
from scorekeeper.models import REFEREE, Game, Round, RoundTaken, Seat
from scorekeeper.players import regroup
from scorekeeper.players.circle import labels
from scorekeeper.players.me import key_of
from scorekeeper.players.records import player_records
from scorekeeper.qr import qr_svg
from scorekeeper.rules_search import answers
from scorekeeper.rules_search.links import linked, page_of
from scorekeeper.wording.cards import picker_labels, rank_name, rank_text, suits
from scorekeeper.wording.problems import problem_text
from scorekeeper.wording.rulings import card_label
from scorekeeper.wording.text import elided

from .models import (
    TOKEN_AGE,
    JoinRequest,
    LiveTable,
    TableMember,
    normalise_code,
    players_in,
    request_cookie_of,
)
from .reveal import hands_and_extras, miscounted_hands, reveal_form, round_outcome
from .table_page import FEED_LENGTH, folded_feed, page_context, rulings_on_the_point, worded

ENTRY_TEMPLATE = "scorekeeper/entry/round_entry.html"  # the score sheet's partials, shared
COOKIE_AGE = TOKEN_AGE
LOG_PAGE = 50  # events on one page of a table's log
MAX_QUESTION = 300  # characters read of a question about the rules


def request_cookie_name(table: LiveTable) -> str:
    return request_cookie_of(table.code)


def cookie_name(table: LiveTable) -> str:
    return table.member_cookie


def _get_open_table(code: str, request: HttpRequest | None = None) -> LiveTable:
    """The open table of this code; a wrong code counts as one guess of the asking client.

    A client out of guesses gets 429 whatever the code, except at a table it
    knows (it holds a member token of it, or its own join request): a phone is
    never locked out of its own table by its neighbours' typos, or its own."""
    code = normalise_code(code)
    out_of_guesses = request is not None and guesses.exhausted(request)
    if out_of_guesses and not early.may_know(request, code):  # type: ignore[arg-type]
        raise guesses.TooManyGuesses  # refused before any query: a guesser's flood costs a cache read
    table = LiveTable.objects.open().select_related("game").filter(code=code).first()
    if out_of_guesses and not _knows(request, table):  # type: ignore[arg-type]
        raise guesses.TooManyGuesses
    if table is None or table.closed_if_idle():
        if request is not None:
            guesses.count(request)
        raise Http404("no open table with this code")
    return table


def _knows(request: HttpRequest, table: LiveTable | None) -> bool:
    """Does this phone hold the QR's key of the table, a valid member token of it, or its
    pending join request?"""
    if table is None:
        return False
    if constant_time_compare(request.GET.get("key", ""), table.join_key):
        return True
    if _get_member_for_request(request, table) is not None:
        return True
    secret = request.COOKIES.get(request_cookie_name(table))
    return bool(secret) and JoinRequest.objects.filter(table=table, secret=secret).exists()


def _get_member_for_request(request: HttpRequest, table: LiveTable) -> TableMember | None:
    """The phone's membership, from the signed token its cookie holds."""
    return table.member_for_token(request.COOKIES.get(cookie_name(table)))


def _join_url(request: HttpRequest, table: LiveTable) -> str:
    """The QR's link: the code, and the key that spares a phone scanning it every guess limit."""
    return request.build_absolute_uri(f"{reverse('table_join', args=[table.code])}?key={table.join_key}")


def holds_sheet(request: HttpRequest, table: LiveTable) -> bool:
    """May this phone be shown the game's private link (its score sheet, which may change
    the game)? Only when it already holds it: the phone that opened the table, one the
    referee let in (table_wait), one that opened the sheet before. The table's code, or a
    seat taken with it, admits to the table and nothing more (issue 28)."""
    return table.game.token in remembered_games(request)


def _sheet_or_table(request: HttpRequest, table: LiveTable) -> str:
    """Where a phone goes after the table: the sheet when it holds it, else the table."""
    return table.game.get_absolute_url() if holds_sheet(request, table) else reverse("table_page", args=[table.code])


@require_POST
def table_open(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Open the game's live table: its creator is its referee. An open table: choose who this phone is.

    `take_back=1`: a phone that may change the game takes the referee's role back (the
    referee's phone was lost, or its cookie: nobody else could approve a phone or close
    the table); the old referee's tokens stop working and the log says so."""
    game = get_game_to_change(request, token)
    table = LiveTable.open_for(game)
    referees = list(table.holders(tbl.REFEREE))
    if referees and request.POST.get("take_back") != "1":
        return _go(request, reverse("table_join", args=[table.code]))
    for referee in referees:
        table.leave(referee)
    member, _rulings = table.join(tbl.REFEREE)
    if referees:
        _broadcast_latest(table)
    return _with_member(_go(request, reverse("table_page", args=[table.code])), request, table, member)


def _set_table_cookie(response: HttpResponse, request: HttpRequest, name: str, value: str) -> HttpResponse:
    """A table cookie: as long as a token lives, never read by scripts, HTTPS-only over HTTPS."""
    response.set_cookie(name, value, max_age=COOKIE_AGE, samesite="Lax", secure=request.is_secure(),
                        httponly=True)
    return response


def _with_member(response: HttpResponse, request: HttpRequest, table: LiveTable, member: TableMember
                 ) -> HttpResponse:
    return _set_table_cookie(response, request, cookie_name(table), member.token())


@guesses.limited
@require_POST
def table_close(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The referee closes the table: every phone is told, every token of it dies."""
    table = _get_open_table(code, request)
    member = _get_member_for_request(request, table)
    if member is None or member.role != tbl.REFEREE:
        messages.error(request, _("Seul l'arbitre peut fermer la table."))
        return _go(request, reverse("table_join", args=[table.code]))
    table.close()
    broadcast.to_table_on_commit(table.code, sent.TableClosed())
    messages.success(request, _("Table fermée."))
    return _go(request, table.game.get_absolute_url() if holds_sheet(request, table) else reverse("home"))


@guesses.limited
@require_POST
def table_detach(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The referee's way out of a wrong « C'est moi » outside the leagues (a league's game is
    its organisers'): the seat `name` of this game leaves the person behind it, a fresh
    person nobody has claimed (players/regroup.py `detach`). The referee, not any holder of
    the sheet: a holder could otherwise take a game off anyone's page from their chair."""
    table = _get_open_table(code, request)
    member = _get_member_for_request(request, table)
    if member is None or member.role != tbl.REFEREE:
        raise PermissionDenied(_("Seul l'arbitre peut détacher un joueur de cette partie."))
    name = request.POST.get("name", "")
    game = Game.objects.with_players().filter(pk=table.game_id, league_game__isnull=True).first()
    seat = next((s for s in game.seats.all() if (s.name or s.player.name) == name), None) if game else None
    if seat is None:
        messages.error(request, _("Choisissez un joueur de cette partie (celles d'une ligue, ses organisateurs "
                                  "s'en chargent)."))
    else:
        regroup.detach(seat, by=REFEREE + table.code, device=device_of(request))
        messages.success(request, _("%(name)s n'est plus à la personne qui l'avait revendiqué·e : celui ou celle "
                                    "qui est assis·e là peut dire « C'est moi ».") % {"name": name})
    return _go(request, reverse("table_page", args=[table.code]))


def _go(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """A redirect; for HTMX, a whole-page one (htmx would swap the next page into a form)."""
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url)


@guesses.limited
@require_safe
def table_find(request: HtmxHttpRequest) -> HttpResponse:
    """Join with the short code read aloud across the table."""
    raw = request.GET.get("code")
    error = None
    if raw is not None and guesses.exhausted(request):
        raise guesses.TooManyGuesses
    if raw is not None:
        code = normalise_code(raw)
        if LiveTable.objects.open().filter(code=code).exists():
            return _go(request, reverse("table_join", args=[code]))
        guesses.count(request)
        error = _("Aucune table ouverte avec le code « %(code)s ». Vérifiez-le sur le téléphone "
                  "de l'arbitre.") % {"code": raw.strip()[:16]}
    template_name = "referee/find.html"
    if request.htmx:
        template_name += "#find-form"
    return render(request, template_name, {"error": error, "code": (raw or "").strip()[:16]},
                  status=INVALID_FORM if error else 200)


@guesses.limited
@require_http_methods(["GET", "HEAD", "POST"])
def table_join(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Who is this phone: a free seat or a spectator at once; a held seat or the referee's role
    once the referee approves it on their phone. Shows the code and a QR."""
    flooded = _join_flooded(request, code)
    if flooded is not None:
        return _refused(request, code, flooded)
    table = _get_open_table(code, request)
    error, status = None, 200
    if request.method == "POST":
        role, seat = request.POST.get("role", ""), request.POST.get("seat") or None
        try:
            if table.needs_approval(role, seat):
                return _ask_the_referee(request, table, role, seat)
            if not guesses.join_allowed(request, table.code, role):
                raise TableFull(_("Trop de téléphones demandent cette table : réessayez dans une minute."))
            if role == tbl.SPECTATOR and not guesses.spectator_allowed(request, table.code):
                raise TableFull(_("Ce téléphone regarde déjà cette table : retournez-y plutôt."))
            member, _rulings = table.join(role, seat)
        except ValueError:
            error, status = _("Choisissez une place de la table, l'arbitre ou spectateur."), INVALID_FORM
        except TableFull as full:
            error, status = str(full), 429
        else:
            _broadcast_latest(table)
            return _with_member(redirect("table_page", code=table.code), request, table, member)
    join_url = _join_url(request, table)
    held = set(table.members.filter(active=True, role=tbl.SEAT).values_list("seat", flat=True))
    context = {
        "table": table, "game": table.game, "players": table.players(), "error": error, "held": held,
        "has_referee": table.holders(tbl.REFEREE).exists(),
        "join_url": join_url, "qr": qr_svg(join_url),
        "member": _get_member_for_request(request, table), "holds_sheet": holds_sheet(request, table),
    }
    # The game's own phones (its link, and allowed to change it) may take the referee's role back.
    context["may_take_back"] = (context["has_referee"] and table.game.token in remembered_games(request)
                                and change_refusal(request, table.game) is None)
    response = render(request, "referee/join.html", context, status=status)
    if status == 429:
        response["Retry-After"] = str(guesses.WINDOW)
    return response


def _join_flooded(request: HttpRequest, code: str) -> str | None:
    """Why a join is refused, when this device's share or the table's is used up for the
    minute (or the device watches the table already): known from the cache alone, before
    the table is loaded. A phone waiting on its own request is never refused here (asking
    again waits on the same request)."""
    code = normalise_code(code)
    if request.method != "POST" or request.COOKIES.get(request_cookie_of(code)):
        return None
    used_up = guesses.join_used_up(request, code, request.POST.get("role", ""))
    if used_up == "spectators":
        return _("Ce téléphone regarde déjà cette table : retournez-y plutôt.")
    if used_up == "joins":
        return _("Trop de téléphones demandent cette table : réessayez dans une minute.")
    return None


def _refused(request: HttpRequest, code: str, sentence: str) -> HttpResponse:
    """429 with its sentence and the way back to the table's join page, nothing loaded."""
    response = render(request, "referee/refused.html",
                      {"sentence": sentence, "join_url": reverse("table_join", args=[normalise_code(code)])},
                      status=429)
    response["Retry-After"] = str(guesses.WINDOW)
    return response


class TableFull(Exception):
    """A cap of the table refuses this phone for now; the message says which."""


def _ask_the_referee(request: HttpRequest, table: LiveTable, role: str, seat: str | None) -> HttpResponse:
    """The referee's phones are asked; this phone waits on a page that asks again every few seconds.

    One pending request per device (its cookie): asking again waits on the same one. At
    most JOIN_REQUESTS_PENDING wait at a table, and JOINS_PER_TABLE a minute reach it."""
    pending = JoinRequest.objects.filter(table=table, status=JoinRequest.PENDING)
    if pending.filter(secret=request.COOKIES.get(request_cookie_name(table), "-")).exists():
        return redirect("table_wait", code=table.code)
    if pending.count() >= settings.JOIN_REQUESTS_PENDING:
        raise TableFull(_("L'arbitre a déjà %(count)s demandes à traiter : réessayez dans un moment.")
                        % {"count": pending.count()})
    if not guesses.join_allowed(request, table.code, role):
        raise TableFull(_("Trop de téléphones demandent cette table : réessayez dans une minute."))
    ask = table.ask_to_join(role, seat)
    broadcast.to_table_on_commit(table.code, sent.JoinRequested(sent.Request(**ask.as_message())))
    return _set_table_cookie(redirect("table_wait", code=table.code), request, request_cookie_name(table),
                             ask.secret)


@guesses.limited
@require_safe
def table_wait(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Waiting for the referee: in once approved (the membership cookie is set here), or told no."""
    table = _get_open_table(code, request)
    ask = JoinRequest.objects.filter(table=table, secret=request.COOKIES.get(request_cookie_name(table), "-")
                                     ).first()
    if ask is None:
        return redirect("table_join", code=table.code)
    if ask.status == JoinRequest.APPROVED and ask.member is not None:
        remember_game(request, table.game)  # seated by the referee: the sheet's link too
        response = _with_member(_go(request, reverse("table_page", args=[table.code])), request, table, ask.member)
        response.delete_cookie(request_cookie_name(table))
        return response
    template_name = "referee/wait.html"
    if request.htmx:
        template_name += "#wait"
    return render(request, template_name, {"table": table, "ask": ask})


@guesses.limited
@require_safe
def table_page(request: HtmxHttpRequest, code: str) -> HttpResponse:
    table = _get_open_table(code, request)
    member = _get_member_for_request(request, table)
    if member is None:
        return redirect("table_join", code=table.code)
    state = table.state()
    rules = table.game.rules
    context = {
        "table": table, "game": table.game, "member": member, "state": state,
        "token": member.token(), "holds_sheet": holds_sheet(request, table), "rules": rules, "reveals_hands": entry_for(rules).reveals_hands,
        "reveal_counts": entry_for(rules).reveal_counts,
        "ranks": _ranks(rules.deck), "suits": _suits(rules.deck), "card_labels": picker_labels(),
        "can_act": member.role != tbl.SPECTATOR,
        "players": state.players,
        "ws_path": f"/ws/tables/{table.code}/",
        "feed": folded_feed(table.game.variant, table.recent_rulings(FEED_LENGTH)),
        **page_context(table.game.variant, state),
        "credit_caps": sorted({50, 100, 150, 250, round(table.credit_cap * 1000)}),
        "credit_cap_ms": round(table.credit_cap * 1000),
    }
    return render(request, "referee/table.html", context)


@guesses.limited
@require_safe
def table_ask(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A question about the rules at the table: the table's own rulings on the point first,
    then the game's rules page (scorekeeper/rules_search)."""
    table = _get_open_table(code, request)
    if _get_member_for_request(request, table) is None:
        return redirect("table_join", code=table.code)
    question = request.GET.get("q", "").strip()[:MAX_QUESTION]
    found = answers(question, table.game.variant) if question else []
    rulings = rulings_on_the_point(table.game.variant, table.recent_rulings(FEED_LENGTH),
                                   [a.anchor for a in found])
    context = {"question": question, "variant": table.game.variant, "answers": linked(found),
               "rulings": rulings, "page_url": page_of(question, table.game.variant)}
    return render(request, "scorekeeper/rules/answers.html", context)


@require_safe
def player_page(request: HtmxHttpRequest) -> HttpResponse:
    """A player's records over the games this phone knows (?player=12, or ?name=Ana from a
    sheet), never anybody else's: a player in none of them is not found. Players are people,
    not names (issue 30): two of one name among these games (after a split) are listed and
    counted apart, told apart as their groups tell them (circle.labels); a bare name that
    means two of them asks which. Here rather than in the scoring app because it counts the
    snaps won at the games' live tables too."""
    name, pk = request.GET.get("name", "")[:40], request.GET.get("player", "")
    games = list(Game.objects.filter(token__in=remembered_games(request), abandoned_at__isnull=True)
                 .with_players().prefetch_related("rounds", "live_tables"))
    seats = [seat for game in games for seat in game.seats.all()]
    shown = labels({seat.player_id: seat.player for seat in seats}.values())
    if pk.isdigit():
        chosen = [seat for seat in seats if str(seat.player_id) == pk]
    elif name:
        chosen = [seat for seat in seats if (seat.name or seat.player.name) == name]
    else:  # /players/ itself: the players this phone knows, each a link to their page
        return render(request, "referee/players.html", {"people": _listed(seats, shown)})
    if len({seat.player_id for seat in chosen}) > 1:  # « Marie » is two people here: which?
        return render(request, "referee/players.html", {"people": _listed(chosen, shown), "which": name})
    if not chosen:
        raise Http404("no game of this phone has this player")
    names = {seat.game_id: seat.name or seat.player.name for seat in chosen}
    theirs = [game for game in games if game.pk in names]
    records = player_records(names[theirs[0].pk], theirs, names)
    records.snaps_won = sum(table.snaps_won().get(names[game.pk], 0) for game in records.games
                            for table in game.live_tables.all())
    # Its games outside leagues, which this phone may split off (a league's are its organisers').
    own = set(Game.objects.filter(pk__in=[g.pk for g in records.games], league_game__isnull=True)
              .values_list("pk", flat=True))
    return render(request, "referee/player.html",
                  {"records": records, "label": shown[chosen[0].player_id],
                   "splittable": [g for g in records.games if g.pk in own],
                   "claimed_here": _claimed_here(request, records.games, records.name)})


def _listed(seats: list[Seat], shown: dict[int, str]) -> list[tuple[str, str]]:
    """Each player of these seats once: their label and their page's query."""
    players = {seat.player_id: seat.player for seat in seats}
    return sorted(((shown[pk], "?" + urlencode({"name": player.name, "player": pk}))
                   for pk, player in players.items()), key=lambda entry: entry[0].casefold())


def _claimed_here(request: HttpRequest, games: list[Game], name: str) -> bool:
    """This phone said « C'est moi » on this name in one of these games: it may take it back."""
    key = key_of(request)
    seat = key.claimed_seat if key is not None else None
    return seat is not None and seat.game_id in {g.pk for g in games} and (seat.name or seat.player.name) == name


@guesses.limited
@require_safe
def table_log(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Every event with its rulings; `?at=21:14:03` replays the table up to that moment."""
    table = _get_open_table(code, request)
    if _get_member_for_request(request, table) is None:
        return redirect("table_join", code=table.code)
    raw = request.GET.get("at", "").strip()
    until, error = _moment(table, raw) if raw else (None, None)
    last = table.last_seq() if until is None else (
        table.events.filter(at__lte=until).order_by("-seq").values_list("seq", flat=True).first() or 0)
    pages = max(1, -(-last // LOG_PAGE))
    page = _page(request.GET.get("page"), pages)
    history = table.history(until, first=(page - 1) * LOG_PAGE + 1, last=page * LOG_PAGE)
    state = table.state(until) if until is not None else None
    entries = [{"event": e, "member": e.member, "rulings": [worded(table.game.variant, r) for r in rs]}
               for e, rs in history]
    context = {"table": table, "entries": entries, "at": raw, "until": until, "error": error,
               "page": page, "pages": pages, "previous": page - 1 if page > 1 else None,
               "next": page + 1 if page < pages else None,
               "state": state, "pile_top": card_label(state.pile_top) if state and state.pile_top else None}
    template_name = "referee/log.html"
    if request.htmx:
        template_name += "#log"
    return render(request, template_name, context, status=INVALID_FORM if error else 200)


@guesses.limited
@require_http_methods(["GET", "HEAD", "POST"])
def table_reveal(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The end of a round: hands in, the round goes to the score sheet with the penalties.

    The hands are entered as on the score sheet (its entry layer, partials and card
    picker); `preview=1` answers the live preview without saving."""
    if early.reveal_flooded(request, normalise_code(code)):
        return refused_early(request)  # before the table, its game, its state or the form is loaded
    table = _get_open_table(code, request)
    early.remember_game(table.code, table.game.token)
    member = _get_member_for_request(request, table)
    if member is None:
        return redirect("table_join", code=table.code)
    game = table.game
    if not entry_for(game.rules).reveals_hands or member.role == tbl.SPECTATOR:
        messages.info(request, _("Ici, la manche se saisit sur la feuille de score."))
        return redirect(_sheet_or_table(request, table))
    # The reveal writes the round on the score sheet: the sheet's own guard holds here too
    # (a league game: its table's link or an organiser, while its night is open).
    refusal = change_refusal(request, game)
    if refusal is not None:
        raise PermissionDenied(refusal)
    state = table.state()
    controls = RoundControls(request.POST)
    meant = controls.round_meant()
    already_on_the_sheet = meant is not None and meant <= game.rounds.count()  # answered below
    if not tbl.may_reveal(state, member.role) and not already_on_the_sheet:
        # A player's phone offers the reveal once the round is over (the referee may end
        # it at any time): a player's reveal sent earlier would end everyone's round.
        messages.info(request, _("La manche n’est pas finie : les mains se révèlent quand elle l’est."))
        return _go(request, reverse("table_page", args=[table.code]))
    players = game.player_names()
    last = game.rounds.last()
    form = reveal_form(game.rules, players, state, request.POST if request.method == "POST" else None,
                       teams=game.teams, previous=last and last.data)
    preview = None
    throttled = False
    miscounted: dict[str, tuple[int, int]] = {}
    if request.method == "POST" and not controls.saving() and not controls.previewing():
        adapter_of(form).apply(form, controls.tapped())  # canasta's "+ Pose": a field more, nothing saved
        context = _reveal_context(table, form, state, None, controls.request_id_or_new())
        context["round_number"] = controls.round_meant() or context["round_number"]
        return render(request, "referee/reveal.html" + ("#reveal-form" if request.htmx else ""), context)
    if request.method == "POST":
        hands, extras = hands_and_extras(form, players)
        data = tbl.round_data(state, hands, extras)
        miscounted = miscounted_hands(hands, tbl.expected_cards(state))
        if controls.previewing():
            preview = _reveal_preview(game, form, data)
            _warn_miscounted(preview, miscounted, players)
            context = _reveal_context(table, form, state, preview, None)
            context["oob"] = True
            return render(request, ENTRY_TEMPLATE + "#preview-response", context)
        throttled = not save_allowed(request, game)
        try:
            if throttled:  # a flood of saves: refused in place, the form kept
                preview = too_many_saves()
            elif miscounted and not controls.hands_confirmed():
                # Saved only once a player confirms the hands the table did not expect.
                preview = _warn_miscounted(Preview(checked=True), miscounted, players)
                taken = None
            else:
                taken = _save_reveal(table, member, hands, extras, data, form, request, controls)
        except RecordError as error:
            preview = Preview(errors=_shown(errors_of(error, form, players, problem_text), form), checked=True)
        if preview is None:
            if taken is not None:  # another phone's reveal of this round got there first
                messages.info(request, _("La manche %(number)s vient d’être enregistrée par un autre "
                                         "téléphone.") % {"number": taken.number})
            else:
                messages.success(request, _("Manche ajoutée à la feuille de score."))
            return _go(request, _sheet_or_table(request, table))
    context = _reveal_context(table, form, state, preview, controls.request_id_or_new())
    context["miscounted"] = bool(miscounted)
    context["round_number"] = controls.round_meant() or context["round_number"]
    template_name = "referee/reveal.html"
    if request.htmx:
        template_name += "#reveal-form"
    status = INVALID_FORM if request.method == "POST" else 200
    if throttled:
        status = TOO_MANY_SAVES
    return render(request, template_name, context, status=status)


@guesses.limited
@require_safe
def table_round(request: HtmxHttpRequest, code: str, number: int) -> HttpResponse:
    """A revealed round as every phone of the table shows it: each side's points and new
    total, with the link to why. Fetched by each phone when the reveal's update reaches it."""
    table = _get_open_table(code, request)
    if _get_member_for_request(request, table) is None:
        raise Http404("not a member of this table")
    sheet = holds_sheet(request, table)
    rows = round_outcome(table.game, number, with_why=sheet)
    if rows is None:
        raise Http404(f"round {number} is not on the sheet")
    return render(request, "referee/round_result.html",
                  {"table": table, "game": table.game, "number": number, "rows": rows, "holds_sheet": sheet,
                   "next_dealer": table.game.next_dealer()})


def _warn_miscounted(preview: Preview, miscounted: dict[str, tuple[int, int]], players: list[str]) -> Preview:
    """Each miscounted hand's message beside its block ("hand-<seat>")."""
    for player, (expected, entered) in miscounted.items():
        preview.errors.setdefault(f"hand-{players.index(player)}", []).append(
            elided(_("La table a vu %(expected)s cartes dans la main de %(player)s ; %(entered)s sont saisies. "
                     "Corrigez la main, ou cochez « mains vérifiées » si la table n'a pas tout vu.")
                   % {"expected": expected, "player": player, "entered": entered}))
    return preview


def _reveal_preview(game: Game, form: EntryForm, data: dict[str, Any]) -> Preview:
    """The points the round would score with the table's penalties, or the problems."""
    preview = preview_round(game, form, data, game.rounds.count() + 1)
    preview.errors = _shown(preview.errors, form)
    return preview


def _shown(errors: dict[str, list[str]], form: EntryForm) -> dict[str, list[str]]:
    """The problems beside their fields; those of a field the reveal does not show (the
    announcer: the table's caller) at the top, never in a slot nobody sees."""
    shown = set(field_keys(form)) - {"announcer"}
    placed: dict[str, list[str]] = {}
    for key, sentences in errors.items():
        placed.setdefault(key if key in shown else TOP, []).extend(sentences)
    return placed


def _reveal_context(table: LiveTable, form: EntryForm, state: tbl.TableState, preview: Preview | None,
                    request_id: Any) -> dict[str, Any]:
    game = table.game
    variant = game.rules
    preview = preview or Preview()
    # The announcer is the table's caller and has no field here: its messages go on top.
    if "announcer" in preview.errors:
        preview.errors.setdefault("top", []).extend(preview.errors.pop("announcer"))
    return entry_context(form, variant, preview, [k for k in field_keys(form) if k != "announcer"]) | {
        "table": table, "game": game, "state": state,
        "players": game.player_names(), "announcer_known": True,
        # Cards the table saw in each hand: a memory game's (canasta's sides are counted).
        "expected": tbl.expected_cards(state) if isinstance(form, MemoryForm) else {},
        "penalties": state.penalty_cards,
        "wrong_snaps": state.wrong_snaps, "request_id": request_id,
        "preview_url": reverse("table_reveal", args=[table.code]),
        # The sheet's round this reveal makes: a second phone revealing it too saves nothing.
        "round_number": game.rounds.count() + 1,
    }


def _save_reveal(table: LiveTable, member: TableMember, hands: dict[str, Any], extras: dict[str, Any],
                 data: dict[str, Any], form: EntryForm, request: HttpRequest,
                 controls: RoundControls) -> RoundTaken | None:
    """The round, saved as the sheet saves one (scorekeeper.actions), and the reveal event
    in its transaction: both or neither (RecordError saves nothing).

    Idempotent per round: the form names the sheet's round it reveals, so a second
    phone (or tap) revealing the same round stores nothing and moves the table on
    by nothing; the same request sent again finds its round and its event."""

    def record_the_reveal(saved: Round) -> None:
        if table.events.filter(kind="reveal", payload__round=saved.number).exists():
            return  # this very reveal, sent again: the sheet and the table have it
        game = Game.objects.get(pk=table.game.pk)
        table.record("reveal", {"hands": hands, "extras": extras, "round": saved.number,
                                "players_after": players_in(game)}, member)
        _broadcast_latest(table)

    try:
        do_add_round(table.game, data, actor=actor_of(request, table.game), form=form,
                     request_id=controls.posted_request_id(), number=controls.round_meant(),
                     also=record_the_reveal)
    except RoundTaken as taken:
        return taken
    return None


def _broadcast_latest(table: LiveTable) -> None:
    """After the commit, tell every phone of the table (an event recorded by a page)."""
    def latest() -> dict[str, Any] | None:
        replays = table.replays_after(table.last_seq() - 1)
        if not replays:
            return None
        seq, state, rulings = replays[-1]
        return update_message(seq, state.to_json(), rulings)

    broadcast.to_table_on_commit(table.code, latest)


def _page(raw: str | None, pages: int) -> int:
    """The log page asked for (1 is the oldest), the latest one when none or nonsense is asked."""
    try:
        return min(max(int(raw or pages), 1), pages)
    except ValueError:
        return pages


def _moment(table: LiveTable, raw: str) -> tuple[datetime | None, str | None]:
    """"21:14:03" on the evening the table was opened (local time), or an error."""
    try:
        clock = time.fromisoformat(raw)
    except ValueError:
        clock = None
    if clock is None or clock.tzinfo is not None:  # "12:00Z": the table's clock has no zone to name
        return None, _("« %(at)s » n'est pas une heure (par exemple 21:14:03).") % {"at": raw[:20]}
    opened = timezone.localtime(table.created_at)
    moment = timezone.make_aware(datetime.combine(opened.date(), clock))
    if moment < opened - timedelta(minutes=1):
        moment += timedelta(days=1)  # after midnight
    return moment + timedelta(microseconds=999_999 if clock.microsecond == 0 else 0), None


def _ranks(deck: Deck | None) -> list[tuple[str, str, str]]:
    """(rank, as the page writes it, as it is said) for the ranks the deck holds, the joker last."""
    present = {rank_of(c) for c in (deck.codes if deck else ())}
    return [(r, rank_text(r), rank_name(r)) for r in (*RANKS, JOKER) if r in present]


def _suits(deck: Deck | None) -> list[tuple[str, str, bool, str]]:
    """(code, symbol, red, name in the page's language) for the suits the deck holds."""
    present = {suit_of(c) for c in (deck.codes if deck else ())}
    return [suit for suit in suits() if suit[0] in present]
