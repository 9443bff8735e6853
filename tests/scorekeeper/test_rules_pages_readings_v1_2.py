"""The rules pages show each reading added in table-rules.md v1.2, in French and in English,
on the pages of the games it reads, with the numbers taken from the declarations."""

from __future__ import annotations

import pytest

from engine.rules import VARIANTS
from engine.rules.variants import canasta

from .test_rules_pages import parsed

# reading (table-rules.md v1.2) -> the element on the page, the games whose pages show it
V1_2 = {
    "Dutch, the own-turn snap": ("reading-dutch-own-turn-snap", ["dutch"]),
    "Cactus-tas": ("reading-cactus-tas-table", ["cactus-tas"]),
    "Fontenaysien, last card": ("reading-table-last-card", ["fontenaysien"]),
    "Cactus, a power used wrongly": ("reading-table-wrong-power", ["cactus", "cactus-tas"]),
    "Cabo-bruxellois, a power used wrongly": ("reading-table-wrong-power", ["cabo-bruxellois"]),
    "The turned caboteur": ("reading-table-caboteur", ["cabo-bruxellois"]),
    "The cactus caller": ("reading-table-cactus-caller", ["cactus", "cactus-tas"]),
    "A cancelled turn": ("reading-table-cancelled-turn", ["tamalou", "koubo", "dutch", "tamoul", "fontenaysien",
                                                         "cabo-bruxellois", "dutch-toulousain", "cactus"]),
    "Memory games, an empty stock": ("reading-table-empty-stock", [k for k, v in VARIANTS.items() if v.snap]),
    "Canasta, going out": ("reading-canasta-going-out-check", ["canasta"]),
    "Dutch-toulousain, red king": ("reading-dutch-toulousain-red-king", ["dutch-toulousain"]),
    "Dutch-toulousain, jack and red king are compulsory": ("reading-dutch-toulousain-compulsory",
                                                          ["dutch-toulousain"]),
}
CASES = [(name, element, key) for name, (element, keys) in V1_2.items() for key in keys]


def test_it_names_the_twelve_readings_added_in_v1_2():
    assert len(V1_2) == 12


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize(("reading", "element", "key"), CASES)
def test_it_shows_each_v1_2_reading_on_the_pages_of_the_games_it_reads(reading, element, key, language):
    page = parsed(key, language)
    assert element in page.readings, f"{reading} is not on the {key} page"
    assert "%(" not in page.readings[element]


@pytest.mark.parametrize(("element", "key"), [("reading-dutch-own-turn-snap", "tamalou"),
                                              ("reading-table-caboteur", "tamalou"),
                                              ("reading-dutch-toulousain-compulsory", "dutch"),
                                              ("reading-table-cactus-caller", "koubo")])
def test_it_shows_a_variants_own_reading_only_on_that_variants_page(element, key):
    assert element not in parsed(key, "fr").readings


def test_it_says_in_english_what_the_english_page_shows():
    en = parsed("dutch", "en").readings["reading-dutch-own-turn-snap"]
    fr = parsed("dutch", "fr").readings["reading-dutch-own-turn-snap"]
    assert "one per turn" in en and "une seule par tour" in fr


def test_the_cactus_wrong_power_reading_says_no_penalty_card_and_cabos_quotes_its_declared_points():
    assert "pas de carte de pénalité" in parsed("cactus", "fr").readings["reading-table-wrong-power"]
    cabo = parsed("cabo-bruxellois", "fr").readings["reading-table-wrong-power"]
    assert f"+{VARIANTS['cabo-bruxellois'].snap.penalty_points} points" in cabo
    assert "mauvaise défausse de plus" in cabo


def test_the_canasta_readings_quote_the_opening_minimums_and_the_canasta_length_from_the_engine():
    page = parsed("canasta", "fr").readings
    for _lowest, minimum in canasta.OPENING_MINIMUMS:
        assert f"→ {minimum}" in page["reading-canasta-not-yet-melded"]
    assert f"{canasta.CANASTA_LENGTH} cartes ou plus" in page["reading-canasta-going-out-check"]


def test_the_dutch_toulousain_readings_name_the_compulsory_cards_from_the_declaration():
    text = parsed("dutch-toulousain", "fr").readings["reading-dutch-toulousain-compulsory"]
    assert "V" in text and "R rouge" in text
    assert "R rouge" in parsed("dutch-toulousain", "fr").readings["reading-dutch-toulousain-red-king"]


def test_the_fontenaysien_last_card_reading_says_at_any_moment_and_quotes_its_points():
    text = parsed("fontenaysien", "fr").readings["reading-table-last-card"]
    assert "à tout moment de la manche" in text and "10" in text
