"""Ask the rules, issue 26, fifth round: what the fourth held-out set showed the search
missing, each read as a general rule (a called round told with its hands, a card thrown
on another, looking in the table's words, a call word made a noun, players' shorthand,
canasta's opening at zero, a call nobody made), written in other words than that set's."""

from __future__ import annotations

import pytest
from django.utils import translation

from scorekeeper.rules_search import answers
from scorekeeper.rules_search.question import asked, scenario
from scorekeeper.rules_search.question.games import read
from scorekeeper.rules_search.question.synonyms import shorthand


def first(question: str, variant: str | None, language: str = "fr"):
    with translation.override(language):
        got = answers(question, variant)
    assert got, question
    return got[0]


# -- a called round told with its hands, and a score asked ------------------------------

@pytest.mark.parametrize(("language", "question", "variant", "anchor"), [
    # the caller beaten, their score asked
    ("fr", "Marc annonce tamoul avec 6, Inès finit avec 2, Marc il prend combien ?", "tamoul",
     "tamoul-announcer-not-lowest"),
    ("en", "Ana called koubo on 5 and Tim had 2. What does Ana score?", "koubo",
     "koubo-announcer-not-strictly-lowest"),
    # level with the caller: the caller's score, then another's
    ("en", "Mo called koubo with 2 and Liz had 2 as well, does Mo still score -3?", "koubo",
     "koubo-announcer-not-strictly-lowest"),
    ("en", "Kim called tamalou with 4 and I had 4 too, what do I score?", "tamalou",
     "tamalou-at-or-below-announcer"),
    # above the limit where that is scored apart
    ("fr", "Paul a dit cabo avec 9, j'avais 6, il prend combien ?", "cabo-bruxellois", "cabo-failed-call"),
    # a game where the call changes nothing: everyone's hand
    ("fr", "Zoé a dit dutch avec 5 et moi j'avais 3, je marque combien ?", "dutch", "dutch-hand-value"),
])
def test_it_answers_a_called_round_told_with_its_hands_by_that_cases_scoring_rule(language, question, variant, anchor):
    assert first(question, variant, language).anchor == anchor


def test_it_reads_whose_score_is_asked_from_the_last_asking_said():
    """« moi j'avais 2, elle marque quoi ? » asks hers, the caller's."""
    case = scenario.read_case("Léa a annoncé avec 4. Moi j'avais 2, elle marque quoi ?", True, "tamalou", 5, False)
    assert case == scenario.Case("beaten", "caller")


def test_it_reads_a_round_nobody_called_and_no_case_when_no_score_is_asked():
    assert scenario.read_case("personne n'a annoncé, j'avais 3 et Tom 2, je marque combien ?", False,
                              "tamalou", 5, False) == scenario.Case("none", "both")
    assert scenario.read_case("il a dit tamalou avec 4 et moi 3, on continue ?", True, "tamalou", 5, False) is None


# -- a card thrown on another ---------------------------------------------------------

@pytest.mark.parametrize(("question", "kind"), [
    ("j'ai jeté un 8 sur un 9 trop vite", "other"),
    ("two queens thrown at once on a queen", "same"),
    ("three 4s slapped on a 4", "same"),
    ("can I use the 9 on him", None),
])
def test_it_reads_a_card_thrown_on_another_as_a_snap_right_or_wrong(question, kind):
    assert asked.thrown_on(question) == kind


def test_it_answers_a_card_thrown_on_another_rank_with_the_wrong_snap_not_the_cards_power():
    answer = first("I threw a 9 on a 10 too fast, do I get the 9 back?", "tamalou", "en")
    assert (answer.anchor, answer.fact) == ("snap", True)


def test_it_answers_several_cards_of_a_rank_on_one_with_the_several_cards_rule():
    answer = first("je peux lâcher deux dames sur une dame au cactus ?", "cactus")
    assert answer.anchor == "snap" and "Plusieurs" in answer.text


# -- looking, in the table's words ------------------------------------------------------

@pytest.mark.parametrize(("question", "variant"), [
    ("au tamoul le 9 ça regarde chez qui ?", "tamoul"),
    ("koubo, avec la D je peux zieuter une carte chez l'autre ?", "koubo"),
])
def test_it_answers_looking_in_the_tables_words_with_the_cards_power(question, variant):
    answer = first(question, variant)
    assert answer.anchor == "powers"


# -- the game from the words -------------------------------------------------------------

def test_it_reads_a_call_word_made_a_noun_as_both_games_of_that_call():
    assert read("the dutchers cards are frozen?").family == ("dutch", "dutch-toulousain")


def test_it_reads_a_games_typo_beside_another_name():
    assert read("le dutch toulousian ça se joue à combien ?").game == "dutch-toulousain"


def test_it_writes_out_the_players_shorthand_but_not_a_card_letter():
    assert shorthand("qd qqn dit koubo, u can still play?") == "quand quelqu'un dit koubo, you can still play?"
    assert shorthand("le R et la D") == "le R et la D"


# -- facts -------------------------------------------------------------------------------

@pytest.mark.parametrize(("language", "question"), [
    ("fr", "nouvelle partie, on est à 0, il faut combien pour descendre ?"),
    ("en", "we're on zero points, what's the minimum to open?"),
])
def test_it_answers_canastas_opening_minimum_at_zero_or_the_games_start(language, question):
    answer = first(question, "canasta", language)
    assert answer.anchor == "canasta-opening" and "50" in answer.text


def test_it_gives_no_call_limit_for_a_call_nobody_made():
    answer = first("nobody said cabo and I snapped wrong twice, does it still cost?", "cabo-bruxellois", "en")
    assert answer.anchor == "cabo-wrong-snaps"


def test_it_does_not_read_a_coloured_card_as_a_hand_on_the_scale():
    with translation.override("fr"):
        got = answers("un 3 noir resté en main, ça fait combien ?", None)
    assert got and got[0].anchor != "fontenaysien-scale"


def test_it_answers_a_canasta_of_wild_cards_by_its_meld_not_a_jokers_value():
    answer = first("a canasta made only of jokers and 2s, what's it worth?", "canasta", "en")
    assert answer.anchor == "canasta-wild-canasta"


# -- a counter-call told with its hands --------------------------------------------------

@pytest.mark.parametrize(("language", "question", "anchor"), [
    ("en", "Lou called tamoul on 6 and I said contre-tamoul on 3, what do I get?", "tamoul-counter-call-won"),
    ("fr", "Max annonce tamoul avec 4, je dis contre-tamoul avec 6, je marque combien ?", "tamoul-counter-call-lost"),
])
def test_it_answers_a_counter_call_told_with_its_hands_by_won_or_lost(language, question, anchor):
    assert first(question, "tamoul", language).anchor == anchor


# -- a Stop on a Stop, a card's worth said to be checked -----------------------------------

@pytest.mark.parametrize(("language", "question"), [
    ("fr", "je peux stopper un stop ?"),
    ("en", "he played Steal a card, I stopped it, can he stop the stop?"),
])
def test_it_answers_a_stop_on_a_stop_with_the_chains_rules(language, question):
    assert first(question, "cactus-game", language).anchor in ("cactus-game-stopped", "cactus-game-stop-stopped")


def test_it_answers_a_cards_worth_said_to_be_checked_with_its_value():
    answer = first("la dame rouge au koubo c'est 12 ?", "koubo")
    assert (answer.anchor, answer.fact) == ("values", True)


# -- every game searched, no game named ---------------------------------------------------

def test_it_puts_first_among_the_first_three_a_sentence_several_games_say():
    """The first three stay the same; the first place goes to a sentence several pages say
    when it weighs about as much as one game's own rule."""
    from scorekeeper.rules_search import index

    with translation.override("en"):
        got = answers("after the call does the round end at once?", None)
        index_shared = index.SHARED_WEIGHT
        index.SHARED_WEIGHT = 0.0
        try:
            alone = answers("after the call does the round end at once?", None)
        finally:
            index.SHARED_WEIGHT = index_shared
    assert {(a.variant, a.anchor) for a in got[:3]} == {(a.variant, a.anchor) for a in alone[:3]}
    assert len(got[0].also) >= max(len(a.also) for a in alone[:1])


# -- a round nobody called, a call that changes nothing --------------------------------------

@pytest.mark.parametrize(("language", "question", "variant", "anchor"), [
    ("en", "nobody called this round and my hand is 7, what do I score?", "tamalou", "tamalou-no-call"),
    ("fr", "personne n'a annoncé de la manche, j'avais -1, je marque quoi ?", "cabo-bruxellois", "cabo-hand-value"),
])
def test_it_answers_a_score_in_a_round_nobody_called_by_that_rule(language, question, variant, anchor):
    assert first(question, variant, language).anchor == anchor


def test_it_answers_what_a_caller_scores_where_the_call_changes_nothing_by_that_rule():
    answer = first("Théo a dit tamalou, il marque quelque chose de spécial ?", "fontenaysien")
    assert answer.anchor == "fontenaysien-announcer-ignored"


def test_it_reads_having_the_call_word_as_a_hand_not_a_call_made():
    """« j'ai cactus » at cactus tas de merde is a hand: its own rules, not "the call changes nothing"."""
    assert scenario.read_case("i have cactus, what do i get", True, "cactus", 5, False) is None
