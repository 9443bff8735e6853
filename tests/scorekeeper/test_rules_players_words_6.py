"""Round 6 of tuning "ask the rules": players' words for classes the held-out sets missed,
phrased in other words than the sets' questions."""

from __future__ import annotations

import pytest

from tests.scorekeeper.asking import first


@pytest.mark.parametrize(("language", "question"), [
    ("fr", "au cactus le 8 me laisse regarder la carte d'un adversaire ?"),
    ("en", "at cactus can I look at an opponent's card with the 8?"),
])
def test_it_answers_the_8_on_someone_elses_card_with_the_reading_that_it_looks_at_ones_own(language, question):
    assert first(question, None, language).anchor == "reading-table-wrong-power"
