"""The lenient card reader (what people type and pages show) and the notation per
language: game-record.md section 1 says the parser may accept more than the canonical
form but always writes the canonical form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import (
    ALL_CODES,
    FACE_LETTERS,
    JOKER,
    notation,
    parse_card,
    read_card,
    read_cards,
    read_pieces,
)


@pytest.mark.parametrize(("text", "code"), [
    ("KH", "KH"),          # the canonical code
    ("kh", "KH"),          # lower case
    ("R♥", "KH"),          # the French page's notation
    ("rh", "KH"),          # French rank, suit letter, lower case
    ("« R♥ »", "KH"),      # copied from a sentence, quotes and no-break spaces included
    ("R ♥", "KH"),         # a space between rank and suit
    ("R\u00a0♥", "KH"),    # a no-break space between them
    ("K♥", "KH"),          # the English page's notation
    ("K♥\ufe0f", "KH"),    # a phone's emoji keyboard adds a style mark after the symbol
    ("10♦", "10D"),
    ("T♦", "10D"),         # T for ten
    ("t d", "10D"),
    ("1♠", "AS"),          # 1 for ace
    ("A♠", "AS"),
    ("V♣", "JC"),          # valet
    ("D♠", "QS"),          # dame: the rank D, never the suit, since a suit comes last
    ("DD", "QD"),          # dame de carreau
    ("J♣", "JC"),
    ("Q♡", "QH"),          # the white suit symbols too
    ("Joker", JOKER),
    ("jk", JOKER),
    ("🃏", JOKER),
])
def test_it_reads_each_form_a_page_shows_or_a_player_types(text, code):
    assert read_card(text) == code


@pytest.mark.parametrize("text", [
    "", "ZZ", "R", "♥", "10", "11H", "KX", "RC♥", "KH3", "R♥ZZ", "KH 3S", "0H", "JKH", "A" * 30,
])
def test_it_refuses_text_that_is_not_exactly_one_card(text):
    assert read_card(text) is None


def test_it_refuses_what_is_not_text():
    assert read_card(None) is None
    assert read_card(13) is None


def test_it_does_not_read_french_suit_letters_since_c_is_clubs_in_the_spec():
    assert read_card("RC") == "KC"  # roi de trèfle, never roi de cœur


@pytest.mark.parametrize(("text", "codes"), [
    ("R♥ 3♠ 10♦", ["KH", "3S", "10D"]),
    ("R♥3♠10♦", ["KH", "3S", "10D"]),          # glued together
    ("kh,3s;jk", ["KH", "3S", JOKER]),        # commas and semicolons
    ("KH, 3S / Joker", ["KH", "3S", JOKER]),
    ("  R ♥   D ♠ ", ["KH", "QS"]),
    ("", []),
])
def test_it_reads_a_hand_with_or_without_separators(text, codes):
    assert read_cards(text) == codes


def test_it_keeps_a_piece_that_is_no_card_as_typed_and_in_its_place():
    assert read_cards("R♥ ZZ 3♠") == ["KH", "ZZ", "3S"]
    assert read_cards("KH3 5S") == ["KH3", "5S"]
    assert [(p.text, p.code) for p in read_pieces("R♥ zz")] == [("R♥", "KH"), ("zz", None)]


def test_it_leaves_the_record_parser_to_the_spec_forms_only():
    # Records (imports, score_game) keep the spec's forms: French letters are the
    # pages' notation, read where people type, and stored as the canonical code.
    assert parse_card("RH") is None
    assert parse_card("R♥") is None
    assert read_card("RH") == "KH"


@pytest.mark.parametrize(("code", "fr", "en"), [
    ("KH", "R♥", "K♥"), ("QS", "D♠", "Q♠"), ("JD", "V♦", "J♦"), ("AC", "A♣", "A♣"),
    ("10H", "10♥", "10♥"), ("2S", "2♠", "2♠"), (JOKER, "Joker", "Joker"),
])
def test_it_writes_a_card_the_way_each_language_reads_it(code, fr, en):
    assert notation(code, "fr") == fr
    assert notation(code, "en") == en


def test_it_writes_text_that_is_no_card_as_it_was_typed():
    assert notation("ZZ", "fr") == "ZZ"


cards = st.sampled_from(ALL_CODES)
languages = st.sampled_from(sorted(FACE_LETTERS))


@given(cards, languages)
def test_it_reads_back_every_card_it_writes_in_either_language(code, language):
    assert read_card(notation(code, language)) == code


@given(st.lists(cards, max_size=12), languages, st.sampled_from([" ", ", ", ";", ""]))
def test_it_reads_back_a_written_hand_whatever_the_separator(codes, language, separator):
    assert read_cards(separator.join(notation(c, language) for c in codes)) == codes


@given(st.text(max_size=30))
def test_it_never_fails_on_any_text_and_returns_only_canonical_codes_or_the_text(text):
    for piece in read_pieces(text):
        assert piece.code is None or piece.code in ALL_CODES
        assert piece.text
