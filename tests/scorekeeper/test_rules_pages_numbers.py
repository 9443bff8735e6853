"""Every number a variant's declaration holds is on its rules page, in French and in English.

The page reads them from the declaration: a number typed into a sentence would drift
from the engine the day one changes, and this is where disputes get settled.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.utils import translation

from engine.rules import VARIANTS
from engine.rules.units import to_number
from engine.rules.variants import cactus_game, canasta
from engine.rules.variants.base import Variant
from engine.rules.variants.tamalou import FONTENAYSIEN_SCALE, FONTENAYSIEN_TOP
from scorekeeper.wording.text import number

CONSTANTS = ("LIMIT", "CALL_WON", "CALL_LOST", "COUNTER_WON", "COUNTER_LOST", "RESET_FROM", "RESET_TO",
             "WENT_OUT", "FAILED", "WRONG_SNAP", "OUT_AT")
PAIRS = ("LIMITS", "HALF_GAME_LIMITS")


def declared_numbers(variant: Variant) -> set[float]:
    """The numbers the declaration (and its family's module constants) holds for this page."""
    found: set[float] = {variant.min_players, variant.max_players}
    if variant.call is not None and variant.call.threshold is not None:
        found.add(to_number(variant.call.threshold, variant.scale))
    if variant.snap is not None and variant.snap.penalty_points:
        found.add(variant.snap.penalty_points)
    for name in CONSTANTS:
        if isinstance(getattr(variant, name, None), int | float):
            found.add(getattr(variant, name))
    for name in PAIRS:
        found.update(getattr(variant, name, ()))
    found.update(o.default for o in variant.options if o.kind == "count" and o.default is not None)
    for units in getattr(variant, "values", {}).values():
        found.add(to_number(units, variant.scale))
    if variant.key == "fontenaysien":
        found.update(n for pair in FONTENAYSIEN_SCALE for n in pair)
        found.add(FONTENAYSIEN_TOP)
    if variant.family == "canasta":
        found.update({canasta.NATURAL_CANASTA, canasta.MIXED_CANASTA, canasta.WILD_CANASTA, canasta.RED_THREE,
                      canasta.ALL_RED_THREES, canasta.GOING_OUT, canasta.GOING_OUT_CONCEALED,
                      canasta.BLACK_THREE_IN_HAND, canasta.TARGET, canasta.CANASTA_LENGTH,
                      canasta.OPENING_BELOW_ZERO})
        found.update(n for pair in canasta.OPENING_MINIMUMS for n in pair)
        found.update(canasta.VALUES.values())
    if variant.family == "cactus_game":
        found.update(cactus_game.CHARACTERS.values())
        found.update({cactus_game.POINT_CARDS, cactus_game.THREE_JOKERS})
        found.update(cactus_game.target_for(n) for n in range(variant.min_players, variant.max_players + 1))
    return found


def page_text(key: str, language: str) -> str:
    client = Client(headers={"accept-language": language})
    client.cookies["django_language"] = language
    html = client.get(f"/rules/{key}/").content.decode()
    main = html[html.index("<article"):html.index("</article>")]
    return unescape(re.sub(r"<[^>]+>", " ", main))


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_number_of_the_declaration_is_on_its_rules_page(key, language):
    text = page_text(key, language)
    with translation.override(language):
        missing = []
        for value in sorted(declared_numbers(VARIANTS[key])):
            shown = re.escape(number(value)).replace("−", "[−-]")
            if not re.search(rf"(?<![\d,.]){shown}(?![\d])", text):
                missing.append(number(value))
    assert missing == []


def test_the_cabo_page_says_the_caboteurs_negative_value_goes_to_the_others_in_both_languages():
    # game-record 4.8, rule 3: with the caboteur on −2 and a player on 7, the player scores 9.
    french, english = page_text("cabo-bruxellois", "fr"), page_text("cabo-bruxellois", "en")
    assert "la valeur du caboteur" in french and "la valeur de sa main, en positif" not in french
    assert "caboteur's value" in english


def test_the_dutch_page_describes_no_snap_race_since_its_snaps_are_on_your_own_turn_only():
    french = page_text("dutch", "fr")
    assert "la plus rapide" not in french and "Seulement pendant son propre tour" in french


def test_the_canasta_page_says_a_wild_canasta_is_seven_wild_cards_not_seven_jokers_or_two():
    french = page_text("canasta", "fr")
    assert "7 jokers ou 2" not in french
    assert f"{canasta.CANASTA_LENGTH} cartes ou plus, toutes des jokers ou des 2" in french


def test_the_dutch_toulousain_page_gives_a_tie_without_dutcher_to_the_first_in_seat_order():
    french, english = page_text("dutch-toulousain", "fr"), page_text("dutch-toulousain", "en")
    assert "après la première place" not in french
    assert "le premier ex aequo dans l'ordre des places" in french
    assert "first tied player in seat order" in english


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if v.call is not None])
def test_every_page_with_a_call_says_when_it_may_be_made(key):
    text = page_text(key, "fr")
    assert "On annonce" in text
