"""Cards in templates, as the page's language writes them: {{ code|card }} -> "R♥",
{{ codes|cards }} -> "R♥ 3♠", {{ code|card_name }} -> "roi de cœur"."""

from __future__ import annotations

from typing import Any

from django import template

from scorekeeper.wording import cards as card_names

register = template.Library()


@register.filter
def card(code: Any) -> str:
    return card_names.card_text(code)


@register.filter
def cards(codes: Any) -> str:
    if isinstance(codes, str):  # "QS QH / KS": each code written, anything else kept
        codes = codes.split()
    return card_names.cards_text(codes or ())


@register.filter
def card_name(code: Any) -> str:
    return card_names.card_name(code)
