"""The one card formatter of the web layer: French pages write V D R, English pages
J Q K, both the suit symbols; screen readers get the cards' names."""

from __future__ import annotations

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import ALL_CODES, read_card, read_cards
from scorekeeper.wording.cards import (
    card_name,
    card_text,
    cards_text,
    picker_labels,
    placeholder,
    rank_text,
    suits,
)


@pytest.mark.parametrize(("language", "expected"), [("fr", "R♥ D♠ V♦ A♣ 10♥ Joker"),
                                                     ("en", "K♥ Q♠ J♦ A♣ 10♥ Joker")])
def test_it_writes_cards_in_the_pages_language(language, expected):
    with translation.override(language):
        assert cards_text(["KH", "QS", "JD", "AC", "10H", "JK"]) == expected


def test_it_shows_text_that_is_no_card_as_typed():
    with translation.override("fr"):
        assert card_text("ZZ") == "ZZ"
        assert card_text(None) == "?"


@pytest.mark.parametrize(("language", "rank", "letter"), [("fr", "K", "R"), ("fr", "Q", "D"), ("fr", "J", "V"),
                                                          ("en", "K", "K"), ("fr", "10", "10")])
def test_it_writes_a_rank_alone_the_same_way(language, rank, letter):
    with translation.override(language):
        assert rank_text(rank) == letter


@pytest.mark.parametrize(("language", "code", "name"), [
    ("fr", "KH", "roi de cœur"), ("fr", "10S", "10 de pique"), ("fr", "AD", "as de carreau"),
    ("en", "KH", "king of hearts"), ("en", "QC", "queen of clubs"), ("en", "JK", "Joker"),
])
def test_it_names_a_card_in_words_for_screen_readers(language, code, name):
    with translation.override(language):
        assert card_name(code) == name


def test_it_gives_the_picker_letters_symbols_and_suit_names_in_the_pages_language():
    with translation.override("fr"):
        labels = picker_labels()
        assert (labels["K"], labels["symbol-H"], labels["H"], labels["JK"]) == ("R", "♥", "cœur", "Joker")
        assert (labels["name-K"], labels["of"]) == ("roi", "{rank} de {suit}")
        assert [name for _, _, _, name in suits()] == ["pique", "cœur", "carreau", "trèfle"]
    with translation.override("en"):
        assert (picker_labels()["K"], picker_labels()["H"], picker_labels()["of"]) == ("K", "hearts",
                                                                                        "{rank} of {suit}")


def test_its_placeholder_is_written_as_the_page_writes_cards_and_reads_back():
    with translation.override("fr"):
        assert placeholder() == "R♥ 3♠ 10♦ Joker"
        assert read_cards(placeholder()) == ["KH", "3S", "10D", "JK"]


@given(st.sampled_from(ALL_CODES), st.sampled_from(["fr", "en"]))
def test_what_a_page_shows_is_read_back_as_the_same_card(code, language):
    with translation.override(language):
        assert read_card(card_text(code)) == code
