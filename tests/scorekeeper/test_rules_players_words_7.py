"""Round 7 of tuning "ask the rules": players' words for classes the held-out sets missed,
phrased in other words than the sets' questions."""

from __future__ import annotations

import pytest

from scorekeeper.rules_search.question.games import read
from tests.scorekeeper.asking import first, top3


@pytest.mark.parametrize(("language", "variant", "question"), [
    ("fr", "tamalou", "quand Zoé crie tamalou la manche est terminée directement ou chacun rejoue ?"),
    ("fr", "dutch", "si je dis dutch, la manche s'arrête immédiatement ou tout le monde refait un tour ?"),
    ("en", "dutch", "once dutch is said, is the round over right away or do the others play once more?"),
])
def test_it_answers_whether_the_round_stops_at_once_after_the_call_with_the_call(language, variant, question):
    assert "call" in top3(question, variant, language)


@pytest.mark.parametrize(("language", "question"), [
    ("fr", "j'ai fini la manche avec 3, je dois quand même tirer une carte de kilos ?"),
    ("en", "my hand was 2 at the end of the round, must I draw a card for the kilos?"),
])
def test_it_reads_a_hand_at_or_under_the_limit_as_having_cactus_at_the_shit_pile(language, question):
    assert "cactus-tas-has-cactus" in top3(question, "cactus-tas", language)


def test_it_does_not_read_a_hand_over_the_limit_as_having_cactus():
    assert "cactus-tas-has-cactus" not in top3("j'ai fini avec 14, je tire une carte de kilos ?", "cactus-tas")[:1]


@pytest.mark.parametrize("question", [
    "shit pile cactus: how many kilos for a queen?",
    "in pile of shit, what does a drawn 7 do?",
])
def test_it_knows_cactus_tas_de_merde_by_its_english_table_names(question):
    assert read(question).game == "cactus-tas"


@pytest.mark.parametrize(("language", "question", "rule"), [
    ("fr", "Inès a dit tamoul, j'ai contré mais c'est loupé, ça me fait quoi ?", "tamoul-counter-call-lost"),
    ("en", "my counter-call failed, the caller was lower, what's my score?", "tamoul-counter-call-lost"),
    ("fr", "mon contre-tamoul a marché, j'avais moins que l'annonceur, je marque quoi ?", "tamoul-counter-call-won"),
    ("en", "counter-call: I had less than the caller, what do I score?", "tamoul-counter-call-won"),
])
def test_it_reads_a_counter_calls_outcome_told_in_words_not_hands(language, question, rule):
    """Won and lost share every word: told by « loupé », "failed", "less than the caller"."""
    assert first(question, "tamoul", language).anchor == rule
