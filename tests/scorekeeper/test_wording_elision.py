"""French elision where a filled-in name asks for it: « la main d’Ana », « qu’Élise »."""

import re

import pytest
from django.utils import translation

from engine.rules.errors import Problem
from scorekeeper.wording.problems import problem_text
from scorekeeper.wording.rulings import describe
from scorekeeper.wording.text import elided

CATALOGUE = "locale/en/LC_MESSAGES/django.po"


def test_it_elides_de_before_a_name_that_starts_with_a_vowel_in_french():
    with translation.override("fr"):
        assert problem_text(Problem("", code="hand.missing", params={"player": "Ana"}, field="hands")) == "Il manque la main d’Ana."
        assert problem_text(Problem("", code="hand.missing", params={"player": "Ben"}, field="hands")) == "Il manque la main de Ben."
        assert describe({"rule": "power.not_yours", "owner": "Élise"}) == "Ce pouvoir est celui d’Élise."


@pytest.mark.parametrize(("before", "after"), [
    ("pas plus que Ana (3)", "pas plus qu’Ana (3)"),
    ("la main de Yann", "la main de Yann"),  # a consonant y
    ("la main de Hugo", "la main de Hugo"),  # left as typed: an h may be aspirated
    ("le 8 de ♥", "le 8 de ♥"),
    ("vide Ana", "vide Ana"),  # not the word « de »
])
def test_it_elides_only_de_and_que_before_a_vowel(before, after):
    with translation.override("fr"):
        assert elided(before) == after


def test_it_leaves_english_alone():
    with translation.override("en"):
        assert elided("the hand de Ana") == "the hand de Ana"


def test_no_french_sentence_of_ours_puts_de_or_que_before_a_vowel():
    """What makes the elision safe: only a filled-in name can meet it."""
    with open(CATALOGUE, encoding="utf-8") as po:
        ids = re.findall(r'^msgid ((?:".*"\n)+)', po.read(), flags=re.M)
    french = ["".join(re.findall(r'"(.*)"', block)) for block in ids]
    assert [t for t in french if re.search(r"\b(de|que|De|Que) [AEIOUaeiouÀÂÉÈÊËÎÏÔÖÙÛÜàâéèêëîïôöùûü]", t)] == []
