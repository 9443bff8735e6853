"""How a sentence's parameters are written in the page's language: numbers with the
language's decimal mark and a true minus, cards in the page's notation, lists; and the
names the sentences quote (Cactus Game plays and characters, JSON types, the shapes a
record's fields take)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils import formats
from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from engine.cards import JOKER
from engine.rules import get_variant
from engine.rules.variants.base import CACTUS_GAME, CANASTA
from scorekeeper.wording.cards import card_text

CACTUS_GAME_CARDS: dict[str, Promise] = {
    "set": _("une série"),
    "free_point": _("Point gratuit"),
    "steal_point": _("Vol de Point"),
    "draw_three": _("Pioche 3"),
    "draw": _("la pioche d'une carte"),
    "swap_hands": _("Échange de mains"),
    "look_and_steal": _("Regarde et vole"),
    "ask_card": _("Demande de carte"),
    "steal_card": _("Vol de carte"),
}
# The action cards as printed on the French cards (Blue Orange's edition), which the rules
# page quotes so that a player finds the card in hand; English pages say the English names.
PRINTED_CARD_NAMES: dict[str, Promise] = {
    "free_point": _("Point gratuit"),
    "swap_hands": _("Échangez"),
    "look_and_steal": _("Regardez et piquez"),
    "draw_three": _("Piochez 3x"),
    "steal_point": _("Piquez 1 point"),
    "ask_card": _("Demandez une carte"),
    "steal_card": _("Piquez une carte"),
    "stop": _("Stop"),
}
CHARACTER_NAMES = {"charlie": "Charlie", "spike": "Spike", "walter": "Walter", JOKER: _("Joker"),
                   "joker": _("Joker")}

# A JSON value's type, as problems say what a field held (shapes.type_code).
TYPE_NAMES: dict[str, Promise] = {
    "null": _("rien (null)"),
    "true": _("vrai (true)"),
    "false": _("faux (false)"),
    "number": _("un nombre"),
    "text": _("du texte"),
    "list": _("une liste"),
    "object": _("un objet"),
    "other": _("une valeur inconnue"),
}
# What a field should have held (the `expected` of a field.shape problem).
SHAPE_NAMES: dict[str, Promise] = {
    "object": _("un objet"),
    "list": _("une liste"),
    "names": _("une liste de noms"),
    "players": _("une liste de joueurs"),
    "cards": _("une liste de cartes"),
    "melds": _("une liste de poses"),
    "hands": _("un objet joueur : main"),
    "teams": _("un objet équipe : [deux joueurs]"),
    "people": _("un objet joueur : identifiant de personne"),
    "flag": _("vrai ou faux (true ou false)"),
    "cards_by_player": _("un objet joueur : carte"),
    "counts_by_player": _("un objet joueur : nombre"),
}


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
