"""A rules page as paragraphs to search: each with the anchor it has on the page.

Read from `page_context`, the very dict the page template renders, so a reading or a
rule added to the page is searchable without anything written here. The section
headings the template adds ("La défausse rapide", "L'annonce"...) are searched with
their paragraphs (not shown): a question often names the section, not its words.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from engine.rules.variants.base import Variant
from scorekeeper.rules_page import page_context
from scorekeeper.wording.cards import card_name, rank_name
from scorekeeper.wording.facts import COLOURS


@dataclass(frozen=True)
class Paragraph:
    variant: str
    anchor: str
    text: str  # shown to the player
    heading: str = ""  # searched with the text, not shown


def paragraphs(variant: Variant) -> list[Paragraph]:
    """The page's paragraphs in the active language, in page order."""
    context = page_context(variant)
    return [Paragraph(variant.key, anchor, str(text), str(heading))
            for anchor, text, heading in _sections(context)]


SUIT_COLOURS = {"H": "red", "D": "red", "S": "black", "C": "black"}


def _colour(codes: list[str]) -> list[str]:
    """« rouge » for a row of red cards only (« R♥ R♦ »): players name them so, the row
    names their suits."""
    colours = {SUIT_COLOURS.get(code[-1]) for code in codes}
    if len(colours) != 1 or None in colours:
        return []
    return [str(COLOURS[colours.pop()])]


def _sections(c: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    deck = _("Le paquet")
    if c["own_cards"]:
        yield c["deck_rule"]["anchor"], c["own_cards"], deck
    else:
        yield c["deck_rule"]["anchor"], c["deck_rule"]["text"], deck
    for row in c["value_rows"]:  # one answer per row: "what is the red king worth?"
        names = " ".join([card_name(code) for code in row["codes"]] + _colour(row["codes"]))
        yield "values", f"{c['values_heading']} — {row['cards']} : {row['value']}", f"{_('Valeur')} {names}"
    for text in c["play"]:
        yield "play", text, _("Comment se joue une manche")
    if c["call"]:
        heading = " ".join((_("L'annonce"), c["call"]["word"]))
        yield "call", c["call"]["says"], heading
        yield "call-when", c["call"]["when"], heading
    for line in c["snap"]:
        yield "snap", line, _("La défausse rapide")
    for power, declared in zip(c["powers"], c["variant"].powers, strict=True):
        yield "powers", f"{power['cards']} : {power['effect']}", f"{_('Les pouvoirs')} {rank_name(declared.cards.split()[-1])}"
    for note in c["power_notes"]:
        yield "powers", note, _("Les pouvoirs")
    for rule in c["rules"]:
        yield rule["anchor"], rule["text"], _("Les règles du décompte")
    yield c["end_rule"]["anchor"], c["end_rule"]["text"], _("Fin de partie et options")
    for option in c["options"]:
        yield c["end_rule"]["anchor"], f"{option['label']} : {option['default']}", _("Option")
    for reading in c["readings"]:
        yield reading["id"], reading["text"], _("Notre lecture")
