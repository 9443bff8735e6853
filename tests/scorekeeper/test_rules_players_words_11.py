"""Round 11 of tuning "ask the rules": players' words for classes the tenth held-out set
missed, phrased in other words than the set's questions."""

from __future__ import annotations

import pytest

from scorekeeper.rules_search.question import asked
from scorekeeper.rules_search.question.tokens import terms
from tests.scorekeeper.asking import first, top3


@pytest.mark.parametrize("said", ["the caller had 4 and so did I", "Lina avait 3, moi pareil",
                                  "he called on 2, same here"])
def test_a_hand_equal_to_the_callers_said_in_passing_is_a_tie(said):
    assert asked.caller_side(said) == "tied"


def test_a_caller_tied_asking_whether_he_keeps_his_bonus_gets_the_tie_s_rule():
    # Rule koubo.announcer_not_strictly_lowest: a tie with the caller is no win for them.
    assert top3("Hugo a dit koubo avec 3 et moi aussi j'ai 3, il a quand même ses -3 ?", "koubo")[0] \
        == "koubo-announcer-not-strictly-lowest"


@pytest.mark.parametrize(("language", "question"), [("fr", "le joker c'est moins 1 ou quoi ?"),
                                                    ("en", "is the joker minus one?")])
def test_a_card_said_to_be_a_number_asks_its_value(language, question):
    answer = first(question, "koubo", language)
    assert (answer.anchor, answer.fact) == ("values", True)


@pytest.mark.parametrize(("language", "question", "same_as"), [
    ("en", "I want to look at my card, is that allowed?", "I want to look at my card?"),
    ("en", "he has like 8 points", "he has 8 points"),
    ("fr", "regarder sa carte, c'est permis ?", "regarder sa carte ?"),
])
def test_ways_of_asking_are_no_words_of_the_rules(language, question, same_as):
    assert terms(question, language) == terms(same_as, language)


def test_asking_whether_a_drawn_jack_must_be_used_in_dutch_toulousain_gets_its_compulsory_powers():
    # Reading dutch-toulousain-compulsory: the jack and the red king must be used.
    assert "reading-dutch-toulousain-compulsory" in top3("j'ai tiré un valet, je suis obligé d'échanger ?",
                                                          "dutch-toulousain")


@pytest.mark.parametrize(("variant", "language", "question"), [
    ("tamalou", "en", "the draw pile ran out and nobody called, what now?"),
    ("cactus", "fr", "la pioche est vide en pleine manche, on fait quoi ?"),
])
def test_the_stock_running_out_mid_round_gets_the_empty_stock_reading(variant, language, question):
    # Reading table-empty-stock: the discard pile but its top card makes a new stock.
    assert "reading-table-empty-stock" in top3(question, variant, language)


def test_a_hand_below_zero_asked_on_the_scale_gets_the_below_zero_reading():
    # Reading fontenaysien-below-zero: read as a hand of 0, -5 on the scale.
    assert "reading-fontenaysien-below-zero" in top3("my hand comes to less than zero, what's that on the scale?",
                                                     "fontenaysien", "en")


def test_stealing_a_point_from_a_player_at_zero_gets_the_steal_rule():
    # Rule cactus_game.steal_point: nothing is taken from a player without a Point.
    assert top3("can I use Steal a Point on Zoé, she has zero points?", "cactus-game", "en")[0] \
        == "cactus-game-steal-point"
