"""Round 12 of tuning "ask the rules": players' words for classes the eleventh held-out set
missed, phrased in other words than the set's questions."""

from __future__ import annotations

import pytest

from scorekeeper.rules_search.question import asked
from scorekeeper.rules_search.question.scenario import read_case
from scorekeeper.rules_search.question.synonyms import shorthand
from tests.scorekeeper.asking import first, top3


def test_a_round_told_with_the_players_names_is_read_with_them():
    # Rule cabo_bruxellois.beaten: the names are dropped for the words' search only; "what
    # does Jade get" without « Jade » asked nothing, and the case's rule was not put first.
    assert top3("Jade called cabo on 3 and Omar finished on 0, what does Jade get?", "cabo-bruxellois", "en")[0] \
        == "cabo-beaten"


def test_a_counter_call_said_not_made_is_no_counter_call():
    # Rule tamoul.announcer_not_lowest: someone lower than the caller, who did not counter.
    case = read_case("Léo a dit tamoul avec 6, Ana finit à 2 sans avoir contré, scores ?", True, "tamoul", 6.5, False)
    assert case is not None and case.side == "beaten"


def test_a_negative_hand_of_the_one_asking_is_not_read_as_the_callers():
    # Rule cabo_bruxellois.negative_counts_zero: only the caller's hand below zero counts.
    assert read_case("I ended on -2 and someone else called, my score?", True, "cabo", 5.0, True) is None


def test_a_stop_on_a_named_players_stop_is_a_chain():
    assert asked.has(asked.STOP_ON_STOP, "Léo stopped Inès's Stop, does my card happen?")


@pytest.mark.parametrize(("language", "question"), [
    ("en", "Jules ended with 22, what does that give on the scale?"),
    ("fr", "Nina finit à 12, ça donne quoi ?"),
])
def test_a_hand_said_with_its_end_asks_its_points_on_the_scale(language, question):
    # Rule fontenaysien.scale: the hand's points by bands.
    answer = first(question, "fontenaysien", language)
    assert answer.fact and answer.anchor == "fontenaysien-scale"


def test_a_total_below_zero_asking_the_end_links_the_winners_limit():
    # Rule fontenaysien.grand_winner_limit.
    assert top3("Paul est à -47, si il prend encore -5 la partie est finie ?", "fontenaysien")[0] \
        == "fontenaysien-grand-winner-limit"


def test_more_sms_shorthand_and_forgetting_said_as_players_say_it():
    assert shorthand("jviens de jouer") == "je viens de jouer"
    # Reading: a forgotten 8 is the next player's to use (« zappé » is « oublié »).
    assert "8" in first("il a zappé son 8, je peux m'en servir ?", "cactus").text
