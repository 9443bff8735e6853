"""A page, not an empty 405, for a GET on an address that only takes a form.

Such addresses (a season's, a night's, a table's « new », an abandon…) answer a GET with
Django's bare 405: the browser's own error page, in English, with no way back. A phone gets
there by reloading a refused form or opening a link kept in its history. It gets our page
instead, in its language, with a link back to where it came from. htmx's requests and
other methods keep the bare answer.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


class FormOnlyAddressMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or request.method != "GET" or getattr(request, "htmx", False):
            return response
        page = render(request, "405.html", status=405)
        page["Allow"] = response.get("Allow", "POST")
        return page
