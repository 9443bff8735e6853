"""Headers every answer carries beyond Django's own (a scanner's rules, issue 28).

- Permissions-Policy: no camera, microphone, place, payment or USB for anyone; the
  screen's wake lock (the tables keep the screen on) and sharing (the result's image)
  for this site only.
- Cross-Origin-Resource-Policy: our pages, images and files are for our own pages.
- X-Robots-Tag: noindex on every URL that carries a secret (a game's private link, a
  live table's code, a league table's link, an invitation): a link pasted somewhere
  public must not end up in a search engine's index.

nginx adds the static files' own (tools/deploy/nginx.conf.template).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

PERMISSIONS_POLICY = ("camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
                      "screen-wake-lock=(self), web-share=(self)")
# /games/<token>/…, /tables/<code>/…, /leagues/t/<token>/…, /leagues/invite/<secret>/,
# /players/ (a phone's own records); not /games/new/, /games/import/ nor /tables/join/.
SECRET_URL = re.compile(r"^/(games/(?!new/|import/)[^/]+/|tables/(?!join/)[^/]+/|leagues/(t|invite)/[^/]+/|players/)")


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.headers.setdefault("Cross-Origin-Resource-Policy", "same-origin")
        if SECRET_URL.match(request.path):
            response.headers["X-Robots-Tag"] = "noindex, nofollow"
        return response
