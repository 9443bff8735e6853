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



@pytest.mark.parametrize(("language", "question"), [
    ("fr", "j'ai posé un stop contre son stop, son vol de point compte quand même ?"),
    ("en", "Tom stopped my Stop on his Draw 3, does he draw?"),
    ("fr", "stop du stop sur ma Pioche 3, je pioche ou pas ?"),
])
def test_it_answers_a_stop_played_on_a_stop_with_the_chains_rule_first(language, question):
    # The card's name drew the rules that name that card; the chain's rule names none.
    assert top3(question, "cactus-game", language)[0] == "cactus-game-stop-stopped"


def test_a_single_stop_is_not_read_as_a_chain():
    assert top3("le stop ça sert à quoi ?", "cactus-game")[:1] != ["cactus-game-stop-stopped"]


@pytest.mark.parametrize(("language", "question"), [
    ("en", "tdm: during a round, anything different from plain cactus? powers, snaps?"),
    ("fr", "au tas de merde on joue la manche comme au cactus classique ou il y a des règles en plus ?"),
])
def test_it_answers_whether_the_shit_pile_plays_as_cactus_with_our_reading(language, question):
    assert "reading-cactus-tas-table" in top3(question, "cactus-tas", language)


@pytest.mark.parametrize(("language", "question"), [
    ("en", "cactus: I said cactus at 9 lol, forgot one of my cards, am I punished?"),
    ("fr", "j'ai dit cactus avec 10 du coup j'avais oublié une carte, je suis puni ?"),
])
def test_it_answers_a_call_made_on_a_misremembered_hand_with_the_call_changing_nothing(language, question):
    # « du coup », "lol": words that carry the sentence on, not the question.
    assert "cactus-announcer-ignored" in top3(question, "cactus", language)


@pytest.mark.parametrize(("language", "variant", "question"), [
    ("fr", "koubo", "y a-t-il des 5 et des 6 au koubo ?"),
    ("en", "koubo", "are there any 3s or 4s?"),
])
def test_it_answers_which_ranks_the_deck_holds_with_the_deck(language, variant, question):
    assert top3(question, variant, language)[:1] == ["cards"]


def test_cards_said_to_lie_somewhere_are_not_a_question_about_the_deck():
    assert top3("il y a des 7 sur la défausse, je peux en jeter un ?", "koubo")[:1] != ["cards"]
