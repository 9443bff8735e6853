"""A game out as the spec's record JSON or as CSV; a record JSON in as a new game."""

from __future__ import annotations

import json

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.csv_export import game_csv
from scorekeeper.explain import problem_text
from scorekeeper.form_errors import INVALID_FORM
from scorekeeper.models import Game
from scorekeeper.rules import Problem, RecordError, load_record
from scorekeeper.views.common import HtmxHttpRequest, device_of, get_game_for_user

MAX_IMPORT_BYTES = 2 * 1024 * 1024  # a 10,000-round record is about 1 MB


def _filename(game: Game, extension: str) -> str:
    return f"marque-carte-{game.variant}-{game.pk}.{extension}"


@require_safe
def game_export_json(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The record of section 2 of the spec. A download: an HTMX request gets the same file."""
    game = get_game_for_user(request, pk)
    body = json.dumps(game.record(), ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(body.encode("utf-8"), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(game, "json")}"'
    return response


@require_safe
def game_export_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The sheet for a spreadsheet (see scorekeeper/csv_export.py). Same file for HTMX."""
    game = get_game_for_user(request, pk)
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
            if text is not None:
                try:
                    game = Game.create_from_record(load_record(text), device=device_of(request),
                                                   user=request.user)
                except RecordError as exc:
                    errors = _problem_lines(exc)
                else:
                    if request.htmx:
                        return HttpResponseClientRedirect(game.get_absolute_url())
                    return redirect(game)
    template_name = "scorekeeper/import.html"
    if request.htmx:
        template_name += "#form"
    context = {"errors": errors, "pasted": pasted[:MAX_IMPORT_BYTES], "max_mb": MAX_IMPORT_BYTES // 2**20}
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


# Problems the models add to the engine's (scorekeeper/models.py); explain.py words the engine's.
MODEL_PROBLEMS = {
    "players.same_name_ignoring_case": gettext_lazy("« %(player)s » et « %(other)s » ne diffèrent que par "
                                             "les majuscules : pour Marque-carte, c'est la même personne."),
    "name.control_character": gettext_lazy("Le nom « %(player)s » contient un caractère invisible de contrôle."),
}


def problem_lines(problems: list[Problem]) -> list[str]:
    """One line per problem in the interface language, saying which round when it is in one."""
    return [(_("Manche %(number)s : %(problem)s") % {"number": p.round, "problem": _problem(p)})
            if p.round is not None else _problem(p)
            for p in problems]


def _problem(problem: Problem) -> str:
    ours = MODEL_PROBLEMS.get(problem.code or "")
    if ours is not None:
        return str(ours) % {k: str(v).replace("\x00", "\\0") for k, v in problem.params.items()}
    return problem_text(problem)


def _too_big() -> str:
    return _("Le fichier dépasse %(mb)s Mo : ce n'est pas une partie enregistrée par "
             "Marque-carte.") % {"mb": MAX_IMPORT_BYTES // 2**20}
