"""Entering a round: a new one, a correction of an earlier one, and the live preview.

The views only move data between the request, the form's state (scorekeeper.entry)
and the Game methods that save; the engine judges every round.

Choice for the phone: the page is rendered by the server; a small script
(static/js/card-picker.js) toggles picked cards into the hand fields and greys out
cards already used this round, without a round-trip, so a tap feels instant. Only the
preview (points, and the engine's messages beside their fields) and the structural
changes (add a meld, a play, a Stop) go to the server, through HTMX.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import push_url, reselect, reswap, retarget

from scorekeeper.entry.forms_to_round import (
    CHARACTERS,
    PLAY_KINDS,
    EntryForm,
    apply_action,
    blank_form,
    from_round,
    read_form,
    to_round,
)
from scorekeeper.entry.picker import picker_deck
from scorekeeper.entry.players import players_in_round, totals_before_round
from scorekeeper.entry.preview import Preview, attach_errors, build_preview, errors_of, field_keys
from scorekeeper.entry.turns import next_player
from scorekeeper.explain import FACE_RANKS, problem_text
from scorekeeper.explain import number as written_number
from scorekeeper.form_errors import INVALID_FORM
from scorekeeper.models import Game, Round
from scorekeeper.rules import RecordError
from scorekeeper.views.common import HtmxHttpRequest, device_of, get_game_for_user
from scorekeeper.views.sheet import SHEET_TEMPLATE, league_table, sheet_context

TEMPLATE = "scorekeeper/entry/round_entry.html"
SAVE = "save"


def _get_round_for_user(request: HttpRequest, game: Game, number: int) -> Round:
    """Round `number` of a game the visitor may change (see get_game_for_user), or 404."""
    return get_object_or_404(game.rounds, number=number)


def _request_id(request: HttpRequest) -> uuid.UUID:
    """The id the form was rendered with: a second tap on "save" posts it again."""
    try:
        return uuid.UUID(request.POST.get("request_id", ""))
    except ValueError:
        return uuid.uuid4()


# -- the form of a round ---------------------------------------------------------------


def _in_round(game: Game, number: int) -> list[str]:
    results = [r.result for r in game.rounds.all()]
    return players_in_round(game.variant, game.player_names(), totals_before_round(results, number))


def _form_from_post(request: HttpRequest, game: Game, number: int) -> EntryForm:
    return read_form(game.rules, game.player_names(), request.POST,
                     in_round=_in_round(game, number), teams=game.teams)


def _preview(game: Game, form: EntryForm, number: int, editing: bool) -> tuple[dict[str, Any], Preview]:
    """The round object and the engine's verdict on it."""
    players = game.player_names()
    data = to_round(form, players)
    try:
        result = game.preview(data, number if editing else None)
    except RecordError as error:
        return data, Preview(errors=errors_of(error, form, players, problem_text), checked=True)
    if editing:
        stored = _stored_round(game, number)
        return data, build_preview(result, number, before=stored.result, totals_before=game.totals,
                                   fmt=written_number)
    return data, build_preview(result, number, fmt=written_number)


def _stored_round(game: Game, number: int) -> Round:
    return next(r for r in game.rounds.all() if r.number == number)


def _context(game: Game, form: EntryForm, number: int, *, editing: bool, preview: Preview | None,
             request_id: uuid.UUID | None, confirm: bool = False) -> dict[str, Any]:
    pk = game.pk
    variant = game.rules
    preview = preview or Preview()
    keys = field_keys(form)
    return {
        "game": game,
        "variant": variant,
        "form": form,
        "number": number,
        "editing": editing,
        "preview": preview,
        "errors": attach_errors(form, preview),
        "slots": preview.slots(keys),
        "request_id": request_id,
        "confirm": confirm,
        "deck": picker_deck(variant, _card_labels()),
        # Cactus-tas: only a player above the call limit (without cactus) draws a card.
        "cactus_limit": (variant.call.threshold if variant.call and "draws" in variant.round_extras
                         else None),
        "players": game.player_names(),
        "play_kinds": PLAY_KINDS,
        "characters": CHARACTERS,
        "sheet_url": game.get_absolute_url(),
        "action_url": (reverse("round_edit", args=[pk, number]) if editing
                       else reverse("round_new", args=[pk])),
        "preview_url": reverse("round_preview", args=[pk]),
    }


def _card_labels() -> dict[str, str]:
    """Ranks as players read them in the active language (R, D, V in French), and the
    suits' names for screen readers."""
    return {rank: str(label) for rank, label in FACE_RANKS.items()} | {
        "JK": _("Joker"), "S": _("pique"), "H": _("cœur"), "D": _("carreau"), "C": _("trèfle")}


def _render(request: HtmxHttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    template_name = TEMPLATE
    if request.htmx:
        template_name += "#entry"
    return render(request, template_name, context, status=status)


def _saved(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """Back to the sheet. Over HTMX the sheet's page replaces the form's <main> in place
    (its URL pushed): no new page to load, parse and connect, which took a save ->
    row from 230-280 ms to under 150 ms (docs/benchmarks.md)."""
    url = game.get_absolute_url()
    if not request.htmx:
        return redirect(url)
    game.refresh_from_db()
    context = {**sheet_context(game), "league_table": league_table(game)}
    response = render(request, SHEET_TEMPLATE, context)
    return push_url(reselect(retarget(reswap(response, "outerHTML"), "#main"), "#main"), url)


# -- the views -------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def round_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """GET: an empty round. POST: save it (action "save"), or change the form's shape."""
    game = get_game_for_user(request, pk)
    number = game.rounds.count() + 1
    if request.method != "POST":
        if game.finished:  # no form to fill in: the sheet says who won and offers a rematch
            messages.info(request, _("La partie est terminée : aucune manche ne s’ajoute."))
            return _saved(request, game)
        last = game.rounds.last()
        form = blank_form(game.rules, game.player_names(), in_round=_in_round(game, number),
                          teams=game.teams, next_player=next_player(game.player_names(), last and last.data),
                          previous=last and last.data)
        return _render(request, _context(game, form, number, editing=False, preview=None,
                                         request_id=uuid.uuid4()))
    form = _form_from_post(request, game, number)
    request_id = _request_id(request)
    action = request.POST.get("action", SAVE)
    if action != SAVE:
        apply_action(form, action)
        preview = _preview(game, form, number, editing=False)[1]
        return _render(request, _context(game, form, number, editing=False, preview=preview,
                                         request_id=request_id))
    data = to_round(form, game.player_names())
    try:
        game.add_round(data, request_id=request_id, device=device_of(request), user=request.user)
    except RecordError as error:
        preview = Preview(errors=errors_of(error, form, game.player_names(), problem_text), checked=True)
        return _render(request, _context(game, form, number, editing=False, preview=preview,
                                         request_id=request_id), status=INVALID_FORM)
    return _saved(request, game)


@require_http_methods(["GET", "HEAD", "POST"])
def round_edit(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """GET: the stored round in the form. A first POST shows what the change does to the
    points and totals and asks to confirm; a POST with confirm=1 saves it."""
    game = get_game_for_user(request, pk)
    stored = _get_round_for_user(request, game, number)
    if request.method != "POST":
        form = from_round(game.rules, game.player_names(), stored.data,
                          in_round=_in_round(game, number), teams=game.teams)
        preview = _preview(game, form, number, editing=True)[1]  # the round as it stands
        return _render(request, _context(game, form, number, editing=True, preview=preview,
                                         request_id=None))
    form = _form_from_post(request, game, number)
    action = request.POST.get("action", SAVE)
    if action != SAVE:
        apply_action(form, action)
    data, preview = _preview(game, form, number, editing=True)
    if action != SAVE or not preview.valid:
        return _render(request, _context(game, form, number, editing=True, preview=preview,
                                         request_id=None), status=200 if action != SAVE else INVALID_FORM)
    if request.POST.get("confirm") != "1":
        return _render(request, _context(game, form, number, editing=True, preview=preview,
                                         request_id=None, confirm=True))
    try:
        game.edit_round(number, data, device=device_of(request), user=request.user)
    except RecordError as error:  # another phone changed the game in between
        preview = Preview(errors=errors_of(error, form, game.player_names(), problem_text), checked=True)
        return _render(request, _context(game, form, number, editing=True, preview=preview,
                                         request_id=None), status=INVALID_FORM)
    return _saved(request, game)


@require_POST
def round_preview(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The points the form's round would score, and the engine's messages beside their
    fields (swapped out of band). Saves nothing."""
    game = get_game_for_user(request, pk)
    count = game.rounds.count()
    # Only the edit page posts "edit": a new round stays new even when another phone
    # has meanwhile saved the round it was numbered as.
    try:
        number = int(request.POST.get("edit", ""))
    except ValueError:
        number = 0
    editing = 1 <= number <= count
    number = number if editing else count + 1
    form = _form_from_post(request, game, number)
    preview = _preview(game, form, number, editing=editing)[1]
    context = _context(game, form, number, editing=editing, preview=preview, request_id=None)
    context["oob"] = True
    return render(request, TEMPLATE + "#preview-response", context)
