"""The rules pages read clause by clause against the seed texts (issue 26, item 6): each
point either says what the texts say, or is written on the page as our reading, in French
and in English."""

from __future__ import annotations

import re
from html import unescape

import pytest

from engine.rules import VARIANTS

from .test_rules_pages import get, parsed


def text_of(key: str, language: str = "fr") -> str:
    """The page's text, tags and layout spaces out."""
    html = get(f"/rules/{key}/", language).content.decode()
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def play_of(key: str, language: str = "fr") -> str:
    """The « Comment se joue une manche » section alone."""
    html = get(f"/rules/{key}/", language).content.decode()
    section = html.split('id="play"', 1)[1].split("</section>", 1)[0]
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", section)))


# -- cabo-bruxellois ------------------------------------------------------------------

def test_it_says_once_that_a_cabo_player_looks_at_the_first_two_cards_until_the_first_draw():
    """The seed text: until one's first draw. The memory games' « une seule fois » is not
    said on the cabo page, which would say both."""
    play = play_of("cabo-bruxellois")
    assert "tant qu'il n'a pas pioché pour la première fois" in play
    assert "une seule fois" not in play
    assert "until their first draw" in play_of("cabo-bruxellois", "en")
    assert "looks once" not in play_of("cabo-bruxellois", "en")


def test_the_other_memory_games_still_look_at_their_two_cards_once():
    assert "regarde une seule fois les deux plus proches" in play_of("tamalou")


@pytest.mark.parametrize("language,adds,old", [
    ("fr", "les deux s'additionnent", "pas la valeur de sa propre main"),
    ("en", "the two add up", "not their own hand's value"),
])
def test_cabos_negative_call_says_the_others_add_the_caboteurs_value_to_their_own_points(language, adds, old):
    text = text_of("cabo-bruxellois", language)
    assert adds in text
    assert old not in text


# -- dutch: the 7's swap ---------------------------------------------------------------

@pytest.mark.parametrize("language,blind", [("fr", "échange à l'aveugle"), ("en", "blind swap")])
def test_dutch_says_as_our_reading_that_the_sevens_swap_is_blind(language, blind):
    """The seed text is silent; the wrong-power example on the page is looking during a
    blind swap, so the page says which swap is blind."""
    reading = parsed("dutch", language).readings["reading-dutch-seven-blind"]
    assert blind in reading


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if v.powers])
def test_a_wrong_power_example_of_a_blind_swap_is_only_given_where_a_swap_is_blind(key):
    blind = "blind_swap" in {p.effect for p in VARIANTS[key].powers} or (
        "reading-dutch-seven-blind" in parsed(key, "fr").readings)
    assert ("pendant un échange à l'aveugle" in play_of(key)) <= blind


# -- dutch-toulousain: two choices the text does not make --------------------------------

@pytest.mark.parametrize("language", ["fr", "en"])
def test_dutch_toulousain_marks_taking_the_discard_and_when_powers_play_as_our_readings(language):
    readings = parsed("dutch-toulousain", language).readings
    assert "reading-dutch-toulousain-take-discard" in readings
    assert "reading-dutch-toulousain-power-when" in readings
    assert ("défausse" if language == "fr" else "discard") in readings["reading-dutch-toulousain-take-discard"]


# -- cactus game: the cards' printed names ----------------------------------------------

PRINTED = ["Point gratuit", "Échangez", "Regardez et piquez", "Piochez 3x", "Piquez 1 point",
           "Demandez une carte", "Piquez une carte"]
ENGLISH = ["Free Point", "Swap hands", "Look and steal", "Draw 3", "Steal a Point", "Ask for a card",
           "Steal a card"]


def test_the_french_cactus_game_page_names_the_cards_as_printed_on_the_french_cards():
    text = text_of("cactus-game")
    for name in PRINTED:
        assert name in text, name
    for descriptive in ("Vol de Point", "Regarde et vole", "Pioche 3,", "Échange de mains", "Vol de carte"):
        assert descriptive not in text, descriptive


def test_the_english_cactus_game_page_keeps_the_english_names():
    text = text_of("cactus-game", "en")
    for name in ENGLISH:
        assert name in text, name
    assert "Piquez" not in text


@pytest.mark.parametrize("language,when,too_broad", [
    ("fr", "avant qu'elle ait son effet", "à tout moment"),
    ("en", "before it takes effect", "at any moment"),
])
def test_cactus_game_says_when_a_stop_may_be_played(language, when, too_broad):
    play = play_of("cactus-game", language)
    stop = next(s for s in re.split(r"(?<=\.) ", play) if "Stop" in s and ("joueur" in s or "player" in s))
    assert when in play
    assert too_broad not in stop


# -- low points ----------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["cactus", "cactus-tas"])
@pytest.mark.parametrize("language,exactly", [("fr", "exactement"), ("en", "exactly")])
def test_a_hand_of_exactly_the_limit_has_cactus_as_our_reading(key, language, exactly):
    limit = str(VARIANTS[key].numbers["limit"])
    reading = parsed(key, language).readings["reading-cactus-at-limit"]
    assert exactly in reading and limit in reading


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if v.powers])
def test_it_says_whether_powers_must_be_used_from_the_declaration(key):
    text = text_of(key)
    compulsory = [p for p in VARIANTS[key].powers if p.compulsory]
    if compulsory:
        assert "facultatif, sauf pour" in text
        if key == "dutch-toulousain":  # its jack and red king, named as the powers table names them
            assert "sauf pour V et R rouge : ceux-là sont obligatoires" in text
    else:
        assert "jamais obligatoire" in text
    english = text_of(key, "en")
    assert ("optional, except" if compulsory else "never compulsory") in english


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if v.snap is not None])
def test_the_wrong_power_reading_names_frozen_or_protected_players_only_where_the_call_makes_them(key):
    reading = parsed(key, "fr").readings["reading-table-wrong-power"]
    after = VARIANTS[key].call.after
    assert ("gelé" in reading) == (after == "caller_frozen_until_their_turn")
    assert ("« tamoul »" in reading) == (after == "counter_call_next_turn")
    assert "protégé" not in reading


@pytest.mark.parametrize("language", ["fr", "en"])
def test_koubo_explains_its_player_count_with_its_small_deck(language):
    koubo = VARIANTS["koubo"]
    reading = parsed("koubo", language).readings["reading-koubo-players"]
    left = koubo.deck.size - koubo.dealt * koubo.max_players
    assert str(koubo.deck.size) in reading and str(koubo.max_players) in reading
    assert str(left) in reading
