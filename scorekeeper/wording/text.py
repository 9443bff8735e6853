"""How a sentence's parameters are written in the page's language: numbers with the
language's decimal mark and a true minus, cards in the page's notation, lists."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils import formats
from django.utils.translation import get_language

from scorekeeper.card_names import card_text
from scorekeeper.rules import get_variant
from scorekeeper.rules.variants.base import CACTUS_GAME, CANASTA

from .names import CACTUS_GAME_CARDS, CHARACTER_NAMES

MINUS = "\u2212"  # the typographic minus: "−5" reads better than "-5" on a score sheet
MISSING = "…"  # what a placeholder the caller did not provide shows as (never a KeyError)
SIGNED = frozenset({CANASTA})  # families whose round points are sums of signed parts


def number(value: Any, signed: bool = False) -> str:
    """A number the way the active language writes it: 21,5 in French, 21.5 in English."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value) if isinstance(value, int) else formats.number_format(value, use_l10n=True)
    if text.startswith("-"):
        return MINUS + text[1:]
    return f"+{text}" if signed and value > 0 else text


class Params(dict):
    """Parameters as text; a placeholder the sentence wants but nobody gave shows as "…"."""

    def __missing__(self, key: str) -> str:
        return MISSING


def _family(variant_key: str) -> str:
    variant = get_variant(variant_key)
    return variant.family if variant is not None else ""


def param_text(key: str, value: Any, variant_key: str = "") -> str:
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, (int, float)):
        return number(value, signed=(key == "points" and _family(variant_key) in SIGNED))
    if key == "card" and _family(variant_key) == CACTUS_GAME:  # a play, not a playing card
        return str(CACTUS_GAME_CARDS.get(value, value))
    if key == "card":
        return card_text(value)
    if key == "cards":
        return " ".join(card_text(c) for c in value)
    if key == "characters":
        return ", ".join(str(CHARACTER_NAMES.get(c, c)) for c in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value).replace("\x00", "\\0")  # a NUL in a typed name would cut the page short


def format_params(params: Mapping[str, Any], variant_key: str = "", player: str | None = None) -> Params:
    out = Params({k: param_text(k, v, variant_key) for k, v in params.items()})
    if player is not None:
        out.setdefault("player", player)
    return out


# « de »/« que » before a vowel: our French sentences never have one (a test checks the
# catalogue), so only a filled-in name meets it: « la main de Ana » -> « la main d’Ana ».
_BEFORE_VOWEL = re.compile(r"\b([Dd]|[Qq]u)e (?=[AEIOUaeiouÀÂÉÈÊËÎÏÔÖÙÛÜàâéèêëîïôöùûü])")


def elided(text: str) -> str:
    """A sentence with its names filled in, with French elision where a name asks for it."""
    if not (get_language() or "").startswith("fr"):
        return text
    return _BEFORE_VOWEL.sub(r"\1’", text)
