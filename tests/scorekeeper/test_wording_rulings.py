"""Every ruling of the live table is said in French and in English by the wording
layer: none falls back to its rule id, none leaves a placeholder, and the English
comes from the catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from scorekeeper.wording import rulings
from scorekeeper.wording.rulings import AFTER_CALL, EFFECTS, SENTENCES, describe

SOURCE = Path(rulings.__file__).read_text(encoding="utf-8")
PLACEHOLDERS = set(re.findall(r"%\((\w+)\)s", SOURCE))
# One ruling carrying every parameter any sentence quotes, with plausible values.
PARAMS = {name: "Ana" for name in PLACEHOLDERS} | {
    "card": "KH", "top": "9S", "gap_ms": 40, "points": 5, "seconds": 3, "value": 7, "threshold": 5,
    "minimum": 50, "needed": 1, "have": 0, "stops": 2, "round": 3, "effect": "look_own",
    "after": "one_more_turn_each", "order": ["Ana", "Ben"], "untargetable": ["Ben"],
    "reason": "meld.too_few_cards", "reason_params": {}, "variant": "tamalou", "word": "Tamalou",
}


@pytest.mark.parametrize("rule", sorted(SENTENCES))
def test_it_says_each_ruling_in_both_languages_without_falling_back_to_its_id(rule):
    ruling = {"rule": rule, **PARAMS}
    with translation.override("fr"):
        fr = describe(ruling)
    with translation.override("en"):
        en = describe(ruling)
    assert fr != rule and en != rule, f"{rule} fell back to its id"
    assert "%(" not in fr + en
    assert fr != en, f"{rule} has no English in the catalogue"


def test_it_names_every_power_and_call_in_both_languages():
    for name in [*EFFECTS.values(), *AFTER_CALL.values()]:
        with translation.override("en"):
            en = str(name)
        with translation.override("fr"):
            fr = str(name)
        assert en != fr, fr


def test_it_writes_a_rulings_card_in_the_pages_notation():
    with translation.override("fr"):
        assert describe({"rule": "window.covered", "card": "KH"}) == "R♥ est couvert : défausse rapide fermée."
    with translation.override("en"):
        assert describe({"rule": "window.covered", "card": "KH"}).startswith("K♥")
