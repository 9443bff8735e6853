"""Every sentence of every rules page, filled: each number it quotes is the declaration's.

A sentence is a template with named numbers (%(limit)s...). Filled from the declaration
(`rule_facts`), a wrong name quotes the wrong number: tamoul's "a call above %(limit)s"
said 100, its game limit, where the call's limit is 6.5 (issue 18). Here each name is
checked against the declaration read independently, and every template the page shows
must fill completely, in French and in English.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from engine.rules import VARIANTS
from engine.rules.units import to_number
from engine.rules.variants.base import Variant
from scorekeeper.views.rules_pages import page_context
from scorekeeper.wording.rules import (
    CALL_AFTER,
    CALL_WHEN,
    OWN_CARDS,
    POWERS_OPTIONAL,
    POWERS_SOME_COMPULSORY,
    RULE_STATEMENTS,
    rule_facts,
    table_readings,
)
from scorekeeper.wording.steps import SHARED_RULES
from scorekeeper.wording.variants import play_texts, statement, wording_for

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def templates(variant: Variant) -> list[Any]:
    """Every sentence template the variant's rules page fills."""
    words = wording_for(variant)
    found = [*play_texts(variant), *(r.text for r in words.readings),
             *(text for _reading, text in table_readings(variant)), RULE_STATEMENTS["deck"], RULE_STATEMENTS["end"],
             *(statement(variant, rule, RULE_STATEMENTS) for rule in variant.rules if rule not in SHARED_RULES)]
    if variant.call is not None:
        found += [CALL_AFTER[variant.call.after], CALL_WHEN[variant.call.when]]
    if variant.deck is None:
        found.append(OWN_CARDS)
    if variant.powers:
        found.append(POWERS_SOME_COMPULSORY if any(p.compulsory for p in variant.powers) else POWERS_OPTIONAL)
    return found


def call_limit(variant: Variant) -> float | None:
    call = variant.call
    return None if call is None or call.threshold is None else to_number(call.threshold, variant.scale)


def declared(variant: Variant, name: str) -> Any:
    """What a number's name means, read from the declaration (not from rule_facts)."""
    if name == "call_limit":
        return call_limit(variant)
    if name == "limit":  # the variant's own limit when it names one, else the call's
        return variant.numbers.get("limit", call_limit(variant))
    return variant.numbers.get(name, ...)  # ...: not a number of the declaration


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("key", list(VARIANTS))
def test_it_fills_every_sentence_of_the_page_with_the_declarations_numbers(key, language):
    variant = VARIANTS[key]
    facts = rule_facts(variant)
    with translation.override(language):
        for template in templates(variant):
            text = str(template)
            for name in PLACEHOLDER.findall(text):
                assert name in facts, f"{key}: {name!r} is not filled in: {text}"
                assert facts[name] is not None, f"{key}: {name!r} has no value here: {text}"
                expected = declared(variant, name)
                if expected is not ...:
                    assert facts[name] == expected, f"{key}: {name!r} quotes {facts[name]}, not {expected}"


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if call_limit(v) is not None])
def test_it_quotes_the_calls_own_limit_in_every_sentence_about_a_call_above_it(key):
    variant = VARIANTS[key]
    with translation.override("fr"):
        for template in templates(variant):
            text = str(template)
            if re.search(r"annonc|caboteur", text) and "au-dessus de %(" in text:
                name = re.search(r"au-dessus de %\((\w+)\)s", text).group(1)
                assert rule_facts(variant)[name] == call_limit(variant), (key, text)


def test_tamouls_page_says_a_call_above_six_and_a_half_is_not_punished_on_its_own():
    html = unescape(Client().get("/rules/tamoul/").content.decode())
    assert "Une annonce faite avec une main au-dessus de 6,5 n'est pas punie à part" in html
    assert "au-dessus de 100 n'est pas punie" not in html


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("key", list(VARIANTS))
def test_it_leaves_no_blank_or_unfilled_number_on_the_page(key, language):
    with translation.override(language):
        context = page_context(VARIANTS[key])
    texts = [*context["play"], *context["snap"], *(r["text"] for r in context["rules"]),
             *(r["text"] for r in context["readings"]), context["deck_rule"]["text"], context["end_rule"]["text"]]
    for text in texts:
        assert "None" not in text and "%(" not in text, (key, text)


def page(key: str, language: str = "fr") -> str:
    return unescape(Client(headers={"accept-language": language}).get(f"/rules/{key}/").content.decode())


def test_dutch_shows_its_own_one_card_per_turn_not_the_one_card_per_snap_reading_which_does_not_list_it():
    general = "Une carte par défausse rapide"
    dutch, tamalou = page("dutch"), page("tamalou")
    assert general not in dutch and general in tamalou
    # The anchor stays: a second card's ruling at a dutch table links to dutch's own rule.
    assert 'id="reading-table-one-card"' in dutch
    assert "Une carte par tour : seul le joueur dont c'est le tour" in dutch


@pytest.mark.parametrize("key", ["cactus", "tamalou", "dutch", "tamoul", "koubo"])
def test_the_memory_pages_point_to_the_table_of_values_above(key):
    text = page(key)
    assert "ci-dessous" not in text and "le tableau des valeurs, plus haut" in text
    assert text.index('id="values"') < text.index("le tableau des valeurs, plus haut")


@pytest.mark.parametrize("key", ["cactus", "cactus-tas", "fontenaysien"])
def test_the_table_readings_say_at_the_table(key):
    text = page(key)
    assert "Au tableau" not in text and "À la table" in text


def test_cactus_game_says_a_plain_draw_cannot_be_stopped_either_and_the_turn_under_way_is_a_rule():
    text = page("cactus-game")
    assert "toute action sauf une série et la pioche simple, qui ne peuvent pas être arrêtées" in text
    assert 'id="reading-cactus-game-turn-under-way"' not in text
    assert "Un tour saisi peut ne pas être terminé" in text


def test_the_powers_say_what_the_spec_says():
    assert "ou entre soi et un autre joueur" in page("dutch-toulousain")
    assert "ou avec soi" not in page("dutch-toulousain")
    assert "l'échanger avec une des siennes si on le souhaite, en montrant les deux" in page("koubo")
    assert "swap it with one of yours if you wish, showing both" in page("koubo", "en")
