"""The rules pages: one per variant; what they say is built in scorekeeper/rules_page.py."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from engine.rules import VARIANTS
from engine.rules.variants.base import Variant
from scorekeeper.rules_page import (  # noqa: F401 - the pages' sentences, kept importable from here
    CALL_AFTER,
    CALL_WHEN,
    POWER_EFFECTS,
    RULE_STATEMENTS,
    SNAP_FOR_OTHERS,
    SNAP_NO_RETRY,
    SNAP_SEVERAL,
    SNAP_WHO,
    SNAP_WRONG,
    index_call,
    page_context,
    players_label,
)
from scorekeeper.wording.variants import FAMILY_LEADS

# -- views --------------------------------------------------------------------------------

def _variant_or_404(key: str) -> Variant:
    variant = VARIANTS.get(key)
    if variant is None:
        raise Http404(f"no variant {key!r}")
    return variant


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    """Every variant, with its one-line summary and a link to its page."""
    variants = [{"key": v.key, "name": v.name, "lead": FAMILY_LEADS[v.family], "call": index_call(v),
                 "players": players_label(v)} for v in VARIANTS.values()]
    return render(request, "scorekeeper/rules/index.html", {"variants": variants})


@require_safe
def rules_page(request: HttpRequest, variant: str) -> HttpResponse:
    """One variant's rules, built from its declaration."""
    return render(request, "scorekeeper/rules/page.html", page_context(_variant_or_404(variant)))
