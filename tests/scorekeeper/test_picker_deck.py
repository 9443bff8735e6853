"""The picker's keys come from the variant's declared deck, named in the page's language."""

from __future__ import annotations

from django.utils import translation

from engine.rules import VARIANTS
from scorekeeper.entry.picker import PAD_STEP, card_name, picker_deck
from scorekeeper.wording.cards import picker_labels


def codes_of(deck) -> list[str]:
    return [card.code for suit in deck.grid for row in suit.rows for card in row]


def test_it_offers_every_card_of_each_variants_deck_once():
    for key, variant in VARIANTS.items():
        deck = picker_deck(variant)
        if variant.deck is None:
            assert deck is None, key
            continue
        jokers = ["JK"] if deck.joker else []
        assert sorted(codes_of(deck) + jokers) == sorted(variant.deck.codes), key


def test_it_splits_each_suit_over_two_rows_so_that_keys_stay_wide():
    tamalou = picker_deck(VARIANTS["tamalou"])
    assert [len(row) for row in tamalou.grid[0].rows] == [7, 6] and tamalou.columns == 7
    koubo = picker_deck(VARIANTS["koubo"])  # A, 7 to K
    assert [[c.code for c in row] for row in koubo.grid[1].rows] == [["AH", "7H", "8H", "9H"],
                                                                     ["10H", "JH", "QH", "KH"]]
    assert koubo.columns == 4 and [s.code for s in koubo.grid] == ["S", "H", "D", "C"]


def test_it_names_every_key_in_the_pages_language():
    with translation.override("fr"):
        deck = picker_deck(VARIANTS["tamalou"], picker_labels())
    king = next(c for row in deck.grid[1].rows for c in row if c.code == "KH")
    assert (king.text, king.name, deck.grid[1].name, deck.grid[1].red) == ("R♥", "roi de cœur", "cœur", True)
    with translation.override("en"):
        labels = picker_labels()
    assert card_name("QS", labels) == "queen of spades" and card_name("10D", labels) == "10 of diamonds"


def test_it_gives_the_number_pad_a_key_for_every_value_under_its_step():
    deck = picker_deck(VARIANTS["tamalou"])
    assert [v for row in deck.pad for v in row] == list(range(PAD_STEP))
    assert all(len(row) == 5 for row in deck.pad) and deck.pad_step == PAD_STEP
    assert picker_deck(VARIANTS["tamoul"]).halves and not deck.halves
