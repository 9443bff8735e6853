"""Round 9 of tuning "ask the rules": players' words for classes the held-out sets missed,
phrased in other words than the sets' questions."""

from __future__ import annotations

import pytest

from scorekeeper.rules_search.question.asked import compared_sides
from tests.scorekeeper.asking import top3


@pytest.mark.parametrize(("language", "question"), [
    ("en", "canasta: natural versus mixed canasta, how many points?"),
    ("fr", "une canasta propre par rapport à une sale, ça change quoi en points ?"),
    ("en", "points for a clean canasta vs a dirty one?"),
])
def test_it_answers_both_sides_of_a_comparison_each_with_its_rule(language, question):
    # Each side holds only half the question's words: measured together, neither rule held
    # enough of them to be shown.
    assert {"canasta-natural-canasta", "canasta-mixed-canasta"} <= set(top3(question, "canasta", language))


def test_it_reads_the_sides_of_a_comparison_one_standing_for_the_noun_before_it():
    assert compared_sides("a natural canasta vs a dirty one") == ["a natural canasta ", " a dirty  "]
    assert compared_sides("combien vaut le roi rouge ?") == []

