"""Each variant's own words: the line that presents it when choosing a game.

The one place outside the engine where a variant key is written: a variant that is not
here (a new one, or one registered by a test) still works, with an empty line until its
wording is registered with `register`. Numbers are never typed into the sentences: they
come from the declaration's `numbers` (`%(call_limit)s`), so a rule changes in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scorekeeper.explain import number  # the one number formatter (moving to wording.text)


@dataclass(frozen=True, slots=True)
class VariantWording:
    blurb: Promise | str = ""  # one line, to choose the game at a glance; the rules pages say the rest


WORDING: dict[str, VariantWording] = {
    "cactus": VariantWording(_("Mémoire : la plus petite main, à %(call_limit)s ou moins, gagne la manche.")),
    "cactus-tas": VariantWording(_("Cactus où chaque main sans cactus pioche des kilos ; le 7 remet à zéro.")),
    "tamalou": VariantWording(_("Mémoire : annoncez « Tamalou » avec la plus petite main ; le plus petit "
                                "total gagne.")),
    "koubo": VariantWording(_("Jeu de 32 cartes : %(call_won)s pour une annonce réussie, %(call_lost)s pour "
                              "une ratée.")),
    "dutch": VariantWording(_("Chacun marque sa main ; à %(out_at)s points on est éliminé, le dernier en jeu "
                              "gagne.")),
    "tamoul": VariantWording(_("Tamalou avec contre-Tamoul ; un total de %(reset_from)s tout rond redescend à "
                               "%(reset_to)s.")),
    "fontenaysien": VariantWording(_("Les mains comptent par paliers ; se défausser de tout vaut "
                                     "%(went_out)s.")),
    "cabo-bruxellois": VariantWording(_("Cabo : une annonce ratée coûte %(failed_call)s, chaque mauvaise "
                                        "défausse %(wrong_snap)s points.")),
    "dutch-toulousain": VariantWording(_("Dutch où l'annonceur pioche une pénalité par main plus petite que "
                                         "la sienne.")),
    "canasta": VariantWording(_("À deux, ou à quatre en équipes : le premier camp à %(target)s points "
                                "gagne.")),
    "cactus-game": VariantWording(_("Le jeu de Blue Orange : réunissez des personnages, volez des points, "
                                    "jouez Stop.")),
}
NONE = VariantWording()


def register(key: str, wording: VariantWording) -> None:
    """Add (or replace) a variant's wording: a new variant's module calls this beside
    scorekeeper.rules.registry.register."""
    WORDING[key] = wording


def unregister(key: str) -> None:
    WORDING.pop(key, None)


def wording_for(variant: Any) -> VariantWording:
    return WORDING.get(variant.key, NONE)


def blurb(variant: Any) -> str:
    """The variant's line, its numbers written the way the active language writes them."""
    text = wording_for(variant).blurb
    if not text:
        return ""
    return str(text) % {key: number(value) for key, value in variant.numbers.items()}
