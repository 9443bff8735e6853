"""Round 13 of tuning "ask the rules": a game named by a word that is also another game's
call (« tamalou » is fontenaysien's, « dutch » dutch toulousain's), read as players mean it;
phrased in other words than the twelfth held-out set's questions."""

from __future__ import annotations

import pytest

from scorekeeper.rules_search.question import games


@pytest.mark.parametrize("question", [
    "tamalou rules: when can I call?",
    "fin de manche dutch : qui gagne ?",
    "dutch - can I snap out of turn?",
    "une partie de tamalou dure combien de manches ?",
])
def test_a_shared_call_word_said_as_a_title_names_that_game(question):
    read = games.read(question)
    assert read.game in ("tamalou", "dutch") and read.family == ()


@pytest.mark.parametrize("question", [
    "3 of us had no cactus: who draws?",  # a hand's state, not a title
    "Léa a dit dutch avec 9, deux joueurs ont moins",  # the call: the family's games are weighed
])
def test_a_shared_call_word_said_as_the_call_keeps_the_games_sharing_it(question):
    assert len(games.read(question).family) > 1


def test_a_toulouse_style_dutch_names_dutch_toulousain():
    assert games.read("Toulouse style dutch: can the dutcher still snap?").game == "dutch-toulousain"


def test_another_game_sharing_the_call_is_chosen_only_when_it_answers_clearly_better():
    from django.utils import translation

    from scorekeeper.rules_search import answers

    # Its own rule scored 20.1 against the named game's 19.6 on the word "get".
    with translation.override("en"):
        first = answers("when Ali says dutch does everybody get one last turn?", None)[0]
    assert first.variant == "dutch" or "dutch" in {v for v, _a in first.also}
