"""Answers with the address of their paragraph on the rules page."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from engine.rules import VARIANTS

from .index import Answer


def linked(found: list[Answer]) -> list[dict[str, Any]]:
    """Each answer as a page shows it: text, game name, link to its anchor."""
    return [{"variant": a.variant, "name": VARIANTS[a.variant].name, "anchor": a.anchor,
             "text": a.text, "url": f"{reverse('rules_page', args=[a.variant])}#{a.anchor}"}
            for a in found]
