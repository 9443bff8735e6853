"""Ask the rules: GET /rules/search/?q=QUESTION&variant=KEY.

JSON for tools (`Accept: application/json`): {"answers": [{"variant", "anchor", "text"}]},
best first. Otherwise HTML: the answers alone for htmx, a whole page without it (the
question box works without JavaScript).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from engine.rules import VARIANTS
from scorekeeper.rules_search import answers
from scorekeeper.rules_search.links import linked, page_of, several_games

MAX_QUESTION = 300  # characters read of a question: a sentence, not a page


@require_safe
def rules_search(request: HttpRequest) -> HttpResponse:
    question = request.GET.get("q", "").strip()[:MAX_QUESTION]
    variant = request.GET.get("variant")
    variant = variant if variant in VARIANTS else None  # a game we do not know: every game
    found = answers(question, variant) if question else []
    if "application/json" in request.headers.get("Accept", ""):
        return JsonResponse({"answers": [{"variant": a.variant, "anchor": a.anchor, "text": a.text}
                                         for a in found]})
    context = {"question": question, "variant": variant, "answers": linked(found),
               "page_url": page_of(question, variant), "several_games": several_games(found, variant),
               "ask_games": [{"key": v.key, "name": v.name} for v in VARIANTS.values()]}
    if getattr(request, "htmx", False):
        return render(request, "scorekeeper/rules/answers.html", context)
    return render(request, "scorekeeper/rules/search.html", context)
