"""Each variant's own words quote the declaration's numbers, in both languages, and a
ruling about a call says what the declaration says a call above the limit costs."""

from __future__ import annotations

import pytest
from django.utils import translation

from engine.rules import VARIANTS
from scorekeeper.views.rules_pages import players_label
from scorekeeper.wording.rulings import describe
from scorekeeper.wording.variants import WORDING, blurb

CALL = {"rule": "call.over_threshold", "player": "Ana", "word": "cabo", "value": 7, "threshold": 5}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_it_presents_every_game_with_its_numbers_filled_in(language):
    with translation.override(language):
        lines = {key: blurb(variant) for key, variant in VARIANTS.items()}
    assert set(WORDING) == set(VARIANTS)
    assert all(line and "%(" not in line for line in lines.values())
    assert "100" in lines["dutch"] and "5000" in lines["canasta"] and "−10" in lines["fontenaysien"]


def test_it_writes_the_english_line_from_the_catalogue():
    with translation.override("en"):
        assert blurb(VARIANTS["koubo"]) == "32-card deck: −3 for a good call, 20 for a failed one."


def test_it_quotes_cabo_s_failed_call_from_the_declaration():
    """cabo.failed_call: a call above the limit costs the caller the declared points."""
    with translation.override("fr"):
        text = describe({**CALL, "variant": "cabo-bruxellois"})
    assert "« cabo » raté : 10 points pour Ana, 0 pour les autres." in text


def test_it_says_a_cactus_call_above_the_limit_does_not_count__cactus_announcer_ignored():
    with translation.override("fr"):
        assert "L'annonce ne compte pas dans le score." in describe({**CALL, "variant": "cactus-tas"})


def test_it_says_other_calls_above_the_limit_are_scored_by_the_usual_rule():
    with translation.override("fr"):
        assert "La manche est comptée par la même règle." in describe({**CALL, "variant": "tamalou"})


def test_it_labels_the_player_counts_from_the_declaration():
    with translation.override("fr"):
        assert players_label(VARIANTS["canasta"]) == "2 ou 4"
    assert players_label(VARIANTS["cactus-game"]) == "2–6"
