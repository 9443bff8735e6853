"""scorekeeper.sheet.why: a sentence and a rules-page anchor for every rule the engine
names, numbers written the way each language writes them."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from engine.rules import VARIANTS, Step, score_record
from scorekeeper.sheet.why import rule_anchor, rule_url
from scorekeeper.wording.cards import card_text as card_label
from scorekeeper.wording.steps import SHARED_RULES, STEP_SENTENCES, explain_step
from scorekeeper.wording.text import MISSING, number

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "spec" / "examples"
EXAMPLE_NAMES = sorted(p.name[: -len(".json")] for p in EXAMPLES.glob("*.json")
                       if not p.name.endswith(".result.json")) if EXAMPLES.is_dir() else []


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)


_PAGE_IDS: dict[tuple[str, str], set[str]] = {}


def page_ids(variant_key: str, language: str = "fr") -> set[str]:
    """The HTML ids on a variant's rules page (rendered once per language)."""
    if (variant_key, language) not in _PAGE_IDS:
        response = Client(headers={"accept-language": language}).get(f"/rules/{variant_key}/")
        assert response.status_code == 200
        parser = _Ids()
        parser.feed(response.content.decode())
        _PAGE_IDS[variant_key, language] = parser.ids
    return _PAGE_IDS[variant_key, language]


def example_steps(name: str) -> list[tuple[str, Step]]:
    record = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    result = score_record(record)
    return [(record["variant"], step) for i in range(len(result.rounds)) for step in result.explain(i)]


@pytest.mark.parametrize("variant_key", list(VARIANTS))
def test_it_has_a_sentence_and_an_anchor_on_its_page_for_every_rule_of_every_variant(variant_key):
    for rule in (*VARIANTS[variant_key].rules, *SHARED_RULES):
        assert rule in STEP_SENTENCES, rule
        for language in ("fr", "en"):
            assert rule_anchor(rule) in page_ids(variant_key, language), (rule, language)


@pytest.mark.skipif(not EXAMPLE_NAMES, reason=f"the spec's examples are not there: {EXAMPLES}")
@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_it_explains_every_step_the_engine_emits_on_the_worked_examples(name):
    steps = example_steps(name)
    assert steps
    for variant_key, step in steps:
        assert step.rule in VARIANTS[variant_key].rules, step.rule
        for language in ("fr", "en"):
            with translation.override(language):
                sentence = explain_step(step, variant_key)
            assert MISSING not in sentence, (step, sentence)  # every placeholder was in the params
            assert step.rule not in sentence
        assert rule_anchor(step.rule) in page_ids(variant_key)


def test_it_finds_the_twelve_worked_examples():
    if not EXAMPLES.is_dir():
        pytest.skip("the spec's examples are not there")
    assert len(EXAMPLE_NAMES) == 12  # v1.1 added canasta-counted


def test_it_says_the_tamalou_at_or_below_announcer_rule_in_french_and_english():
    step = Step("tamalou.at_or_below_announcer", "Ben", {"value": 3, "announcer": "Ana", "announcer_value": 3})
    with translation.override("fr"):
        assert explain_step(step, "tamalou") == "Ben : 3, pas plus que l'annonceur Ana (3) → 0"
    with translation.override("en"):
        assert explain_step(step, "tamalou") == "Ben: 3, not more than the announcer Ana (3) → 0"


def test_it_writes_tamoul_halves_with_a_comma_in_french_and_a_point_in_english():
    step = Step("tamoul.above_announcer", "Ben", {"value": 21.5, "announcer": "Ana", "announcer_value": 6.5})
    with translation.override("fr"):
        assert "21,5" in explain_step(step, "tamoul") and "6,5" in explain_step(step, "tamoul")
    with translation.override("en"):
        assert "21.5" in explain_step(step, "tamoul") and "6.5" in explain_step(step, "tamoul")


def test_it_writes_negative_numbers_with_a_true_minus_sign():
    assert number(-5) == "−5"
    assert number(100, signed=True) == "+100"
    assert number(4.0) == "4"


def test_it_explains_the_tamoul_reset_from_a_hundred_to_fifty():
    step = Step("tamoul.hundred_drops_to_fifty", "Ana", {"from": 100, "to": 50})
    with translation.override("fr"):
        assert explain_step(step, "tamoul") == "Ana tombe pile sur 100 : le total redescend à 50"


def test_it_names_cards_with_french_ranks_in_french_and_english_ranks_in_english():
    with translation.override("fr"):
        assert [card_label(c) for c in ("KH", "QS", "JD", "10C", "JK")] == ["R♥", "D♠", "V♦", "10♣", "Joker"]
    with translation.override("en"):
        assert [card_label(c) for c in ("KH", "QS", "JD")] == ["K♥", "Q♠", "J♦"]


def test_it_names_cactus_game_plays_and_stop_chains():
    step = Step("cactus_game.stopped", "Ana", {"card": "swap_hands", "chain": ["Chloé", "Ana", "Dan"]})
    with translation.override("fr"):
        assert explain_step(step, "cactus-game") == ("Un Stop (Chloé, Ana, Dan) arrête Échange de "
                                                       "mains d’Ana : sans effet")
    free_point = Step("cactus_game.stopped", "Bruno", {"card": "free_point", "chain": ["Ana"]})
    with translation.override("fr"):  # no participle to agree with the card's gender
        assert explain_step(free_point, "cactus-game") == ("Un Stop (Ana) arrête Point gratuit de "
                                                           "Bruno : sans effet")


def test_it_makes_anchors_from_rule_ids_and_links_them_to_the_variant_page():
    assert rule_anchor("tamalou.announcer_lowest") == "tamalou-announcer-lowest"
    assert rule_anchor("deck") == "deck"
    assert rule_url("tamalou", "tamalou.announcer_lowest") == "/rules/tamalou/#tamalou-announcer-lowest"
    assert rule_url("tamalou", None) == "/rules/tamalou/"


def test_it_never_fails_on_a_step_whose_params_are_missing():
    sentence = explain_step(Step("cabo.failed_call", "Ana", {}), "cabo-bruxellois")
    assert sentence.startswith("Ana") and MISSING in sentence


def test_it_has_an_english_translation_for_every_step_sentence():
    untranslated = []
    for rule, template in STEP_SENTENCES.items():
        with translation.override("en"):
            english = str(template)
        with translation.override("fr"):
            french = str(template)
        if english == french:
            untranslated.append(rule)
        assert sorted(re.findall(r"%\((\w+)\)s", english)) == sorted(re.findall(r"%\((\w+)\)s", french)), rule
    assert untranslated == []
