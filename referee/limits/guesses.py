"""Join-code guesses, limited per client: six letters are found by trying only if trying is cheap.

Each wrong code a client looks up (the code form, a table's URL) counts in the
cache for a minute; past GUESSES a minute, every table lookup of that client is
answered 429 until the minute is over. With 31^6 codes and a handful of open
tables, ten guesses a minute find one in about three thousand years.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

GUESSES = 10  # wrong codes a minute, per client
WINDOW = 60  # seconds


class TooManyGuesses(Exception):
    """This client tried too many wrong codes in the last minute."""


def _key(request: HttpRequest) -> str:
    # REMOTE_ADDR: behind a proxy, the deploy recipe sets it from the proxy's header.
    return f"referee.limits.guesses.{request.META.get('REMOTE_ADDR', '')}"


def exhausted(request: HttpRequest) -> bool:
    return int(cache.get(_key(request), 0)) >= GUESSES


def count(request: HttpRequest) -> None:
    key = _key(request)
    if not cache.add(key, 1, WINDOW):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, WINDOW)


def limited(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view, answering 429 with a sentence while its client is out of guesses."""
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except TooManyGuesses:
            message = _("Trop de codes essayés : attendez une minute avant de réessayer.")
            response = render(request, "referee/find.html", {"error": message, "code": ""}, status=429)
            response["Retry-After"] = str(WINDOW)
            return response
    return wrapper
