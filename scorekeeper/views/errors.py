"""Answers for requests refused before their view ran."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views import defaults

from scorekeeper.views.game.records import import_too_big


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A pasted record bigger than Django reads (DATA_UPLOAD_MAX_MEMORY_SIZE) is refused by
    the CSRF check before the import view runs: answer with the import form and its own
    message rather than a bare 400. Anything else: Django's 400 page."""
    if isinstance(exception, RequestDataTooBig) and request.path == reverse("game_import"):
        return import_too_big(request)  # type: ignore[arg-type]
    return defaults.bad_request(request, exception)
