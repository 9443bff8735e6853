"""A game out as the spec's record JSON or as CSV; a record JSON in as a new game."""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from engine.rules import Problem, RecordError, load_record
from scorekeeper.actions.actor import Actor
from scorekeeper.actions.game import do_import_game
from scorekeeper.http import (
    INVALID_FORM,
    HtmxHttpRequest,
    client_redirect,
    device_of,
    get_game_for_request,
    remember_game,
    remembered_games,
)
from scorekeeper.models import MAX_ROUNDS, Game, checked_record
from scorekeeper.players.circle import Circle, Seating
from scorekeeper.sheet.csv_export import csv_instead_of_record, game_csv
from scorekeeper.wording.problems import problem_line

# A 1,000-round record of 8 players (MAX_ROUNDS) is about 200 KB; pasted text counts too.
MAX_IMPORT_BYTES = 512 * 1024


def _filename(game: Game, extension: str) -> str:
    return f"marque-carte-{game.variant}-{game.pk}.{extension}"


@require_safe
def game_export_json(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The record of section 2 of the spec. A download: an HTMX request gets the same file."""
    game = get_game_for_request(request, token)
    # With its people (v1.2): an import elsewhere seats each name on the same person.
    body = json.dumps(game.record() | {"people": game.people()}, ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(body.encode("utf-8"), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(game, "json")}"'
    return response


@transaction.atomic
def _import(request: HttpRequest, record: Any) -> Game:
    """The record saved, each name on this phone's circle's person: by its `people` id
    (game-record v1.2), else by name as a seat is (scorekeeper/players/circle.py)."""
    read = checked_record(record).game
    seating = Seating(Circle.of_games(remembered_games(request)))
    seated = seating.seat(read.players, read.people)
    if isinstance(seated, list):  # someone the circle knows twice, with no id: as before
        seated = {}
    else:
        seating.save()
    return do_import_game(record, actor=Actor(device=device_of(request), user=request.user), seated=seated)


@require_safe
def game_export_csv(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The sheet for a spreadsheet (see scorekeeper/sheet/csv_export.py). Same file for HTMX."""
    game = get_game_for_request(request, token)
    response = HttpResponse(game_csv(game).encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(game, "csv")}"'
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def game_import(request: HtmxHttpRequest) -> HttpResponse:
    """Upload or paste a record: a new game, or every problem listed and nothing saved."""
    errors: list[str] = []
    pasted = ""
    if request.method == "POST":
        try:
            pasted = request.POST.get("record", "")
            upload = request.FILES.get("file")
        except RequestDataTooBig:
            errors = [_too_big()]
        else:
            text, errors = _read_input(upload, pasted)
            table = csv_instead_of_record(text) if text is not None else None
            if table is not None:
                errors = problem_lines([table])
            elif text is not None:
                try:
                    game = _import(request, load_record(text))
                except RecordError as exc:
                    errors = _problem_lines(exc)
                else:
                    remember_game(request, game)
                    return client_redirect(request, game.get_absolute_url())
    template_name = "scorekeeper/import.html"
    if request.htmx:
        template_name += "#form"
    context = {"errors": errors, "pasted": pasted[:MAX_IMPORT_BYTES], "max_kb": MAX_IMPORT_BYTES // 1024}
    return render(request, template_name, context, status=INVALID_FORM if errors else 200)


def _read_input(upload, pasted: str) -> tuple[str | bytes | None, list[str]]:
    """The record's text from the file (preferred) or the text area, or why there is none."""
    if upload is not None:
        if upload.size > MAX_IMPORT_BYTES:
            return None, [_too_big()]
        data = upload.read()
        if not data.strip():
            return None, [_("Le fichier est vide.")]
        return data, []  # load_record decodes it and says where it is not UTF-8
    if len(pasted.encode("utf-8")) > MAX_IMPORT_BYTES:
        return None, [_too_big()]
    if not pasted.strip():
        return None, [_("Choisissez un fichier ou collez le JSON d'une partie.")]
    return pasted, []


def _problem_lines(error: RecordError) -> list[str]:
    return problem_lines(error.problems)


def problem_lines(problems: list[Problem]) -> list[str]:
    """One line per problem in the interface language, saying which round when it is in one."""
    return [problem_line(p) for p in problems]


def _too_big() -> str:
    return _("Le fichier ou le texte dépasse %(kb)s Ko : une partie de Marque-carte en pèse bien "
             "moins (%(rounds)s manches au plus).") % {"kb": MAX_IMPORT_BYTES // 1024, "rounds": MAX_ROUNDS}


def import_too_big(request: HtmxHttpRequest) -> HttpResponse:
    """The import form with its own message, for a request refused before the view ran
    (Django's DATA_UPLOAD_MAX_MEMORY_SIZE: a huge pasted text; see scorekeeper/views/errors.py)."""
    template_name = "scorekeeper/import.html" + ("#form" if request.htmx else "")
    return render(request, template_name, {"errors": [_too_big()], "pasted": "",
                                           "max_kb": MAX_IMPORT_BYTES // 1024}, status=INVALID_FORM)
