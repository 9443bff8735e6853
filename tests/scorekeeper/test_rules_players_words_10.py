"""Round 10 of tuning "ask the rules": players' words for classes the eighth and ninth
held-out sets missed, phrased in other words than the sets' questions."""

from __future__ import annotations

import pytest

from scorekeeper.rules_search.question.scenario import read_case
from scorekeeper.rules_search.question.synonyms import shorthand
from scorekeeper.rules_search.question.tokens import terms
from tests.scorekeeper.asking import first, top3


def test_it_writes_out_the_sms_shorthand_players_type():
    # « g » is « j'ai », « c » is « c'est »: read as words, the caller was nobody and the
    # question asked nothing.
    assert shorthand("g dit cactus avec 4, c bon ?") == "j'ai dit cactus avec 4, c'est bon ?"
    assert shorthand("cb ça vaut pdt la manche") == "combien ça vaut pendant la manche"
    assert shorthand("C'est G qui commence") == "C'est G qui commence"  # capitals as typed


def test_a_caller_beaten_told_in_sms_shorthand_gets_the_beaten_callers_rule():
    # Rule tamalou.announcer_not_lowest: someone lower than the caller, the caller scores their hand.
    assert top3("g annoncé tamalou avec 4 mais Léa avait 1, je marque quoi", "tamalou")[0] \
        == "tamalou-announcer-not-lowest"


@pytest.mark.parametrize("question", ["j'ai dit dutch avec 8, trois joueurs ont moins, ça fait quoi",
                                      "j'ai annoncé avec 7 et deux joueurs ont moins, ça me coûte quoi"])
def test_a_beaten_dutch_toulousain_caller_asking_what_it_costs_gets_the_penalty_cards(question):
    # Rule dutch_toulousain.penalty_cards: one card per player strictly lower than the caller.
    assert top3(question, "dutch-toulousain")[0] == "dutch-toulousain-penalty-cards"


def test_what_s_the_damage_asks_a_score():
    case = read_case("called with 9, what's the damage", True, "cabo", 5.0, True)
    assert case is not None and case.side == "over"


def test_the_counter_said_after_the_game_s_name_is_the_one_made():
    # Rule tamoul.counter_call_won: strictly lower than the caller; the game's name « contre
    # tamoul » said first is no counter-call made before both hands.
    case = read_case("contre tamoul : Ali a annoncé avec 6, Inès a contré et avait 2. elle marque quoi ?",
                     True, "tamoul", 6.5, False)
    assert case is not None and case.side == "counter_won"
    assert top3("contre tamoul : Ali a annoncé avec 6, Inès a contré et avait 2, elle marque quoi ?",
                "tamoul")[0] == "tamoul-counter-call-won"


def test_asking_whether_one_has_the_right_to_is_no_word_of_the_rules():
    assert "droit" not in terms("on a le droit de regarder ?", "fr")
    assert terms("on a le droit de regarder ?", "fr") == terms("on peut regarder ?", "fr")


@pytest.mark.parametrize(("language", "question"), [
    ("fr", "on a le droit de poser 3 dames d'un coup sur une dame ?"),
    ("en", "can two of us snap a queen on the same queen?"),
])
def test_several_cards_of_a_rank_on_one_discard_are_a_snap(language, question):
    # Rule snap (cactus): several cards of the same rank may go on one discard.
    assert {"snap", "reading-table-one-card"} & set(top3(question, "cactus", language))


def test_how_low_to_win_links_the_winners_limit_and_how_to_lose_the_losers():
    # Rules fontenaysien.grand_winner_limit and fontenaysien.losing_limit: one sentence
    # tells both limits; its link goes to the one asked.
    assert top3("jusqu'où faut-il descendre pour gagner ?", "fontenaysien")[0] == "fontenaysien-grand-winner-limit"
    assert top3("à combien on perd ?", "fontenaysien")[0] == "fontenaysien-losing-limit"


@pytest.mark.parametrize(("language", "question"), [
    ("en", "Léo's Steal a Point got stopped, is his turn over?"),
    ("fr", "on a stoppé son point gratuit, son tour est fini ?"),
])
def test_a_stopped_action_asks_whether_the_turn_goes_on(language, question):
    # Rule (cactus game, play): a stopped Free Point, Steal a Point or Draw 3 does not end the turn.
    answer = first(question, "cactus-game", language)
    assert "stop" in answer.text.lower() and answer.anchor == "play"
