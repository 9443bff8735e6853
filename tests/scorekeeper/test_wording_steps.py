"""Every step the engine takes on the regression fixture's records (all eleven
variants, many shapes of round) is said in both languages with every placeholder
filled, and the French says no English rule word."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from engine.rules import Step
from scorekeeper.wording.steps import explain_step
from scorekeeper.wording.text import MISSING

FIXTURES = Path(__file__).resolve().parents[1] / "engine" / "rules" / "regression" / "fixtures"
ENGLISH_WORDS = re.compile(r"\b(the|is|has|player|round|hand|card|points|wins|scores)\b", re.IGNORECASE)


def fixture_steps() -> dict[tuple[str, str, tuple[str, ...]], tuple[str, Step]]:
    """One step of each kind (variant, rule, params given) the fixture holds."""
    kinds: dict[tuple[str, str, tuple[str, ...]], tuple[str, Step]] = {}
    for path in sorted(FIXTURES.glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            if "steps" not in case["output"]:
                continue
            variant = json.loads(case["output"]["result"])["variant"]
            for round_steps in json.loads(case["output"]["steps"]):
                for raw in round_steps:
                    params = {k: v for k, v in raw.items() if k not in ("rule", "player")}
                    key = (variant, raw["rule"], tuple(sorted(params)))
                    kinds.setdefault(key, (variant, Step(raw["rule"], raw["player"], params)))
    return kinds


STEPS = fixture_steps()


def test_it_finds_steps_of_every_variant_in_the_fixture():
    assert len({variant for variant, _, _ in STEPS}) == 11


@pytest.mark.parametrize("key", sorted(STEPS), ids=[f"{v}:{r}" for v, r, _ in sorted(STEPS)])
def test_it_says_each_kind_of_step_in_both_languages(key):
    variant, step = STEPS[key]
    with translation.override("fr"):
        fr = explain_step(step, variant)
    with translation.override("en"):
        en = explain_step(step, variant)
    assert MISSING not in fr + en and step.rule not in fr + en, (fr, en)
    assert not ENGLISH_WORDS.search(fr.replace(step.player or "", "")), fr
    assert fr != en


@pytest.mark.parametrize(("variant", "rule", "number"), [
    ("canasta", "canasta.target", "target"), ("tamoul", "tamoul.over_hundred_ends", "limit"),
    ("dutch-toulousain", "dutch_toulousain.over_hundred_ends", "limit"),
    ("cactus-game", "cactus_game.point_cards", "point_cards"),
])
def test_it_quotes_the_declarations_numbers_in_a_rules_step(variant, rule, number):
    from engine.rules import VARIANTS
    with translation.override("fr"):
        sentence = explain_step(Step(rule, None, {}), variant)
    assert str(VARIANTS[variant].numbers[number]) in sentence and MISSING not in sentence
