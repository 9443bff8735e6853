"""Every ruling the table can give has a sentence, in French and in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

import engine.table.machine
from engine.table import cactus_game as cactus_game_rules
from engine.table import canasta as canasta_rules
from scorekeeper.wording.rulings import SENTENCES, describe

MACHINE = sorted(Path(engine.table.machine.__file__).parent.glob("*.py"))  # one module per concern
SOURCES = [p.read_text() for p in MACHINE] + [Path(m.__file__).read_text() for m in (canasta_rules, cactus_game_rules)]
RULES = sorted({rule for text in SOURCES for rule in re.findall(
    r'(?:"rule": |Refused\(|Verdict\((?:True|False|\w+), |rule = )"([a-z_]+\.[a-z_.]+)"', text)}
    | {f"window.{reason}" for reason in ("covered", "timeout", "round_over")}
    | {"canasta.opening.reaches_minimum", "canasta.opening.below_minimum", "cactus_game.stop.takes_effect",
       "cactus_game.stop.cancelled", "cactus_game.turn.ends", "cactus_game.turn.goes_on",
       "settings.snap_limit", "settings.no_snap_limit", "call.within_threshold", "call.over_threshold",
       "member.joined", "member.rejoined"})


def test_it_finds_the_rulings_of_the_table_in_its_source():
    assert {"power.wrong", "round.over", "call.not_now", "snap.duplicate", "canasta.pile.top_is_red_three",
            "ask.unknown_card"} <= set(RULES)


@pytest.mark.parametrize("rule", RULES)
def test_every_ruling_has_a_sentence_in_french_and_in_english(rule):
    assert rule in SENTENCES
    ruling = {"rule": rule, "player": "Ana", "card": "7H", "target": "Ben", "caller": "Ben", "owner": "Ben",
              "winner": "Ben", "faster": "Ben", "turn": "Ben", "word": "tamalou", "when": "end_of_turn",
              "reason": "outside_reach", "penalty": "card", "points": 2, "seconds": 3, "round": 1,
              "needed": 2, "most": 2, "gap_ms": 40, "value": 3, "threshold": 5, "top": "7H", "to": "Ben",
              "effect": "look_own", "after": "round_stops", "order": ["Ana", "Ben"], "untargetable": [],
              "seat": "Ana", "role": "seat", "problem": "x", "stops": 1, "minimum": 50, "have": 0,
              "naturals": 1, "left": 2, "names": "", "variant": "tamalou", "question": "q", "kind": "k"}
    with translation.override("fr"):
        french = describe(ruling)
    with translation.override("en"):
        english = describe(ruling)
    assert french != rule and english != rule
    assert french != english


@pytest.mark.parametrize("variant,says", [
    ("cabo-bruxellois", "« w » raté : 10 points pour Ana, 0 pour les autres."),
    ("cactus", "L'annonce ne compte pas dans le score."),
    ("tamalou", "La manche est comptée par la même règle."),
    ("tamoul", "La manche est comptée par la même règle."),
])
def test_a_call_above_the_limit_is_described_by_what_the_variants_rules_do_with_it(variant, says):
    ruling = {"rule": "call.over_threshold", "player": "Ana", "word": "w", "value": 7, "threshold": 5,
              "variant": variant}
    with translation.override("fr"):
        assert describe(ruling).endswith(says)
