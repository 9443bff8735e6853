"""Scoring without a network, the server's side: the service worker at the site's root,
the page shown for anything the phone has not kept, and the answers to rounds sent
from the phone's queue (static/js/round-queue.js).

A queued round says so with the X-Round-Queue header and is answered in JSON rather
than with a page: the queue may be sent by the service worker, with no page to swap.
- stored (200): the round's number; a repeated request id answers the round already stored.
- conflict (409): another phone changed that round since; both rounds' numbers, rendered
  in the phone's language, and where to send "replace" or "add as the next round".
- refused (422): the engine's reasons (the game ended meanwhile, a hand is missing...).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scorekeeper.models import Game, Round

# The worker is the queue's code and its own, one file: Background Sync sends the queue
# with no page open, and importScripts could not follow production's hashed names.
WORKER = ("js/round-queue.js", "js/sw.js")
QUEUE_HEADER = "X-Round-Queue"
COMPARE_TEMPLATE = "scorekeeper/entry/round_compare.html"


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/round-queue.js and static/js/sw.js at /sw.js. A worker's scope is its URL's
    folder: from /static/js/ it could not serve the game pages offline. Never cached by
    the browser, so a new version is picked up on the next visit."""
    paths = [finders.find(name) for name in WORKER]
    if not all(paths):
        raise Http404("no service worker")
    source = b"\n".join(Path(path).read_bytes() for path in paths)  # type: ignore[arg-type]
    response = HttpResponse(source, content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    """What the service worker shows for a page the phone has not kept, in the language
    of the visit that kept it; static/js/offline.js lists the games kept on the phone."""
    return render(request, "offline.html")


# -- rounds sent from the phone's queue ------------------------------------------------


def is_queued(request: HttpRequest) -> bool:
    return request.headers.get(QUEUE_HEADER) == "1"


def stored(game: Game, round_: Round) -> JsonResponse:
    return JsonResponse({"state": "stored", "number": round_.number, "sheet": game.get_absolute_url()})


def _taken_title(taken: dict[str, Any]) -> str:
    if not taken["exists"]:
        return _("La feuille a changé entre-temps : rien n’a été enregistré.")
    if taken["edited"]:
        return _("La manche %(number)s vient d’être modifiée par %(who)s.") % taken
    return _("La manche %(number)s vient d’être enregistrée par %(who)s.") % taken


def conflict(request: HttpRequest, context: dict[str, Any]) -> JsonResponse:
    """`context` is the entry page's, with `taken` (its `compare` included)."""
    taken = context["taken"]
    return JsonResponse({
        "state": "conflict",
        "number": taken["number"],
        "exists": taken["exists"],
        "title": _taken_title(taken),
        "compare": render_to_string(COMPARE_TEMPLATE, {"compare": taken["compare"]}, request),
        "version": taken["version"],
        "edit_url": context["edit_url"],
        "new_url": context["new_url"],
        "mine_valid": taken["compare"].mine_valid,
    }, status=409)


def refused(errors: dict[str, list[str]]) -> JsonResponse:
    reasons = [message for messages in errors.values() for message in messages]
    return JsonResponse({"state": "refused", "reasons": reasons}, status=422)
