"""Answers with the address of their paragraph on the rules page."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from engine.rules import VARIANTS

from .index import Answer
from .question.games import read


def linked(found: list[Answer]) -> list[dict[str, Any]]:
    """Each answer as a page shows it: text, game name, link to its anchor."""
    return [{"variant": a.variant, "name": VARIANTS[a.variant].name, "anchor": a.anchor,
             "text": a.text, "url": _url(a.variant, a.anchor), "fact": a.fact,
             "also": [{"name": VARIANTS[v].name, "url": _url(v, anchor)} for v, anchor in a.also]}
            for a in found]


def _url(variant: str, anchor: str) -> str:
    return f"{reverse('rules_page', args=[variant])}#{anchor}"


def page_of(question: str, variant: str | None) -> str | None:
    """The rules page offered when nothing answers: the game chosen, or the one the
    question names; None when neither (every game's list is offered)."""
    game = read(question, variant if variant in VARIANTS else None).game
    return reverse("rules_page", args=[game]) if game else None


def several_games(found: list[Answer], variant: str | None) -> bool:
    """Every game searched and the answers come from several games: the rules differ by
    game, and the box says so above them (each answer names its game)."""
    return variant not in VARIANTS and len({a.variant for a in found}) > 1
