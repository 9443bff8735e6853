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
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import push_url, reswap, retarget

from engine.rules import RecordError
from scorekeeper.actions.rounds import do_add_round, do_edit_round
from scorekeeper.entry.adapters import adapter_of, entry_for
from scorekeeper.entry.forms_to_round import CHARACTERS, PLAY_KINDS, SET_CHARACTERS, EntryForm
from scorekeeper.entry.formsets import RoundControls
from scorekeeper.entry.preview import (
    Preview,
    entry_context,
    errors_of,
    field_keys,
    preview_round,
    too_many_saves,
)
from scorekeeper.entry.turns import next_player
from scorekeeper.http import (
    INVALID_FORM,
    TOO_MANY_SAVES,
    HtmxHttpRequest,
    actor_of,
    get_game_for_request,
    get_game_to_change,
    refused_early,
    save_allowed,
    saves_used_up,
)
from scorekeeper.models import Game, Round, RoundTaken
from scorekeeper.sheet.compare import compare_round
from scorekeeper.sheet.live import Handoff, answered_with_the_sheet, language_of
from scorekeeper.sheet.page import SHEET_PARTIAL, SHEET_TEMPLATE, sheet_context
from scorekeeper.views import offline as queue
from scorekeeper.views.game.sheet import league_table, share_context
from scorekeeper.wording.problems import problem_text
from scorekeeper.wording.round_text import device_label

TEMPLATE = "scorekeeper/entry/round_entry.html"


def _get_round_for_user(request: HttpRequest, game: Game, number: int) -> Round:
    """Round `number` of a game the visitor may change (see get_game_for_request), or 404."""
    return get_object_or_404(game.rounds, number=number)


def _taken(error: RoundTaken) -> dict[str, Any]:
    """What the page says when another phone saved the round first, and who did."""
    change = error.change
    who = (change.author or device_label(change.device)) if change is not None else ""
    return {"number": error.number, "who": who or _("un autre téléphone"),
            "edited": change is not None and change.action == change.EDITED,
            "exists": change is not None and change.action != change.UNDONE,
            "version": change.version if change is not None else None}


# -- the form of a round ---------------------------------------------------------------


def _form_from_post(request: HttpRequest, game: Game, number: int) -> EntryForm:
    return entry_for(game.rules).read(game.rules, game.player_names(), request.POST,
                                      in_round=game.players_in_round(number), teams=game.teams)


def _preview(game: Game, form: EntryForm, number: int, editing: bool) -> tuple[dict[str, Any], Preview]:
    """The round object and the engine's verdict on it."""
    data = adapter_of(form).to_round(form, game.player_names())
    return data, preview_round(game, form, data, number, editing=editing)


def _context(game: Game, form: EntryForm, number: int, *, editing: bool, preview: Preview | None,
             request_id: uuid.UUID | None, confirm: bool = False, version: int | None = None,
             taken: dict[str, Any] | None = None) -> dict[str, Any]:
    token = game.token
    preview = preview or Preview()
    return entry_context(form, game.rules, preview, field_keys(form)) | {
        "game": game,
        "number": number,
        "editing": editing,
        "request_id": request_id,
        "confirm": confirm,
        # Which round this form means and the game's version it was drawn from: a save
        # from a stale page is told who saved first instead of being stored twice.
        "version": game.version if version is None else version,
        "taken": taken,
        "edit_url": reverse("round_edit", args=[token, number]),
        "players": game.player_names(),
        "play_kinds": PLAY_KINDS,
        "characters": CHARACTERS, "set_characters": SET_CHARACTERS,
        "sheet_url": game.get_absolute_url(),
        "action_url": (reverse("round_edit", args=[token, number]) if editing
                       else reverse("round_new", args=[token])),
        "new_url": reverse("round_new", args=[token]),
        "preview_url": reverse("round_preview", args=[token]),
    }


def _render(request: HtmxHttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    template_name = TEMPLATE
    if request.htmx:
        template_name += "#entry"
    return render(request, template_name, context, status=status)


def _saved(request: HtmxHttpRequest, game: Game, handoff: Handoff | None = None) -> HttpResponse:
    """Back to the sheet. Over HTMX what the sheet page's <main> holds (and its title)
    replaces the form's <main> in place, its URL pushed: no new page to load, parse and
    connect (docs/benchmarks.md, "Live sheet").

    The sheet partial is rendered once, without this phone's request (no CSRF field:
    htmx sends the page's X-CSRFToken), and handed to the live sheet, which sends the
    same bytes to the game's other phones in this language instead of rendering them
    again. A pending message (the partial shows them) makes it this phone's alone."""
    url = game.get_absolute_url()
    if not request.htmx:
        return redirect(url)
    rounds = game.rounds_in_order  # kept by the change that was just saved: no query
    context = sheet_context(game, rounds=rounds)
    if len(get_messages(request)):
        sheet_html = render_to_string(SHEET_PARTIAL, context, request)
    else:
        sheet_html = render_to_string(SHEET_PARTIAL, context)
        if handoff is not None:
            handoff.publish(game, rounds, {language_of(get_language()): sheet_html})
    context |= share_context(request, game) | {"league_table": league_table(game), "sheet_html": sheet_html}
    response = render(request, SHEET_TEMPLATE + "#saved", context)
    # At the top: the totals, and the game-over banner, are what the player looks for after a save.
    return push_url(retarget(reswap(response, "innerHTML show:window:top"), "#main"), url)


# -- the views -------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def round_new(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """GET: an empty round. POST: save it (action "save"), or change the form's shape.

    The form posts the round it means (`round_number`): when another phone saved that
    round first, nothing is stored and the page shows both rounds and offers to keep
    theirs, to replace it with this one, or to add this one as the next round.
    `round_number=next` (a round kept offline) is numbered here, as the next round."""
    if _flood(request, token):
        return refused_early(request)
    game = get_game_to_change(request, token)
    controls = RoundControls(request.POST)
    number = controls.round_meant() or game.rounds.count() + 1
    if request.method != "POST":
        if game.finished:  # no form to fill in: the sheet says who won and offers a rematch
            messages.info(request, _("La partie est terminée : aucune manche ne s’ajoute."))
            return _saved(request, game)
        last = game.rounds.last()
        form = entry_for(game.rules).blank(
            game.rules, game.player_names(), in_round=game.players_in_round(number), teams=game.teams,
            next_player=next_player(game.player_names(), last and last.data), previous=last and last.data)
        return _render(request, _context(game, form, number, editing=False, preview=None,
                                         request_id=uuid.uuid4()))
    count = game.rounds.count()
    form = _form_from_post(request, game, min(number, count + 1))
    request_id = controls.request_id_or_new()
    version = controls.drawn_at(game.version)
    if not controls.saving():
        adapter_of(form).apply(form, controls.tapped())
        preview = _preview(game, form, count + 1, editing=False)[1] if number == count + 1 else None
        if preview is not None and not preview.valid:
            preview = None  # a row added is no mistake: red comes once the player fills it in
        return _render(request, _context(game, form, number, editing=False, preview=preview,
                                         request_id=request_id, version=version))
    data = adapter_of(form).to_round(form, game.player_names())
    return _store(request, game, form, number, editing=False, preview=None, request_id=request_id,
                  version=version, change=lambda: do_add_round(
                      game, data, actor=actor_of(request, game), form=form, request_id=request_id,
                      number=None if controls.means_next() else number))


@require_http_methods(["GET", "HEAD", "POST"])
def round_edit(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    """GET: the stored round in the form. A first POST shows what the change does to the
    points and totals and asks to confirm; a POST with confirm=1 saves it, unless another
    phone changed that round since the form was drawn (its `version`): then the page says
    who, and confirming again saves over their change."""
    if _flood(request, token):
        return refused_early(request)
    game = get_game_to_change(request, token)
    stored = _get_round_for_user(request, game, number)
    if request.method != "POST":
        form = entry_for(game.rules).from_round(game.rules, game.player_names(), stored.data,
                                                in_round=game.players_in_round(number), teams=game.teams)
        preview = _preview(game, form, number, editing=True)[1]  # the round as it stands
        return _render(request, _context(game, form, number, editing=True, preview=preview,
                                         request_id=None))
    form = _form_from_post(request, game, number)
    controls = RoundControls(request.POST)
    version = controls.drawn_at(game.version)
    if not controls.saving():
        adapter_of(form).apply(form, controls.tapped())
    data, preview = _preview(game, form, number, editing=True)
    if controls.saving() and not preview.valid and queue.is_queued(request):
        return queue.refused(preview.errors)
    if not controls.saving() or not preview.valid:
        return _render(request, _context(game, form, number, editing=True, preview=preview,
                                         request_id=None, version=version),
                       status=INVALID_FORM if controls.saving() else 200)
    if not controls.confirmed():
        return _render(request, _context(game, form, number, editing=True, preview=preview,
                                         request_id=None, confirm=True, version=version))
    return _store(request, game, form, number, editing=True, preview=preview, request_id=None,
                  version=version, change=lambda: do_edit_round(
                      game, number, data, actor=actor_of(request, game), form=form, version=version))


def _flood(request: HttpRequest, token: str) -> bool:
    """A save from a device (or to a game) that used up the minute's saves: known from the
    cache alone, before any query."""
    return request.method == "POST" and RoundControls(request.POST).saving() and saves_used_up(request, token)


def _store(request: HtmxHttpRequest, game: Game, form: EntryForm, number: int, *, editing: bool,
           preview: Preview | None, request_id: Any, version: Any, change: Callable[[], Any]) -> HttpResponse:
    """Make the change (add or edit a round) and answer with the sheet; if another phone
    took that round first, the form shows both rounds, says who and offers the choice; if
    the engine refuses the round (the game changed in between), the form shows why,
    beside its fields. A round sent from the phone's queue (static/js/round-queue.js) is
    answered the same way in JSON (scorekeeper/views/offline.py)."""
    if not save_allowed(request, game):  # a flood of saves: refused in place, the form kept
        response = _render(request, _context(game, form, number, editing=editing, preview=too_many_saves(),
                                              request_id=request_id, version=version), status=TOO_MANY_SAVES)
        response["Retry-After"] = "10"
        return response
    with answered_with_the_sheet() as handoff:
        try:
            stored = change()
        except RoundTaken as error:
            game.refresh_from_db()
            taken = _taken(error)
            taken["compare"] = compare_round(game, error.number,
                                             adapter_of(form).to_round(form, game.player_names()))
            context = _context(game, form, number, editing=editing, preview=preview,
                               request_id=request_id, version=taken["version"], taken=taken)
            if queue.is_queued(request):
                return queue.conflict(request, context)
            return _render(request, context)
        except RecordError as error:
            refused = Preview(errors=errors_of(error, form, game.player_names(), problem_text,
                                               round_number=number if editing else None), checked=True)
            if queue.is_queued(request):
                return queue.refused(refused.errors)
            return _render(request, _context(game, form, number, editing=editing, preview=refused,
                                             request_id=request_id, version=version), status=INVALID_FORM)
        if queue.is_queued(request):
            return queue.stored(game, stored)
        return _saved(request, game, handoff)


@require_POST
def round_preview(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The points the form's round would score, and the engine's messages beside their
    fields (swapped out of band). Saves nothing."""
    game = get_game_for_request(request, token)
    count = game.rounds.count()
    # Only the edit page posts "edit": a new round stays new even when another phone
    # has meanwhile saved the round it was numbered as.
    number = RoundControls(request.POST).edited_round() or 0
    editing = 1 <= number <= count
    number = number if editing else count + 1
    form = _form_from_post(request, game, number)
    preview = _preview(game, form, number, editing=editing)[1]
    context = _context(game, form, number, editing=editing, preview=preview, request_id=None)
    context["oob"] = True
    return render(request, TEMPLATE + "#preview-response", context)
