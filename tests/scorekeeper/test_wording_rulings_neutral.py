"""Rulings name players without a gendered word about them (issue 20: « Chloé… il » must go):
no pronoun standing for a player, no participle agreeing with a player's name, in French
and in English. "il faut" and a card's « elle reste » are about no one."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scorekeeper.wording.rulings import SENTENCES, describe

from .test_wording_rulings import PARAMS

NAME = "Chloé"
# What a sentence may not say about a player once named.
GENDERED = {
    "fr": re.compile(r"\blui\b|\bil (prend|la|le|ne peut|peut|doit|a)\b|\belle (prend|peut|doit|a)\b"
                     r"|" + NAME + r" (est|s'est) [\w-]*é\b|\bseule? " + NAME),
    "en": re.compile(r"\b(he|him|his|she|her|hers)\b", re.IGNORECASE),
}
VARIATIONS = ({}, {"penalty": "points"}, {"penalty": "none"}, {"penalty": "card"},
              {"variant": "cabo-bruxellois"}, {"role": "referee", "seat": None})


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("rule", sorted(SENTENCES))
def test_it_says_each_ruling_without_a_gendered_word_for_a_named_player(rule, language):
    params = {**PARAMS, **{k: NAME for k, v in PARAMS.items() if v == "Ana"}}
    with translation.override(language):
        for extra in VARIATIONS:
            said = describe({"rule": rule, **params, **extra})
            assert not GENDERED[language].search(said), said


def test_it_catches_the_sentence_the_issue_found():
    assert GENDERED["fr"].search("Chloé pose 9♠, mauvaise carte : il la reprend")
    assert GENDERED["fr"].search("Chloé est gelé et ne peut plus défausser")
    assert GENDERED["en"].search("and he takes a penalty card")
