"""Names the sentences quote: Cactus Game plays and characters, JSON types and the
shapes a record's fields take."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scorekeeper.rules.cards import JOKER

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
    "flag": _("vrai ou faux (true ou false)"),
    "cards_by_player": _("un objet joueur : carte"),
    "counts_by_player": _("un objet joueur : nombre"),
}
