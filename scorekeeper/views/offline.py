"""The service worker, served from the site's root so it may control every page."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.http import FileResponse, Http404, HttpRequest
from django.views.decorators.http import require_safe

WORKER = "js/sw.js"


@require_safe
def service_worker(request: HttpRequest) -> FileResponse:
    """static/js/sw.js at /sw.js. A worker's scope is its URL's folder: from /static/js/ it
    could not serve the game pages offline. Never cached by the browser, so a new version
    is picked up on the next visit."""
    path = finders.find(WORKER)
    if not path:
        raise Http404("no service worker")
    response = FileResponse(open(path, "rb"), content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
